import { SITE_TITLE } from '../app/site';

/** Per-page <title> and meta description; React hoists them into <head>. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} · ${SITE_TITLE}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
