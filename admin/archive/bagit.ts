/**
 * Writes the family's archive for 2076 as a BagIt 1.0 bag (RFC 8493): the payload below data/, then bagit.txt,
 * manifest-sha512.txt, bag-info.txt (with the Bagging-Date and Payload-Oxum it computes), the extra tag files (a
 * README.txt, say) and, last, tagmanifest-sha512.txt over every tag file before it.
 *
 * The payload holds PDFs of tens of MB and thousands of JPEGs, so each file is streamed to disk and its SHA-512
 * computed from the same chunks on their way (never read a second time); the tag files are small and in memory.
 *
 * A half-written bag never looks finished: everything is written into `<folder>.partial` beside the folder, which
 * is renamed to `<folder>` once the tag manifest is written. An error part-way removes the .partial folder; a
 * process killed part-way leaves it, under a name that says it is unfinished, and the next run refuses to start
 * until someone removes it. (Writing into the folder itself with the tag manifest last would leave, after a crash, a
 * folder with a data/ that a person takes for the archive: people do not look for a missing tag manifest.)
 *
 * Every path is checked before anything is written, for a bag that unpacks the same on Linux, macOS and Windows:
 * relative, no `.`/`..` or empty segments, no character or name Windows refuses, no two names that one
 * case-insensitive file system would take for one. Names are written in Unicode NFC (the form keyboards, Windows,
 * Linux and the web produce), so a name given decomposed (as macOS' older file system returns it) and the same name
 * composed are one name, refused as a duplicate rather than written twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PayloadFile {
  /** Its path below data/, with forward slashes: "photos/1976/Gårdsbilde.jpg". */
  path: string;
  /**
   * Its bytes; or a file on disk, copied as a stream; or a function that writes it into `out` (a bucket file's read
   * stream piped in, say), ending `out` or leaving that to the writer, with its `size` when known (for progress).
   */
  content: Uint8Array | { file: string } | { write: (out: Writable) => Promise<void>; size?: number };
}

export interface TagFile {
  /** Its path in the bag, outside data/: "README.txt", "index/nb.html". */
  path: string;
  /** A string is written as UTF-8. */
  content: string | Uint8Array;
}

export interface BagContents {
  payload: readonly PayloadFile[];
  /**
   * bag-info.txt's elements in order (pairs when a label repeats), before the Bagging-Date and Payload-Oxum the
   * writer adds. Each value is one line, written whole: never folded, as readers disagree on unfolding.
   */
  info?: Readonly<Record<string, string>> | readonly (readonly [string, string])[];
  tagFiles?: readonly TagFile[];
  /** Called as payload bytes are written: the bytes so far, and the total when every file's size is known. */
  onProgress?: (written: number, total: number | undefined) => void;
}

export interface WrittenBag {
  /** Where the bag is. */
  folder: string;
  /** The payload's size in bytes and its number of files, as Payload-Oxum says them. */
  octets: number;
  files: number;
}

/** The tag files the writer writes itself. */
const BAGIT_TXT = 'bagit.txt';
const BAG_INFO_TXT = 'bag-info.txt';
const MANIFEST = 'manifest-sha512.txt';
const TAG_MANIFEST = 'tagmanifest-sha512.txt';

/** bag-info.txt labels the writer computes (reserved labels are case-insensitive, RFC 8493 §2.2.2). */
const COMPUTED_LABELS = ['Bagging-Date', 'Payload-Oxum'];

/** Writes a bag into `folder`, which must be empty or not exist; throws, having written nothing, if it cannot. */
export async function writeBag(folder: string, contents: BagContents): Promise<WrittenBag> {
  const target = resolve(folder);
  const partial = `${target}.partial`;
  const plan = await planOf(contents);
  const existed = await checkTarget(target, partial);
  await mkdir(dirname(partial), { recursive: true });
  // Not recursive: fails if another run made the .partial folder since the check.
  await mkdir(partial);
  let written: Omit<WrittenBag, 'folder'>;
  try {
    written = await writeInto(partial, plan, contents.onProgress);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  await moveIntoPlace(partial, target, existed);
  return { folder: target, ...written };
}

/**
 * Throws, as writeBag would, when a bag cannot be written into `folder` (not empty, a file, a .partial left from a
 * stopped run): for a caller that gathers the contents for minutes first, so that it says so before, not after.
 */
export async function checkBagFolder(folder: string): Promise<void> {
  const target = resolve(folder);
  await checkTarget(target, `${target}.partial`);
}

/** What is to be written, every name checked: payload and tag paths in NFC, the info as pairs. */
interface Plan {
  payload: { path: string; given: string; content: PayloadFile['content'] }[];
  tagFiles: { path: string; given: string; bytes: Buffer }[];
  info: [string, string][];
  /** The payload's size when every file's size is known. */
  total: number | undefined;
}

/** The contents checked; one Error listing every problem found, before anything is written. */
async function planOf(contents: BagContents): Promise<Plan> {
  const payload = contents.payload.map((file) => ({
    ...file,
    path: file.path.normalize('NFC'),
    given: file.path,
  }));
  const tagFiles = (contents.tagFiles ?? []).map((file) => ({
    path: file.path.normalize('NFC'),
    given: file.path,
    bytes: typeof file.content === 'string' ? Buffer.from(file.content) : Buffer.from(file.content),
  }));
  const info = (Array.isArray(contents.info) ? contents.info : Object.entries(contents.info ?? {})) as [
    string,
    string,
  ][];
  const problems = [
    ...nameProblems(payload, tagFiles),
    ...info.flatMap(([label, value]) => {
      const problem = infoProblem(label, value);
      return problem ? [`bag-info.txt element "${label}" ${problem}`] : [];
    }),
  ];
  const sizes = await Promise.all(payload.map((file) => sizeOf(file, problems)));
  if (problems.length) {
    throw new Error(`The bag was not written:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
  const total = sizes.every((size) => size !== undefined)
    ? sizes.reduce((sum, size) => sum + size, 0)
    : undefined;
  return { payload, tagFiles, info, total };
}

/** What is wrong with each name by itself, then, among the names right by themselves, the collisions. */
function nameProblems(payload: Plan['payload'], tagFiles: Plan['tagFiles']): string[] {
  const named = [
    ...payload.map(({ path, given }) => ({
      path: `data/${path}`,
      given: `payload path "${given}"`,
      problem: pathProblem(path),
    })),
    ...tagFiles.map(({ path, given }) => ({
      path,
      given: `tag file "${given}"`,
      problem: pathProblem(path) ?? tagPathProblem(path),
    })),
  ];
  return [
    ...named.flatMap(({ given, problem }) => (problem ? [`${given} ${problem}`] : [])),
    ...collisions(named.filter(({ problem }) => !problem)),
  ];
}

/** Why `path` cannot name a file in a bag that unpacks on Linux, macOS and Windows alike, or undefined. */
function pathProblem(path: string): string | undefined {
  if (path === '') return 'is empty';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'is absolute: paths are relative';
  if (path.includes('\\')) return 'has a backslash: paths use forward slashes';
  for (const segment of path.split('/')) {
    const problem = segmentProblem(segment);
    if (problem) return problem;
  }
  return undefined;
}

function segmentProblem(segment: string): string | undefined {
  if (segment === '') return 'has an empty segment (a slash at an end, or two together)';
  if (segment === '.' || segment === '..') return `has a "${segment}" segment`;
  if (/\p{Cc}/u.test(segment)) return 'has a control character (a line break, a tab)';
  if (/[<>:"|?*]/.test(segment)) return 'has one of < > : " | ? *, which Windows refuses in names';
  if (/[ .]$/.test(segment)) return 'has a name ending in a space or a dot, which Windows drops';
  if (/^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i.test(segment))
    return 'has a name Windows reserves for a device';
  return undefined;
}

/** Tag files go outside data/, and not under a name BagIt gives its own files. */
function tagPathProblem(path: string): string | undefined {
  if (path.startsWith('data/')) return 'is inside data/: tag files go outside the payload';
  if (/^(bagit|bag-info|fetch|(tag)?manifest-[a-z0-9]+)\.txt$/i.test(path)) return 'is a name BagIt reserves';
  return undefined;
}

/** A name as a case-insensitive file system compares it (conservatively: any case mapping that could match). */
const folded = (name: string) => name.toLowerCase().toUpperCase().normalize('NFC');

/**
 * Paths one file system would take for one name: the same name twice (also after NFC), names differing only by
 * case (one name on macOS and Windows), a name that is both a file and a folder. The writer's own tag files and
 * data/ count.
 */
function collisions(paths: { path: string; given: string }[]): string[] {
  const seen = new Map<string, { path: string; given: string; folder: boolean }>();
  for (const name of [BAGIT_TXT, BAG_INFO_TXT, MANIFEST, TAG_MANIFEST]) {
    seen.set(folded(name), { path: name, given: `the bag's own ${name}`, folder: false });
  }
  seen.set(folded('data'), { path: 'data', given: 'the payload folder data/', folder: true });
  const problems: string[] = [];
  for (const { path, given } of paths) {
    const segments = path.split('/');
    for (let end = 1; end <= segments.length; end++) {
      const name = segments.slice(0, end).join('/');
      const folder = end < segments.length;
      const earlier = seen.get(folded(name));
      if (!earlier) seen.set(folded(name), { path: name, given, folder });
      else if (earlier.folder && folder && earlier.path === name) continue;
      else {
        problems.push(`${given} ${collision(earlier, { name, given, folder })}`);
        break;
      }
    }
  }
  return problems;
}

function collision(
  earlier: { path: string; given: string; folder: boolean },
  { name, given, folder }: { name: string; given: string; folder: boolean },
): string {
  if (earlier.folder !== folder) return `makes ${name} both a file and a folder (with ${earlier.given})`;
  if (earlier.given === given) return 'is given twice';
  if (earlier.path === name) return `is ${earlier.given} again, written in another Unicode normalization`;
  return `differs only by case from ${earlier.given} (${earlier.path} and ${name}): one name on macOS and Windows`;
}

/** Why a bag-info.txt element cannot be written as one `Label: value` line that every reader reads back, or undefined. */
function infoProblem(label: string, value: string): string | undefined {
  if (!label || /[:\p{Cc}]/u.test(label) || label.trim() !== label) {
    return 'has a label that is empty, has a colon, a control character or whitespace at an end';
  }
  if (COMPUTED_LABELS.some((computed) => computed.toLowerCase() === label.toLowerCase())) {
    return 'is written by the writer itself';
  }
  if (/[\r\n]/.test(value))
    return 'has a line break: values are one line (longer text belongs in a tag file)';
  if (/\p{Cc}/u.test(value.replace(/\t/g, ''))) return 'has a control character in its value';
  if (value.trim() !== value) return 'has whitespace at an end of its value, which readers drop';
  return undefined;
}

/** A payload file's size when known beforehand; a source file that is not there is a problem. */
async function sizeOf(file: Plan['payload'][number], problems: string[]): Promise<number | undefined> {
  const { content } = file;
  if (content instanceof Uint8Array) return content.byteLength;
  if ('write' in content) return content.size;
  const source = await stat(content.file).catch(() => undefined);
  if (source?.isFile()) return source.size;
  problems.push(`payload path "${file.given}" is to be copied from ${content.file}, which is not a file`);
  return undefined;
}

/** Refuses a folder that is a file or holds anything, or an unfinished bag from an earlier run; true if it exists. */
async function checkTarget(target: string, partial: string): Promise<boolean> {
  if (await stat(partial).catch(() => undefined)) {
    throw new Error(
      `${partial} is left from a run that stopped part-way: remove it, then write the bag again`,
    );
  }
  const entries = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENOTDIR') throw new Error(`${target} is a file: a bag is written into a folder`);
    throw error;
  });
  if (entries?.length) {
    throw new Error(`${target} is not empty: a bag is written only into an empty folder or a new one`);
  }
  return entries !== undefined;
}

/** The whole bag, in the order that ends with the tag manifest. */
async function writeInto(
  root: string,
  plan: Plan,
  onProgress: BagContents['onProgress'],
): Promise<Omit<WrittenBag, 'folder'>> {
  let octets = 0;
  onProgress?.(0, plan.total);
  // There even when the payload is empty: every bag has one.
  await mkdir(join(root, 'data'));
  const manifest: string[] = [];
  for (const { path, content } of plan.payload) {
    const checksum = await writePayloadFile(root, path, content, (bytes) => {
      octets += bytes;
      onProgress?.(octets, plan.total);
    });
    manifest.push(`${checksum}  ${encodeManifestPath(`data/${path}`)}\n`);
  }
  const bagInfo = [
    ...plan.info,
    ['Bagging-Date', isoDate(new Date())],
    ['Payload-Oxum', `${octets}.${plan.payload.length}`],
  ];
  const tagFiles = [
    { path: BAGIT_TXT, bytes: Buffer.from('BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n') },
    // Two spaces, as sha512sum writes them: `sha512sum -c manifest-sha512.txt` in the bag checks it too.
    { path: MANIFEST, bytes: Buffer.from(manifest.join('')) },
    {
      path: BAG_INFO_TXT,
      bytes: Buffer.from(bagInfo.map(([label, value]) => `${label}: ${value}\n`).join('')),
    },
    ...plan.tagFiles,
  ];
  const tagManifest: string[] = [];
  for (const { path, bytes } of tagFiles) {
    await writeNew(join(root, path), bytes);
    tagManifest.push(`${sha512(bytes)}  ${encodeManifestPath(path)}\n`);
  }
  await writeNew(join(root, TAG_MANIFEST), Buffer.from(tagManifest.join('')));
  return { octets, files: plan.payload.length };
}

/**
 * Streams one payload file to data/<path>, hashing each chunk on its way to the disk; returns its SHA-512 (hex).
 * An error names the file.
 */
async function writePayloadFile(
  root: string,
  path: string,
  content: PayloadFile['content'],
  onBytes: (bytes: number) => void,
): Promise<string> {
  const target = join(root, 'data', ...path.split('/'));
  await mkdir(dirname(target), { recursive: true });
  const hash = createHash('sha512');
  const out = new Transform({
    transform(chunk: Buffer, _, done) {
      hash.update(chunk);
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await Promise.all([pipeline(out, createWriteStream(target, { flags: 'wx' })), fill(out, content)]);
  } catch (error) {
    throw new Error(`data/${path} could not be written: ${messageOf(error)}`, { cause: error });
  }
  return hash.digest('hex');
}

/** Writes a payload file's content into `out` and ends it; on an error, destroys it (which stops the file). */
async function fill(out: Writable, content: PayloadFile['content']): Promise<void> {
  try {
    if (content instanceof Uint8Array) out.end(content);
    else if ('file' in content) await pipeline(createReadStream(content.file), out);
    else await content.write(out);
    if (!out.writableEnded) out.end();
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** A file written whole, never over one that is there. */
async function writeNew(file: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: 'wx' });
}

function sha512(bytes: Uint8Array): string {
  return createHash('sha512').update(bytes).digest('hex');
}

/**
 * A path as a manifest writes it (RFC 8493 §2.1.3): CR, LF and % percent-encoded, and nothing else. (The writer
 * refuses CR and LF in names; a reader of the bag decodes them all the same.)
 */
export function encodeManifestPath(path: string): string {
  return path.replace(
    /[%\r\n]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** The day, on the organiser's calendar, as YYYY-MM-DD (bag-info.txt's Bagging-Date). */
function isoDate(date: Date): string {
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Renames the finished bag into place. An empty folder that was there is removed first: POSIX rename would replace
 * it, Windows' would not. If the move fails the bag stays, complete, in the .partial folder, and the error says so.
 */
async function moveIntoPlace(partial: string, target: string, existed: boolean): Promise<void> {
  try {
    if (existed) await rmdir(target);
    await rename(partial, target);
  } catch (error) {
    const where = `The bag is complete in ${partial} but could not be moved to ${target}`;
    throw new Error(`${where}: ${messageOf(error)}`, { cause: error });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
