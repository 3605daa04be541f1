import { useCallback, useEffect, useState } from 'react';
import { ApprovalGate } from '../../components/approval/approval-gate';
import type { PhotoAccess } from '../../firebase/photo-access';
import { m } from '../../paraglide/messages.js';
import { DetailsCache } from '../../components/photo-view/details-cache';
import { Gallery } from './gallery/gallery';
import { browserModerationDeps, Moderation } from './moderation/moderation';
import { MyPhotos } from './mine/my-photos';
import { rememberPhoto } from './mine/my-photos-store';
import { WorkerPhotoPreparer, type PhotoPreparer } from './prepare/photo-preparer';
import { UploadPanel } from './upload/upload-panel';
import { browserUploadDeps, useUploads, type UploadDeps } from './upload/use-uploads';
import '../../styles/bootstrap-lazy.scss';
import './photos.scss';

/** What a verified relative who is not approved still has here: the photos they sent before, to see and withdraw. */
function SentBefore({ access }: { access: PhotoAccess }) {
  const [details] = useState(() => new DetailsCache());
  const [version, setVersion] = useState(0);
  const onChanged = useCallback(() => setVersion((value) => value + 1), []);
  return <MyPhotos access={access} details={details} version={version} onChanged={onChanged} />;
}

function PhotosArea({ access, preparer }: { access: PhotoAccess; preparer: PhotoPreparer }) {
  const [details] = useState(() => new DetailsCache());
  const [deps] = useState<UploadDeps>(() => browserUploadDeps(preparer));
  const [moderationDeps] = useState(() => browserModerationDeps(preparer, access));
  // Bumped when photos move: the lists that show them read again.
  const [mineVersion, setMineVersion] = useState(0);
  const [galleryVersion, setGalleryVersion] = useState(0);
  const [waitingVersion, setWaitingVersion] = useState(0);

  const onSent = useCallback(
    (photoId: string) => {
      rememberPhoto(access.uid, photoId);
      setMineVersion((value) => value + 1);
      setWaitingVersion((value) => value + 1);
    },
    [access.uid],
  );
  const uploads = useUploads(access, deps, onSent);

  const onModerated = useCallback((outcome: 'approved' | 'rejected') => {
    if (outcome === 'approved') setGalleryVersion((value) => value + 1);
    setMineVersion((value) => value + 1);
  }, []);
  const onMineChanged = useCallback(() => {
    setWaitingVersion((value) => value + 1);
  }, []);
  const onRemoved = useCallback(() => setMineVersion((value) => value + 1), []);

  return (
    <>
      {access.approved && <UploadPanel uploads={uploads} />}
      {access.approved && (
        <MyPhotos access={access} details={details} version={mineVersion} onChanged={onMineChanged} />
      )}
      {access.organiser && (
        <Moderation
          access={access}
          details={details}
          version={waitingVersion}
          onChanged={onModerated}
          deps={moderationDeps}
        />
      )}
      <Gallery access={access} details={details} version={galleryVersion} onRemoved={onRemoved} />
    </>
  );
}

/**
 * The photos page's content below its heading (./photos-page.tsx loads it): approved relatives share theirs
 * (prepared on their own device, then waiting for an organiser), see what became of them, and see every shared
 * photo; organisers also approve or reject the waiting ones. A verified relative who is not approved is told why
 * and whom to ask, and sees (and may withdraw) the photos they sent while they were.
 */
export default function PhotosContent() {
  const [preparer] = useState<PhotoPreparer>(() => new WorkerPhotoPreparer());
  useEffect(() => () => preparer.dispose(), [preparer]);
  return (
    <ApprovalGate
      text={m.photos_approval_text}
      className="photos-approval"
      notApproved={(access) => <SentBefore access={access} />}
    >
      {(access) => <PhotosArea access={access} preparer={preparer} />}
    </ApprovalGate>
  );
}
