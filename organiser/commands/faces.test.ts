/**
 * organiser:faces against the in-process Storage emulator (the rules mirror) and Auth emulator on random ports: a
 * catalogue picture uploaded as organiser:upload stores it, opened (and opened again), an identification key
 * imported (and a bad one refused whole), relatives' suggestions listed, accepted and rejected (on a real project
 * only after a yes), the faces exported as CSV a spreadsheet cannot run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';

import { CATALOGUE, storagePathOf } from '../../src/domain/catalogue.ts';
import {
  FACES_PREFIX,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  descriptorPathOf,
  facesFilePathOf,
  suggestionPathOf,
  type Face,
  type FacesFile,
  type Suggestion,
} from '../../src/domain/faces.ts';
import { readFacesFile, saveFacesFile, saveSuggestion } from '../../admin/bucket/faces.ts';
import {
  DOWNLOAD_TOKENS_METADATA_KEY,
  memberFileMetadata,
  saveObject,
} from '../../admin/bucket/member-files.ts';
import type { Bucket } from '../../admin/firebase-admin.ts';
import { controlCharacters, useTestEmulators } from '../core/test-support.ts';
import { SUBCOMMANDS, main } from './faces.ts';
import { mergeKey } from './faces/import-key.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const GROUP = 'group-photo-1976';
const CREW = 'threshing-crew';
const emulators = useTestEmulators(PROJECT);
let bucket: Bucket;
const folder = mkdtempSync(join(tmpdir(), 'organiser-faces-'));

beforeAll(() => {
  bucket = emulators.admin.bucket(BUCKET);
});
beforeEach(async () => {
  await bucket.deleteFiles({ prefix: 'members/' });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const context = () => emulators.context();
type TestContext = ReturnType<typeof context>;

async function faces(argv: string[], overrides: Partial<TestContext> = {}) {
  const ctx: TestContext = { ...context(), ...overrides };
  const code = await main(argv, ctx);
  return { code, io: ctx.io, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
}

/** The catalogue picture, stored as organiser:upload stores it: a JPEG of two colours. */
async function upload(fileId: string, width: number, height: number, target: Bucket = bucket): Promise<void> {
  const entry = CATALOGUE.find((candidate) => candidate.id === fileId)!;
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#a63' } })
    .jpeg()
    .toBuffer();
  await saveObject(target, storagePathOf(entry), jpeg, memberFileMetadata(entry));
}

const ID_A = '20260711T190322Z_k3J9xQ2mPa';
const ID_B = '20260712T080000Z_Zz9Yy8Xx7W';
const ID_C = '20260710T120000Z_abcdefghij';
const ID_D = '20260713T101500Z_QqWwEeRrTt';

function suggest(
  fileId: string,
  id: string,
  face: number,
  name: string,
  { note, uid = 'uid-member', target = bucket }: { note?: string; uid?: string; target?: Bucket } = {},
): Promise<string> {
  const suggestion: Suggestion = {
    id,
    fileId,
    face,
    name,
    ...(note && { note }),
    createdAt: `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}T${id.slice(9, 11)}:${id.slice(11, 13)}:00.000Z`,
  };
  return saveSuggestion(target, uid, suggestion, {
    suggesterUid: uid,
    suggesterEmail: `${uid.replace('uid-', '')}@example.com`,
    suggesterName: `Demo ${uid.replace('uid-', '')}`,
  });
}

const groupFaces = (list: Face[]): FacesFile => ({ fileId: GROUP, width: 1000, height: 700, faces: list });
const BOX = { x: 0.1, y: 0.2, width: 0.05, height: 0.07 };

async function objects(prefix = FACES_PREFIX): Promise<string[]> {
  const [files] = await bucket.getFiles({ prefix });
  return files.map((file) => file.name).sort();
}

async function facesText(fileId = GROUP): Promise<string> {
  return (await bucket.file(facesFilePathOf(fileId)).download())[0].toString('utf8');
}

function keyFile(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

describe('organiser:faces open', () => {
  it('cuts the uploaded picture into tiles, makes the faces file and says where; no token, no custom metadata', async () => {
    await upload(GROUP, 600, 400);
    const { code, io } = await faces(['open', GROUP]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(
      `Target: local emulators (${PROJECT}), bucket gs://${BUCKET} at ${emulators.storage.url}`,
    );
    const stored = await objects();
    const tiles = stored.filter((path) => path.includes('/image_files/'));
    expect(io.stdout).toContain(
      `Cut gs://${BUCKET}/members/images/${GROUP}.jpg (600 x 400 px) into ${tiles.length} tiles in 11 levels: ` +
        `gs://${BUCKET}/members/faces/${GROUP}/`,
    );
    expect(io.stdout).toContain(`Faces file made: ${facesFilePathOf(GROUP)}, no faces yet.`);
    expect(io.stdout.at(-1)).toBe(
      'the markers on the who-is-who page as an organiser: /members/who-is-who/group-photo-1976',
    );
    expect(stored).toEqual([descriptorPathOf(GROUP), facesFilePathOf(GROUP), ...tiles].sort());
    expect(await readFacesFile(bucket, GROUP)).toEqual({ fileId: GROUP, width: 600, height: 400, faces: [] });
    for (const path of stored) {
      const [metadata] = await bucket.file(path).getMetadata();
      expect(metadata.metadata?.[DOWNLOAD_TOKENS_METADATA_KEY], path).toBeUndefined();
      expect(metadata.metadata ?? {}, path).toEqual({});
    }
  });

  it('a picture storage.rules does not list yet: opened, and the organiser is told where to add it', async () => {
    await upload(CREW, 300, 200);
    const { code, io } = await faces(['open', CREW]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout.slice(-3)).toEqual([
      `Relatives cannot suggest names for ${CREW} yet: add '${CREW}' to the list in the function`,
      'picturesForNaming() in storage.rules, then deploy the site and the rules: npm run organiser:deploy.',
      'Until then its who-is-who page shows the names without the form (organisers can name faces).',
    ]);
  });

  it('opened again: cut again, every face and name kept, the tiles of the earlier (larger) cut deleted', async () => {
    await upload(GROUP, 1000, 700);
    expect((await faces(['open', GROUP])).code).toBe(0);
    const named = [
      { number: 1, box: BOX, row: 1, name: 'Ole Haugen', note: 'Far' },
      { number: 2, name: 'Kari Nordmann' },
    ];
    await saveFacesFile(bucket, groupFaces(named));
    const before = await objects();
    await upload(GROUP, 300, 200);

    const { code, io } = await faces(['open', GROUP]);
    expect(code, io.text()).toBe(0);
    const after = await objects();
    const gone = before.filter((path) => !after.includes(path));
    expect(gone.length).toBeGreaterThan(0);
    expect(io.stdout).toContain(`Deleted ${gone.length} tiles of an earlier cut.`);
    expect(io.stdout.at(-1)).toBe(
      "Faces file kept: 2 faces (2 named, 1 with a marker); the picture's size changed from 1000 x 700 px.",
    );
    expect(after.some((path) => path.includes('/image_files/10/'))).toBe(false);
    expect(after).toContain(`${FACES_PREFIX}${GROUP}/image_files/9/0_0.jpeg`);
    expect(await readFacesFile(bucket, GROUP)).toEqual({
      fileId: GROUP,
      width: 300,
      height: 200,
      faces: named,
    });
  });

  it('a picture not uploaded, or one that is no picture: exit 1, nothing made', async () => {
    const missing = await faces(['open', CREW]);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(
      `organiser:faces failed: The picture is not in the bucket (gs://${BUCKET}/members/images/${CREW}.jpg). ` +
        'Nothing was changed. Upload it first: npm run organiser:upload -- <folder>',
    );
    const entry = CATALOGUE.find((candidate) => candidate.id === CREW)!;
    await saveObject(bucket, storagePathOf(entry), Buffer.from('not a jpeg'), memberFileMetadata(entry));
    const broken = await faces(['open', CREW]);
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(
      /^organiser:faces failed: gs:\/\/.*\/threshing-crew\.jpg is not a picture that can be read \(.*\)\. Nothing was changed\. Upload it again\.$/,
    );
    expect(await objects()).toEqual([]);
  });

  it('a faces file that cannot be read stops it before anything changes', async () => {
    await upload(GROUP, 300, 200);
    await bucket.file(facesFilePathOf(GROUP)).save('{"faces": [');
    const { code, err } = await faces(['open', GROUP]);
    expect(code).toBe(1);
    expect(err).toContain('faces.json is not a faces file that can be read');
    expect(err).toContain('Nothing was changed.');
    expect(await objects()).toEqual([facesFilePathOf(GROUP)]);
  });
});

describe('organiser:faces import', () => {
  beforeEach(async () => {
    await saveFacesFile(
      bucket,
      groupFaces([
        { number: 1, box: BOX, row: 2, name: 'Ole', note: 'Far' },
        { number: 2, box: BOX },
        { number: 5, name: 'Per' },
      ]),
    );
  });

  it('merges a key with a header (quotes, commas, a BOM, CRLF, a box and a row): what a line does not give is kept', async () => {
    const key = keyFile(
      'key.csv',
      '\uFEFFNumber,Name,Note,Row,x,y,width,height\r\n' +
        '1,"Haugen, Ole","called ""Big Ole""",,,,,\r\n' +
        '2,Kari  Nordmann,,1,0.5,0.25,0.1,0.125\r\n' +
        '3,"Anna\tLarsen",,3,,,,\r\n' +
        '5,Per,,,,,,\r\n',
    );
    const { code, io } = await faces(['import', GROUP, key]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(
      'changed: face 1: name "Haugen, Ole" (was "Ole"), note "called "Big Ole"" (was "Far")',
    );
    expect(io.stdout).toContain('changed: face 2: name "Kari Nordmann", row 1, marker');
    expect(io.stdout).toContain('added: face 3: name "Anna Larsen", row 3');
    expect(io.stdout.at(-1)).toBe(
      'Faces file of group-photo-1976 saved: 4 faces (4 named); 1 added, 2 changed, 1 as they were.',
    );
    expect((await readFacesFile(bucket, GROUP))!.faces).toEqual([
      { number: 1, box: BOX, row: 2, name: 'Haugen, Ole', note: 'called "Big Ole"' },
      { number: 2, box: { x: 0.5, y: 0.25, width: 0.1, height: 0.125 }, row: 1, name: 'Kari Nordmann' },
      { number: 3, row: 3, name: 'Anna Larsen' },
      { number: 5, name: 'Per' },
    ]);
    // Again: nothing to do.
    const again = await faces(['import', GROUP, key]);
    expect(again.code).toBe(0);
    expect(again.io.stdout.at(-1)).toBe(
      'Nothing to change: the faces file of group-photo-1976 has all 4 lines of ' + `${key} already.`,
    );
  });

  it('without a header: number,name,note; a path relative to where the command was typed', async () => {
    keyFile('plain.csv', '7,Nils Dahl\n8,Ingrid,Mor\n');
    const ctx = context();
    ctx.env = { ...ctx.env, INIT_CWD: folder };
    const { code, io } = await faces(['import', GROUP, 'plain.csv'], ctx);
    expect(code, io.text()).toBe(0);
    expect((await readFacesFile(bucket, GROUP))!.faces.slice(3)).toEqual([
      { number: 7, name: 'Nils Dahl' },
      { number: 8, name: 'Ingrid', note: 'Mor' },
    ]);
  });

  it('a bad key: every bad line with its number, and nothing changed', async () => {
    const before = await facesText();
    const key = keyFile(
      'bad.csv',
      [
        'number,name,note,row,x,y,width,height',
        'x,Ole,,,,,,',
        '0,Kari,,,,,,',
        '3,Per,,,,,,',
        '3,Pål,,,,,,',
        `4,${'n'.repeat(MAX_NAME_LENGTH + 1)},${'m'.repeat(MAX_NOTE_LENGTH + 1)},,,,,`,
        '6,Anna,,first,0.1,,,',
        '7,Nils,,,0.9,0.1,0.2,0.1',
        '8,Ingrid,,,"0,5",0.1,0.1,0.1',
        '9,Berit,,,,,,,extra',
        '10,"\u001b\u0007",,,,,,',
        '11,"Ola" Dahl,,,,,,',
        '12,Fine,,,,,,',
        '13,"Not closed',
        '',
      ].join('\n'),
    );
    const { code, io } = await faces(['import', GROUP, key]);
    expect(code).toBe(1);
    expect(io.stderr).toEqual([
      `${key}: 11 bad lines; nothing was changed. Correct them and run it again:`,
      '  line 2: the number "x" is not a whole number from 1 up',
      '  line 3: the number "0" is not a whole number from 1 up',
      '  line 5: the number 3 is on line 4 already',
      `  line 6: the name is longer than ${MAX_NAME_LENGTH} characters; the note is longer than ${MAX_NOTE_LENGTH} characters`,
      '  line 7: the row "first" is not a whole number from 1 up; a box needs all four of x, y, width and height',
      '  line 8: the box is empty or reaches out of the picture',
      '  line 9: x, y, width and height are fractions of the picture, from 0 to 1 (a decimal point, not a comma)',
      '  line 10: more cells than the columns number,name,note,row,x,y,width,height',
      '  line 11: the name holds nothing but control characters',
      '  line 12: text after the closing quote of a cell (write a quote inside a quoted cell as "")',
      '  line 14: a quoted cell is not closed (a " is missing)',
    ]);
    expect(await facesText()).toBe(before);
  });

  it('mergeKey keeps what a line does not give and counts what changed', () => {
    const merged = mergeKey(
      [
        { number: 1, box: BOX, row: 1, name: 'Ole' },
        { number: 2, name: 'Kari' },
      ],
      [
        { line: 1, number: 1, note: 'Far' },
        { line: 2, number: 2, name: 'Kari' },
        { line: 3, number: 3 },
      ],
    );
    expect(merged).toEqual({
      faces: [
        { number: 1, box: BOX, row: 1, name: 'Ole', note: 'Far' },
        { number: 2, name: 'Kari' },
        { number: 3 },
      ],
      added: [3],
      changed: [1],
    });
  });

  it('a picture not opened, or a key that is not there: exit 1', async () => {
    const key = keyFile('crew.csv', '1,Ole\n');
    const notOpened = await faces(['import', CREW, key]);
    expect(notOpened.code).toBe(1);
    expect(notOpened.err).toBe(
      `organiser:faces failed: ${CREW} is not opened for naming yet (no ${facesFilePathOf(CREW)}). Nothing was ` +
        `changed. Open it first: npm run organiser:faces -- open ${CREW}`,
    );
    const missing = await faces(['import', GROUP, join(folder, 'none.csv')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(
      `organiser:faces failed: Cannot read the key ${join(folder, 'none.csv')} (ENOENT). Nothing was changed.`,
    );
  });
});

describe('organiser:faces list', () => {
  beforeEach(async () => {
    await saveFacesFile(
      bucket,
      groupFaces([{ number: 3, name: 'Ole Haugen' }, { number: 7 }, { number: 9, name: 'Kari' }]),
    );
    await saveFacesFile(bucket, { fileId: CREW, width: 10, height: 10, faces: [{ number: 1 }] });
  });

  it('the waiting suggestions by picture and face: the name now, then id, when, who, name and note', async () => {
    await suggest(GROUP, ID_B, 3, 'Ola Haugen', { note: 'My grandfather', uid: 'uid-member' });
    await suggest(GROUP, ID_A, 3, 'Ole Hågen', { uid: 'uid-relative' });
    await suggest(GROUP, ID_C, 7, 'Åse Lie');
    await suggest(CREW, ID_D, 1, 'Nils');
    await bucket.file(suggestionPathOf(GROUP, 'uid-x', ID_D)).save('not json');

    const { code, io } = await faces(['list']);
    expect(code, io.text()).toBe(0);
    expect(io.stdout.slice(1)).toEqual([
      '',
      'Opened for naming: group-photo-1976, threshing-crew.',
      '',
      'group-photo-1976: 3 suggestions waiting',
      '  face 3, now "Ole Haugen"',
      `    ${ID_A}  2026-07-11 19:03  relative@example.com (Demo relative)`,
      '      name: Ole Hågen',
      `    ${ID_B}  2026-07-12 08:00  member@example.com (Demo member)`,
      '      name: Ola Haugen',
      '      note: My grandfather',
      '  face 7, no name yet',
      `    ${ID_C}  2026-07-10 12:00  member@example.com (Demo member)`,
      '      name: Åse Lie',
      '',
      'threshing-crew: 1 suggestion waiting',
      '  face 1, no name yet',
      `    ${ID_D}  2026-07-13 10:15  member@example.com (Demo member)`,
      '      name: Nils',
      '',
      'Not readable as suggestions (1): reject them by the id in their name, or delete them in the Firebase console:',
      `  ${suggestionPathOf(GROUP, 'uid-x', ID_D)}`,
      '',
      'Accept with: npm run organiser:faces -- accept <suggestion id>... (or reject <suggestion id>...)',
    ]);

    const one = await faces(['list', CREW]);
    expect(one.code).toBe(0);
    expect(one.out).toContain(`    ${ID_D}  2026-07-13 10:15`);
    expect(one.out).not.toContain(ID_A);
    expect(one.out).not.toContain('Opened for naming');
  });

  it('prints what relatives wrote as text only, cut to the limits: escape sequences and control characters removed', async () => {
    await saveSuggestion(
      bucket,
      'uid-member',
      {
        id: ID_A,
        fileId: GROUP,
        face: 3,
        name: 'Ola\u001b[2K\r\u001b[1AAccepted!\u001b]52;c;cm0gLXJm\u0007 Haugen\u009b31m',
        note: `Line\u0007\none\u202e ${'x'.repeat(MAX_NOTE_LENGTH - 12)}`,
        createdAt: '2026-07-11T19:03:22\u001b[31mZ',
      },
      {
        suggesterUid: 'uid-member',
        suggesterEmail: 'member@example.com',
        suggesterName: `Demo\u001b]0;pwned\u0007 ${'N'.repeat(150)}`,
      },
    );
    const { code, io } = await faces(['list', GROUP]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(
      `    ${ID_A}  2026-07-11T19:03:22Z  member@example.com (Demo ${'N'.repeat(94)}…)`,
    );
    expect(io.stdout).toContain('      name: Ola Accepted! Haugen');
    expect(io.stdout).toContain(`      note: Line one ${'x'.repeat(MAX_NOTE_LENGTH - 12)}`);
    expect(controlCharacters([...io.stdout, ...io.stderr])).toEqual([]);
  });

  it('nothing waiting; no picture opened', async () => {
    const none = await faces(['list', CREW]);
    expect(none.io.stdout.slice(1)).toEqual(['', 'No suggestions waiting for threshing-crew.']);
    await bucket.deleteFiles({ prefix: FACES_PREFIX });
    const empty = await faces(['list']);
    expect(empty.io.stdout.slice(1)).toEqual([
      '',
      'No picture is opened for naming yet (npm run organiser:faces -- open <file id>).',
      'No suggestions waiting.',
    ]);
    // A suggestion left for a picture whose faces file is gone.
    await suggest(GROUP, ID_A, 3, 'Ola');
    const orphan = await faces(['list']);
    expect(orphan.io.stdout).toContain('  face 3, the picture is not opened (no faces file)');
  });
});

describe('organiser:faces accept and reject', () => {
  beforeEach(async () => {
    await saveFacesFile(
      bucket,
      groupFaces([
        { number: 3, box: BOX, row: 1, name: 'Ole Haugen', note: 'Far' },
        { number: 7, row: 2 },
      ]),
    );
    await saveFacesFile(bucket, { fileId: CREW, width: 10, height: 10, faces: [{ number: 1 }] });
  });

  it('accept names the faces (name and note suggested), across pictures, and deletes those suggestions only', async () => {
    await suggest(GROUP, ID_A, 3, ' Ola  Haugen ', { note: 'Grandfather\nof Kari' });
    await suggest(GROUP, ID_B, 7, 'Åse Lie');
    const keep = await suggest(GROUP, ID_C, 3, 'Someone else', { uid: 'uid-relative' });
    await suggest(CREW, ID_D, 1, 'Nils');

    const { code, io } = await faces(['accept', ID_A, `${ID_B}.json`, ID_D]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout.slice(1)).toEqual([
      `accepted: ${ID_A}: face 3 of group-photo-1976 is "Ola Haugen" (note "Grandfather of Kari")`,
      `accepted: ${ID_B}: face 7 of group-photo-1976 is "Åse Lie"`,
      `accepted: ${ID_D}: face 1 of threshing-crew is "Nils"`,
      '',
      '3 suggestions accepted. Approved relatives see the names on the who-is-who page now.',
    ]);
    expect((await readFacesFile(bucket, GROUP))!.faces).toEqual([
      { number: 3, box: BOX, row: 1, name: 'Ola Haugen', note: 'Grandfather of Kari' },
      { number: 7, row: 2, name: 'Åse Lie' },
    ]);
    expect((await readFacesFile(bucket, CREW))!.faces).toEqual([{ number: 1, name: 'Nils' }]);
    expect(await objects(`${FACES_PREFIX}${GROUP}/suggestions/`)).toEqual([keep]);
    expect(await objects(`${FACES_PREFIX}${CREW}/suggestions/`)).toEqual([]);
    // The faces file the command saved has no custom metadata, hence no token.
    const [metadata] = await bucket.file(facesFilePathOf(GROUP)).getMetadata();
    expect(metadata.metadata ?? {}).toEqual({});
  });

  it('an unknown id: exit 1, nothing changed', async () => {
    await suggest(GROUP, ID_A, 3, 'Ola');
    const before = [await facesText(), ...(await objects())];
    const { code, err } = await faces(['accept', ID_A, ID_B]);
    expect(code).toBe(1);
    expect(err).toBe(
      `organiser:faces failed: No suggestion is waiting with the id ${ID_B}. Nothing was changed. ` +
        '`npm run organiser:faces -- list` shows the waiting ones.',
    );
    const rejected = await faces(['reject', ID_B]);
    expect(rejected.code).toBe(1);
    expect(rejected.err).toContain(`No suggestion is waiting with the id ${ID_B}. Nothing was changed.`);
    expect([await facesText(), ...(await objects())]).toEqual(before);
  });

  it('two suggestions for one face, or one for a face the picture does not have: nothing changed', async () => {
    await suggest(GROUP, ID_A, 3, 'Ola');
    await suggest(GROUP, ID_B, 3, 'Per', { uid: 'uid-relative' });
    await suggest(GROUP, ID_C, 12, 'Nobody');
    const before = [await facesText(), ...(await objects())];
    const { code, err } = await faces(['accept', ID_A, ID_B, ID_C]);
    expect(code).toBe(1);
    expect(err).toBe(
      `organiser:faces failed: Nothing was changed: ${ID_A} and ${ID_B} are both for face 3 of ` +
        `group-photo-1976: accept one; ${ID_C} is for face 12, which group-photo-1976 does not have.`,
    );
    expect([await facesText(), ...(await objects())]).toEqual(before);
  });

  it('reject deletes the suggestions (one that cannot be read too, by the id in its name); accept refuses that one', async () => {
    const rejected = await suggest(GROUP, ID_A, 3, 'Ola');
    const keep = await suggest(GROUP, ID_B, 3, 'Per');
    const unreadable = suggestionPathOf(GROUP, 'uid-x', ID_C);
    await bucket.file(unreadable).save('not json');
    const before = await facesText();

    const refused = await faces(['accept', ID_C]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `organiser:faces failed: Not a suggestion that can be read, so it cannot be accepted: ${ID_C} ` +
        `(${unreadable}). Nothing was changed. Reject it.`,
    );

    const { code, io } = await faces(['reject', ID_A, ID_C]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout.slice(1)).toEqual([
      `rejected (deleted): ${ID_A}`,
      `rejected (deleted): ${unreadable}`,
      '',
      '2 suggestions deleted.',
    ]);
    const left = await objects();
    expect(left).toContain(keep);
    expect(left).not.toContain(rejected);
    expect(left).not.toContain(unreadable);
    expect(await facesText()).toBe(before);
  });
});

describe('organiser:faces export', () => {
  it('CSV on stdout only (number,name,note,row; quoted; formulas neutralised); it imports back unchanged', async () => {
    await saveFacesFile(
      bucket,
      groupFaces([
        { number: 1, name: 'Haugen, Ole', note: 'called "Big Ole"', row: 1, box: BOX },
        { number: 2, name: '=HYPERLINK("http://example.com","Kari")', note: '+47 123 45 678' },
        { number: 3, name: '-Per', note: '@home', row: 2 },
        { number: 4 },
        { number: 5, name: "'=quoted" },
        { number: 6, name: 'Nils', note: 'see key;=1+1;' },
      ]),
    );
    const { code, io } = await faces(['export', GROUP]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toEqual([
      'number,name,note,row',
      '1,"Haugen, Ole","called ""Big Ole""",1',
      `2,"'=HYPERLINK(""http://example.com"",""Kari"")",'+47 123 45 678,`,
      "3,'-Per,'@home,2",
      '4,,,',
      "5,''=quoted,,",
      // A spreadsheet set to semicolons splits this cell: the formula after the semicolon is guarded too.
      "6,Nils,see key;'=1+1;,",
    ]);
    expect(io.stderr).toEqual([
      `Target: local emulators (${PROJECT}), bucket gs://${BUCKET} at ${emulators.storage.url}`,
      'Exported 6 faces of group-photo-1976 (5 named).',
    ]);

    const key = keyFile('exported.csv', `${io.stdout.join('\n')}\n`);
    const back = await faces(['import', GROUP, key]);
    expect(back.code, back.io.text()).toBe(0);
    expect(back.io.stdout.at(-1)).toMatch(
      /^Nothing to change: the faces file of group-photo-1976 has all 6 lines/,
    );
  });

  it('a picture not opened: exit 1', async () => {
    const { code, io } = await faces(['export', CREW]);
    expect(code).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.at(-1)).toMatch(/^organiser:faces failed: threshing-crew is not opened for naming yet/);
  });
});

describe('organiser:faces on a real project: shows what it will change and asks first', () => {
  const REAL = 'my-reunion';
  const real = () => emulators.admin.bucket(`${REAL}.firebasestorage.app`);

  it.each(['accept', 'reject'])(
    '%s: refuses without a terminal, changes nothing on "no", goes ahead on "yes" or --yes',
    async (command) => {
      await real().deleteFiles({ prefix: FACES_PREFIX });
      await saveFacesFile(real(), groupFaces([{ number: 3, name: 'Ole Haugen' }]));
      const path = await suggest(GROUP, ID_A, 3, 'Ola Haugen', { target: real() });
      const argv = [command, ID_A, '--project', REAL];
      const exists = async () => (await real().file(path).exists())[0];

      const noTerminal = emulators.realProjectContext(undefined);
      const refused = await faces(argv, noTerminal.ctx);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`This will change the real project ${REAL}:`);
      expect(refused.out).toContain(
        command === 'accept'
          ? `  name face 3 of group-photo-1976: "Ola Haugen" from member@example.com (Demo member); now "Ole Haugen"`
          : `  delete the suggestion ${ID_A}: face 3 of group-photo-1976: "Ola Haugen" from member@example.com (Demo member)`,
      );
      expect(refused.err).toContain(
        'Nothing was changed: this changes a real project, and there is no terminal to ask.',
      );
      const no = emulators.realProjectContext('n');
      expect((await faces(argv, no.ctx)).code).toBe(1);
      expect(no.asked).toEqual(['Go ahead? Type yes to continue: ']);
      expect(await exists()).toBe(true);
      expect((await readFacesFile(real(), GROUP))!.faces[0]!.name).toBe('Ole Haugen');

      const yes = emulators.realProjectContext('yes');
      const done = await faces(argv, yes.ctx);
      expect(done.code, done.io.text()).toBe(0);
      expect(await exists()).toBe(false);
      expect((await readFacesFile(real(), GROUP))!.faces[0]!.name).toBe(
        command === 'accept' ? 'Ola Haugen' : 'Ole Haugen',
      );

      await suggest(GROUP, ID_A, 3, 'Ola Haugen', { target: real() });
      const flagged = emulators.realProjectContext(undefined);
      expect((await faces([...argv, '--yes'], flagged.ctx)).code).toBe(0);
      expect(flagged.asked).toEqual([]);
      expect(await exists()).toBe(false);
    },
  );
});

describe('organiser:faces errors', () => {
  it.each([
    [
      [],
      /^organiser:faces: Which command\? One of: open, import, list, accept, reject, export, history, revert\./,
    ],
    [['name', GROUP], /Unknown command "name"/],
    [['open'], /open needs a file id: one of group-photo-1976, group-photo-identification-1976, /],
    [
      ['open', 'program-1976'],
      /"program-1976" is not a picture that can be opened for naming; one of: group-photo-1976, .*threshing-crew\./,
    ],
    [['open', GROUP, CREW], /open takes one file id, not group-photo-1976 threshing-crew/],
    [['import', GROUP], /import needs the key: import <file id> <key\.csv>/],
    [['list', '../x'], /"\.\.\/x" is not a picture that can be opened for naming/],
    [['accept'], /accept needs at least one suggestion id; list shows them/],
    [['reject', ID_A, 'abc'], /Not a suggestion id: abc \(like 20260711T190322Z_k3J9xQ2mPa\)/],
    [['export', '--bucket'], /--bucket needs a value/],
  ])('%j: usage error, exit 2', async (argv, message) => {
    const { code, io } = await faces(argv as string[]);
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(message);
    expect(io.stderr[1]).toBe('Run `npm run organiser:faces -- --help` for usage.');
  });

  it('--help lists every subcommand with its usage; `<command> --help` shows that one alone', async () => {
    const run: (argv: string[]) => ReturnType<typeof faces> = (argv) => faces(argv);
    const lines = (await run(['--help'])).io.stdout.join('\n').split('\n');
    for (const sub of SUBCOMMANDS) {
      const label = sub.usage ? `${sub.name} ${sub.usage}` : sub.name;
      expect(
        // A long usage has its help on the lines below it.
        lines.some((line) => line === `  ${label}` || line.startsWith(`  ${label}  `)),
        label,
      ).toBe(true);
      const one = await run([sub.name, '--help']);
      expect(one.code).toBe(0);
      expect(one.io.stdout.join('\n').split('\n')[0]).toBe(
        `Usage: npm run organiser:faces -- ${label} [options]`,
      );
    }
  });

  it('--help exits 0', async () => {
    const { code, io, out } = await faces(['--help']);
    expect(code).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: npm run organiser:faces -- <command>/);
    expect(out).toContain('/members/who-is-who/<file id>');
    expect(out).toContain('npm run organiser:check -- --remove-tokens');
  });
});

describe('organiser:faces history and revert: a name accepted by mistake, brought back from the command line', () => {
  it('every change keeps the file it replaced; history lists them newest first; revert brings one back, itself undoable', async () => {
    await saveFacesFile(
      bucket,
      groupFaces([{ number: 3, box: BOX, row: 1, name: 'Ole Haugen', note: 'Far' }]),
    );
    expect((await faces(['history', GROUP])).io.stdout.at(-1)).toBe(
      'No earlier versions of group-photo-1976 (none kept in the last 30 days).',
    );
    await suggest(GROUP, ID_A, 3, 'Wrong Name');
    expect((await faces(['accept', ID_A])).code).toBe(0);
    expect((await readFacesFile(bucket, GROUP))!.faces[0]!.name).toBe('Wrong Name');

    const listed = await faces(['history', GROUP]);
    expect(listed.code, listed.io.text()).toBe(0);
    expect(listed.io.stdout[2]).toBe(
      '1 version of group-photo-1976, newest first (version id, changed, by, what):',
    );
    const line = listed.io.stdout[3]!;
    expect(line).toMatch(
      new RegExp(
        `^ {2}(\\d{8}T\\d{6}Z_\\w{10}) {2}\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} {2}\\S+@\\S+ {2}suggestion ${ID_A} accepted: face 3 is "Wrong Name"$`,
      ),
    );
    const versionId = line.trim().split(/\s+/)[0]!;

    const reverted = await faces(['revert', GROUP, versionId]);
    expect(reverted.code, reverted.io.text()).toBe(0);
    expect(reverted.io.stdout).toContain('face 3: "Ole Haugen"');
    expect((await readFacesFile(bucket, GROUP))!.faces).toEqual([
      { number: 3, box: BOX, row: 1, name: 'Ole Haugen', note: 'Far' },
    ]);
    // The revert is a change too: the wrong name is kept as the newest version.
    const after = await faces(['history', GROUP]);
    expect(after.io.stdout[3]).toMatch(new RegExp(`reverted to the version ${versionId}$`));
    expect(after.io.stdout[4]).toMatch(/suggestion .* accepted: face 3 is "Wrong Name"$/);
    // Reverting to what the file is now changes nothing.
    expect((await faces(['revert', GROUP, versionId])).io.stdout.at(-1)).toBe(
      `Nothing to change: the faces file of group-photo-1976 is as the version ${versionId} has it.`,
    );
  });

  it('an unknown version, a malformed one, or none: nothing changed', async () => {
    await saveFacesFile(bucket, groupFaces([{ number: 1 }]));
    const unknown = await faces(['revert', GROUP, ID_A]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(
      `group-photo-1976 has no version ${ID_A} that can be read. Nothing was changed.`,
    );
    expect((await faces(['revert', GROUP, 'latest'])).code).toBe(2);
    expect((await faces(['revert', GROUP])).code).toBe(2);
  });
});
