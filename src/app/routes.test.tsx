import { act, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { useLocation } from 'react-router';
import type { Locale } from '../lib/locale-path';
import { renderWithProviders, testUser } from '../testing/test-utils';
import { PAGE_MODULES } from './page-components';
import { AppRoutes } from './routes';

vi.mock('../features/auth/login-page', () => ({ default: () => <h1>Login stand-in</h1> }));
vi.mock('../features/members/members-page', () => ({ default: () => <h1>Members stand-in</h1> }));

// The layout loads the member menu lazily, and each page its own code. Loaded once here, so that a test's wait for
// them (a second) is not spent on Vite compiling them on first use: beside the browser tests in npm test, that alone
// took longer, for the member menu and (the file's first test) for Home. These tests are about which page each
// address shows, not how long a page's code takes to compile.
beforeAll(() =>
  Promise.all([
    import('./member-menu'),
    ...(['home', 'news', 'news-post', 'about', 'contact', 'privacy'] as const).map((page) =>
      PAGE_MODULES[page](),
    ),
  ]),
);

function Location() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.hash}</span>;
}

const replace = vi.fn();

beforeEach(() => {
  replace.mockReset();
  vi.stubGlobal('location', { ...window.location, replace });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string, user: User | null | 'loading' = null, locale: Locale = 'en') {
  return renderWithProviders(
    <>
      <AppRoutes />
      <Location />
    </>,
    { path, locale, user: user === 'loading' ? undefined : user },
  );
}

describe('route table', () => {
  it.each([
    ['/home', 'Welcome to the 2026 Rolette Family Reunion'],
    ['/news', 'News'],
    ['/about', 'About the Reunion'],
    ['/contact', 'Contact'],
    ['/privacy', 'Privacy'],
  ])('%s shows its page', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it.each([
    ['/nb/home', 'Velkommen til slektstreffet i Rolette 2026'],
    ['/nb/news', 'Nyheter'],
    ['/nb/about', 'Om slektstreffet'],
    ['/nb/contact', 'Kontakt'],
    ['/nb/privacy', 'Personvern'],
  ])('%s shows its page in Norwegian', async (path, heading) => {
    renderAt(path, null, 'nb');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it.each([
    '/',
    '/unknown',
    '/HOME',
    '/news/2026/extra',
    '/login/extra',
    '/members/%E0%A4%A',
    '/%',
    '/<script>',
  ])('%s redirects to /home', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Welcome');
    expect(screen.getByTestId('location').textContent).toBe('/home');
  });

  it.each([
    '/',
    '/nb',
    '/nb/',
    '/nb/unknown',
    '/nb/HOME',
    '/nb/news/2026/extra',
    '/nb/members/%E0%A4%A',
    '/nb/%',
  ])('%s redirects to /nb/home in a Norwegian document', async (path) => {
    renderAt(path, null, 'nb');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Velkommen');
    expect(screen.getByTestId('location').textContent).toBe('/nb/home');
  });

  it.each([
    ['/news/no-such-post', 'en', '/home', 'Welcome'],
    ['/nb/news/no-such-post', 'nb', '/nb/home', 'Velkommen'],
  ] as const)(
    '%s, a news post that does not exist, goes home like any unknown path',
    async (path, locale, to, heading) => {
      renderAt(path, null, locale);
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
      expect(screen.getByTestId('location').textContent).toBe(to);
    },
  );

  it('shows a news post at /news/<slug>, in each language', async () => {
    // The post's text loads as it is shown (React's use()): a render that suspends so is awaited in tests.
    let shown: ReturnType<typeof renderAt> | undefined;
    await act(async () => {
      shown = renderAt('/news/thank-you');
    });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toHaveTextContent(
      'Thank you for coming to Rolette',
    );
    shown!.unmount();
    await act(async () => {
      renderAt('/nb/news/thank-you', null, 'nb');
    });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toHaveTextContent(
      'Takk for at dere kom til Rolette',
    );
  }, 30_000);

  it('loads a page of the other language as a new document', async () => {
    renderAt('/nb/news#x');
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/nb/news#x'));
    replace.mockReset();
    renderAt('/news', null, 'nb');
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/news'));
  });

  it('sends an anonymous visitor from /members to /login', async () => {
    renderAt('/members#images');
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('sends an anonymous visitor from /nb/members to /nb/login', async () => {
    renderAt('/nb/members#images', null, 'nb');
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/nb/login');
  });

  it('waits for the auth state before deciding', () => {
    renderAt('/members', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(screen.getByTestId('location').textContent).toBe('/members');
  });

  it('lets a verified member into /members, and not an unverified one', async () => {
    const verified = testUser();
    const { unmount } = renderAt('/members', verified);
    expect(await screen.findByRole('heading', { name: 'Members stand-in' })).toBeInTheDocument();
    unmount();
    renderAt('/members', testUser({ emailVerified: false }));
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
  });

  it('shows Login to anonymous visitors and the Members menu to members', async () => {
    const { unmount } = renderAt('/home');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    unmount();
    renderAt('/home', testUser());
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('links every page to itself in the other language', async () => {
    const { unmount } = renderAt('/news');
    await screen.findByRole('heading', { level: 1 });
    const norsk = screen.getByRole('link', { name: 'Norsk' });
    expect(norsk).toHaveAttribute('href', '/nb/news');
    expect(norsk).toHaveAttribute('hreflang', 'nb');
    expect(norsk).toHaveAttribute('lang', 'nb');
    unmount();
    renderAt('/nb/about', null, 'nb');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Logg inn' })).toHaveAttribute('href', '/nb/login');
  });
});
