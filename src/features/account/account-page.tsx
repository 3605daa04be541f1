import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { m } from '../../paraglide/messages.js';

/** The account's facts and lists load behind the heading (the Storage SDK, the photo viewer): this module stays small. */
const AccountContent = lazy(() => import('./account-content'));

export const meta: PageMetaMessages = {
  title: m.page_account_title,
  description: m.page_account_description,
};

/**
 * /members/account: how the relative signs in, whether the account is verified and approved, their photos and
 * suggested names with links to them, and Delete my account (./account-content.tsx).
 */
export default function AccountPage() {
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.account_heading()}</h1>
      <p className="lead">{m.account_lead()}</p>
      <Suspense fallback={<PageLoading />}>
        <AccountContent />
      </Suspense>
    </>
  );
}
