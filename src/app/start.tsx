import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { stopKeepingEarlyClicks } from '../lib/early-clicks';
import { builtLocale, LOCALE_FACTS, localizePath, setDocumentLocale } from '../lib/locale';
import { startLocale, type Locale } from '../lib/locale-path';
import { preloadPageAt } from './page-components';
import { AppRoutes } from './routes';

function mount(root: HTMLElement, locale: Locale): void {
  setDocumentLocale(locale);
  document.documentElement.lang = LOCALE_FACTS[locale].tag;
  const app = (
    <StrictMode>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </StrictMode>
  );
  // The static pages come with their content rendered at build time (tools/build/prerender.ts): hydrate it, once
  // the page's own code is here, as a transition: React then hydrates in slices and lets the browser handle input
  // in between, instead of holding the main thread for the whole page. From hydrateRoot on, a click is React's to
  // replay: the early clicks stop being kept there, and those kept before are made once the page's content has
  // hydrated (src/app/layout.tsx).
  if (root.hasChildNodes())
    void preloadPageAt(window.location.pathname).then(() =>
      startTransition(() => {
        stopKeepingEarlyClicks();
        hydrateRoot(root, app);
      }),
    );
  else createRoot(root).render(app);
}

/** Providers and router over the page (src/main.tsx calls this after the first paint). */
export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');

  // The document's language, for its whole life: the path's (/nb/... is Norwegian), or for a bare / the
  // language last chosen on the switch, else the browser's preference.
  const locale = startLocale(window.location.pathname, navigator.languages ?? [navigator.language]);
  const built = builtLocale();
  // The production code carries one language (one build per language): a visitor at / who gets the other
  // language goes to its home page, a document of that language's build.
  if (built && built !== locale) window.location.replace(localizePath('/home', locale));
  else mount(root, locale);
}
