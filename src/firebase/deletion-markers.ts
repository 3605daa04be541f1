/**
 * A relative's own deletions leave a marker before the files go (src/domain/keeping.ts): an empty object in their own
 * folder under deletions/, whose time says when. The backups and the restore read the markers and let those files
 * go too, so that a deletion the privacy page promises is not undone by a copy. storage.rules let a relative create
 * only their own markers, and only organisers read them.
 */
import { uploadBytes } from 'firebase/storage';
import {
  MARKER_CONTENT_TYPE,
  accountMarkerPathOf,
  newKeepingId,
  withdrawnMarkerPathOf,
} from '../domain/keeping';
import { objectRef, storageErrorKind } from './storage-sdk';

const EMPTY = new Blob([]);

/** The account is about to delete itself: a marker of its own for this attempt (each attempt makes a new one). */
export async function leaveAccountMarker(uid: string, now = new Date()): Promise<void> {
  await uploadBytes(objectRef(accountMarkerPathOf(uid, newKeepingId(now))), EMPTY, {
    contentType: MARKER_CONTENT_TYPE,
  });
}

/**
 * The account withdraws one of its photos or suggestions. Once per upload: storage.rules refuse a second marker
 * over the first, which is what a withdrawal tried again after a failure part-way meets; that refusal is taken as
 * the marker being there. Any other failure stops the withdrawal before anything is deleted.
 */
export async function leaveWithdrawalMarker(uid: string, id: string): Promise<void> {
  try {
    await uploadBytes(objectRef(withdrawnMarkerPathOf(uid, id)), EMPTY, { contentType: MARKER_CONTENT_TYPE });
  } catch (error) {
    if (storageErrorKind(error) === 'denied') return;
    throw error;
  }
}
