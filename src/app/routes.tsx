import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AboutPage } from '../features/about/about-page';
import { LoginPage } from '../features/auth/login-page';
import { ContactPage } from '../features/contact/contact-page';
import { HomePage } from '../features/home/home-page';
import { NewsPage } from '../features/news/news-page';
import { Layout } from './layout';
import { PageLoading } from './page-loading';
import { RequireAuth } from './require-auth';

const MembersPage = lazy(() => import('../features/members/members-page'));

/** The route table (spec section 2). Public pages and login are in the first bundle; members loads on demand. */
export const PUBLIC_PATHS = ['/home', '/news', '/about', '/contact'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="home" caseSensitive element={<HomePage />} />
        <Route path="news" caseSensitive element={<NewsPage />} />
        <Route path="about" caseSensitive element={<AboutPage />} />
        <Route path="contact" caseSensitive element={<ContactPage />} />
        <Route path="login" caseSensitive element={<LoginPage />} />
        <Route element={<RequireAuth />}>
          <Route
            path="members"
            caseSensitive
            element={
              <Suspense fallback={<PageLoading />}>
                <MembersPage />
              </Suspense>
            }
          />
        </Route>
        <Route path="*" element={<Navigate to="/home" replace />} />
      </Route>
    </Routes>
  );
}
