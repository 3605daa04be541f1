import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { m } from '../../paraglide/messages.js';

/** The search library, the texts and the results load behind the heading: this module stays small. */
const SearchContent = lazy(() => import('./search-content'));

export const meta: PageMetaMessages = {
  title: m.page_search_title,
  description: m.page_search_description,
};

/** /members/search: every page of the member files, the names on the pictures and the news (./search-content.tsx). */
export default function SearchPage() {
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.page_search_title()}</h1>
      <p className="lead">{m.search_lead()}</p>
      <Suspense fallback={<PageLoading />}>
        <SearchContent />
      </Suspense>
    </>
  );
}
