// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { checkApproval, useApproval } from './use-approval';

vi.mock('../../firebase/member-access', () => ({
  memberAccess: () => Promise.reject(new Error('not used')),
}));

describe('checkApproval', () => {
  it('says what a new ID token states, and tells a blocked account from a failure', async () => {
    expect(await checkApproval(() => Promise.resolve({ approved: true }))).toBe('approved');
    expect(await checkApproval(() => Promise.resolve({ approved: false }))).toBe('not-approved');
    expect(await checkApproval(() => Promise.reject({ code: 'auth/user-disabled' }))).toBe('blocked');
    expect(await checkApproval(() => Promise.reject(new Error('offline')))).toBe('failed');
  });
});

describe('useApproval', () => {
  it('reads the approval up front and takes the answer of Check again', async () => {
    const read = vi.fn(() => Promise.resolve({ approved: false }));
    const refresh = vi.fn(() => Promise.resolve({ approved: true }));
    const { result } = renderHook(() => useApproval(read, refresh));
    expect(result.current.approved).toBeUndefined();
    await waitFor(() => expect(result.current.approved).toBe(false));
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.checkAgain();
    });
    expect(outcome).toBe('approved');
    expect(result.current.approved).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps what it knew when the check fails', async () => {
    const read = () => Promise.resolve({ approved: false });
    const refresh = () => Promise.reject(new Error('offline'));
    const { result } = renderHook(() => useApproval(read, refresh));
    await waitFor(() => expect(result.current.approved).toBe(false));
    await act(async () => {
      expect(await result.current.checkAgain()).toBe('failed');
    });
    expect(result.current.approved).toBe(false);
  });
});
