import './styles/bootstrap.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadPageAt } from './app/page-components';
import { AppRoutes } from './app/routes';
import { AuthProvider } from './features/auth/auth-provider';
import {
  builtLocale,
  LOCALE_FACTS,
  localizePath,
  setDocumentLocale,
  startLocale,
  type Locale,
} from './lib/locale';

function start(root: HTMLElement, locale: Locale): void {
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
  // The static pages come with their content rendered at build time (tools/build/prerender.ts): hydrate it,
  // once the page's own code (preloaded by the HTML) is here. (No top-level await: the page's chunk
  // imports this one, which must finish evaluating first.)
  if (root.hasChildNodes()) void preloadPageAt(window.location.pathname).then(() => hydrateRoot(root, app));
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The document's language, for its whole life: the path's (/nb/... is Norwegian), or for a bare / the
// language last chosen on the switch, else the browser's preference.
const locale = startLocale(window.location.pathname, navigator.languages ?? [navigator.language]);
const built = builtLocale();
// The production code carries one language (one build per language): a visitor at / who gets the other
// language goes to its home page, a document of that language's build.
if (built && built !== locale) window.location.replace(localizePath('/home', locale));
else start(root, locale);
