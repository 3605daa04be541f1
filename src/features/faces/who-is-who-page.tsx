import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { DocumentMeta, documentTitle, type PageMetaMessages } from '../../components/page-meta';
import { pagePath } from '../../config/pages';
import { titleOf } from '../../domain/catalogue';
import { nameableImage } from '../../domain/faces';
import { m } from '../../paraglide/messages.js';

/** The viewer (OpenSeadragon), the list and the forms load behind the heading: this module stays small. */
const WhoIsWhoContent = lazy(() => import('./who-is-who-content'));

export const meta: PageMetaMessages = {
  title: m.page_who_is_who_title,
  description: m.page_who_is_who_description,
};

/**
 * /members/who-is-who/<file id>: a catalogue picture opened for naming (first the 1976 group photo), zoomable, with
 * a numbered box on every face, the list of names, and suggestions (./who-is-who-content.tsx).
 */
export default function WhoIsWhoPage() {
  const { slug = '' } = useParams();
  const entry = nameableImage(slug);
  const title = entry ? titleOf(entry) : undefined;
  return (
    <>
      <DocumentMeta
        title={title ? `${title} · ${documentTitle(meta)}` : documentTitle(meta)}
        description={meta.description()}
      />
      <h1>{title ? m.faces_heading({ title }) : meta.title()}</h1>
      {entry ? (
        <Suspense fallback={<PageLoading />}>
          <WhoIsWhoContent fileId={entry.id} />
        </Suspense>
      ) : (
        <p className="faces-unknown">{m.faces_unknown_picture()}</p>
      )}
      <p className="mt-4">
        <Link to={pagePath('members')}>{m.faces_back()}</Link>
      </p>
    </>
  );
}
