/**
 * The walls, tried as an approved relative who bypasses the page with the browser's developer tools (the same
 * requests, sent with the relative's own ID token):
 *   - a download link made from a metadata read of a faces file, a tile or a shared photo while the relative was
 *     allowed opens it for anyone; once an organiser blocks the account, none of those links opens anything;
 *   - a suggestion sent through Storage's REST API for a picture that is not opened for naming is refused (403),
 *     where the same suggestion for the group photo of 1976 is taken.
 * The files are this test's own (a picture id and a photo id no other test uses): minting tokens on the demo's files
 * would trouble the tests that check none carries one.
 */
import { randomBytes } from 'node:crypto';
import { saveObject } from '../admin/bucket/member-files.ts';
import {
  FACES_CONTENT_TYPE,
  GROUP_PHOTO_1976,
  facesFilePathOf,
  newSuggestionId,
  suggestionPathOf,
  suggestionText,
  tilePathOf,
} from '../src/domain/faces.ts';
import { PHOTO_CONTENT_TYPE, newPhotoId, photoPathOf, sharedFileMetadata } from '../src/domain/photos.ts';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import { clientUploadRequest } from '../tools/local/storage/client-upload.ts';
import { accountsOfEachTest, localBucket, organiserMembers } from './support/organiser';
import { idTokenOf } from './support/photos-page';
import { expect, test } from './support/test.ts';

const account = accountsOfEachTest(test);
const objectUrl = (path: string) => `${STORAGE_URL}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}`;

/** What the developer tools send for an object's metadata: its address without alt=media, with the ID token. */
async function linkFromMetadata(path: string, idToken: string): Promise<string> {
  const response = await fetch(objectUrl(path), { headers: { Authorization: `Firebase ${idToken}` } });
  expect(response.status, path).toBe(200);
  const { downloadTokens } = (await response.json()) as { downloadTokens?: string };
  expect(downloadTokens, `Storage gives ${path} a token on a metadata read`).toBeTruthy();
  return `${objectUrl(path)}?alt=media&token=${downloadTokens!.split(',')[0]}`;
}

/** What the link answers to anyone, signed in or not. */
async function openedBy(link: string): Promise<number> {
  const response = await fetch(link);
  await response.arrayBuffer();
  return response.status;
}

test('a link an approved relative makes from a metadata read opens the faces file, a tile and a shared photo for anyone, until an organiser blocks the account: then none opens', async () => {
  test.setTimeout(90_000);
  const relative = await account('walls-link');
  const fileId = `walls-${randomBytes(4).toString('hex')}`;
  const photoId = newPhotoId(new Date(), randomBytes(5).toString('hex').slice(0, 10));
  const paths = [
    facesFilePathOf(fileId),
    tilePathOf(fileId, 0, 0, 0),
    photoPathOf({ state: 'shared', photoId }),
  ];
  const { bucket, close } = localBucket();
  try {
    await saveObject(bucket, paths[0]!, Buffer.from('{"faces":[]}'), {
      contentType: FACES_CONTENT_TYPE,
      metadata: {},
    });
    await saveObject(bucket, paths[1]!, Buffer.from([0xff, 0xd8, 0xff]), {
      contentType: 'image/jpeg',
      metadata: {},
    });
    await saveObject(bucket, paths[2]!, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), {
      contentType: PHOTO_CONTENT_TYPE,
      metadata: sharedFileMetadata(
        { takenAt: '2026-07-11T19:03:22Z', uploaderUid: 'someone-else' },
        { width: 10, height: 10 },
      ),
    });

    const idToken = await idTokenOf(relative);
    const links = await Promise.all(paths.map((path) => linkFromMetadata(path, idToken)));
    for (const [index, link] of links.entries()) expect(await openedBy(link), paths[index]).toBe(200);
    for (const path of paths) expect(await openedBy(`${objectUrl(path)}?alt=media`), path).toBe(403);

    const output = await organiserMembers('block', relative.email);
    expect(output).toContain(`blocked: ${relative.email}`);
    expect(output).toMatch(
      /Download tokens of the files these accounts could read: removed \d+ tokens? from/,
    );
    for (const [index, link] of links.entries()) expect(await openedBy(link), paths[index]).toBe(403);
  } finally {
    await Promise.all(paths.map((path) => bucket.file(path).delete({ ignoreNotFound: true })));
    await close();
  }
});

test('a suggestion sent past the page for a picture that is not opened for naming is refused; for the group photo of 1976 it is taken', async () => {
  const relative = await account('walls-suggestion', { displayName: 'Walls Relative' });
  const idToken = await idTokenOf(relative);
  const send = async (fileId: string) => {
    const now = new Date();
    const suggestion = {
      id: newSuggestionId(now),
      fileId,
      face: 1,
      name: 'Ole Haugen',
      createdAt: now.toISOString(),
    };
    const { url, init } = clientUploadRequest(
      STORAGE_URL,
      BUCKET,
      suggestionPathOf(fileId, relative.uid, suggestion.id),
      Buffer.from(suggestionText(suggestion)),
      FACES_CONTENT_TYPE,
      `Firebase ${idToken}`,
      { suggesterUid: relative.uid, suggesterEmail: relative.email, suggesterName: relative.displayName },
    );
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  };
  // A picture of the catalogue not opened, one that is not in the catalogue, and one no page ever reads.
  for (const fileId of ['threshing-crew', 'zz-hidden', 'cemetery-monument'])
    expect(await send(fileId), fileId).toBe(403);
  expect(await send(GROUP_PHOTO_1976)).toBe(200);
});
