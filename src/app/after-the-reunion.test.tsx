/**
 * The pages read after the reunion, from HTML built before it (the tests' build: vitest.config.ts): Home and
 * News hydrate without a mismatch and speak of the reunion in the past; a signed-in member is not told to log in.
 */
import { screen } from '@testing-library/react';
import HomePage from '../features/home/home-page';
import NewsPage from '../features/news/news-page';
import {
  buildThenHydrate,
  builtPage,
  hiddenTexts,
  renderWithProviders,
  shownTexts,
  testUser,
} from '../testing/test-utils';

const BEFORE = '2026-05-01T12:00:00-05:00';
const AFTER = '2026-11-22T12:00:00-06:00';

afterEach(() => {
  vi.useRealTimers();
});

describe('the pages after the reunion, built before it', () => {
  it.each([
    ['en', 'Join us on', 'On July'],
    ['nb', 'Bli med oss', 'I dagene'],
  ] as const)(
    'Home (%s) hydrates without a mismatch and says it in the past',
    async (locale, ahead, past) => {
      const { html, container, errors, unmount } = await buildThenHydrate(builtPage(<HomePage />, '/home'), {
        builtAt: BEFORE,
        at: AFTER,
        locale,
      });
      const lead = container.querySelector('.lead')!;
      expect(html).toContain(ahead);
      expect(shownTexts(lead).join()).toContain(past);
      expect(hiddenTexts(lead).join()).toContain(ahead);
      // No sentence of the hotel rooms, the meetings or the invitation to join is left to read.
      expect(shownTexts(container).join('\n')).not.toMatch(
        /hotel rooms is held|meets regularly|Everyone is welcome|hotellrom|holder jevnlige|Alle er velkommen/,
      );
      expect(errors).toEqual([]);
      await unmount();
    },
  );

  it('News hydrates without a mismatch and says it in the past', async () => {
    const { container, errors, unmount } = await buildThenHydrate(builtPage(<NewsPage />, '/news'), {
      builtAt: BEFORE,
      at: AFTER,
    });
    const visible = shownTexts(container).join('\n');
    expect(visible).toContain('The reunion took place on July');
    expect(visible).toContain('Leading up to the reunion we held');
    expect(visible).not.toMatch(/takes place|we hold|Everyone is welcome/);
    expect(errors).toEqual([]);
    await unmount();
  });

  it('tells a signed-in member where the files are, not to log in', () => {
    const { unmount } = renderWithProviders(<HomePage />, { path: '/home', user: testUser() });
    // (The reunion notice, after the reunion, points to the members area too.)
    for (const link of screen.getAllByRole('link', { name: 'the members area' }))
      expect(link).toHaveAttribute('href', '/members');
    expect(screen.queryByRole('link', { name: 'log in' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<NewsPage />, { path: '/nb/news', user: testUser(), locale: 'nb' });
    for (const link of screen.getAllByRole('link', { name: 'medlemsområdet' }))
      expect(link).toHaveAttribute('href', '/nb/members');
    expect(screen.queryByRole('link', { name: /^logg inn$/i })).not.toBeInTheDocument();
  });
});
