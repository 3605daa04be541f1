/**
 * organiser:archive against the in-process emulators, on a bucket with what the archive must hold (member files, a
 * picture with named faces, a shared photo with a caption) and what it must not (a waiting photo, a suggestion,
 * e-mail addresses): the bag passes the BagIt validator (proven on the Library of Congress' conformance suite in
 * tools/archive), exiftool reads the caption, the date and the names back, every link of both indexes opens a file
 * of the bag, and nothing an approved relative cannot see is in it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ExifToolProcess } from '../../admin/archive/metadata/exiftool.ts';
import { readMetadata } from '../../admin/archive/metadata/read.ts';
import { saveFacesFile, saveSuggestion } from '../../admin/bucket/faces.ts';
import { saveObject } from '../../admin/bucket/member-files.ts';
import { makeSharedPhoto, publishSharedPhoto } from '../../admin/bucket/shared-photos.ts';
import { CATALOGUE, storagePathOf } from '../../src/domain/catalogue.ts';
import { GROUP_PHOTO_1976 } from '../../src/domain/faces.ts';
import { pendingMetadata, photoPathOf } from '../../src/domain/photos.ts';
import { validateBag } from '../../tools/archive/bagit-validate.ts';
import { seedStorage } from '../../tools/local/seed/seed-storage.ts';
import { useTestEmulators } from '../core/test-support.ts';
import { main as archive } from './archive.ts';

const BUCKET = 'demo-reunion.firebasestorage.app';
const emulators = useTestEmulators();
const PHOTO_ID = '20260711T190322Z_k3J9xQ2mPa';
const WAITING_ID = '20260712T101500Z_q8Wm2Zr5Tb';
const SHARER_EMAIL = 'kari.sharer@example.org';
const SUGGESTER_EMAIL = 'sugg.ester@example.org';
const CAPTION = 'Kari og Øystein ved kirken <b>&</b> "the barn"';
const folder = mkdtempSync(join(tmpdir(), 'reunion-archive-'));
const bag = join(folder, 'archive');
const exiftool = new ExifToolProcess();

async function run(...argv: string[]) {
  const ctx = emulators.context();
  const code = await archive(argv, ctx);
  return { code, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
}

/** Every file below `root`, as paths relative to it with forward slashes. */
function filesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(root, path)).isFile())
    .map((path) => path.split('\\').join('/'))
    .sort();
}

let output: Awaited<ReturnType<typeof run>>;

beforeAll(async () => {
  const bucket = emulators.admin.bucket(BUCKET);
  await seedStorage(bucket, { largeFileBytes: 0, texts: false });
  // The group photo: a small picture, 640 x 380, and its faces, two named.
  const picture = await sharp({
    create: { width: 640, height: 380, channels: 3, background: { r: 200, g: 190, b: 170 } },
  })
    .jpeg()
    .toBuffer();
  const entry = CATALOGUE.find((e) => e.id === GROUP_PHOTO_1976)!;
  await saveObject(bucket, storagePathOf(entry), picture, { contentType: 'image/jpeg', metadata: {} });
  await saveFacesFile(bucket, {
    fileId: GROUP_PHOTO_1976,
    width: 640,
    height: 380,
    faces: [
      {
        number: 1,
        row: 1,
        name: 'Ole Øvrebø',
        note: 'Farfar',
        box: { x: 0.1, y: 0.2, width: 0.1, height: 0.15 },
      },
      {
        number: 2,
        row: 1,
        name: '=HYPERLINK("http://evil")',
        box: { x: 0.4, y: 0.2, width: 0.1, height: 0.15 },
      },
      { number: 3, row: 2 },
    ],
  });
  await saveSuggestion(
    bucket,
    'suggester-uid',
    {
      id: '20260713T080000Z_Sugg3stion',
      fileId: GROUP_PHOTO_1976,
      face: 3,
      name: 'Secret Suggestion',
      createdAt: '2026-07-13T08:00:00Z',
    },
    { suggesterUid: 'suggester-uid', suggesterEmail: SUGGESTER_EMAIL },
  );
  // A shared photo, with a caption a relative typed and a name the approver confirmed.
  const phone = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  await publishSharedPhoto(bucket, PHOTO_ID, await makeSharedPhoto(phone), {
    caption: CAPTION,
    takenAt: '2026-07-11T19:03:22Z',
    width: '300',
    height: '200',
    uploaderUid: 'sharer-uid',
    uploaderName: 'Kari Nordmann',
  });
  // A photo waiting for approval, with its sharer's e-mail address.
  await saveObject(bucket, photoPathOf({ state: 'pending', uid: 'sharer-uid', photoId: WAITING_ID }), phone, {
    contentType: 'image/jpeg',
    metadata: pendingMetadata({
      takenAt: new Date('2026-07-12T10:15:00Z'),
      width: 300,
      height: 200,
      uploaderUid: 'sharer-uid',
      uploaderEmail: SHARER_EMAIL,
      caption: 'Waiting caption',
    }),
  });
  output = await run(bag, '--made-by', 'Anne and Lars, the organisers');
}, 120_000);

afterAll(async () => {
  await exiftool.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('organiser:archive', () => {
  it('writes a bag the validator accepts, and says what it holds', async () => {
    expect(output.err).toBe('');
    expect(output.code).toBe(0);
    expect(output.out).toMatch(
      /^Archive written: \d+ files \(.+\): \d+ member files, 1 shared photo, 1 named picture, \d+ pages\.$/m,
    );
    expect(await validateBag(bag)).toEqual({ valid: true, problems: [] });
    const bagInfo = readFileSync(join(bag, 'bag-info.txt'), 'utf8');
    expect(bagInfo).toMatch(/^Contact-Name: Anne and Lars, the organisers$/m);
    expect(bagInfo).toMatch(/^Payload-Oxum: \d+\.\d+$/m);
    expect(readFileSync(join(bag, 'manifest-sha512.txt'), 'utf8')).toMatch(
      /^[0-9a-f]{128} {2}data\/index\.html$/m,
    );
  });

  it('holds every member file as uploaded, the pages in both languages, and nothing a relative cannot see', () => {
    const files = filesBelow(join(bag, 'data'));
    for (const entry of CATALOGUE)
      expect(files.some((path) => path.startsWith(`files/${entry.id}.`))).toBe(true);
    expect(files).toContain('who-is-who/group-photo-1976.jpg');
    expect(files).toContain('who-is-who/group-photo-1976-names.csv');
    expect(files).toContain(`photos/${PHOTO_ID}.jpg`);
    expect(files.filter((path) => path.startsWith('pages/en/')).length).toBeGreaterThan(4);
    expect(files.filter((path) => path.startsWith('pages/nb/')).length).toBe(
      files.filter((path) => path.startsWith('pages/en/')).length,
    );
    expect(files.join('\n')).not.toMatch(WAITING_ID);
    expect(files.join('\n')).not.toMatch(/(^|\/)(suggestions|history|pending|removed|thumbnails|details)\//m);
    // No relative's e-mail address, no suggestion and no waiting caption in any file's bytes (the organisers'
    // address on the contact page is public).
    for (const path of filesBelow(bag)) {
      const text = readFileSync(join(bag, path)).toString('latin1');
      for (const secret of [SHARER_EMAIL, SUGGESTER_EMAIL, 'Secret Suggestion', 'Waiting caption'])
        expect(text.includes(secret), `${path} holds "${secret}"`).toBe(false);
    }
  });

  it("writes the shared photo's caption, date and who shared it into the JPEG (exiftool reads them back)", async () => {
    const read = await readMetadata(join(bag, 'data', 'photos', `${PHOTO_ID}.jpg`), exiftool);
    expect(read.caption).toBe(CAPTION);
    expect(read.takenAt).toBe('2026-07-11T19:03:22.000Z');
    expect(read.sharedBy).toBe('Kari Nordmann');
  });

  it('writes each named face as an MWG region with its name, and the names as CSV that no spreadsheet runs', async () => {
    const read = await readMetadata(join(bag, 'data', 'who-is-who', 'group-photo-1976.jpg'), exiftool);
    expect(read.regions.map((region) => region.name)).toEqual(['Ole Øvrebø', '=HYPERLINK("http://evil")']);
    expect(read.regionsAppliedTo).toEqual({ width: 640, height: 380 });
    const csv = readFileSync(join(bag, 'data', 'who-is-who', 'group-photo-1976-names.csv'), 'utf8');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFnumber,name,note,row,x,y,width,height',
      '1,Ole Øvrebø,Farfar,1,0.1,0.2,0.1,0.15',
      `2,"'=HYPERLINK(""http://evil"")",,1,0.4,0.2,0.1,0.15`,
      '3,,,2,,,,',
      '',
    ]);
  });

  it('has an index in each language with no script, whose every link opens a file of the bag', () => {
    const data = join(bag, 'data');
    for (const [index, words] of [
      ['index.html', ['The family archive of the Rolette reunions', '1976 Reunion Program', 'Kari Nordmann']],
      [
        'nb/index.html',
        ['Slektsarkivet fra slektstreffene i Rolette', 'Bilder delt av slektninger', 'Farfar'],
      ],
    ] as const) {
      const html = readFileSync(join(data, index), 'utf8');
      for (const word of words) expect(html).toContain(word);
      expect(html).not.toMatch(/<script|<link|<iframe|<img|\son\w+=|javascript:/i);
      // The caption as text, never as markup.
      expect(html).toContain('Kari og Øystein ved kirken &lt;b&gt;&amp;&lt;/b&gt; &quot;the barn&quot;');
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
      expect(hrefs.length).toBeGreaterThan(CATALOGUE.length);
      for (const href of hrefs) {
        if (href.startsWith('#')) {
          expect(html).toContain(`id="${href.slice(1)}"`);
          continue;
        }
        const target = resolve(dirname(join(data, index)), decodeURIComponent(href));
        expect(relative(data, target).startsWith('..'), `${index}: ${href} leaves data/`).toBe(false);
        expect(existsSync(target), `${index}: ${href}`).toBe(true);
      }
    }
  });

  it('writes HTML the Nu HTML Checker finds valid (the checker first shown to refuse a broken page)', () => {
    const broken = join(folder, 'broken.html');
    writeFileSync(
      broken,
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body><p><div></p></body></html>',
    );
    const pages = filesBelow(join(bag, 'data'))
      .filter((path) => path.endsWith('.html'))
      .map((path) => join(bag, 'data', path));
    expect(pages.length).toBeGreaterThan(10);
    const vnu = String(createRequire(import.meta.url)('vnu-jar'));
    const result = spawnSync('java', ['-jar', vnu, '--errors-only', '--format', 'gnu', broken, ...pages], {
      encoding: 'utf8',
    });
    const errors = `${result.stdout}${result.stderr}`.trim().split('\n');
    // Every error is the broken page's (a missing <title>, a <div> in a <p>...), and there are some.
    expect(errors.length).toBeGreaterThan(1);
    expect(errors.filter((line) => !line.includes(broken))).toEqual([]);
  });

  it('has a README in English and Norwegian: what it is, who made it, living people, how to check it', () => {
    const readme = readFileSync(join(bag, 'README.txt'), 'utf8');
    for (const text of [
      'THE FAMILY ARCHIVE OF THE ROLETTE REUNIONS',
      'by Anne and Lars, the organisers.',
      'Living people',
      'sha512sum -c manifest-sha512.txt',
      'SLEKTSARKIVET FRA SLEKTSTREFFENE I ROLETTE',
      'av Anne and Lars, the organisers.',
      'Levende personer',
    ])
      expect(readme).toContain(text);
    expect(readme).toMatch(/\b1 photo shared by\s+relatives/);
    expect(readme).toMatch(/\b1 bilde delt av\s+slektninger/);
  });

  it('refuses a folder that is not empty, and a site that was never built, before reading the bucket', async () => {
    // Storage out of reach: the refusals come first, without a request.
    const unreachable = async (...argv: string[]) => {
      const ctx = emulators.context();
      const code = await archive(argv, {
        ...ctx,
        env: { ...ctx.env, STORAGE_EMULATOR_URL: 'http://127.0.0.1:9' },
      });
      return { code, err: ctx.io.stderr.join('\n') };
    };
    const again = await unreachable(bag);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^organiser:archive failed: The archive was not written: .* is not empty/m);
    const noSite = await unreachable(join(folder, 'other'), '--site', join(folder, 'no-such-site'));
    expect(noSite.code).toBe(1);
    expect(noSite.err).toMatch(/npm run build/);
    expect(existsSync(join(folder, 'other'))).toBe(false);
    expect(existsSync(join(folder, 'other.partial'))).toBe(false);
  });

  it('needs one folder, and --made-by on one line', async () => {
    expect((await run()).code).toBe(2);
    expect((await run(join(folder, 'x'), '--made-by', 'a\nb')).code).toBe(2);
  });
});
