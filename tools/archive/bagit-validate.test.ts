/**
 * The validator proved before it judges the archive's writer: bags made here by hand from strings (checksums by
 * node:crypto, never by the writer), each breaking one rule of RFC 8493 and expected invalid with the problem
 * that names it, and valid ones, in the forms the RFC allows, expected valid.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import { main, validateBag } from './bagit-validate.ts';

/** A bag as files by path; a path ending in "/" is an (empty) folder. */
type Files = Record<string, string | Buffer>;

const checksum = (algorithm: string, content: string | Buffer) =>
  createHash(algorithm).update(content).digest('hex');

/** A path as RFC 8493 §2.1.3 has a manifest write it: CR, LF and % percent-encoded. */
const encoded = (path: string) => path.replace(/%/g, '%25').replace(/\n/g, '%0A').replace(/\r/g, '%0D');

function manifestOf(algorithm: string, files: Files, paths: string[]): string {
  return paths.map((path) => `${checksum(algorithm, files[path]!)}  ${encoded(path)}\n`).join('');
}

const BAGIT_TXT = 'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n';

/** The tag manifests rewritten for the tag files as they are now (after a test changed one on purpose). */
function resigned(files: Files, algorithms = ['sha512']): Files {
  const tags = Object.keys(files).filter(
    (path) => !path.startsWith('data/') && !path.endsWith('/') && !path.startsWith('tagmanifest-'),
  );
  const signed = { ...files };
  for (const algorithm of algorithms)
    signed[`tagmanifest-${algorithm}.txt`] = manifestOf(algorithm, files, tags);
  return signed;
}

/**
 * A valid BagIt 1.0 bag: `payload` (paths below the bag, data/...), a payload manifest per algorithm, bag-info.txt
 * with its Payload-Oxum, and a tag manifest over the tag files.
 */
function bagOf(payload: Files, algorithms = ['sha512']): Files {
  const paths = Object.keys(payload);
  const octets = paths.reduce((sum, path) => sum + Buffer.byteLength(payload[path]!), 0);
  const files: Files = {
    'data/': '',
    ...payload,
    'bagit.txt': BAGIT_TXT,
    'bag-info.txt': `Source-Organization: The Rolette reunion\nPayload-Oxum: ${octets}.${paths.length}\n`,
  };
  for (const algorithm of algorithms)
    files[`manifest-${algorithm}.txt`] = manifestOf(algorithm, payload, paths);
  return resigned(files, algorithms);
}

const PAYLOAD: Files = {
  'data/hello.txt': 'hello\n',
  'data/photos/Gårdsbilde 1976.jpg': Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46,
  ]),
  'data/100% sure.txt': 'percent\n',
};
const GOOD = bagOf(PAYLOAD);

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** The files written into a new temporary folder, which is returned. */
async function onDisk(files: Files): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'bagit-validate-'));
  folders.push(folder);
  for (const [path, content] of Object.entries(files)) {
    const target = join(folder, ...path.split('/'));
    if (path.endsWith('/')) {
      await mkdir(target, { recursive: true });
    } else {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
  }
  return folder;
}

function without(files: Files, ...paths: string[]): Files {
  return Object.fromEntries(Object.entries(files).filter(([path]) => !paths.includes(path)));
}

/** `files` with `text` added at the end of the file `path`. */
function appended(files: Files, path: string, text: string): Files {
  return { ...files, [path]: `${files[path]}${text}` };
}

const judged = async (files: Files) => validateBag(await onDisk(files));

describe('validateBag accepts valid bags', () => {
  const VALID: [string, Files][] = [
    ['a bag with text, binary, a space, Norwegian letters and a % in names', GOOD],
    ['an empty payload (an empty manifest, an empty data/)', bagOf({})],
    [
      'no bag-info.txt and no tag manifest (both optional)',
      without(GOOD, 'bag-info.txt', 'tagmanifest-sha512.txt'),
    ],
    [
      'md5, sha1, sha256 and sha512 manifests, each verified',
      bagOf(PAYLOAD, ['md5', 'sha1', 'sha256', 'sha512']),
    ],
    [
      'CRLF and CR line endings',
      resigned({
        ...GOOD,
        'bagit.txt': 'BagIt-Version: 1.0\r\nTag-File-Character-Encoding: UTF-8\r',
        'manifest-sha512.txt': manifestOf('sha512', PAYLOAD, Object.keys(PAYLOAD)).replace(/\n/g, '\r\n'),
      }),
    ],
    [
      'uppercase hex, a tab and several spaces as separators, a "./" before a path',
      resigned({
        ...GOOD,
        'manifest-sha512.txt': [
          `${checksum('sha512', 'hello\n').toUpperCase()}\tdata/hello.txt\n`,
          `${checksum('sha512', PAYLOAD['data/photos/Gårdsbilde 1976.jpg']!)}   ./data/photos/Gårdsbilde 1976.jpg\n`,
          `${checksum('sha512', 'percent\n')} data/100%25 sure.txt\n`,
        ].join(''),
      }),
    ],
    [
      'names with a line break, a carriage return and a literal "%0A", percent-encoded',
      bagOf({ 'data/line\nbreak.txt': 'a', 'data/carriage\rreturn.txt': 'b', 'data/%0A.txt': 'c' }),
    ],
    [
      'bag-info.txt with a value folded onto the next lines, a repeated label and a tab after the colon',
      resigned({
        ...GOOD,
        'bag-info.txt': [
          'External-Description: Letters, photos and seminar material from the 1976',
          '  and 2026 reunions in Rolette,',
          '\tNorth Dakota',
          'Contact-Name: Ingrid',
          'Contact-Name:\tOle',
          'Payload-Oxum: 24.3',
          '',
        ].join('\n'),
      }),
    ],
    [
      'other tag files, listed in the tag manifest or not, in the top folder or a tag folder',
      {
        ...resigned({ ...GOOD, 'README.txt': 'Read me first\n', 'about/index.html': '<p>Hei</p>\n' }),
        'notes.txt': 'not listed, so not checked',
      },
    ],
    [
      'fetch.txt naming a payload file that is there',
      resigned({ ...GOOD, 'fetch.txt': 'https://example.org/hello.txt 6 data/hello.txt\n' }),
    ],
    [
      'a BagIt 0.97 bag: whitespace around colons, a file in one of two manifests, no line break at the end',
      {
        'data/a.txt': 'a',
        'data/b.txt': 'b',
        'bagit.txt': 'BagIt-Version: 0.97\nTag-File-Character-Encoding: UTF-8',
        'bag-info.txt': 'Contact-Name :  Ingrid\nPayload-Oxum:2.2',
        'manifest-md5.txt': `${checksum('md5', 'a')}  data/a.txt\n${checksum('md5', 'b')}  data/b.txt`,
        'manifest-sha1.txt': `${checksum('sha1', 'a')}  data/a.txt\n`,
      },
    ],
  ];

  it.each(VALID)('%s', async (_, files) => {
    expect(await judged(files)).toEqual({ valid: true, problems: [] });
  });
});

describe('validateBag rejects a bag that breaks one rule, naming the problem', () => {
  const payloadManifest = (text: string) => resigned({ ...GOOD, 'manifest-sha512.txt': text });
  const goodManifest = GOOD['manifest-sha512.txt'] as string;
  const INVALID: [string, Files, RegExp][] = [
    // bagit.txt (RFC 8493 §2.1.1)
    ['bagit.txt missing', without(GOOD, 'bagit.txt'), /^bagit\.txt is missing/],
    [
      'bagit.txt with a byte-order mark',
      resigned({ ...GOOD, 'bagit.txt': `\ufeff${BAGIT_TXT}` }),
      /byte-order mark/,
    ],
    [
      'a space before the colon in bagit.txt',
      resigned({ ...GOOD, 'bagit.txt': 'BagIt-Version : 1.0\nTag-File-Character-Encoding : UTF-8\n' }),
      /first line must be exactly "BagIt-Version: M\.N"/,
    ],
    [
      'a space after the version',
      resigned({ ...GOOD, 'bagit.txt': BAGIT_TXT.replace('1.0', '1.0 ') }),
      /first line/,
    ],
    ['a version not M.N', resigned({ ...GOOD, 'bagit.txt': BAGIT_TXT.replace('1.0', '.97') }), /first line/],
    [
      'an unknown version',
      resigned({ ...GOOD, 'bagit.txt': BAGIT_TXT.replace('1.0', '2.0') }),
      /BagIt-Version 2\.0 is not one this validator knows/,
    ],
    [
      'the encoding line missing',
      resigned({ ...GOOD, 'bagit.txt': 'BagIt-Version: 1.0\n' }),
      /second and last line must be exactly "Tag-File-Character-Encoding/,
    ],
    [
      'a third line in bagit.txt',
      resigned({ ...GOOD, 'bagit.txt': `${BAGIT_TXT}Bag-Software-Agent: hand\n` }),
      /second and last line/,
    ],
    [
      'the last line of bagit.txt without its line break',
      resigned({ ...GOOD, 'bagit.txt': BAGIT_TXT.trimEnd() }),
      /second and last line .*ended by a line break/,
    ],
    [
      'an unknown encoding',
      resigned({ ...GOOD, 'bagit.txt': BAGIT_TXT.replace('UTF-8', 'KLINGON-1') }),
      /encoding "KLINGON-1" is not one known/,
    ],
    // data/ and the payload manifests (§2.1.2, §2.1.3)
    ['data/ missing', without(bagOf({}), 'data/'), /^data\/ is missing/],
    ['no payload manifest', without(GOOD, 'manifest-sha512.txt'), /^no payload manifest/],
    [
      'a payload file no manifest lists',
      { ...GOOD, 'data/extra.txt': 'x' },
      /^data\/extra\.txt is in data\/ but/,
    ],
    [
      'a payload file missing from one of two manifests',
      resigned(
        {
          ...bagOf(PAYLOAD, ['sha256', 'sha512']),
          'manifest-sha256.txt': manifestOf('sha256', PAYLOAD, ['data/hello.txt', 'data/100% sure.txt']),
        },
        ['sha256', 'sha512'],
      ),
      /^data\/photos\/Gårdsbilde 1976\.jpg is not listed in manifest-sha256\.txt$/,
    ],
    [
      'a listed file missing',
      without(GOOD, 'data/hello.txt'),
      /^data\/hello\.txt is missing, and manifest-sha512\.txt lists it/,
    ],
    [
      'a changed byte',
      { ...GOOD, 'data/hello.txt': 'hellO\n' },
      /^data\/hello\.txt: its sha512 checksum does not match manifest-sha512\.txt$/,
    ],
    [
      'a wrong md5 beside right sha1, sha256 and sha512',
      resigned(
        {
          ...bagOf(PAYLOAD, ['md5', 'sha1', 'sha256', 'sha512']),
          'manifest-md5.txt': manifestOf(
            'md5',
            { ...PAYLOAD, 'data/hello.txt': 'other' },
            Object.keys(PAYLOAD),
          ),
        },
        ['md5', 'sha1', 'sha256', 'sha512'],
      ),
      /^data\/hello\.txt: its md5 checksum does not match manifest-md5\.txt$/,
    ],
    [
      'a line without a path',
      payloadManifest(`${goodManifest}${'a'.repeat(128)}\n`),
      /line 4: not "checksum path"/,
    ],
    [
      'a blank line',
      payloadManifest(`${goodManifest}\n`),
      /manifest-sha512\.txt line 4: not "checksum path"/,
    ],
    [
      'a checksum of the wrong length',
      payloadManifest(goodManifest.replace(/^[0-9a-f]{128}/, 'abc123')),
      /line 1: "abc123" is not a hex checksum of 128 digits/,
    ],
    [
      'the same file listed twice with the same checksum',
      payloadManifest(`${goodManifest}${goodManifest.split('\n')[0]}\n`),
      /line 4: data\/hello\.txt is listed more than once/,
    ],
    [
      'the same file listed twice with different checksums',
      payloadManifest(`${goodManifest}${checksum('sha512', 'other')}  data/hello.txt\n`),
      /line 4: data\/hello\.txt is listed more than once/,
    ],
    [
      'a path up and out of the bag',
      payloadManifest(`${goodManifest}${checksum('sha512', 'x')}  data/../../outside.txt\n`),
      /line 4: data\/\.\.\/\.\.\/outside\.txt points outside the bag/,
    ],
    [
      'an absolute path',
      payloadManifest(`${goodManifest}${checksum('sha512', 'x')}  /etc/passwd\n`),
      /line 4: \/etc\/passwd points outside the bag/,
    ],
    [
      'a home-folder path',
      payloadManifest(`${goodManifest}${checksum('sha512', 'x')}  ~/secrets\n`),
      /line 4: ~\/secrets points outside the bag/,
    ],
    [
      'a tag file listed in a payload manifest',
      payloadManifest(`${goodManifest}${checksum('sha512', BAGIT_TXT)}  bagit.txt\n`),
      /line 4: bagit\.txt is outside data\/, and a payload manifest lists only payload files/,
    ],
    [
      'a % not percent-encoded',
      payloadManifest(goodManifest.replace('100%25 sure', '100% sure')),
      /has a % not written as %25/,
    ],
    [
      'a line break in a name written as is',
      resigned({
        ...bagOf({ 'data/a\nb.txt': 'x' }),
        'manifest-sha512.txt': `${checksum('sha512', 'x')}  data/a\nb.txt\n`,
      }),
      /line 2: not "checksum path"/,
    ],
    [
      'a folder listed as a file',
      payloadManifest(`${goodManifest}${checksum('sha512', '')}  data/photos\n`),
      /lists data\/photos, a folder/,
    ],
    [
      'a manifest that is not valid UTF-8',
      resigned({
        ...GOOD,
        'manifest-sha512.txt': Buffer.concat([Buffer.from(goodManifest), Buffer.from([0xc3, 0x28, 0x0a])]),
      }),
      /manifest-sha512\.txt is not valid UTF-8/,
    ],
    [
      'a manifest beginning with a byte-order mark',
      payloadManifest(`\ufeff${goodManifest}`),
      /manifest-sha512\.txt begins with a byte-order mark/,
    ],
    [
      'a manifest whose last line has no line break',
      payloadManifest(goodManifest.trimEnd()),
      /manifest-sha512\.txt: the last line does not end with a line break/,
    ],
    [
      'a checksum algorithm it cannot verify',
      resigned({ ...GOOD, 'manifest-whirlpool.txt': 'ab  data/hello.txt\n' }),
      /manifest-whirlpool\.txt: the checksum algorithm "whirlpool" is not one this validator can verify/,
    ],
    // Tag manifests (§2.2.1)
    [
      'a tag file changed after the tag manifest',
      { ...GOOD, 'bag-info.txt': `${GOOD['bag-info.txt']}Contact-Name: Ole\n` },
      /^bag-info\.txt: its sha512 checksum does not match tagmanifest-sha512\.txt$/,
    ],
    [
      'a tag file the tag manifest lists missing',
      without(resigned({ ...GOOD, 'README.txt': 'Read me\n' }), 'README.txt'),
      /^README\.txt is missing, and tagmanifest-sha512\.txt lists it/,
    ],
    [
      'a payload file in a tag manifest',
      appended(GOOD, 'tagmanifest-sha512.txt', `${checksum('sha512', 'hello\n')}  data/hello.txt\n`),
      /line 4: data\/hello\.txt is a payload file, which a tag manifest must not list/,
    ],
    [
      'a tag manifest not listing the payload manifest',
      {
        ...GOOD,
        'tagmanifest-sha512.txt': manifestOf('sha512', GOOD, ['bagit.txt', 'bag-info.txt']),
      },
      /tagmanifest-sha512\.txt does not list manifest-sha512\.txt/,
    ],
    [
      'a tag manifest listing a tag manifest',
      ((files) =>
        appended(
          files,
          'tagmanifest-sha512.txt',
          `${checksum('sha512', files['tagmanifest-sha256.txt']!)}  tagmanifest-sha256.txt\n`,
        ))(resigned(GOOD, ['sha256', 'sha512'])),
      /tagmanifest-sha512\.txt lists tagmanifest-sha256\.txt, and a tag manifest lists no tag manifest/,
    ],
    // bag-info.txt (§2.2.2)
    [
      'a wrong Payload-Oxum',
      resigned({ ...GOOD, 'bag-info.txt': 'Payload-Oxum: 25.3\n' }),
      /Payload-Oxum 25\.3 does not match the payload, 24 octets in 3 files/,
    ],
    [
      'a Payload-Oxum counting files wrongly',
      resigned({ ...GOOD, 'bag-info.txt': 'Payload-Oxum: 24.2\n' }),
      /Payload-Oxum 24\.2 does not match/,
    ],
    [
      'Payload-Oxum twice',
      resigned({ ...GOOD, 'bag-info.txt': 'Payload-Oxum: 24.3\npayload-oxum: 24.3\n' }),
      /Payload-Oxum is given more than once/,
    ],
    [
      'a Payload-Oxum not "octets.files"',
      resigned({ ...GOOD, 'bag-info.txt': 'Payload-Oxum: 24 bytes\n' }),
      /Payload-Oxum "24 bytes" is not "octets\.files"/,
    ],
    [
      'a bag-info.txt line without a colon',
      resigned({ ...GOOD, 'bag-info.txt': 'Contact-Name Ingrid\n' }),
      /bag-info\.txt line 1: not "Label: value"/,
    ],
    [
      'a bag-info.txt label with a space before the colon (allowed before 1.0 only)',
      resigned({ ...GOOD, 'bag-info.txt': 'Contact-Name : Ingrid\n' }),
      /bag-info\.txt line 1: not "Label: value"/,
    ],
    // fetch.txt (§2.2.3)
    [
      'fetch.txt naming a file outside the bag',
      resigned({ ...GOOD, 'fetch.txt': 'https://example.org/x - ../x\n' }),
      /fetch\.txt line 1: \.\.\/x points outside the bag/,
    ],
    [
      'a file fetch.txt names not fetched yet',
      resigned({
        ...without(GOOD, 'data/hello.txt'),
        'fetch.txt': 'https://example.org/hello.txt 6 data/hello.txt\n',
      }),
      /^data\/hello\.txt is missing: fetch\.txt lists it/,
    ],
    [
      'fetch.txt naming a file no manifest lists',
      resigned({ ...GOOD, 'fetch.txt': 'https://example.org/x - data/x\n' }),
      /fetch\.txt line 1: data\/x is not listed in manifest-sha512\.txt/,
    ],
  ];

  it.each(INVALID)('%s', async (_, files, problem) => {
    const { valid, problems } = await judged(files);
    expect(valid).toBe(false);
    expect(problems).toContainEqual(expect.stringMatching(problem));
  });

  it('a symbolic link in the bag (it could point outside)', async () => {
    const folder = await onDisk(GOOD);
    await symlink('/etc/hostname', join(folder, 'data', 'link'));
    expect((await validateBag(folder)).problems).toContain(
      'data/link is a symbolic link, which a bag must not hold',
    );
  });

  it('a name on disk in another Unicode normalization than the manifest writes it, said so', async () => {
    const nfc = 'data/Bjørnstad på Nærøy.txt'.normalize('NFC');
    const files = bagOf({ [nfc]: 'x' });
    const { problems } = await judged({ ...without(files, nfc), [nfc.normalize('NFD')]: 'x' });
    expect(problems).toContainEqual(expect.stringMatching(/another Unicode normalization/));
  });

  it('a folder that is not there, or not a folder', async () => {
    const folder = await onDisk({ 'file.txt': 'x' });
    expect(await validateBag(join(folder, 'nothing'))).toEqual({
      valid: false,
      problems: [`${join(folder, 'nothing')} is not a folder`],
    });
    expect((await validateBag(join(folder, 'file.txt'))).valid).toBe(false);
  });
});

describe('the command', () => {
  const script = fileURLToPath(new URL('./bagit-validate.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(tsx, [script, ...args], (error, stdout) =>
        resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });

  it('prints the verdict and exits 0 for a valid bag, 1 with the problems for an invalid one', async () => {
    const good = await onDisk(GOOD);
    const bad = await onDisk({ ...GOOD, 'data/hello.txt': 'hellO\n' });
    const [valid, invalid] = await Promise.all([run([good]), run([bad])]);
    expect(valid).toEqual({ code: 0, stdout: `${good}: a valid bag\n` });
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe(
      `${bad}: not a valid bag (1 problem):\n  - data/hello.txt: its sha512 checksum does not match manifest-sha512.txt\n`,
    );
  });

  it('explains its usage and exits 2 without exactly one folder', async () => {
    const lines: string[] = [];
    expect(await main([], (line) => lines.push(line))).toBe(2);
    expect(await main(['a', 'b'], (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toMatch(/^Usage: npx tsx tools\/archive\/bagit-validate\.ts <bag folder>/);
  });
});

it('imports nothing of the writer it judges (admin/archive/)', async () => {
  const source = await readFile(new URL('./bagit-validate.ts', import.meta.url), 'utf8');
  expect(source).not.toMatch(/from\s+['"][^'"]*admin\/archive|import\(\s*['"][^'"]*admin\/archive/);
});
