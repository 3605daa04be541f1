/**
 * Judges a BagIt bag as RFC 8493 defines a *valid* one (§3): complete (bagit.txt, data/ and a payload manifest
 * present; every file every manifest lists present; every payload file in every payload manifest) and every
 * checksum of every manifest verified against its file.
 *
 *   npx tsx tools/archive/bagit-validate.ts <folder>    prints the problems; exit 0 valid, 1 not valid, 2 usage
 *
 * It is the judge of the family archive's writer (admin/archive/bagit.ts) and therefore imports nothing of it: a
 * rule both misread the same way would pass unseen. Its own tests prove it on hand-made bags and on the Library of
 * Congress' conformance suite before they use it on the writer's bags.
 *
 * BagIt 1.0 in full, and 0.97 where the RFC keeps the older rules apart: whitespace around the colon of a
 * bag-info.txt element, a payload file listed in one manifest being enough, only CR and LF percent-encoded in
 * manifests, a line break missing at the end of a tag file, a file listed twice with the same checksum.
 * What the RFC leaves open is decided towards safety: a path with a `..` segment, or starting with `/`, `~` or a
 * drive letter, is never followed; a symbolic link in a bag is a problem (it could point outside the bag).
 */
import { createHash, getHashes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

import { isMainModule } from '../../admin/main-module.ts';

export interface BagReport {
  valid: boolean;
  /** What makes the bag not valid, one sentence each, naming the file (empty when valid). */
  problems: string[];
}

/** The versions judged: 1.0 (RFC 8493) and the last draft before it. */
const SUPPORTED_VERSIONS = ['1.0', '0.97'];

/**
 * The checksum algorithms a manifest may use, by the name in its file name (the common name lowercased, without
 * punctuation: RFC 8493 §2.4), with Node's name and the length of the hex checksum.
 */
const ALGORITHMS: Record<string, { node: string; hexLength: number }> = {
  md5: { node: 'md5', hexLength: 32 },
  sha1: { node: 'sha1', hexLength: 40 },
  sha224: { node: 'sha224', hexLength: 56 },
  sha256: { node: 'sha256', hexLength: 64 },
  sha384: { node: 'sha384', hexLength: 96 },
  sha512: { node: 'sha512', hexLength: 128 },
  sha3224: { node: 'sha3-224', hexLength: 56 },
  sha3256: { node: 'sha3-256', hexLength: 64 },
  sha3384: { node: 'sha3-384', hexLength: 96 },
  sha3512: { node: 'sha3-512', hexLength: 128 },
};

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** What is known of the bag being judged, and the problems found so far. */
interface Bag {
  root: string;
  /** BagIt 1.0 or later: the RFC's rules rather than 0.97's. */
  v1: boolean;
  /** The tag files' character encoding (bagit.txt's Tag-File-Character-Encoding). */
  encoding: string;
  problems: string[];
}

/** Every file and folder in the bag, by its path relative to the bag with forward slashes. */
interface Listing {
  /** Regular files with their sizes: data/... (the payload) and everything else (the tag files). */
  files: Map<string, number>;
  folders: Set<string>;
}

interface Manifest {
  name: string;
  kind: 'payload' | 'tag';
  algorithm: string;
  /** Checksum (lowercase) by path. */
  entries: Map<string, string>;
}

/** Judges the bag in `folder`. Never throws: what cannot be read (a folder without permission) is a problem too. */
export async function validateBag(folder: string): Promise<BagReport> {
  const problems: string[] = [];
  const kind = await lstat(folder).catch(() => undefined);
  if (!kind?.isDirectory()) return report([`${folder} is not a folder`]);
  try {
    const declaration = await readDeclaration(folder, problems);
    if (declaration) await judge({ root: folder, problems, ...declaration });
  } catch (error) {
    problems.push(`the bag could not be read: ${messageOf(error)}`);
  }
  return report(problems);
}

/** Complete, then valid: the structure, the manifests and fetch.txt, every listed file, every checksum, bag-info. */
async function judge(bag: Bag): Promise<void> {
  const listing = await listBag(bag);
  if (!listing.folders.has('data')) {
    bag.problems.push('data/ is missing: a bag keeps its payload in a folder data/');
  }
  const manifests = await readManifests(bag, listing);
  const fetched = await readFetch(bag, listing, manifests);
  checkCompleteness(bag, listing, manifests, fetched);
  await checkChecksums(bag, listing, manifests);
  await checkBagInfo(bag, listing);
}

function report(problems: string[]): BagReport {
  return { valid: problems.length === 0, problems };
}

/**
 * bagit.txt (RFC 8493 §2.1.1): UTF-8 without a byte-order mark, exactly the two lines `BagIt-Version: M.N` and
 * `Tag-File-Character-Encoding: ENCODING`, in this order, each ended by a line break.
 */
async function readDeclaration(
  root: string,
  problems: string[],
): Promise<{ v1: boolean; encoding: string } | undefined> {
  const bytes = await readFile(join(root, 'bagit.txt')).catch(() => undefined);
  if (!bytes) {
    problems.push('bagit.txt is missing: every bag declares its version in it');
    return undefined;
  }
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) {
    problems.push('bagit.txt begins with a byte-order mark, which it must not');
    return undefined;
  }
  const text = decode(bytes, 'utf-8');
  if (text === undefined) {
    problems.push('bagit.txt is not valid UTF-8');
    return undefined;
  }
  const version = /^BagIt-Version: (\d+)\.(\d+)(?:\r\n|\r|\n)/.exec(text);
  if (!version) {
    problems.push('bagit.txt: the first line must be exactly "BagIt-Version: M.N"');
    return undefined;
  }
  const v1 = Number(version[1]) >= 1;
  const rest = text.slice(version[0].length);
  // 0.97 tools often left the last line without its line break; 1.0 requires it.
  const encodingLine = (
    v1
      ? /^Tag-File-Character-Encoding: (\S+)(?:\r\n|\r|\n)$/
      : /^Tag-File-Character-Encoding: (\S+)(?:\r\n|\r|\n)?$/
  ).exec(rest);
  if (!encodingLine) {
    problems.push(
      'bagit.txt: the second and last line must be exactly "Tag-File-Character-Encoding: ENCODING", ended by a line break',
    );
    return undefined;
  }
  const versionText = `${version[1]}.${version[2]}`;
  if (!SUPPORTED_VERSIONS.includes(versionText)) {
    problems.push(
      `bagit.txt: BagIt-Version ${versionText} is not one this validator knows (${SUPPORTED_VERSIONS.join(', ')})`,
    );
    return undefined;
  }
  const encoding = encodingLine[1]!;
  if (decode(Buffer.alloc(0), encoding) === undefined) {
    problems.push(`bagit.txt: the tag files' encoding "${encoding}" is not one known`);
    return undefined;
  }
  return { v1, encoding };
}

/** `bytes` as text in `encoding` (a WHATWG label), or undefined when they are not valid in it. */
function decode(bytes: Uint8Array, encoding: string): string | undefined {
  try {
    let label = encoding;
    // "UTF-16" is little-endian to the WHATWG decoder; a big-endian byte-order mark says otherwise.
    if (/^utf-?16$/i.test(encoding) && bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Every file and folder below the root; a symbolic link or a device is a problem and not listed. */
async function listBag(bag: Bag): Promise<Listing> {
  const listing: Listing = { files: new Map(), folders: new Set() };
  const entries = await readdir(bag.root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const path = relative(bag.root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (entry.isDirectory()) listing.folders.add(path);
    else if (entry.isFile()) listing.files.set(path, (await lstat(join(bag.root, path))).size);
    else if (entry.isSymbolicLink())
      bag.problems.push(`${shown(path)} is a symbolic link, which a bag must not hold`);
    else bag.problems.push(`${shown(path)} is neither a file nor a folder`);
  }
  listing.files = new Map([...listing.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return listing;
}

const isPayload = (path: string) => path.startsWith('data/');

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A path as a problem names it: as it is, or quoted with escapes when it holds a line break or another control. */
const shown = (path: string) => (/\p{Cc}/u.test(path) ? JSON.stringify(path) : path);

/** A payload manifest (manifest-ALG.txt) or a tag manifest (tagmanifest-ALG.txt), at the bag's top. */
const MANIFEST_NAME = /^(tag)?manifest-([a-z0-9]+)\.txt$/;

/** The text of a tag file in the bag's encoding, or undefined (with a problem) when it cannot be read as text. */
async function readTagFile(bag: Bag, name: string): Promise<string | undefined> {
  const bytes = await readFile(join(bag.root, name));
  if (/^utf-?8$/i.test(bag.encoding) && bytes.subarray(0, 3).equals(UTF8_BOM) && bag.v1) {
    bag.problems.push(`${name} begins with a byte-order mark, which a UTF-8 tag file must not`);
  }
  const text = decode(bytes, bag.encoding);
  if (text === undefined) bag.problems.push(`${name} is not valid ${bag.encoding}`);
  return text;
}

/** The lines of a text tag file: each ended by LF, CR or CRLF (RFC 8493 §2.3). */
function linesOf(bag: Bag, name: string, text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  else if (bag.v1) bag.problems.push(`${name}: the last line does not end with a line break`);
  return lines;
}

/** Every payload manifest (manifest-ALG.txt) and tag manifest (tagmanifest-ALG.txt) at the bag's top, parsed. */
async function readManifests(bag: Bag, listing: Listing): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  const names = [...listing.files.keys()].filter((name) => MANIFEST_NAME.test(name));
  if (!names.some((name) => name.startsWith('manifest-'))) {
    bag.problems.push('no payload manifest (manifest-ALGORITHM.txt): every bag has at least one');
  }
  for (const name of names) {
    const match = MANIFEST_NAME.exec(name)!;
    const algorithm = match[2]!;
    const known = ALGORITHMS[algorithm];
    if (!known || !getHashes().includes(known.node)) {
      bag.problems.push(
        `${name}: the checksum algorithm "${algorithm}" is not one this validator can verify`,
      );
      continue;
    }
    const text = await readTagFile(bag, name);
    if (text === undefined) continue;
    const manifest: Manifest = { name, kind: match[1] ? 'tag' : 'payload', algorithm, entries: new Map() };
    parseManifest(bag, manifest, linesOf(bag, name, text));
    manifests.push(manifest);
  }
  if (bag.v1) checkTagManifestsList(bag, manifests);
  return manifests;
}

/**
 * The lines of a manifest: `checksum`, one or more spaces or tabs, `path` (RFC 8493 §2.1.3). Each path is listed
 * once; a payload manifest lists only files in data/, a tag manifest none of them.
 */
function parseManifest(bag: Bag, { name, kind, algorithm, entries }: Manifest, lines: string[]): void {
  const { hexLength } = ALGORITHMS[algorithm]!;
  lines.forEach((line, index) => {
    const where = `${name} line ${index + 1}`;
    const parts = /^(\S+)[ \t]+(.+)$/.exec(line);
    if (!parts) {
      // 0.97 bags were often written with a blank line at the end.
      if (!bag.v1 && line.trim() === '') return;
      bag.problems.push(`${where}: not "checksum path"`);
      return;
    }
    const checksum = parts[1]!;
    if (!/^[0-9a-f]+$/i.test(checksum) || checksum.length !== hexLength) {
      bag.problems.push(`${where}: "${checksum}" is not a hex checksum of ${hexLength} digits`);
      return;
    }
    const path = manifestPath(bag, where, parts[2]!);
    if (path === undefined) return;
    if (kind === 'payload' && !isPayload(path)) {
      bag.problems.push(
        `${where}: ${shown(path)} is outside data/, and a payload manifest lists only payload files`,
      );
    } else if (kind === 'tag' && isPayload(path)) {
      bag.problems.push(`${where}: ${shown(path)} is a payload file, which a tag manifest must not list`);
    } else if (entries.has(path) && (bag.v1 || entries.get(path) !== checksum.toLowerCase())) {
      bag.problems.push(`${where}: ${shown(path)} is listed more than once`);
    } else {
      entries.set(path, checksum.toLowerCase());
    }
  });
}

/**
 * A path as a manifest or fetch.txt writes it, decoded (1.0 percent-encodes CR, LF and %; 0.97 only CR and LF)
 * and without `.` segments; undefined (with a problem) when it could lead outside the bag.
 */
function manifestPath(bag: Bag, where: string, written: string): string | undefined {
  // 1.0 writes every % as %25, so a % starting anything else is a path written unencoded.
  if (bag.v1 && /%(?!0A|0D|25)/i.test(written)) {
    bag.problems.push(`${where}: ${shown(written)} has a % not written as %25`);
    return undefined;
  }
  const encoded = bag.v1 ? /%(0A|0D|25)/gi : /%(0A|0D)/gi;
  const path = written.replace(encoded, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const segments = path.split('/');
  if (/^(\/|~|[A-Za-z]:|\\\\)/.test(path) || segments.includes('..')) {
    bag.problems.push(`${where}: ${shown(path)} points outside the bag`);
    return undefined;
  }
  const inside = segments.filter((segment) => segment !== '' && segment !== '.').join('/');
  if (!inside) bag.problems.push(`${where}: the path is empty`);
  return inside || undefined;
}

/** BagIt 1.0: each tag manifest lists every payload manifest and no tag manifest (RFC 8493 §2.2.1). */
function checkTagManifestsList(bag: Bag, manifests: Manifest[]): void {
  for (const tagManifest of manifests.filter((manifest) => manifest.kind === 'tag')) {
    for (const manifest of manifests) {
      const listed = tagManifest.entries.has(manifest.name);
      if (manifest.kind === 'payload' && !listed) {
        bag.problems.push(
          `${tagManifest.name} does not list ${manifest.name}, and a tag manifest lists every payload manifest`,
        );
      } else if (manifest.kind === 'tag' && listed) {
        bag.problems.push(
          `${tagManifest.name} lists ${manifest.name}, and a tag manifest lists no tag manifest`,
        );
      }
    }
  }
}

/**
 * fetch.txt (RFC 8493 §2.2.3): `url length path` lines naming payload files to download before the bag is
 * complete. Returns the paths it lists; each must be in every payload manifest.
 */
async function readFetch(bag: Bag, listing: Listing, manifests: Manifest[]): Promise<Set<string>> {
  const paths = new Set<string>();
  if (!listing.files.has('fetch.txt')) return paths;
  const text = await readTagFile(bag, 'fetch.txt');
  if (text === undefined) return paths;
  linesOf(bag, 'fetch.txt', text).forEach((line, index) => {
    const where = `fetch.txt line ${index + 1}`;
    const parts = /^([A-Za-z][A-Za-z0-9+.-]*:\S+)[ \t]+(\d+|-)[ \t]+(.+)$/.exec(line);
    if (!parts) {
      bag.problems.push(`${where}: not "url length path" with an absolute URL`);
      return;
    }
    const path = manifestPath(bag, where, parts[3]!);
    if (path === undefined) return;
    if (!isPayload(path))
      bag.problems.push(`${where}: ${shown(path)} is not a payload file, which fetch.txt lists only`);
    for (const manifest of manifests.filter((each) => each.kind === 'payload' && !each.entries.has(path))) {
      bag.problems.push(`${where}: ${shown(path)} is not listed in ${manifest.name}`);
    }
    paths.add(path);
  });
  return paths;
}

/**
 * Complete (RFC 8493 §3): every file a manifest lists is there (a file of the payload, not a folder), and every
 * payload file is listed in every payload manifest (in 0.97, in one of them).
 */
function checkCompleteness(bag: Bag, listing: Listing, manifests: Manifest[], fetched: Set<string>): void {
  for (const manifest of manifests) {
    for (const path of manifest.entries.keys()) {
      if (listing.files.has(path)) continue;
      if (listing.folders.has(path))
        bag.problems.push(`${manifest.name} lists ${shown(path)}, a folder: manifests list files`);
      else if (fetched.has(path))
        bag.problems.push(`${shown(path)} is missing: fetch.txt lists it, to be fetched first`);
      else
        bag.problems.push(
          `${shown(path)} is missing, and ${manifest.name} lists it${otherNormalization(path, listing)}`,
        );
    }
  }
  const payloadManifests = manifests.filter((manifest) => manifest.kind === 'payload');
  if (!payloadManifests.length) return;
  for (const path of [...listing.files.keys()].filter(isPayload)) {
    const without = payloadManifests.filter((manifest) => !manifest.entries.has(path));
    if (without.length === payloadManifests.length) {
      bag.problems.push(
        `${shown(path)} is in data/ but no payload manifest lists it${otherNormalization(path, listing, manifests)}`,
      );
    } else if (bag.v1 && without.length) {
      bag.problems.push(
        `${shown(path)} is not listed in ${without.map((manifest) => manifest.name).join(', ')}`,
      );
    }
  }
}

/**
 * When a name is missing only because it is written in another Unicode normalization (a bag copied through a
 * file system that rewrites names), says so: the two spellings look identical to a person.
 */
function otherNormalization(path: string, listing: Listing, manifests?: Manifest[]): string {
  const names = manifests
    ? manifests.flatMap((manifest) => [...manifest.entries.keys()])
    : [...listing.files.keys()];
  const twin = names.find((name) => name !== path && name.normalize('NFC') === path.normalize('NFC'));
  return twin
    ? ` (${manifests ? 'a manifest lists' : 'the bag holds'} the same name in another Unicode normalization)`
    : '';
}

/** Valid (RFC 8493 §3): every checksum of every manifest matches its file, each file read once for all of them. */
async function checkChecksums(bag: Bag, listing: Listing, manifests: Manifest[]): Promise<void> {
  const wanted = new Map<string, { manifest: Manifest; checksum: string }[]>();
  for (const manifest of manifests) {
    for (const [path, checksum] of manifest.entries) {
      if (listing.files.has(path)) wanted.set(path, [...(wanted.get(path) ?? []), { manifest, checksum }]);
    }
  }
  for (const [path, expected] of wanted) {
    const algorithms = [...new Set(expected.map(({ manifest }) => manifest.algorithm))];
    const actual = await checksumsOf(join(bag.root, path), algorithms).catch((error: unknown) => {
      bag.problems.push(`${shown(path)} could not be read: ${messageOf(error)}`);
      return undefined;
    });
    if (!actual) continue;
    for (const { manifest, checksum } of expected) {
      if (actual.get(manifest.algorithm) !== checksum) {
        bag.problems.push(
          `${shown(path)}: its ${manifest.algorithm} checksum does not match ${manifest.name}`,
        );
      }
    }
  }
}

/** The hex checksums of one file by every algorithm asked, in one read. */
async function checksumsOf(file: string, algorithms: string[]): Promise<Map<string, string>> {
  const hashes = algorithms.map((algorithm) => [algorithm, createHash(ALGORITHMS[algorithm]!.node)] as const);
  for await (const chunk of createReadStream(file)) {
    for (const [, hash] of hashes) hash.update(chunk as Buffer);
  }
  return new Map(hashes.map(([algorithm, hash]) => [algorithm, hash.digest('hex')]));
}

/**
 * bag-info.txt (RFC 8493 §2.2.2), when present: `Label: value` lines, long values continued on lines starting with
 * a space or tab; and Payload-Oxum, at most once, "octets.files" of the payload as it is.
 */
async function checkBagInfo(bag: Bag, listing: Listing): Promise<void> {
  if (!listing.files.has('bag-info.txt')) return;
  const text = await readTagFile(bag, 'bag-info.txt');
  if (text === undefined) return;
  const elements = parseBagInfo(bag, linesOf(bag, 'bag-info.txt', text));
  // Reserved labels are case-insensitive.
  const oxums = elements
    .filter(([label]) => label.toLowerCase() === 'payload-oxum')
    .map(([, value]) => value);
  if (oxums.length > 1) bag.problems.push('bag-info.txt: Payload-Oxum is given more than once');
  if (oxums.length !== 1) return;
  const oxum = /^(\d+)\.(\d+)$/.exec(oxums[0]!.trim());
  if (!oxum) {
    bag.problems.push(`bag-info.txt: Payload-Oxum "${oxums[0]}" is not "octets.files"`);
    return;
  }
  const payload = [...listing.files].filter(([path]) => isPayload(path));
  const octets = payload.reduce((sum, [, size]) => sum + size, 0);
  if (Number(oxum[1]) !== octets || Number(oxum[2]) !== payload.length) {
    bag.problems.push(
      `bag-info.txt: Payload-Oxum ${oxum[0]} does not match the payload, ${octets} octets in ${payload.length} file${payload.length === 1 ? '' : 's'}`,
    );
  }
}

/**
 * bag-info.txt's elements. 1.0: a label (no colon, no whitespace at either end), a colon, one space or tab, the
 * value. 0.97: whitespace around the colon is not part of label or value.
 */
function parseBagInfo(bag: Bag, lines: string[]): [string, string][] {
  const elements: [string, string][] = [];
  lines.forEach((line, index) => {
    const where = `bag-info.txt line ${index + 1}`;
    const last = elements.at(-1);
    if (/^[ \t]/.test(line) && last && line.trim()) {
      last[1] += `\n${line.replace(/^[ \t]+/, '')}`;
      return;
    }
    const element = (
      bag.v1 ? /^([^:\s](?:[^:]*[^:\s])?):[ \t](.*)$/ : /^[ \t]*([^:]*[^:\s])[ \t]*:[ \t]*(.*)$/
    ).exec(line);
    if (element) elements.push([element[1]!, element[2]!]);
    else if (bag.v1 || line.trim()) bag.problems.push(`${where}: not "Label: value"`);
  });
  return elements;
}

/** The command: validates one folder and prints the verdict. */
export async function main(args: string[], print: (line: string) => void = console.log): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    print('Usage: npx tsx tools/archive/bagit-validate.ts <bag folder>');
    return 2;
  }
  const folder = args[0]!;
  const { valid, problems } = await validateBag(folder);
  if (valid) {
    print(`${folder}: a valid bag`);
    return 0;
  }
  print(`${folder}: not a valid bag (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) print(`  - ${problem}`);
  return 1;
}

if (isMainModule(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
