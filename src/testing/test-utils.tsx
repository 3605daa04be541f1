/**
 * Rendering for component tests with the providers the site's pages expect: an auth state (signed out, signed
 * in, or not known yet), a router at a path, and the document's language. One place, so no test rebuilds the
 * app's context by hand.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AuthContext, fixedAuthState } from '../lib/auth-context';
import { setDocumentLocale } from '../lib/locale';
import { type Locale } from '../lib/locale-path';

/** A stand-in for a Firebase user: only what the site reads of it. */
export function testUser({ emailVerified = true, ...rest }: Partial<User> = {}): User {
  return { emailVerified, ...rest } as User;
}

export interface RenderOptions {
  /** undefined: not known yet; null: signed out (the default); a user: signed in. */
  user?: User | null | undefined;
  /** Where the router starts. Default '/'. */
  path?: string;
  /** The document's language. Default English (tests reset it after each test: src/test/setup.ts). */
  locale?: Locale;
}

export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}): RenderResult {
  const { path = '/', locale = 'en' } = options;
  // `user: undefined` means "not known yet", so only a missing user defaults to signed out.
  const user = 'user' in options ? options.user : null;
  setDocumentLocale(locale);
  return render(
    <AuthContext value={fixedAuthState(user)}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AuthContext>,
  );
}

/** A page as the build renders it: its path, the auth state "not known yet" (src/prerender.tsx). */
export function builtPage(ui: ReactNode, path: string): ReactNode {
  return (
    <AuthContext value={fixedAuthState(undefined)}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AuthContext>
  );
}

/**
 * Renders `ui` as the build does, at `builtAt`, then hydrates that HTML at `at`, as a visitor's browser would
 * (the clock faked for both). Returns the build-time HTML, the hydrated container, and every recoverable error
 * and console error React reported (a hydration mismatch is one of them).
 */
export async function buildThenHydrate(
  ui: ReactNode,
  { builtAt, at, locale = 'en' }: { builtAt: string; at: string; locale?: Locale },
) {
  const clock = (time: string) =>
    vi.useFakeTimers({ now: new Date(time), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  setDocumentLocale(locale);
  clock(builtAt);
  const html = renderToString(ui);
  clock(at);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  let root: Root | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
    });
  } finally {
    consoleError.mockRestore();
  }
  const unmount = async () => {
    await act(() => root!.unmount());
    container.remove();
  };
  return { html, container, errors, unmount };
}

/** The texts a OneOf shows, and those it keeps hidden in its room (src/components/reunion-tense.tsx). */
export const shownTexts = (container: Element) =>
  [...container.querySelectorAll('.one-of > :not(.one-of-hidden)')].map((element) => element.textContent);
export const hiddenTexts = (container: Element) =>
  [...container.querySelectorAll('.one-of > .one-of-hidden')].map((element) => element.textContent);
