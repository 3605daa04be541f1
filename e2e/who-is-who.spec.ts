/**
 * Who is who (issue 28), as relatives and organisers meet it, each test with accounts of its own:
 *   - an approved relative on a phone: from the members' welcome to the 1976 group photo (the demo's drawn one,
 *     6400 x 3800 px, 72 faces), the whole picture shown with every tile fetched with the ID token in a header
 *     (never a `?token=` address, never a metadata read), the list searched ("Oystein" finds "Øystein") and
 *     filtered, a name chosen flies the picture to its face and fetches finer tiles, the keyboard alone zooms, moves
 *     and goes back to the whole picture, a correction suggested and waiting, axe;
 *   - an organiser on a picture the test opens for naming itself (the threshing crew): the suggestions grouped by
 *     face with who made them, shown as text; Accept makes the name (the relative sees it), Reject drops one, a
 *     name edited and a box placed by a tap; what the faces file then holds;
 *   - a verified relative who is not approved (in Norwegian): why, and no tile or name readable by a direct request.
 */
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { deepZoomOf } from '../admin/bucket/deep-zoom.ts';
import {
  listSuggestions,
  publishDeepZoom,
  readFacesFile,
  saveFacesFile,
  saveSuggestion,
} from '../admin/bucket/faces.ts';
import {
  FACES_PREFIX,
  GROUP_PHOTO_1976,
  descriptorPathOf,
  facesFilePathOf,
  facesFolderOf,
  newSuggestionId,
  tilePathOf,
  type FacesFile,
} from '../src/domain/faces.ts';
import { CATALOGUE, storagePathOf, thumbnailPathOf } from '../src/domain/catalogue.ts';
import { mediaUrl } from '../src/firebase/media-url.ts';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import {
  DEMO_FACE_COUNT,
  DEMO_OYSTEIN,
  DEMO_UNNAMED_NUMBERS,
  demoKey,
} from '../tools/local/seed/group-photo/people.ts';
import { expectNoViolations } from './support/a11y.ts';
import { accountsOfEachTest, localBucket } from './support/organiser';
import { listVersions } from '../admin/bucket/keeping.ts';
import { idTokenOf } from './support/photos-page';
import { openSignedIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

const accountFor = accountsOfEachTest(test);
const PHONE = { width: 390, height: 844 };
const FIRST = demoKey()[0]!;

/** The tile requests a page makes, as the Storage emulator sees them. */
function watchTiles(page: Page, fileId: string) {
  const tiles: { request: Request; level: number }[] = [];
  const prefix = `${STORAGE_URL}/v0/b/${encodeURIComponent(BUCKET)}/o/${encodeURIComponent(`${facesFolderOf(fileId)}image_files/`)}`;
  page.on('request', (request) => {
    if (!request.url().startsWith(prefix)) return;
    const path = decodeURIComponent(request.url().slice(prefix.length).split('?')[0]!);
    tiles.push({ request, level: Number(path.split('/')[0]) });
  });
  return tiles;
}

/** Counts the animation frames the page asks for (window.__framesAsked), from before its first script. */
async function countFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let asked = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      asked++;
      return request(callback);
    };
    Object.defineProperty(window, '__framesAsked', { get: () => asked });
  });
}
/** The animation frames the page asks for over half a second. */
function framesAskedNow(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const asked = () => (window as unknown as { __framesAsked: number }).__framesAsked;
    const before = asked();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return asked() - before;
  });
}

/** The width on screen of a face's box. */
function faceBox(page: Page, number: number) {
  return page
    .locator('.face-box')
    .filter({ has: page.locator('.face-box-number', { hasText: new RegExp(`^${number}$`) }) });
}
async function boxWidth(page: Page, number: number): Promise<number> {
  return (await faceBox(page, number).boundingBox())?.width ?? 0;
}

test('an approved relative on a phone finds a face, zooms by keyboard and suggests a correction', async ({
  page,
}) => {
  const member = await accountFor('faces-member', { displayName: 'Ingrid Relative' });
  await page.setViewportSize(PHONE);
  const tiles = watchTiles(page, GROUP_PHOTO_1976);
  await countFrames(page);
  const metadataReads: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    // A GET of an object without alt=media reads its metadata (and its download token); a listing is not one.
    const object = `${STORAGE_URL}/v0/b/${encodeURIComponent(BUCKET)}/o/${encodeURIComponent(FACES_PREFIX)}`;
    if (url.startsWith(object) && !url.includes('alt=media') && request.method() === 'GET')
      metadataReads.push(url);
  });

  await openSignedIn(page, member, '/members');
  await page.getByRole('link', { name: 'find the faces on the group photo' }).click();
  await expect(page).toHaveURL(/\/members\/who-is-who\/group-photo-1976$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Who is who: 1976 Reunion Group Photo');
  const viewer = page.locator('.deep-zoom-viewer');
  await expect(viewer).toHaveAttribute('data-picture-shown', '');

  // The whole picture, from a handful of small tiles, each fetched with the ID token and never with a token address.
  const shownWith = tiles.length;
  expect(shownWith).toBeGreaterThan(0);
  expect(shownWith).toBeLessThan(40);
  for (const { request } of tiles) {
    expect(request.url()).toContain('alt=media');
    expect(request.url()).not.toContain('token=');
    expect((await request.allHeaders()).authorization).toMatch(/^Firebase ey/);
  }
  const firstLevels = Math.max(...tiles.map((tile) => tile.level));
  // Shown and still, the picture asks for no frames: a phone's battery is not spent on a picture at rest.
  await expect.poll(() => framesAskedNow(page)).toBe(0);

  // The list: every face, searched as one types, and those without a name.
  const entries = page.locator('.face-list-entries > li');
  await expect(entries).toHaveCount(DEMO_FACE_COUNT);
  const search = page.getByRole('searchbox', { name: 'Find a name or a number' });
  await search.fill('oystein');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(DEMO_OYSTEIN.name!);
  await expect(page.getByRole('status').filter({ hasText: 'shown' })).toHaveText(
    `1 of ${DEMO_FACE_COUNT} shown`,
  );
  await search.fill('');
  await page.getByLabel('Not named yet').check();
  await expect(entries).toHaveCount(DEMO_UNNAMED_NUMBERS.length);
  await expect(entries.first()).toContainText('Name not known yet');
  await page.getByLabel('Not named yet').uncheck();

  // A name chosen: the picture flies to the face, sharper tiles come, the face's details show.
  await search.fill(DEMO_OYSTEIN.name!);
  await entries.first().getByRole('button').click();
  const details = page.locator('.face-details');
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(
    `No. ${DEMO_OYSTEIN.number}: ${DEMO_OYSTEIN.name}`,
  );
  await expect(details).toContainText(/row \d, \d+(st|nd|rd|th) from the left/);
  await expect.poll(() => Math.max(...tiles.map((tile) => tile.level))).toBeGreaterThan(firstLevels + 1);
  await expect.poll(() => boxWidth(page, DEMO_OYSTEIN.number)).toBeGreaterThan(60);

  // The keyboard alone, on the picture: 0 shows it whole, + zooms in, an arrow moves, - zooms out.
  await page.locator('.openseadragon-canvas').focus();
  await page.keyboard.press('0');
  await expect.poll(() => boxWidth(page, DEMO_OYSTEIN.number)).toBeLessThan(20);
  const whole = await boxWidth(page, DEMO_OYSTEIN.number);
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(() => boxWidth(page, DEMO_OYSTEIN.number)).toBeGreaterThan(whole * 1.5);
  const zoomed = await boxWidth(page, DEMO_OYSTEIN.number);
  const boxOf = faceBox(page, DEMO_OYSTEIN.number);
  const before = (await boxOf.boundingBox())!.x;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await boxOf.boundingBox())!.x).toBeLessThan(before - 10);
  await page.keyboard.press('-');
  await expect.poll(() => boxWidth(page, DEMO_OYSTEIN.number)).toBeLessThan(zoomed);
  // At rest again after moving (and the key below wakes it).
  await expect.poll(() => framesAskedNow(page)).toBe(0);

  // A tap on another face's box, at the whole picture: its number, name and note.
  await page.keyboard.press('0');
  // Where the box is once the picture has come to rest.
  await expect
    .poll(async () => {
      const before = await faceBox(page, 1).boundingBox();
      await page.waitForTimeout(250);
      const after = await faceBox(page, 1).boundingBox();
      return before!.width < 20 && before!.x === after!.x && before!.width === after!.width;
    })
    .toBe(true);
  const tapped = (await faceBox(page, 1).boundingBox())!;
  await page.mouse.click(tapped.x + tapped.width / 2, tapped.y + tapped.height / 2);
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(`No. 1: ${FIRST.name}`);
  await search.fill(DEMO_OYSTEIN.name!);
  await entries.first().getByRole('button').click();
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(
    `No. ${DEMO_OYSTEIN.number}: ${DEMO_OYSTEIN.name}`,
  );

  // A correction suggested: sent, and shown as waiting for an organiser.
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Øystein Lie Sr.');
  await details.getByLabel('Note (optional)').fill('My great-uncle; I am his grandniece');
  await details.getByRole('button', { name: 'Send the suggestion' }).click();
  await expect(details.getByRole('status')).toHaveText(
    'Thank you! Your suggestion is waiting for an organiser.',
  );
  const mine = page.locator('.my-suggestions');
  await expect(mine).toContainText(`No. ${DEMO_OYSTEIN.number}: Øystein Lie Sr.`);
  await expect(mine).toContainText('waiting for an organiser');
  const { bucket, close } = localBucket();
  try {
    const stored = (await listSuggestions(bucket, GROUP_PHOTO_1976)).filter(
      (entry) => entry.uid === member.uid,
    );
    expect(stored.map((entry) => [entry.suggestion.face, entry.suggestion.name, entry.metadata])).toEqual([
      [
        DEMO_OYSTEIN.number,
        'Øystein Lie Sr.',
        { suggesterUid: member.uid, suggesterEmail: member.email, suggesterName: 'Ingrid Relative' },
      ],
    ]);
  } finally {
    await close();
  }
  await expectNoViolations(page, 'who is who, a face chosen, a suggestion sent');
  expect(metadataReads).toEqual([]);
});

/** A small picture of three people for the threshing crew, opened for naming by the test as organiser:faces would. */
async function openThreshingCrew(): Promise<{ file: FacesFile; close: () => Promise<void> }> {
  const fileId = 'threshing-crew';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600">
    <rect width="1200" height="600" fill="#c8b48c"/>
    ${[200, 600, 1000].map((x) => `<circle cx="${x}" cy="260" r="90" fill="#e8c39e"/><rect x="${x - 140}" y="360" width="280" height="240" fill="#5a4632"/>`).join('')}
  </svg>`;
  const picture = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  const { bucket, close } = localBucket();
  await bucket.deleteFiles({ prefix: facesFolderOf(fileId) }).catch(() => {});
  await publishDeepZoom(bucket, await deepZoomOf(picture, fileId));
  const file: FacesFile = {
    fileId,
    width: 1200,
    height: 600,
    faces: [
      { number: 1, row: 1, box: { x: 0.09, y: 0.26, width: 0.15, height: 0.3 } },
      { number: 2, row: 1, box: { x: 0.42, y: 0.26, width: 0.15, height: 0.3 }, name: 'Nils Brekke' },
      { number: 3, row: 1 },
    ],
  };
  await saveFacesFile(bucket, file);
  return {
    file,
    close: async () => {
      await bucket.deleteFiles({ prefix: facesFolderOf(fileId) }).catch(() => {});
      await close();
    },
  };
}

test('an organiser accepts, rejects, edits and places a box; the relative then sees the name', async ({
  page,
  browser,
}) => {
  const organiser = await accountFor('faces-organiser', { organiser: true, displayName: 'Org Aniser' });
  // The name on an account is free text: this one tries to pass for an organiser, with a right-to-left override.
  const spoof = 'Organiser Anne <organiser@example.com>';
  const relative = await accountFor('faces-suggester', { displayName: `${spoof}\u202E` });
  const { close } = await openThreshingCrew();
  try {
    const { bucket } = localBucket();
    const suggest = (face: number, name: string, note: string | undefined, second: number) =>
      saveSuggestion(
        bucket,
        relative.uid,
        {
          id: newSuggestionId(new Date(Date.UTC(2026, 7, 1, 10, 0, second))),
          fileId: 'threshing-crew',
          face,
          name,
          ...(note ? { note } : {}),
          createdAt: new Date(Date.UTC(2026, 7, 1, 10, 0, second)).toISOString(),
        },
        { suggesterUid: relative.uid, suggesterEmail: relative.email, suggesterName: relative.displayName },
      );
    // Hidden characters in a suggestion: shown without them, and accepted as shown.
    await suggest(1, 'Per\u200B Dahl\u202E', 'My grandfather;\u2066 I am his granddaughter', 1);
    await suggest(1, '<b>Ola</b> Dahl', undefined, 2);
    await suggest(2, 'Nils Brekke Jr.', 'The son, not the father', 3);

    await openSignedIn(page, organiser, '/members/who-is-who/threshing-crew');
    const review = page.locator('.faces-review');
    await expect(review.locator('.faces-review-face')).toHaveCount(2);
    const first = review.locator('.faces-review-face').first();
    await expect(first.getByRole('heading')).toHaveText('No. 1 · Now: Name not known yet');
    await expect(first.locator('.list-group-item')).toHaveCount(2);
    // A relative's text is text: the tags show as typed, nothing is made bold.
    await expect(first.getByText('<b>Ola</b> Dahl')).toBeVisible();
    await expect(first.locator('b')).toHaveCount(0);
    // Who wrote it: the verified sign-in address first, labelled; the name typed on the account after it, as text.
    const from = first.locator('.list-group-item', { hasText: 'Per Dahl' }).locator('.suggestion-from');
    await expect(from.locator('.sender-email')).toHaveText(`Sign-in address: ${relative.email}`);
    await expect(from.locator('.sender-name')).toHaveText(`Name on the account: ${spoof}`);
    expect(await from.textContent()).not.toMatch(/[\u200B\u202A-\u202E\u2066-\u2069]/);
    expect(await first.locator('.suggestion-body').first().textContent()).toContain(
      'Per DahlMy grandfather; I am his granddaughter',
    );

    await first
      .locator('.list-group-item', { hasText: 'Per Dahl' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(page.locator('.face-list-entries > li').first()).toContainText('Per Dahl');
    await first.getByRole('button', { name: 'Reject' }).click();
    await expect(review.locator('.faces-review-face')).toHaveCount(1);
    await review.getByRole('button', { name: 'Reject' }).click();
    await expect(review).toContainText('No suggestions are waiting.');

    // An organiser's own edit: face 3 named and given its box by a tap on the picture.
    await page.locator('.face-list-entries > li', { hasText: /^3/ }).getByRole('button').click();
    const details = page.locator('.face-details');
    await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Lars Øvre');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('No. 3: Lars Øvre');
    await page.getByRole('button', { name: 'Place the box on the picture' }).click();
    await expect(page.locator('.deep-zoom-viewer')).toHaveAttribute('data-picture-shown', '');
    const canvas = page.locator('.openseadragon-canvas');
    const area = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: area.width * (1000 / 1200), y: area.height * 0.5 } });
    await expect(page.locator('.face-box-number', { hasText: /^3$/ })).toBeAttached();

    const saved = await readFacesFile(bucket, 'threshing-crew');
    expect(saved?.faces.map(({ number, name, note }) => ({ number, name, note }))).toEqual([
      { number: 1, name: 'Per Dahl', note: 'My grandfather; I am his granddaughter' },
      { number: 2, name: 'Nils Brekke', note: undefined },
      { number: 3, name: 'Lars Øvre', note: undefined },
    ]);
    // Each change kept the file it replaced, with who and what (organiser:faces -- history lists them).
    // Oldest first, in the order the command lists them (by the objects' times: ids are to the second).
    const versions = (await listVersions(bucket, 'threshing-crew')).reverse();
    expect(versions).toHaveLength(3);
    const changes = versions.map((version) => version.metadata);
    for (const metadata of changes) expect(metadata.organiserEmail).toBe(organiser.email);
    expect(changes.map((metadata) => metadata.change)).toEqual([
      expect.stringMatching(/^suggestion \S+ accepted: face 1 is "Per Dahl"$/),
      'face 3 edited: "Lars Øvre"',
      'box placed on face 3',
    ]);
    const placed = saved!.faces[2]!.box!;
    expect(placed.x + placed.width / 2).toBeCloseTo(1000 / 1200, 1);
    expect(await listSuggestions(bucket, 'threshing-crew')).toHaveLength(0);

    // The relative who suggested it sees the name accepted, and nothing of theirs waiting.
    const context = await browser.newContext({ viewport: PHONE });
    const relativePage = await context.newPage();
    await openSignedIn(relativePage, relative, '/members/who-is-who/threshing-crew');
    await expect(relativePage.locator('.face-list-entries > li').first()).toContainText('Per Dahl');
    await expect(relativePage.locator('.my-suggestions')).toHaveCount(0);
    await context.close();
  } finally {
    await close();
  }
});

test('a relative who is not approved is told why, in Norwegian, and reads no tile, no name and not the identification key of 1976', async ({
  page,
}) => {
  const relative = await accountFor('faces-unapproved', { approved: false });
  const tiles = watchTiles(page, GROUP_PHOTO_1976);
  await openSignedIn(page, relative, '/members/who-is-who/group-photo-1976', 'nb');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Hvem er hvem: Gruppebilde fra slektstreffet i 1976',
  );
  await expect(page.locator('.faces-approval')).toContainText(
    'bare slektninger som en arrangør har godkjent',
  );
  await expect(page.getByRole('button', { name: 'Sjekk på nytt' })).toBeVisible();
  expect(tiles).toHaveLength(0);

  const token = await idTokenOf(relative);
  // The key of 1976 names the same living people as the faces file: approval-only too, and its preview.
  const key = CATALOGUE.find((entry) => entry.id === 'group-photo-identification-1976')!;
  for (const path of [
    facesFilePathOf(GROUP_PHOTO_1976),
    descriptorPathOf(GROUP_PHOTO_1976),
    tilePathOf(GROUP_PHOTO_1976, 8, 0, 0),
    storagePathOf(key),
    thumbnailPathOf(key),
  ]) {
    const response = await fetch(mediaUrl(STORAGE_URL, BUCKET, path), {
      headers: { Authorization: `Firebase ${token}` },
    });
    expect(response.status, path).toBe(403);
  }
  await expectNoViolations(page, 'who is who, not approved (nb)');
});
