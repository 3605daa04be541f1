/**
 * The texts that follow the reunion's tense, as a site built before the reunion has them (the tests' build:
 * vitest.config.ts): the build-time HTML says it ahead, and a page read after the reunion says it in the past
 * once hydrated, without a hydration mismatch and within the room kept for both.
 */
import { act, screen } from '@testing-library/react';
import { buildThenHydrate, hiddenTexts, renderWithProviders, shownTexts } from '../testing/test-utils';
import { OneOf, REUNION_OVER_AT_BUILD, Tensed } from './reunion-tense';

const BEFORE = '2026-05-01T12:00:00-05:00';
const LAST_MINUTE = '2026-07-12T23:59:30-05:00'; // the last day's last minute in Rolette
const AFTER = '2026-11-22T12:00:00-06:00';

afterEach(() => {
  vi.useRealTimers();
});

describe('Tensed', () => {
  it('is built (in these tests) as a site built before the reunion', () => {
    expect(REUNION_OVER_AT_BUILD).toBe(false);
  });

  it('says it ahead in the build-time HTML, with the past kept in the same room, hidden from everyone', async () => {
    const { html, container, errors, unmount } = await buildThenHydrate(
      <p>
        <Tensed ahead="Join us in July." past="We met in July, and many of us met for the first time." />
      </p>,
      { builtAt: BEFORE, at: BEFORE },
    );
    expect(html).toBe(
      '<p><span class="one-of"><span>Join us in July.</span><span class="one-of-hidden" aria-hidden="true">We met in July, and many of us met for the first time.</span></span></p>',
    );
    expect(shownTexts(container)).toEqual(['Join us in July.']);
    expect(errors).toEqual([]);
    await unmount();
  });

  it('switches to the past once hydrated after the reunion, without a mismatch', async () => {
    const { container, errors, unmount } = await buildThenHydrate(
      <p>
        <Tensed ahead="Join us in July." past="We met in July." />
      </p>,
      { builtAt: BEFORE, at: AFTER },
    );
    expect(shownTexts(container)).toEqual(['We met in July.']);
    expect(hiddenTexts(container)).toEqual(['Join us in July.']);
    expect(errors).toEqual([]);
    await unmount();
  });

  it('switches at midnight in Rolette after the last day, without a reload', async () => {
    vi.useFakeTimers({ now: new Date(LAST_MINUTE), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    renderWithProviders(<Tensed ahead="ahead" past="past" />);
    expect(screen.getByText('ahead').className).toBe('');
    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    expect(screen.getByText('past').className).toBe('');
    expect(screen.getByText('ahead')).toHaveClass('one-of-hidden');
  });
});

describe('OneOf', () => {
  it('shows one text and keeps the others in its room, hidden (also from assistive technology)', () => {
    renderWithProviders(
      <p>
        <OneOf shown="member" texts={{ visitor: 'Log in.', member: 'Open the members area.' }} />
      </p>,
    );
    expect(screen.getByText('Open the members area.')).not.toHaveAttribute('aria-hidden');
    expect(screen.getByText('Log in.')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Log in.')).toHaveClass('one-of-hidden');
  });
});
