import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { PAGE_LIST, pagePath, routeOf } from '../config/pages';
import { currentLocale } from '../lib/locale';
import { NB_PREFIX } from '../lib/locale-path';
import { Layout } from './layout';
import { PAGE_COMPONENTS } from './page-components';
import { RequireAuth } from './require-auth';

/** Every page of the list at its path (its name, or 'news/:slug'), behind the guard where the list says so. */
function pageRoute(name: (typeof PAGE_LIST)[number]['name']) {
  const Page = PAGE_COMPONENTS[name];
  return <Route key={name} path={routeOf(name)} caseSensitive element={<Page />} />;
}

/**
 * A path in the other language: this document's messages are in one language only, so the browser
 * loads that page afresh (the language switch is a full page load; this catches anything else).
 */
function OtherLanguage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <PageLoading />;
}

/**
 * The route table (spec section 2), in this document's language. Every page's code loads on demand (the
 * layout holds the Suspense boundary), so a page's first load carries only that page: English at /home, /news, ...;
 * Norwegian at /nb/home, /nb/news, .... / goes to the home page of the language chosen at start-up
 * (src/main.tsx); /nb and unknown paths go to the home page of their language.
 */
export function AppRoutes() {
  const locale = currentLocale();
  const home = pagePath('home', locale);
  const pages = (
    <>
      <Route index element={<Navigate to={home} replace />} />
      {PAGE_LIST.filter((page) => page.access !== 'member').map((page) => pageRoute(page.name))}
      <Route element={<RequireAuth />}>
        {PAGE_LIST.filter((page) => page.access === 'member').map((page) => pageRoute(page.name))}
      </Route>
      <Route path="*" element={<Navigate to={home} replace />} />
    </>
  );
  return locale === 'nb' ? (
    <Routes>
      <Route index element={<Navigate to={home} replace />} />
      <Route path={NB_PREFIX} caseSensitive element={<Layout />}>
        {pages}
      </Route>
      <Route path="*" element={<OtherLanguage />} />
    </Routes>
  ) : (
    <Routes>
      <Route element={<Layout />}>{pages}</Route>
      <Route path={`${NB_PREFIX}/*`} caseSensitive element={<OtherLanguage />} />
    </Routes>
  );
}
