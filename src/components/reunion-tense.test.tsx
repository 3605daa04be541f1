/**
 * The texts that follow the reunion's tense, as a site built before the reunion has them (the tests' build:
 * vitest.config.ts): the build-time HTML says it ahead, and a page read after the reunion says it in the past
 * once hydrated, without a hydration mismatch and within the room kept for both.
 */
import { act, screen } from '@testing-library/react';
import { m } from '../paraglide/messages.js';
import { buildThenHydrate, hiddenTexts, renderWithProviders, shownTexts } from '../testing/test-utils';
import { OneOf, REUNION_OVER_AT_BUILD, Tensed } from './reunion-tense';
import { RichText } from './rich-text';

/** A message and its past twin (messages/en.json). */
const AHEAD = 'In 2026 we open the capsule';
const PAST =
  'In July 2026 we opened the capsule, and it has been resealed, to be opened by the next generation in 2076.';

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
        <Tensed message={m.home_vision_text} />
      </p>,
      { builtAt: BEFORE, at: BEFORE },
    );
    expect(html).toBe(
      `<p><span class="one-of"><span>${m.home_vision_text()}</span><span class="one-of-hidden" aria-hidden="true">${PAST}</span></span></p>`,
    );
    expect(shownTexts(container)).toEqual([m.home_vision_text()]);
    expect(m.home_vision_text()).toMatch(new RegExp(`^${AHEAD}`));
    expect(errors).toEqual([]);
    await unmount();
  });

  it('switches to the past once hydrated after the reunion, without a mismatch', async () => {
    const { container, errors, unmount } = await buildThenHydrate(
      <p>
        <Tensed message={m.home_vision_text} />
      </p>,
      { builtAt: BEFORE, at: AFTER },
    );
    expect(shownTexts(container)).toEqual([PAST]);
    expect(hiddenTexts(container)).toEqual([m.home_vision_text()]);
    expect(errors).toEqual([]);
    await unmount();
  });

  it('switches at midnight in Rolette after the last day, without a reload', async () => {
    vi.useFakeTimers({ now: new Date(LAST_MINUTE), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    renderWithProviders(<Tensed message={m.home_vision_text} />);
    expect(screen.getByText(m.home_vision_text()).className).toBe('');
    await act(async () => {
      vi.advanceTimersByTime(31_000);
    });
    expect(screen.getByText(PAST).className).toBe('');
    expect(screen.getByText(m.home_vision_text())).toHaveClass('one-of-hidden');
  });

  it('renders each text of the pair the way it is given, markup and all', async () => {
    const { container, unmount } = await buildThenHydrate(
      <p>
        <Tensed
          message={m.home_intro}
          render={(message) => (
            <RichText message={message} inputs={{}} tags={{ strong: (t) => <strong>{t}</strong> }} />
          )}
        />
      </p>,
      { builtAt: BEFORE, at: AFTER },
    );
    expect(shownTexts(container)).toEqual([m.home_intro_past()]);
    expect(container.querySelectorAll('strong')).toHaveLength(2);
    await unmount();
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
