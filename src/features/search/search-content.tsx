import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useMemberAccess } from '../../components/approval/use-member-access';
import { PageLoading } from '../../components/page-loading';
import { pagePath } from '../../config/pages';
import { CATALOGUE, downloadFileName, titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { faceHash, nameableImage, PICTURES_FOR_NAMING } from '../../domain/faces';
import { newsFeedPath } from '../../domain/news';
import type { SearchTexts } from '../../domain/search';
import { readFaces } from '../../firebase/faces';
import { isNotFound } from '../../firebase/storage-sdk';
import type { MemberAccess } from '../../firebase/member-access';
import { fetchCatalogueFile, readSearchTexts } from '../../firebase/search';
import { currentLocale } from '../../lib/locale';
import { saveUrl } from '../../lib/save-file';
import { useLoad } from '../../lib/use-load';
import { m } from '../../paraglide/messages.js';
import VARIANTS from '../../../content/search/name-variants.txt?raw';
import { parseNameVariants } from './name-variants';
import { newsFindables } from './news-feed';
import {
  ArchiveSearch,
  fileFindables,
  joinResults,
  queryKey,
  type Findable,
  type Hit,
  type Results,
} from './search-index';
import type { SnippetPart } from './snippet';
import '../../styles/bootstrap-lazy.scss';
import './search.scss';
import { TryAgainAlert } from '../../components/try-again-alert';
import { DetailsCache, useDetails } from '../../components/photo-view/details-cache';
import { PhotoViewer } from '../../components/photo-view/photo-viewer';
import { takenAtText } from '../../components/photo-view/photo-text';
import { Thumbnail } from '../../components/photo-view/thumbnail';
import type { PhotoLocation } from '../../domain/photos';
import { captionFindables } from './captions';
import { ShowMoreButton, useShowMore } from './show-more';

const FAMILIES = parseNameVariants(VARIANTS);
/**
 * What the page shows of the results before "Show more": the first files, each with its first hits, the first
 * faces and photos (on a phone, a few screens; drawing hundreds of results at each letter typed made typing lag).
 */
const FIRST_FILES = 8;
const FIRST_HITS = 3;
const FIRST_FACES = 10;
/**
 * What a new query's results show in their first frame, the rest of the above following in the next task: on a
 * phone (the CPU 4 times slower) drawing them all at once, each hit's snippet made, kept the first results of a
 * query over 100 ms from its keystroke (bench:search).
 */
const AT_ONCE = { files: 2, hits: 2, faces: 3, photos: 0, news: 2 };
/** "Show 12 more", under a list of hits. */
const showMore = (more: number) => m.search_show_more({ count: more, n: String(more) });

interface Archive {
  search: ArchiveSearch;
  /** Whether the documents' text was there (the organisers store it with the upload). */
  indexed: boolean;
}

/**
 * What this account may search, read with its ID token: the verified relatives' texts; for approved accounts also
 * the approval-only lists' and the named faces of every picture open for naming; and this language's news.
 */
async function loadArchive(access: MemberAccess, signal: AbortSignal): Promise<Archive> {
  const approved = access.approved || access.organiser;
  const [verified, approvalOnly, faces] = await Promise.all([
    readSearchTexts('verified', signal),
    approved ? readSearchTexts('approved', signal) : Promise.resolve(undefined),
    approved
      ? Promise.all(
          [...PICTURES_FOR_NAMING].map(async (pictureId) =>
            (
              (
                await readFaces(pictureId, signal).catch((error: unknown) => {
                  // Not opened for naming yet (no faces file): no names to find. Anything else: the rest is still
                  // searched, and the names come back with the next visit.
                  if (!isNotFound(error)) console.warn(`Could not read the names on ${pictureId}`, error);
                  return undefined;
                })
              )?.faces ?? []
            ).flatMap((face): Findable[] =>
              face.name
                ? [
                    {
                      kind: 'face',
                      pictureId,
                      number: face.number,
                      text: [face.name, face.note].filter(Boolean).join(' · '),
                    },
                  ]
                : [],
            ),
          ),
        )
      : Promise.resolve([]),
  ]);
  const texts = (level: SearchTexts | undefined) => (level ? fileFindables(level) : []);
  // The news from this language's feed, which carries each post's whole text (a public file).
  const news = await fetch(newsFeedPath(), { signal })
    .then((response) => (response.ok ? response.text() : ''))
    .then(newsFindables, () => []);
  return {
    search: await ArchiveSearch.built(
      [...texts(verified), ...texts(approvalOnly), ...faces.flat(), ...news],
      FAMILIES,
    ),
    indexed: !!verified,
  };
}

function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <span className="search-snippet">
      {parts.map((part, index) =>
        part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </span>
  );
}

/** Where in a file a hit is, as the file's reader shows it: page, row or slide. */
function whereOf(hit: Hit): string {
  const { findable } = hit;
  if (findable.kind !== 'file') return '';
  if (findable.unit === 'page') return m.search_page({ n: String(findable.n) });
  if (findable.unit === 'slide') return m.search_slide({ n: String(findable.n) });
  return findable.sheet
    ? m.search_sheet_row({ sheet: findable.sheet, n: String(findable.n) })
    : m.search_row({ n: String(findable.n) });
}

/**
 * Opens a file where the search found it: a PDF in the browser's own viewer at that page (a new tab, opened at the
 * click so that no pop-up blocker stops it, then given the file fetched with the ID token); another file is saved.
 */
async function openAt(entry: CatalogueEntry, hit: Hit): Promise<void> {
  const tab = entry.kind === 'pdf' ? window.open('', '_blank') : null;
  try {
    const blob = await fetchCatalogueFile(entry, new AbortController().signal);
    const url = URL.createObjectURL(blob);
    // The viewer reads the file at once; the address goes with the tab.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (tab && hit.findable.kind === 'file') tab.location.href = `${url}#page=${hit.findable.n}`;
    else saveUrl(url, downloadFileName(entry));
  } catch (error) {
    tab?.close();
    throw error;
  }
}

function FileHits({ fileId, hits, atOnce }: { fileId: string; hits: Hit[]; atOnce?: number }) {
  const entry = CATALOGUE.find((candidate) => candidate.id === fileId);
  const { shown, list, more, showAll } = useShowMore(hits, FIRST_HITS, atOnce);
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState<Hit | undefined>();
  if (!entry) return null;
  const title = titleOf(entry);
  return (
    <li className="search-file">
      <h3 className="h6 mb-1">{title}</h3>
      {entry.kind !== 'pdf' && <p className="small text-body-secondary mb-1">{m.search_download_note()}</p>}
      {failed && (
        <p className="small text-danger mb-1" role="alert">
          {m.search_open_failed({ title })}
        </p>
      )}
      <ul className="list-unstyled mb-0" ref={list}>
        {shown.map((hit) => {
          const where = whereOf(hit);
          return (
            <li key={where} className="search-hit">
              <Button
                variant="link"
                className="p-0 align-baseline search-open"
                aria-label={m.search_open_named({ where, title })}
                disabled={opening === hit}
                onClick={() => {
                  setFailed(false);
                  setOpening(hit);
                  openAt(entry, hit)
                    .catch((error: unknown) => {
                      console.warn('Could not open the file', error);
                      setFailed(true);
                    })
                    .finally(() => setOpening(undefined));
                }}
              >
                {opening === hit && (
                  <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
                )}
                {where}
              </Button>{' '}
              <Snippet parts={hit.snippet()} />
            </li>
          );
        })}
      </ul>
      <ShowMoreButton more={more} label={showMore(more)} onClick={showAll} />
    </li>
  );
}

function PhotoHit({ hit, details, onOpen }: { hit: Hit; details: DetailsCache; onOpen: () => void }) {
  const location: PhotoLocation | undefined =
    hit.findable.kind === 'photo' ? { state: 'shared', photoId: hit.findable.photoId } : undefined;
  const metadata = useDetails(details, location);
  if (!location) return null;
  return (
    <li className="search-photo">
      <button
        type="button"
        className="photo-tile"
        onClick={onOpen}
        aria-label={m.photos_view_waiting_named({ date: takenAtText(location.photoId, metadata) })}
      >
        <Thumbnail location={location} enabled alt="" />
      </button>
      <Snippet parts={hit.snippet()} />
    </li>
  );
}

/**
 * One group of results (documents, names, photos, news): its heading, its first items and a button for the rest.
 * Shown only when it has results.
 */
function ResultGroup<T>({
  id,
  title,
  items,
  first = Infinity,
  moreLabel = () => '',
  listClassName = '',
  atOnce,
  children,
}: {
  id: string;
  title: string;
  items: readonly T[];
  first?: number;
  moreLabel?: (more: number) => string;
  listClassName?: string;
  /** The new results' first frame: this many items (useShowMore). */
  atOnce?: number;
  children: (item: T, index: number) => ReactNode;
}) {
  const { shown, list, more, showAll } = useShowMore(items, first, atOnce);
  if (!shown.length) return null;
  return (
    <section className="content-section" aria-labelledby={id}>
      <h2 id={id} className="h4">
        {title}
      </h2>
      <ul className={`list-unstyled ${listClassName}`.trim()} ref={list}>
        {shown.map(children)}
      </ul>
      <ShowMoreButton more={more} label={moreLabel(more)} onClick={showAll} />
    </section>
  );
}

function FaceHit({ hit }: { hit: Hit }) {
  if (hit.findable.kind !== 'face') return null;
  const { pictureId, number } = hit.findable;
  const picture = nameableImage(pictureId);
  return (
    <li className="search-hit">
      <Snippet parts={hit.snippet()} />{' '}
      <Link to={`${pagePath('who-is-who', currentLocale(), { slug: pictureId })}${faceHash(number)}`}>
        {m.search_face_where({
          number: String(number),
          picture: picture ? titleOf(picture) : pictureId,
        })}
      </Link>
    </li>
  );
}

function NewsHit({ hit }: { hit: Hit }) {
  if (hit.findable.kind !== 'news') return null;
  return (
    <li className="search-hit">
      <Link to={pagePath('news-post', currentLocale(), { slug: hit.findable.slug })}>
        {hit.findable.title}
      </Link>
      <br />
      <Snippet parts={hit.snippet()} />
    </li>
  );
}

/** A hit's key among its group's. */
function keyOf(hit: Hit): string {
  const { findable } = hit;
  if (findable.kind === 'face') return `${findable.pictureId}#${findable.number}`;
  if (findable.kind === 'photo') return findable.photoId;
  if (findable.kind === 'news') return findable.slug;
  return `${findable.fileId}:${findable.n}`;
}

/**
 * The results, drawn again only when they change (not for each letter typed before the search catches up): a new
 * query's first few at once (AT_ONCE), the rest of their first part in the next task, so that the first results
 * follow the keystroke and a letter typed meanwhile is not held up by drawing the rest.
 */
const ResultList = memo(function ResultList({
  results,
  details,
  onOpenPhoto,
}: {
  results: Results;
  details: DetailsCache;
  onOpenPhoto: (index: number) => void;
}) {
  const [wholeFor, setWholeFor] = useState<Results | undefined>();
  const whole = wholeFor === results;
  useEffect(() => {
    if (whole) return;
    // A task, not a frame: the browser paints the first results before it; and a transition, which a letter typed
    // meanwhile interrupts.
    const timer = setTimeout(() => startTransition(() => setWholeFor(results)));
    return () => clearTimeout(timer);
  }, [results, whole]);
  const atOnce = (count: number) => (whole ? undefined : count);
  return (
    <>
      <ResultGroup
        id="search-documents"
        title={m.search_group_documents()}
        items={results.files}
        first={FIRST_FILES}
        atOnce={atOnce(AT_ONCE.files)}
        moreLabel={(more) => m.search_more_documents({ count: more, n: String(more) })}
        listClassName="search-files"
      >
        {({ fileId, hits }) => (
          <FileHits key={fileId} fileId={fileId} hits={hits} atOnce={atOnce(AT_ONCE.hits)} />
        )}
      </ResultGroup>
      <ResultGroup
        id="search-faces"
        title={m.search_group_faces()}
        items={results.faces}
        first={FIRST_FACES}
        atOnce={atOnce(AT_ONCE.faces)}
        moreLabel={(more) => m.search_more_names({ count: more, n: String(more) })}
      >
        {(hit) => <FaceHit key={keyOf(hit)} hit={hit} />}
      </ResultGroup>
      <ResultGroup
        id="search-photos"
        title={m.search_group_photos()}
        items={results.photos}
        first={FIRST_HITS}
        atOnce={atOnce(AT_ONCE.photos)}
        moreLabel={showMore}
        listClassName="search-photos"
      >
        {(hit, index) => (
          <PhotoHit key={keyOf(hit)} hit={hit} details={details} onOpen={() => onOpenPhoto(index)} />
        )}
      </ResultGroup>
      <ResultGroup
        id="search-news"
        title={m.search_group_news()}
        items={results.news}
        atOnce={atOnce(AT_ONCE.news)}
      >
        {(hit) => <NewsHit key={keyOf(hit)} hit={hit} />}
      </ResultGroup>
    </>
  );
});

interface Captions {
  /** The captions' own search, once they are read (undefined: not yet, or not for this account). */
  search?: ArchiveSearch;
  status: 'none' | 'loading' | 'ready' | 'failed';
  reload: () => void;
  /** A photo removed from the larger view: not found again. */
  removed: (photoId: string) => void;
  details: DetailsCache;
}

function Search({
  access,
  archive,
  captions,
}: {
  access: MemberAccess;
  archive: Archive;
  captions: Captions;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<number | undefined>();
  useEffect(() => {
    // What a first query does once and only once in a page (the search's and the snippets' code compiled, the
    // plural rules of the count loaded), done while the box waits for its first letter: on a phone it held a
    // first query's results 150 ms after its keystroke.
    const timer = setTimeout(() => {
      const warm = archive.search.search('en');
      for (const { hits } of warm.files.slice(0, 2)) for (const hit of hits.slice(0, 2)) hit.snippet();
      for (const hit of warm.faces.slice(0, 2)) hit.snippet();
      m.search_count({ count: warm.count, n: String(warm.count) });
    }, 100);
    return () => clearTimeout(timer);
  }, [archive]);
  // Results as one types, without holding up the typing; searched and drawn again only when the words that search
  // change (not for a space typed, nor the first letter of the next word: on a phone, drawing the same results again
  // held such a keystroke 110 ms).
  const deferred = useDeferredValue(query);
  const key = queryKey(deferred);
  const results = useMemo(
    () =>
      captions.search
        ? joinResults(archive.search.search(key), captions.search.search(key))
        : archive.search.search(key),
    [archive, captions.search, key],
  );
  const photos = useMemo(
    () =>
      results.photos.flatMap((hit): PhotoLocation[] =>
        hit.findable.kind === 'photo' ? [{ state: 'shared', photoId: hit.findable.photoId }] : [],
      ),
    [results],
  );
  const typed = deferred.trim();
  const status = !typed
    ? ''
    : typed.length < 2
      ? m.search_short()
      : results.count
        ? m.search_count({ count: results.count, n: String(results.count) })
        : m.search_none({ query: typed });
  return (
    <>
      {!archive.indexed && <Alert variant="info">{m.search_not_indexed()}</Alert>}
      {!access.approved && !access.organiser && <p className="small">{m.search_not_approved()}</p>}
      <form role="search" className="mb-3" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="archive-search" className="form-label fw-semibold">
          {m.search_label()}
        </label>
        <input
          id="archive-search"
          type="search"
          className="form-control form-control-lg"
          placeholder={m.search_placeholder()}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="archive-search-status"
        />
      </form>
      <p id="archive-search-status" role="status" className="search-status">
        {status}
      </p>
      {captions.status === 'loading' && (
        <p className="small text-body-secondary">
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
          {m.search_photos_loading()}
        </p>
      )}
      {captions.status === 'failed' && (
        <TryAgainAlert text={m.search_photos_failed()} onRetry={captions.reload} />
      )}
      {/* The query these results are for (they follow the typing a moment later): bench:search times it. */}
      <div className="search-results" data-results-for={deferred}>
        <ResultList results={results} details={captions.details} onOpenPhoto={setOpen} />
      </div>
      <PhotoViewer
        photos={photos}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(undefined)}
        access={access}
        details={captions.details}
        onRemoved={(photoId) => {
          setOpen(undefined);
          captions.removed(photoId);
        }}
      />
    </>
  );
}

/**
 * The search page's content: the archive's text read once (with this account's access), then results as one types,
 * grouped as documents (each page opening the file there), names on the pictures (each flying to its face), the
 * photos' captions (each opening the photo in the larger view; read after the rest) and news. A failure says so and
 * can be tried again.
 */
export default function SearchContent() {
  const { access } = useMemberAccess();
  const archive = useLoad(
    access ? `${access.uid}:${access.approved || access.organiser}` : undefined,
    (signal) => loadArchive(access!, signal),
  );
  const [details] = useState(() => new DetailsCache());
  // The captions come after the documents (one small file per photo): the first results need not wait for them.
  const sharedSeen = !!access && (access.approved || access.organiser);
  const captionLoad = useLoad(
    sharedSeen && archive.state.status === 'ready' ? access.uid : undefined,
    (signal) => captionFindables(details, signal),
  );
  const captionList = captionLoad.state.value;
  const captionSearch = useMemo(
    () => (captionList ? new ArchiveSearch(captionList, FAMILIES) : undefined),
    [captionList],
  );
  const captions: Captions = {
    search: captionSearch,
    status: sharedSeen ? captionLoad.state.status : 'none',
    reload: captionLoad.reload,
    removed: (photoId) =>
      captionLoad.update((list) =>
        list.filter((findable) => !(findable.kind === 'photo' && findable.photoId === photoId)),
      ),
    details,
  };
  if (access === undefined) return <PageLoading />;
  if (access === null) return <Alert variant="warning">{m.access_failed()}</Alert>;
  if (archive.state.status === 'loading') return <PageLoading label={m.search_loading()} />;
  if (archive.state.status === 'failed')
    return <TryAgainAlert text={m.search_failed()} onRetry={archive.reload} />;
  return <Search access={access} archive={archive.state.value} captions={captions} />;
}
