import { documentTitle, pageDescription } from '../config/page-meta';
import type { Page } from '../config/pages';

/** The page's <title> and meta description; React hoists them into <head>. */
export function PageMeta({ page }: { page: Page }) {
  return (
    <>
      <title>{documentTitle(page)}</title>
      <meta name="description" content={pageDescription(page)} />
    </>
  );
}
