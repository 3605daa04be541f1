import { act, screen } from '@testing-library/react';
import type { Locale } from '../../lib/locale-path';
import { renderWithProviders, testUser } from '../../testing/test-utils';
import NoticeContent from './notice-content';

function renderAt(
  time: string,
  { locale = 'en', member = false }: { locale?: Locale; member?: boolean } = {},
) {
  vi.useFakeTimers({
    now: new Date(time),
    toFake: ['Date', 'setTimeout', 'clearTimeout'],
    shouldAdvanceTime: true, // Testing Library's waiting runs on timers too
  });
  return renderWithProviders(<NoticeContent />, { locale, user: member ? testUser() : null });
}

afterEach(() => {
  vi.useRealTimers();
});

const heading = () => screen.findByRole('heading', { level: 2 });

describe('NoticeContent', () => {
  it('counts the days to go and offers the calendar choices', async () => {
    renderAt('2026-07-09T23:59:00-05:00');
    expect(await heading()).toHaveTextContent('1 day to go');
    expect(screen.getByText(/begins on Friday, July 10th, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Add to your calendar' }).querySelectorAll('a')).toHaveLength(3);
  });

  it('says it in Norwegian, with the plural', async () => {
    renderAt('2026-05-01T12:00:00-05:00', { locale: 'nb' });
    expect(await heading()).toHaveTextContent('70 dager igjen');
    expect(screen.getByRole('link', { name: 'Kalenderfil (.ics)' })).toHaveAttribute(
      'href',
      '/nb/calendar/rolette-reunion-2026.ics',
    );
  });

  it('moves on at midnight in Rolette by itself', async () => {
    renderAt('2026-07-09T23:59:50-05:00');
    expect(await heading()).toHaveTextContent('1 day to go');
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(await heading()).toHaveTextContent('Happening now');
    expect(screen.getByText('Today is day 1 of 3: Friday, July 10th, 2026.')).toBeInTheDocument();
  });

  it('after the reunion thanks everyone and sends a visitor to sign in, a member to the photos and the members area', async () => {
    const { unmount } = renderAt('2026-07-13T00:00:00-05:00');
    expect(await heading()).toHaveTextContent('The reunion took place on July 10th–\u206012th, 2026');
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();
    renderAt('2026-11-22T12:00:00+01:00', { locale: 'nb', member: true });
    expect(await heading()).toHaveTextContent('Slektstreffet ble holdt 10.–\u206012. juli 2026');
    expect(screen.getByRole('link', { name: 'medlemsområdet' })).toHaveAttribute('href', '/nb/members');
    expect(screen.getByRole('link', { name: 'bildesiden' })).toHaveAttribute('href', '/nb/members/photos');
  });
});
