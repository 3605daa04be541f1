/**
 * Rendering for component tests with the providers the site's pages expect: an auth state (signed out, signed
 * in, or not known yet), a router at a path, and the document's language. One place, so no test rebuilds the
 * app's context by hand.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthContext, fixedAuthState } from '../components/auth-context';
import { setDocumentLocale, type Locale } from '../lib/locale';

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
