import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, ButtonGroup, Col, Row } from 'react-bootstrap';
import { ApprovalGate } from '../../components/approval/approval-gate';
import { PageLoading } from '../../components/page-loading';
import {
  faceOfHash,
  PICTURES_FOR_NAMING,
  withName,
  type Face,
  type FacesFile,
  type StoredSuggestion,
} from '../../domain/faces';
import {
  deleteSuggestion,
  readAllSuggestions,
  readFaces,
  readOwnSuggestions,
  saveFaces,
  sendSuggestion,
  withdrawSuggestion,
} from '../../firebase/faces';
import type { MemberAccess } from '../../firebase/member-access';
import { isNotFound } from '../../firebase/storage-sdk';
import { m } from '../../paraglide/messages.js';
import { useLoad } from '../../lib/use-load';
import { DeepZoomViewer, type DeepZoomHandle } from './deep-zoom-viewer';
import { FaceDetails } from './face-details';
import { FaceList } from './face-list';
import { boxAt } from './picture-geometry';
import { MySuggestions, Review } from './suggestions';
import '../../styles/bootstrap-lazy.scss';
import './faces.scss';

/** A picture's faces file; 'not-opened' while it is not opened for naming yet (no faces file: a 404). */
async function facesOf(fileId: string): Promise<FacesFile | 'not-opened'> {
  try {
    const file = await readFaces(fileId);
    if (!file) throw new Error(`The faces file of ${fileId} is not one`);
    return file;
  } catch (error) {
    if (isNotFound(error)) return 'not-opened';
    throw error;
  }
}

function Picture({ fileId, access }: { fileId: string; access: MemberAccess }) {
  const faces = useLoad(`faces/${fileId}`, () => facesOf(fileId));
  // An organiser reviews everyone's suggestions; a relative sees and may withdraw their own. The picture is there
  // to see without them: a list that cannot be read is simply not shown (it comes back with the next visit).
  const suggestions = useLoad(`faces/${fileId}/suggestions/${access.organiser ? 'all' : access.uid}`, () =>
    access.organiser ? readAllSuggestions(fileId) : readOwnSuggestions(fileId, access.uid),
  );
  const changeSuggestions = (change: (entries: StoredSuggestion[]) => StoredSuggestion[]) =>
    suggestions.state.status === 'ready' ? suggestions.update(change) : suggestions.reload();
  const without = (entry: StoredSuggestion) =>
    changeSuggestions((entries) => entries.filter((other) => other.path !== entry.path));
  // A link to a face (#face-12, from the account page) opens the picture on it, chosen.
  const { hash } = useLocation();
  const [linked] = useState(() => faceOfHash(hash));
  const [selected, setSelected] = useState<number | undefined>(linked);
  const [placing, setPlacing] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const viewer = useRef<DeepZoomHandle>(null);
  const pictureTop = useRef<HTMLDivElement>(null);

  if (faces.state.status === 'loading') return <PageLoading />;
  if (faces.state.value === 'not-opened') return <Alert variant="info">{m.faces_not_opened()}</Alert>;
  if (faces.state.status !== 'ready')
    return (
      <Alert variant="warning" className="faces-load-failed">
        <p>{m.faces_load_failed()}</p>
        <Button variant="outline-secondary" size="sm" onClick={faces.reload}>
          {m.faces_try_again()}
        </Button>
      </Alert>
    );

  const file = faces.state.value;
  const face = file.faces.find((candidate) => candidate.number === selected);
  const choose = (chosen: Face) => {
    setSelected(chosen.number);
    setPlacing(false);
    if (!chosen.box) return;
    viewer.current?.flyTo(chosen.box);
    // On a phone the list is below the picture: bring the picture back into view.
    // At once: the picture itself flies, and a page still scrolling under a tap would move what the finger aims at.
    pictureTop.current?.scrollIntoView({ block: 'nearest' });
  };

  /**
   * An organiser's change, made on the newest faces file (another organiser may have saved since); `then` runs after
   * the save and before the page shows the change, so that what goes with it (an accepted suggestion leaving the
   * list) shows at the same moment.
   */
  const change = async (
    what: string,
    update: (faces: readonly Face[]) => Face[],
    then?: () => Promise<void>,
  ) => {
    const newest = (await readFaces(fileId)) ?? file;
    const next = { ...newest, faces: update(newest.faces) };
    // The file replaced is kept as a version (organiser:faces -- history), with who and what: undo for 30 days.
    await saveFaces(next, { file: newest, by: { uid: access.uid, email: access.email ?? '' }, change: what });
    await then?.();
    faces.update(() => next);
  };

  const onPick = (point: { x: number; y: number }, picked: Face | undefined) => {
    if (placing && face) {
      const box = boxAt(point, face, file.faces);
      setPlacing(false);
      void change(`box placed on face ${face.number}`, (faces) =>
        faces.map((other) => (other.number === face.number ? { ...other, box } : other)),
      ).catch((error: unknown) => console.warn('Could not place the box', error));
      return;
    }
    if (picked) setSelected(picked.number);
  };

  return (
    <>
      <p className="lead">{m.faces_lead()}</p>
      <Row className="g-4">
        <Col lg={8}>
          <div ref={pictureTop} className="faces-picture">
            <ButtonGroup size="sm" className="mb-2 faces-zoom" aria-label={m.faces_viewer_role()}>
              <Button variant="outline-secondary" onClick={() => viewer.current?.zoom('in')}>
                {m.faces_zoom_in()}
              </Button>
              <Button variant="outline-secondary" onClick={() => viewer.current?.zoom('out')}>
                {m.faces_zoom_out()}
              </Button>
              <Button variant="outline-secondary" onClick={() => viewer.current?.home()}>
                {m.faces_whole_picture()}
              </Button>
            </ButtonGroup>
            <DeepZoomViewer
              ref={viewer}
              fileId={fileId}
              width={file.width}
              height={file.height}
              faces={file.faces}
              selected={selected}
              onPick={onPick}
              onTileError={() => setTilesFailed(true)}
              startAt={file.faces.find((candidate) => candidate.number === linked)?.box}
            />
          </div>
          <p className="small text-body-secondary mt-1 mb-0">{m.faces_keys_hint()}</p>
          {tilesFailed && (
            <Alert variant="warning" className="py-2 mt-2" dismissible onClose={() => setTilesFailed(false)}>
              {m.faces_tiles_failed()}
            </Alert>
          )}
          <FaceDetails
            key={face?.number}
            face={face}
            faces={file.faces}
            organiser={access.organiser}
            // Only where storage.rules accept a suggestion: a picture an organiser has opened but not yet added to
            // the rules' list shows its names without the form.
            canSuggest={access.approved && !!access.email && PICTURES_FOR_NAMING.has(fileId)}
            placing={placing}
            onPlace={setPlacing}
            onShow={choose}
            onSuggest={async (target, name, note) => {
              const sent = await sendSuggestion(
                fileId,
                { uid: access.uid, email: access.email!, ...(access.name ? { name: access.name } : {}) },
                { face: target.number, name, ...(note ? { note } : {}) },
              );
              changeSuggestions((entries) => [...entries, sent]);
            }}
            onEdit={(target, name, note, row) =>
              change(
                `face ${target.number} edited: "${name}"${row !== undefined && row !== target.row ? `, row ${row}` : ''}`,
                (faces) =>
                  withName(faces, target.number, name, note).map((other) =>
                    other.number === target.number && row !== undefined && row >= 1
                      ? { ...other, row }
                      : other,
                  ),
              )
            }
          />
          {access.organiser ? (
            <Review
              faces={file.faces}
              suggestions={suggestions.state.value ?? []}
              onAccept={async (entry) => {
                await change(
                  `suggestion ${entry.suggestion.id} accepted: face ${entry.suggestion.face} is "${entry.suggestion.name}"`,
                  (faces) =>
                    withName(faces, entry.suggestion.face, entry.suggestion.name, entry.suggestion.note),
                  async () => {
                    await deleteSuggestion(entry.path);
                    without(entry);
                  },
                );
              }}
              onReject={async (entry) => {
                await deleteSuggestion(entry.path);
                without(entry);
              }}
            />
          ) : (
            <MySuggestions
              suggestions={suggestions.state.value ?? []}
              onWithdraw={async (entry) => {
                await withdrawSuggestion(entry);
                without(entry);
              }}
            />
          )}
        </Col>
        <Col lg={4}>
          <FaceList faces={file.faces} selected={selected} onChoose={choose} />
        </Col>
      </Row>
    </>
  );
}

/**
 * Who is who in a picture, below its heading (./who-is-who-page.tsx loads it): approved relatives and organisers see
 * the picture and the names; a verified relative who is not approved is told why and whom to ask.
 */
export default function WhoIsWhoContent({ fileId }: { fileId: string }) {
  return (
    <ApprovalGate text={m.faces_approval_text} className="faces-approval">
      {(access) => <Picture fileId={fileId} access={access} />}
    </ApprovalGate>
  );
}
