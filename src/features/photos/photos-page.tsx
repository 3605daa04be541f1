import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { pagePath } from '../../config/pages';
import { m } from '../../paraglide/messages.js';

/**
 * Everything else of the page (the Storage SDK, react-bootstrap's parts, the upload, the gallery) loads behind its
 * heading: the list of files each page's first load carries to find this page's code then names this small module
 * only (the public pages' budget, npm run size).
 */
const PhotosContent = lazy(() => import('./photos-content'));

export const meta: PageMetaMessages = {
  title: m.page_photos_title,
  description: m.page_photos_description,
};

/** /members/photos: relatives' photos of the reunion (see ./photos-content.tsx). */
export default function PhotosPage() {
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.photos_heading()}</h1>
      <p className="lead">{m.photos_lead()}</p>
      <p className="small">
        <RichText
          message={m.photos_privacy}
          inputs={{}}
          tags={{ link: (children) => <Link to={pagePath('privacy')}>{children}</Link> }}
        />
      </p>
      <Suspense fallback={<PageLoading />}>
        <PhotosContent />
      </Suspense>
    </>
  );
}
