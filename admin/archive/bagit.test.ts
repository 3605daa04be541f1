/**
 * The writer's bags judged by the validator (tools/archive/bagit-validate.ts), which shares none of its code and
 * is proved on hand-made bags and the Library of Congress' suite first: a bag of text, binary, streamed and copied
 * files with spaces, Norwegian letters and a % in their names is valid, and stops being valid when a byte changes
 * or a file is added. Then what the writer refuses, and what an error part-way leaves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { validateBag } from '../../tools/archive/bagit-validate.ts';
import { encodeManifestPath, writeBag, type BagContents, type PayloadFile } from './bagit.ts';

let temp: string;
/** A scan of a few MB on disk, copied into the bag as a stream. */
let scan: string;
const SCAN_BYTES = 5 * 1024 * 1024 + 7;
/** Every byte value, so that no encoding step could pass the binary file unchanged by luck. */
const BINARY = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'bagit-writer-'));
  scan = join(temp, 'scan.pdf');
  await writeFile(scan, randomBytes(SCAN_BYTES));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

let folders = 0;
/** A new path in the temporary folder, not yet there. */
const newFolder = () => join(temp, `bag-${++folders}`);

const sha512 = (bytes: Uint8Array) => createHash('sha512').update(bytes).digest('hex');
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Every kind of payload file and name the archive has, with its bytes as they must be in the bag. */
function familyPayload(): { payload: PayloadFile[]; expected: Record<string, Buffer | string> } {
  const letter = Buffer.from('Kjære Åse,\nhilsen fra Rolette.\n');
  const streamed = Buffer.from('a photo downloaded from the bucket, chunk by chunk. '.repeat(500));
  const piped = Buffer.from('a caption written through a pipeline\n');
  const payload: PayloadFile[] = [
    { path: 'README.txt', content: Buffer.from('The family archive, 1976-2026\n') },
    // Given decomposed, as macOS' older file system returns names: written in NFC.
    { path: 'letters/Brev fra Bjørg til Åse.txt'.normalize('NFD'), content: letter },
    { path: 'photos/1976/Group photo 1976.jpg', content: BINARY },
    { path: 'notes/100% Rolette.txt', content: Buffer.from('Hundred percent Norwegian-American\n') },
    { path: 'scans/Kirkebok Nærøy 1880.pdf', content: { file: scan } },
    {
      path: 'photos/2026/streamed.jpg',
      // Writes chunks and leaves ending the stream to the writer; the size is given for the progress bar.
      content: {
        size: streamed.length,
        write: async (out) => {
          for (let start = 0; start < streamed.length; start += 1000)
            out.write(streamed.subarray(start, start + 1000));
        },
      },
    },
    {
      path: 'photos/2026/caption.txt',
      content: { write: (out) => pipeline(Readable.from([piped]), out), size: piped.length },
    },
  ];
  return {
    payload,
    expected: {
      'README.txt': 'The family archive, 1976-2026\n',
      'letters/Brev fra Bjørg til Åse.txt': letter,
      'photos/1976/Group photo 1976.jpg': BINARY,
      'notes/100% Rolette.txt': 'Hundred percent Norwegian-American\n',
      'scans/Kirkebok Nærøy 1880.pdf': scan,
      'photos/2026/streamed.jpg': streamed,
      'photos/2026/caption.txt': piped,
    },
  };
}

const INFO = {
  'Source-Organization': 'Rolette Family Reunion 2026',
  'External-Description': 'Letters, photos and seminar material of the 1976 and 2026 reunions',
};
const README = {
  path: 'README.txt',
  content: 'Open data/ for the files; the manifests prove they are unchanged.\n',
};

/** The local date as YYYY-MM-DD. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

async function writeFamilyBag(folder: string, extra: Partial<BagContents> = {}) {
  return writeBag(folder, { payload: familyPayload().payload, info: INFO, tagFiles: [README], ...extra });
}

describe('writeBag', () => {
  it('writes a bag the validator finds valid: payload, manifests, bag-info and tag files as RFC 8493 has them', async () => {
    const folder = newFolder();
    const { expected } = familyPayload();
    const progress: [number, number | undefined][] = [];
    const before = today();
    const written = await writeFamilyBag(folder, {
      onProgress: (bytes, total) => progress.push([bytes, total]),
    });
    const after = today();

    expect(await validateBag(folder)).toEqual({ valid: true, problems: [] });
    expect(await exists(`${folder}.partial`)).toBe(false);

    // Every payload file with its bytes, under its NFC name.
    const bytesOf = async (source: Buffer | string) =>
      typeof source === 'string' && source.startsWith(temp) ? readFile(source) : Buffer.from(source);
    let octets = 0;
    for (const [path, source] of Object.entries(expected)) {
      const bytes = await bytesOf(source);
      octets += bytes.length;
      // By checksum: a deep comparison of MBs of bytes takes Vitest a minute.
      expect(sha512(await readFile(join(folder, 'data', ...path.split('/')))), path).toBe(sha512(bytes));
    }
    expect(await readdir(join(folder, 'data', 'letters'))).toEqual([
      'Brev fra Bjørg til Åse.txt'.normalize('NFC'),
    ]);
    expect(written).toEqual({ folder, octets, files: 7 });

    expect(await readFile(join(folder, 'bagit.txt'), 'utf8')).toBe(
      'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n',
    );
    const bagInfo = await readFile(join(folder, 'bag-info.txt'), 'utf8');
    expect([before, after]).toContain(/Bagging-Date: (\S+)/.exec(bagInfo)![1]);
    expect(bagInfo.replace(/Bagging-Date: \S+/, 'Bagging-Date: DAY')).toBe(
      [
        'Source-Organization: Rolette Family Reunion 2026',
        'External-Description: Letters, photos and seminar material of the 1976 and 2026 reunions',
        'Bagging-Date: DAY',
        `Payload-Oxum: ${octets}.7`,
        '',
      ].join('\n'),
    );

    const manifest = await readFile(join(folder, 'manifest-sha512.txt'), 'utf8');
    expect(manifest).toContain(`${sha512(await readFile(scan))}  data/scans/Kirkebok Nærøy 1880.pdf\n`);
    expect(manifest).toContain(`${sha512(BINARY)}  data/photos/1976/Group photo 1976.jpg\n`);
    expect(manifest).toContain('  data/notes/100%25 Rolette.txt\n');
    expect(manifest.trimEnd().split('\n')).toHaveLength(7);
    const tagManifest = await readFile(join(folder, 'tagmanifest-sha512.txt'), 'utf8');
    expect(
      tagManifest
        .trimEnd()
        .split('\n')
        .map((line) => line.split('  ')[1]),
    ).toEqual(['bagit.txt', 'manifest-sha512.txt', 'bag-info.txt', 'README.txt']);
    expect(await readFile(join(folder, 'README.txt'), 'utf8')).toBe(README.content);

    // The progress: from 0 to the total, never backwards, the total known from the start.
    expect(progress[0]).toEqual([0, octets]);
    expect(progress.at(-1)).toEqual([octets, octets]);
    expect(progress.every(([bytes], index) => index === 0 || bytes >= progress[index - 1]![0])).toBe(true);
  });

  it('is no longer valid when a byte changes afterwards, naming the file', async () => {
    const folder = newFolder();
    await writeFamilyBag(folder);
    const file = await open(join(folder, 'data', 'scans', 'Kirkebok Nærøy 1880.pdf'), 'r+');
    const [byte] = (await file.read(Buffer.alloc(1), 0, 1, 3_000_000)).buffer;
    await file.write(Buffer.from([byte! ^ 0x01]), 0, 1, 3_000_000);
    await file.close();
    expect(await validateBag(folder)).toEqual({
      valid: false,
      problems: [
        'data/scans/Kirkebok Nærøy 1880.pdf: its sha512 checksum does not match manifest-sha512.txt',
      ],
    });
  });

  it('is no longer valid when a file is added to data/ afterwards, naming the file', async () => {
    const folder = newFolder();
    await writeFamilyBag(folder);
    await writeFile(join(folder, 'data', 'photos', 'added later.jpg'), BINARY);
    const { valid, problems } = await validateBag(folder);
    expect(valid).toBe(false);
    expect(problems).toContain('data/photos/added later.jpg is in data/ but no payload manifest lists it');
  });

  it('keeps the order of bag-info elements given as pairs, a repeated label too', async () => {
    const folder = newFolder();
    await writeBag(folder, {
      payload: [],
      info: [
        ['Contact-Name', 'Ingrid Rolette'],
        ['Bag-Group-Identifier', 'rolette-2076'],
        ['Contact-Name', 'Ole Nærøy'],
      ],
    });
    expect(await validateBag(folder)).toEqual({ valid: true, problems: [] });
    const lines = (await readFile(join(folder, 'bag-info.txt'), 'utf8')).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Contact-Name: Ingrid Rolette',
      'Bag-Group-Identifier: rolette-2076',
      'Contact-Name: Ole Nærøy',
    ]);
    expect(lines[4]).toBe('Payload-Oxum: 0.0');
  });

  it('writes into an empty folder, and refuses one that is not empty or is a file, touching nothing', async () => {
    const empty = newFolder();
    await mkdir(empty);
    await writeFamilyBag(empty);
    expect((await validateBag(empty)).valid).toBe(true);

    const full = newFolder();
    await mkdir(full);
    await writeFile(join(full, 'keep.txt'), 'mine');
    await expect(writeFamilyBag(full)).rejects.toThrow(
      `${full} is not empty: a bag is written only into an empty folder or a new one`,
    );
    expect(await readdir(full)).toEqual(['keep.txt']);
    expect(await exists(`${full}.partial`)).toBe(false);

    const file = join(temp, 'a-file');
    await writeFile(file, 'x');
    await expect(writeFamilyBag(file)).rejects.toThrow(`${file} is a file: a bag is written into a folder`);
  });

  const REFUSED: [string, Partial<BagContents>, RegExp][] = [
    [
      'an absolute path',
      { payload: [{ path: '/etc/passwd', content: BINARY }] },
      /"\/etc\/passwd" is absolute/,
    ],
    ['a drive letter', { payload: [{ path: 'C:/x.txt', content: BINARY }] }, /"C:\/x\.txt" is absolute/],
    ['a path up and out', { payload: [{ path: '../escape.txt', content: BINARY }] }, /has a "\.\." segment/],
    ['a "." segment', { payload: [{ path: './a.txt', content: BINARY }] }, /has a "\." segment/],
    ['two slashes', { payload: [{ path: 'a//b.txt', content: BINARY }] }, /has an empty segment/],
    ['a slash at the end', { payload: [{ path: 'photos/', content: BINARY }] }, /has an empty segment/],
    ['an empty path', { payload: [{ path: '', content: BINARY }] }, /payload path "" is empty/],
    ['a backslash', { payload: [{ path: 'a\\b.txt', content: BINARY }] }, /has a backslash/],
    ['a line break', { payload: [{ path: 'line\nbreak.txt', content: BINARY }] }, /has a control character/],
    ['a character Windows refuses', { payload: [{ path: 'who?.jpg', content: BINARY }] }, /Windows refuses/],
    [
      'a name ending in a dot',
      { payload: [{ path: 'photo.', content: BINARY }] },
      /ending in a space or a dot/,
    ],
    ['a device name', { payload: [{ path: 'aux.txt', content: BINARY }] }, /Windows reserves for a device/],
    [
      'the same path twice',
      {
        payload: [
          { path: 'a.txt', content: BINARY },
          { path: 'a.txt', content: BINARY },
        ],
      },
      /payload path "a\.txt" is given twice/,
    ],
    [
      'two names differing only by case',
      {
        payload: [
          { path: 'Photo.jpg', content: BINARY },
          { path: 'photo.jpg', content: BINARY },
        ],
      },
      /payload path "photo\.jpg" differs only by case from payload path "Photo\.jpg"/,
    ],
    [
      'two folders differing only by case',
      {
        payload: [
          { path: 'Photos/a.jpg', content: BINARY },
          { path: 'photos/b.jpg', content: BINARY },
        ],
      },
      /payload path "photos\/b\.jpg" differs only by case from payload path "Photos\/a\.jpg" \(data\/Photos and data\/photos\)/,
    ],
    [
      'the same name composed and decomposed',
      {
        payload: [
          { path: 'Åse.txt'.normalize('NFC'), content: BINARY },
          { path: 'Åse.txt'.normalize('NFD'), content: BINARY },
        ],
      },
      /is payload path "Åse\.txt" again, written in another Unicode normalization/,
    ],
    [
      'a name that is a file and a folder',
      {
        payload: [
          { path: 'a', content: BINARY },
          { path: 'a/b.txt', content: BINARY },
        ],
      },
      /payload path "a\/b\.txt" makes data\/a both a file and a folder/,
    ],
    ['a tag file in data/', { tagFiles: [{ path: 'data/x.txt', content: 'x' }] }, /is inside data\//],
    [
      'a tag file named as BagIt’s own',
      { tagFiles: [{ path: 'BagIt.txt', content: 'x' }] },
      /a name BagIt reserves/,
    ],
    [
      'a tag folder differing from data/ only by case',
      { tagFiles: [{ path: 'Data/x.txt', content: 'x' }] },
      /differs only by case from the payload folder data\//,
    ],
    [
      'Payload-Oxum given',
      { info: { 'payload-oxum': '1.1' } },
      /"payload-oxum" is written by the writer itself/,
    ],
    ['a value on two lines', { info: { Note: 'one\ntwo' } }, /has a line break: values are one line/],
    ['a label with a colon', { info: { 'Note:': 'x' } }, /has a label that is empty, has a colon/],
    ['a value with a space at its end', { info: { Note: 'x ' } }, /whitespace at an end of its value/],
    [
      'a source file that is not there',
      { payload: [{ path: 'gone.pdf', content: { file: join(tmpdir(), 'no-such-file.pdf') } }] },
      /payload path "gone\.pdf" is to be copied from .*no-such-file\.pdf, which is not a file/,
    ],
  ];

  it.each(REFUSED)('refuses %s, before writing anything', async (_, contents, message) => {
    const folder = newFolder();
    await expect(writeBag(folder, { payload: [], ...contents })).rejects.toThrow(message);
    expect(await exists(folder)).toBe(false);
    expect(await exists(`${folder}.partial`)).toBe(false);
  });

  it('lists every problem at once', async () => {
    const payload = [
      { path: '../a', content: BINARY },
      { path: 'b?', content: BINARY },
    ];
    await expect(writeBag(newFolder(), { payload })).rejects.toThrow(
      /^The bag was not written:\n {2}- payload path "\.\.\/a" .*\n {2}- payload path "b\?" /,
    );
  });

  it('leaves nothing that validates as a bag after an error part-way', async () => {
    const folder = newFolder();
    const seenWhileWriting: boolean[] = [];
    const failing: PayloadFile = {
      path: 'photos/from the bucket.jpg',
      content: {
        write: async (out) => {
          out.write(BINARY);
          // What a person (or a validator) would find while the bag is being written: nothing valid.
          seenWhileWriting.push(
            (await validateBag(folder)).valid,
            (await validateBag(`${folder}.partial`)).valid,
          );
          throw new Error('the bucket stopped answering');
        },
      },
    };
    const { payload } = familyPayload();
    await expect(writeBag(folder, { payload: [...payload, failing], info: INFO })).rejects.toThrow(
      'data/photos/from the bucket.jpg could not be written: the bucket stopped answering',
    );
    expect(seenWhileWriting).toEqual([false, false]);
    expect(await exists(folder)).toBe(false);
    expect(await exists(`${folder}.partial`)).toBe(false);
    expect((await validateBag(folder)).valid).toBe(false);
  });

  it('refuses to start while a .partial folder is left from a run that was killed, which is not a valid bag', async () => {
    const folder = newFolder();
    await mkdir(join(`${folder}.partial`, 'data'), { recursive: true });
    await writeFile(join(`${folder}.partial`, 'data', 'half.jpg'), BINARY.subarray(0, 100));
    await expect(writeFamilyBag(folder)).rejects.toThrow(
      `${folder}.partial is left from a run that stopped part-way: remove it, then write the bag again`,
    );
    expect((await validateBag(`${folder}.partial`)).valid).toBe(false);
    expect(await exists(folder)).toBe(false);
  });
});

describe('encodeManifestPath', () => {
  it('percent-encodes CR, LF and % and nothing else (RFC 8493 §2.1.3)', () => {
    expect(encodeManifestPath('data/a\r\nb%c.txt')).toBe('data/a%0D%0Ab%25c.txt');
    expect(encodeManifestPath('data/100%25.txt')).toBe('data/100%2525.txt');
    expect(encodeManifestPath('data/Brev fra Bjørg #1 (ekte).txt')).toBe('data/Brev fra Bjørg #1 (ekte).txt');
  });
});
