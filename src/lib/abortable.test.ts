import { abortable } from './abortable';

describe('abortable', () => {
  it('passes the result or the failure through while the signal is not aborted', async () => {
    const controller = new AbortController();
    await expect(abortable(Promise.resolve('token'), controller.signal)).resolves.toBe('token');
    const failure = new Error('auth/user-disabled');
    await expect(abortable(Promise.reject(failure), controller.signal)).rejects.toBe(failure);
    await expect(abortable(Promise.resolve(1), undefined)).resolves.toBe(1);
  });

  it('rejects with the reason as soon as the signal aborts, while the work still hangs', async () => {
    const controller = new AbortController();
    const hanging = new Promise<string>(() => {});
    const pending = abortable(hanging, controller.signal);
    const reason = new DOMException('Download cancelled', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('rejects at once for a signal already aborted, leaving no unhandled rejection behind', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(abortable(Promise.reject(new Error('late')), controller.signal)).rejects.toThrow('gone');
  });
});
