import { documentTitle, PAGE_META, type PagePath } from '../config/pages';

/** The page's <title> and meta description; React hoists them into <head>. */
export function PageMeta({ page }: { page: PagePath }) {
  return (
    <>
      <title>{documentTitle(page)}</title>
      <meta name="description" content={PAGE_META[page].description} />
    </>
  );
}
