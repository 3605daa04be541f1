import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { pagePath } from '../config/pages';
import { currentLocale, NB_PREFIX } from '../lib/locale';
import { Layout } from './layout';
import { PAGE_COMPONENTS } from './page-components';
import { RequireAuth } from './require-auth';

const {
  home: HomePage,
  news: NewsPage,
  about: AboutPage,
  contact: ContactPage,
  login: LoginPage,
} = PAGE_COMPONENTS;
const MembersPage = PAGE_COMPONENTS.members;

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
      <Route path="home" caseSensitive element={<HomePage />} />
      <Route path="news" caseSensitive element={<NewsPage />} />
      <Route path="about" caseSensitive element={<AboutPage />} />
      <Route path="contact" caseSensitive element={<ContactPage />} />
      <Route path="login" caseSensitive element={<LoginPage />} />
      <Route element={<RequireAuth />}>
        <Route path="members" caseSensitive element={<MembersPage />} />
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
