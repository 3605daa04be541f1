/**
 * The archive's search (issue 36), as relatives use it, each test with an account of its own:
 *   - an approved relative on a phone, in Norwegian: a surname from the 1976 group photo's key typed without its
 *     Norwegian letters lists that person's face, the rows of the attendees list and the pages of the genealogy book
 *     that name them, marked as written; a phrase of the scanned letter is found on its page (read by OCR); "Olson"
 *     finds "Olsen"; a page opens in the browser's PDF viewer at that page (the file fetched with
 *     the ID token, never a token address); the face flies the picture to it; axe;
 *   - a shared photo found by its caption (typed with "aa" for "å"), opened in the larger view, and not found again
 *     once its sharer removed it;
 *   - a verified relative who is not approved: no face, and the approval-only texts refused by storage.rules.
 */
import { gunzipSync } from 'node:zlib';
import { CATALOGUE } from '../src/domain/catalogue.ts';
import { GROUP_PHOTO_1976 } from '../src/domain/faces.ts';
import { searchTextsPathOf } from '../src/domain/search.ts';
import { mediaUrl } from '../src/firebase/media-url.ts';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import { demoKey } from '../tools/local/seed/group-photo/people.ts';
import { SCANNED_LETTER_PHRASE } from '../tools/local/seed/demo-documents/scanned-letter.ts';
import { expectNoViolations } from './support/a11y.ts';
import { accountsOfEachTest } from './support/organiser';
import { idTokenOf } from './support/photos-page';
import { openSignedIn } from './support/session.ts';
import { seedSharedPhotos } from './support/photo-files.ts';
import { expect, test } from './support/test.ts';

const account = accountsOfEachTest(test);
const PHONE = { width: 390, height: 844 };
/** A named person of the key whose surname has a Norwegian letter (Erik Sæther). */
const SAETHER = demoKey().find((line) => line.name?.includes('Sæther'))!;
const BOOK = CATALOGUE.find((entry) => entry.id === 'genealogy-book-1986')!;

test('an approved relative on a phone, in Norwegian: a surname typed without its letters finds the face and the book’s pages, each opening where it is', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const relative = await account('search-approved');
  await page.setViewportSize(PHONE);
  const tokenAddresses: string[] = [];
  page.on('request', (request) => {
    if (/[?&]token=/.test(request.url())) tokenAddresses.push(request.url());
  });
  await openSignedIn(page, relative, '/members/search', 'nb');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Søk i arkivet');
  const box = page.getByRole('searchbox', { name: 'Søk etter et navn, et sted eller et ord' });
  await box.fill('Saether');

  // The face, by its name as written, with a link to it on the picture.
  const faces = page.getByRole('region', { name: 'Navn på bildene' });
  const face = faces.getByRole('listitem').filter({ hasText: SAETHER.name! });
  await expect(face.locator('mark')).toHaveText('Sæther');
  const faceLink = face.getByRole('link', {
    name: `Nr. ${SAETHER.number} på «Gruppebilde fra slektstreffet i 1976»`,
  });
  await expect(faceLink).toBeVisible();
  // The book's pages that name the family, the matches marked as written.
  const documents = page.getByRole('region', { name: 'I dokumentene' });
  const book = documents
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Slektsbok fra 1986' }) });
  await expect(book.locator('.search-hit').first().locator('mark').first()).toHaveText(/^Sæther/);
  await expect(page.getByRole('status')).toHaveText(/^\d+ treff$/);
  await expectNoViolations(page, 'the search, results in Norwegian on a phone');

  // The attendees list of 1976 (approved relatives only) names them too, row by row.
  const attendees = documents
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Deltakerliste fra slektstreffet i 1976' }) });
  await expect(
    attendees.getByRole('button', { name: /^Rad \d+ i «Deltakerliste fra slektstreffet i 1976»$/ }).first(),
  ).toBeVisible();

  // A phrase of the scanned letter of 1904 (no text of its own: read by OCR), found on its page.
  await box.fill(SCANNED_LETTER_PHRASE);
  const letter = documents
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Brev fra 1904 (oversatt)' }) });
  await expect(letter.getByRole('button', { name: 'Side 1 i «Brev fra 1904 (oversatt)»' })).toBeVisible();

  // "Olson" finds "Olsen" too.
  // (Results follow the typing: on a slow machine the last query's stay a moment, so each is waited for.)
  await box.fill('Olson');
  await expect(documents.locator('mark', { hasText: /^Olsen$/ }).first()).toBeVisible();
  await expect(documents.locator('mark', { hasText: /^Olson$/ }).first()).toBeVisible();

  // A page opens in the browser's PDF viewer, at that page: a new tab opened at the click (no pop-up blocker stops
  // it), then given the file fetched with the ID token. (Headless Chromium saves a PDF instead of showing it: the
  // tab the page opens is recorded here: the site's own Chromium shows it at that page.)
  await page.evaluate(() => {
    const opened = window as unknown as { openedAt?: string };
    window.open = () =>
      ({
        location: {
          set href(address: string) {
            opened.openedAt = address;
          },
        },
        close() {},
      }) as unknown as Window;
  });
  await box.fill('Saether');
  await expect(documents.locator('mark', { hasText: /^Olson$/ })).toHaveCount(0);
  const firstPage = book.getByRole('button', { name: /^Side \d+ i «Slektsbok fra 1986»$/ }).first();
  const pageNumber = Number(/\d+/.exec((await firstPage.textContent()) ?? '')![0]);
  await firstPage.click();
  const openedAt = async () => page.evaluate(() => (window as unknown as { openedAt?: string }).openedAt);
  await expect
    .poll(openedAt)
    .toMatch(new RegExp(`^blob:http://127\\.0\\.0\\.1:5000/[0-9a-f-]+#page=${pageNumber}$`));
  expect(tokenAddresses).toEqual([]);

  // The face: the picture flies to it, chosen.
  await faceLink.click();
  await expect(page).toHaveURL(
    new RegExp(`/nb/members/who-is-who/${GROUP_PHOTO_1976}#face-${SAETHER.number}$`),
  );
  await expect(page.locator('.face-details').getByRole('heading', { level: 2 })).toContainText(
    `Nr. ${SAETHER.number}`,
  );
  expect(BOOK.kind).toBe('pdf');
});

test('a shared photo found by its caption opens in the larger view, and is not found once its sharer removed it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const relative = await account('search-captions');
  // A word of this test's own, so that no other test's photo is found with it.
  const word = `kransekake${relative.uid
    .slice(-6)
    .toLowerCase()
    .replace(/[^a-z]/g, 'x')}`;
  const [photo] = await seedSharedPhotos(relative.uid, [{ caption: `Tante Åse skjærer ${word} i 1990` }]);
  await openSignedIn(page, relative, '/members/search');
  const box = page.getByRole('searchbox', { name: 'Search for a name, a place or a word' });
  await box.fill(`aase ${word}`);
  const captions = page.getByRole('region', { name: 'In the photos’ captions' });
  const hit = captions.getByRole('listitem');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText(['Åse', word]);
  await expect(page.getByRole('status')).toHaveText('1 result');
  await expectNoViolations(page, 'the search, a photo found by its caption');

  const open = hit.getByRole('button', { name: /^View the photo taken / });
  await open.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Tante Åse skjærer ${word} i 1990`);
  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(dialog).toBeHidden();
  await expect(captions).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(`Nothing found for “aase ${word}”.`);

  // Nor at the next visit, which reads the captions anew.
  await page.reload();
  await box.fill(`aase ${word}`);
  await expect(page.getByRole('status')).toHaveText(`Nothing found for “aase ${word}”.`);
  await expect(page.getByText('Reading the photos’ captions too…')).toHaveCount(0);
  await expect(captions).toHaveCount(0);
  expect(photo!.photoId).toBeTruthy();
});

test('a relative who is not approved searches the documents only: no face, and storage.rules refuse the approval-only texts', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const relative = await account('search-not-approved', { approved: false });
  await openSignedIn(page, relative, '/members/search');
  await expect(page.getByRole('main')).toContainText(
    'The lists of living people, the names on the 1976 group photo and the photos’ captions are searched too once an organiser has approved your account.',
  );
  await page.getByRole('searchbox', { name: 'Search for a name, a place or a word' }).fill('Saether');
  await expect(page.getByRole('region', { name: 'In the documents' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Names on the pictures' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'In the photos’ captions' })).toHaveCount(0);
  await expect(page.getByText('Reading the photos’ captions too…')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(SAETHER.name!);
  await expectNoViolations(page, 'the search of a relative who is not approved');

  // What the account's token reads: the verified texts, holding no approval-only file; the others refused.
  const token = await idTokenOf(relative);
  const read = (level: 'verified' | 'approved') =>
    fetch(mediaUrl(STORAGE_URL, BUCKET, searchTextsPathOf(level)), {
      headers: { Authorization: `Firebase ${token}` },
    });
  const verified = await read('verified');
  expect(verified.status).toBe(200);
  // Gzipped JSON (src/domain/search.ts), which the page unpacks itself.
  const texts = JSON.parse(gunzipSync(await verified.arrayBuffer()).toString('utf8')) as {
    files: { id: string }[];
  };
  const approvalOnly = CATALOGUE.filter((entry) => entry.approvalOnly).map((entry) => entry.id);
  expect(texts.files.map((file) => file.id).filter((id) => approvalOnly.includes(id))).toEqual([]);
  expect((await read('approved')).status).toBe(403);
});
