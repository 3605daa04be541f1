import { useCallback, useEffect, useState } from 'react';
import { ApprovalGate } from '../../components/approval/approval-gate';
import type { MemberAccess } from '../../firebase/member-access';
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
function SentBefore({ access }: { access: MemberAccess }) {
  const [details] = useState(() => new DetailsCache());
  return <MyPhotos access={access} details={details} />;
}

/**
 * The lists read again when photos move (an upload, an approval, a removal) follow src/firebase/photos.ts, which
 * invalidates them (src/lib/use-load.ts): this page only places them.
 */
function PhotosArea({ access, preparer }: { access: MemberAccess; preparer: PhotoPreparer }) {
  const [details] = useState(() => new DetailsCache());
  const [deps] = useState<UploadDeps>(() => browserUploadDeps(preparer));
  const [moderationDeps] = useState(() => browserModerationDeps(preparer, access));
  const onSent = useCallback((photoId: string) => rememberPhoto(access.uid, photoId), [access.uid]);
  const uploads = useUploads(access, deps, onSent);

  return (
    <>
      {access.approved && <UploadPanel uploads={uploads} />}
      {access.approved && <MyPhotos access={access} details={details} />}
      {access.organiser && <Moderation access={access} details={details} deps={moderationDeps} />}
      <Gallery access={access} details={details} />
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
