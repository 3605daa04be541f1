/**
 * npm run organiser:check -- [--project <alias|id>] [--bucket <name>] [--list] [--remove-tokens]
 *
 * What it checks is in HELP below (and the handbook, organiser/README.md).
 */
import {
  CATALOGUE,
  MEMBERS_PREFIX,
  downloadFileName,
  fileNameInStorage,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import { emulatorConfig } from '../../admin/auth-emulator.ts';
import { FACES_PREFIX, PICTURES_FOR_NAMING } from '../../src/domain/faces.ts';
import {
  REMOVED_PREFIX,
  UNDO_DAYS,
  UNDO_MS,
  parseVersionPath,
  removalRecordPathOf,
} from '../../src/domain/keeping.ts';
import { purgeRemoved } from '../../admin/bucket/keeping.ts';
import { PENDING_PREFIX, PHOTOS_PREFIX, SHARED_UPLOADERS_PREFIX } from '../../src/domain/photos.ts';
import {
  SEARCH_LEVELS,
  searchTextsPathOf,
  uncompressedSearchTextsPathOf,
  type SearchLevel,
} from '../../src/domain/search.ts';
import { SEARCH_TEXT_ACCESS } from '../../admin/search/texts.ts';
import {
  isPhotoPath,
  removeDownloadTokens,
  tokenCount,
  waitingUploaderOf,
  type TokenRemoval,
} from '../../admin/bucket/download-tokens.ts';
import { parseFacesPath } from '../../admin/bucket/faces.ts';
import { ACCESS_METADATA_KEY, LARGE_DEMO_PATH, memberFileMetadata } from '../../admin/bucket/member-files.ts';
import { thumbnailProblems } from '../../admin/bucket/thumbnails.ts';
import { formatBytes as formatBytesIn } from '../../src/lib/format-sizes.ts';
import { oneLine } from '../../admin/terminal-text.ts';
import { authFailure, listObjects, storageFailure, type StoredObject } from '../core/admin.ts';
import { authSettingsProblems, describeAuthSettings, type AuthSettings } from './auth-settings.ts';
import {
  YES_HELP,
  YES_OPTION,
  confirmChange,
  defineCommand,
  formatTable,
  plural,
  runIfMain,
  type CommandContext,
  type CommandRun,
} from '../core/cli.ts';
import { EXIT_FAILED, EXIT_OK } from '../core/errors.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS } from '../core/target.ts';

const NAME = 'organiser:check';

/**
 * More than a relative plausibly has waiting at once (a whole weekend's photos; a few dozen names): reported, so
 * that an organiser can look, and block an account that floods the bucket (every upload is paid for).
 */
export const FLOOD = { photos: 200, bytes: 1024 ** 3, suggestions: 100 } as const;

const formatBytes = (bytes: number) => formatBytesIn(bytes, 'en');

export const HELP = `Usage: npm run ${NAME} -- [--project <alias|id>] [--bucket <name>] [--list] [--remove-tokens]
  [--purge] [--yes]

Compares the bucket's ${MEMBERS_PREFIX} folder with the file catalogue (src/domain/catalogue.ts) and lists:
catalogue files missing from the bucket (with the names to upload them under), files stored with another
content type or another access (who may read them) than the catalogue's, images whose preview (thumbnail)
is missing, wrong or made from an older version of the image, files carrying a download token (a link that
reads the file without signing in, even after the account is blocked), files whose download name is out
of date, and files the catalogue does not know (the site never shows those; delete them in the Firebase
console if they are not needed). Relatives' photos (${PHOTOS_PREFIX}) and who is who (${FACES_PREFIX}: the
pictures' tiles, faces files and suggestions) are counted apart. A shared photo's files must carry no
token either (an approval in the photos page leaves one on each: remove them once a month), nor may a
picture's tiles and faces file (the faces file the who-is-who page saves has one); a waiting photo, and a
waiting suggestion, has the one its upload through Firebase gave it, listed as information (it goes with
the file at approval, acceptance or rejection). Suggestions for a picture not opened for naming (not in
storage.rules' picturesForNaming()) are listed with their account, and so are accounts with unusually
many waiting uploads (over ${FLOOD.photos} photos, ${formatBytes(FLOOD.bytes)} or ${FLOOD.suggestions} suggestions: a flood?).
Then checks that the bucket is not open to allUsers or allAuthenticatedUsers and keeps deleted files
(soft delete) for at least ${UNDO_DAYS} days (a real project only: the emulator has neither), and reads
the project's Authentication settings: the password policy must be enforced with the site's rule and
e-mail enumeration protection off (npm run organiser:auth-settings). It counts what undo keeps (faces
files' earlier versions, photos kept apart) and how much of it is past its ${UNDO_DAYS} days.
Changes nothing, unless --remove-tokens or --purge is given.

Options:
${TARGET_HELP}
${BUCKET_HELP}
  --list                also list every catalogue file: its name in the bucket (the storage name), the
                        name it downloads as, and whether it is in the bucket
  --purge               delete for good what undo keeps past its ${UNDO_DAYS} days: faces files' earlier
                        versions, and photos rejected or removed (a purge marker tells the backups)
  --remove-tokens       remove every download token found: on the catalogue's files, their previews, the
                        photos (shared and waiting) and their details, who is who's tiles, faces files
                        and suggestions, and any other file (the links stop working at once), and say
                        how many
${YES_HELP}
  -h, --help            this help

Exit codes: 0 all is well; 1 a file is missing, has the wrong content type or access, an image's preview
is missing or wrong, a file other than a waiting photo or suggestion carries a download token (and
--remove-tokens was not given or could not remove it), a suggestion is for a picture not opened for
naming, the bucket is public, the Authentication settings
do not suit the site, or something could not be read; 2 usage error.`;

export interface CheckResult {
  present: CatalogueEntry[];
  missing: CatalogueEntry[];
  wrongType: { entry: CatalogueEntry; actual: string | undefined }[];
  /** Stored with another `access` metadata than the catalogue says (who may read it). */
  wrongAccess: { entry: CatalogueEntry; actual: string | undefined }[];
  /**
   * Images present in the bucket whose preview (members/.../thumbnails/<id>.jpg) is missing, of another type or
   * access, or made from other content than the image has now.
   */
  previews: { entry: CatalogueEntry; problems: string[] }[];
  /**
   * Files under members/ (catalogue files, previews, shared photos and their files, any other) carrying a download
   * token: readable by anyone with the link.
   */
  downloadTokens: StoredObject[];
  /** Waiting photos carrying the token their upload through Firebase gave them (information). */
  waitingTokens: StoredObject[];
  /** Relatives' photos (members/photos/...), every file. */
  photos: StoredObject[];
  /** Who is who's files (members/faces/<file id>/...: tiles, descriptor, faces file, suggestions). */
  faces: StoredObject[];
  /** Waiting suggestions carrying the token their upload through Firebase gave them (information). */
  suggestionTokens: StoredObject[];
  /** Stored with another Content-Disposition than the catalogue's (display name changed since the upload). */
  staleName: { entry: CatalogueEntry; actual: string | undefined }[];
  /**
   * The search's texts (members/search/<level>.json.gz, or the .json an older upload stored) readable by other
   * accounts than their level's.
   */
  searchTextAccess: { object: StoredObject; level: SearchLevel }[];
  /** Objects under members/ that are no catalogue entry. */
  unknown: StoredObject[];
  /** Seeded by the local stack on purpose (the download-progress benchmark file): reported, never an error. */
  localExtras: StoredObject[];
  /**
   * Suggestions under a picture that is not opened for naming (storage.rules' picturesForNaming()): nobody reviews
   * them and the page's "Delete my account" may not find them, yet they hold their author's e-mail address.
   */
  straySuggestions: { object: StoredObject; fileId: string; uid: string }[];
  /** What each account has waiting (photos and suggestions), by uid. */
  waiting: WaitingUploads[];
  /** Faces files' earlier versions (undo), and those past their 30 days. */
  versions: StoredObject[];
  expiredVersions: StoredObject[];
  /** Photos kept apart after a rejection or removal (by photo id), and those past their 30 days. */
  removedPhotos: string[];
  expiredRemoved: string[];
}

/** One account's waiting uploads: photos (their thumbnails' bytes counted with them) and suggestions. */
export interface WaitingUploads {
  uid: string;
  /** The verified address the uploads carry (storage.rules compared it with the token), if any. */
  email?: string;
  photos: number;
  photoBytes: number;
  suggestions: number;
  suggestionBytes: number;
}

/** The accounts whose waiting uploads go over FLOOD, most bytes first. */
export function floods(waiting: readonly WaitingUploads[]): WaitingUploads[] {
  return waiting
    .filter(
      (account) =>
        account.photos > FLOOD.photos ||
        account.photoBytes + account.suggestionBytes > FLOOD.bytes ||
        account.suggestions > FLOOD.suggestions,
    )
    .sort((a, b) => b.photoBytes + b.suggestionBytes - (a.photoBytes + a.suggestionBytes));
}

/** Pure: the bucket's objects under members/ against the catalogue. `local`: the target is the emulators. */
export function compareWithCatalogue(
  objects: readonly StoredObject[],
  { local, now = new Date() }: { local: boolean; now?: Date },
): CheckResult {
  const byName = new Map(objects.map((object) => [object.name, object]));
  const result: CheckResult = {
    present: [],
    missing: [],
    wrongType: [],
    wrongAccess: [],
    searchTextAccess: [],
    previews: [],
    downloadTokens: [],
    waitingTokens: [],
    photos: [],
    faces: [],
    suggestionTokens: [],
    staleName: [],
    unknown: [],
    localExtras: [],
    straySuggestions: [],
    waiting: [],
    versions: [],
    expiredVersions: [],
    removedPhotos: [],
    expiredRemoved: [],
  };
  const expired = (object: StoredObject) =>
    object.created !== undefined && now.getTime() - Date.parse(object.created) > UNDO_MS;
  const waiting = new Map<string, WaitingUploads>();
  const known = new Set<string>();
  for (const entry of CATALOGUE) {
    const path = storagePathOf(entry);
    known.add(path);
    if (hasThumbnail(entry)) known.add(thumbnailPathOf(entry));
    const object = byName.get(path);
    if (!object) {
      result.missing.push(entry);
      continue;
    }
    result.present.push(entry);
    const expected = memberFileMetadata(entry);
    if (object.contentType !== expected.contentType)
      result.wrongType.push({ entry, actual: object.contentType });
    const access = object.metadata[ACCESS_METADATA_KEY];
    if (access !== expected.metadata[ACCESS_METADATA_KEY]) result.wrongAccess.push({ entry, actual: access });
    if (object.contentDisposition !== expected.contentDisposition) {
      result.staleName.push({ entry, actual: object.contentDisposition });
    }
    if (hasThumbnail(entry)) {
      const problems = thumbnailProblems(entry, object, byName.get(thumbnailPathOf(entry)));
      if (problems.length) result.previews.push({ entry, problems });
    }
  }
  for (const object of objects) {
    const token = tokenCount(object.metadata) > 0;
    const uploader = waitingUploaderOf(object.name);
    if (uploader && !object.name.endsWith('/')) {
      const account = waiting.get(uploader) ?? {
        uid: uploader,
        photos: 0,
        photoBytes: 0,
        suggestions: 0,
        suggestionBytes: 0,
      };
      const email = object.metadata.uploaderEmail ?? object.metadata.suggesterEmail;
      if (email) account.email ??= email;
      if (isPhotoPath(object.name)) {
        if (!object.name.includes('/thumbnails/')) account.photos += 1;
        account.photoBytes += object.size;
      } else {
        account.suggestions += 1;
        account.suggestionBytes += object.size;
        const fileId = object.name.slice(FACES_PREFIX.length).split('/')[0]!;
        if (!PICTURES_FOR_NAMING.has(fileId)) result.straySuggestions.push({ object, fileId, uid: uploader });
      }
      waiting.set(uploader, account);
    }
    if (object.name.startsWith(REMOVED_PREFIX)) {
      const photoId = object.name.slice(REMOVED_PREFIX.length).split('/')[0]!;
      if (object.name === removalRecordPathOf(photoId)) {
        result.removedPhotos.push(photoId);
        if (expired(object)) result.expiredRemoved.push(photoId);
      }
    }
    if (isPhotoPath(object.name)) {
      if (object.name.endsWith('/')) continue;
      result.photos.push(object);
      if (token)
        (object.name.startsWith(PENDING_PREFIX) ? result.waitingTokens : result.downloadTokens).push(object);
      continue;
    }
    if (parseVersionPath(object.name)) {
      result.versions.push(object);
      if (expired(object)) result.expiredVersions.push(object);
      if (token) result.downloadTokens.push(object);
      continue;
    }
    const face = parseFacesPath(object.name);
    if (face) {
      result.faces.push(object);
      if (token) (face.kind === 'suggestion' ? result.suggestionTokens : result.downloadTokens).push(object);
      continue;
    }
    if (token) result.downloadTokens.push(object);
    // The search's texts: each readable by its level's accounts only (the approval-only files' words are in one).
    const level = SEARCH_LEVELS.find(
      (candidate) =>
        searchTextsPathOf(candidate) === object.name ||
        uncompressedSearchTextsPathOf(candidate) === object.name,
    );
    if (level) {
      if (object.metadata[ACCESS_METADATA_KEY] !== SEARCH_TEXT_ACCESS[level])
        result.searchTextAccess.push({ object, level });
      continue;
    }
    // "Folder" placeholders (zero-byte names ending in /) that consoles create are not files.
    if (known.has(object.name) || object.name.endsWith('/')) continue;
    if (local && object.name === LARGE_DEMO_PATH) result.localExtras.push(object);
    else if (!uploader) result.unknown.push(object);
  }
  result.waiting = [...waiting.values()].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  return result;
}

export function fileProblems(result: CheckResult): string[] {
  return [
    result.missing.length && `${result.missing.length} missing`,
    result.wrongType.length && `${result.wrongType.length} with the wrong content type`,
    result.wrongAccess.length && `${result.wrongAccess.length} with the wrong access`,
    result.searchTextAccess.length &&
      `${plural(result.searchTextAccess.length, 'search text file')} readable by the wrong accounts`,
    result.previews.length && `${plural(result.previews.length, 'image')} with a missing or wrong preview`,
    result.downloadTokens.length && `${plural(result.downloadTokens.length, 'file')} with a download token`,
    result.straySuggestions.length &&
      `${plural(result.straySuggestions.length, 'suggestion')} for a picture not opened for naming`,
  ].filter((problem): problem is string => Boolean(problem));
}

/** Members a bucket IAM policy must never name: they make the files public (or readable by any Google account). */
export const PUBLIC_MEMBERS = ['allUsers', 'allAuthenticatedUsers'] as const;

export interface IamPolicy {
  bindings?: { role?: string | null; members?: string[] | null }[] | null;
}

/** The role bindings that open the bucket to everyone or to every Google account. */
export function publicBindings(policy: IamPolicy): { role: string; member: string }[] {
  const open: { role: string; member: string }[] = [];
  for (const binding of policy.bindings ?? []) {
    for (const member of binding.members ?? []) {
      if ((PUBLIC_MEMBERS as readonly string[]).includes(member)) {
        open.push({ role: binding.role ?? '(no role)', member });
      }
    }
  }
  return open;
}

function section(io: CommandContext['io'], title: string, header: string[], rows: string[][]): void {
  if (!rows.length) return;
  io.out('');
  io.out(`${title} (${rows.length}):`);
  for (const line of formatTable(header, rows)) io.out(`  ${line}`);
}

function report(result: CheckResult, io: CommandContext['io'], { removing }: { removing: boolean }): void {
  section(
    io,
    'Missing: upload these (the file may be named either way)',
    ['Path in the bucket', 'File name', 'or'],
    result.missing.map((entry) => [
      storagePathOf(entry),
      fileNameInStorage(entry),
      downloadFileName(entry, 'en'),
    ]),
  );
  section(
    io,
    'Wrong content type: upload these again',
    ['Path in the bucket', 'Stored as', 'Catalogue'],
    result.wrongType.map(({ entry, actual }) => [
      storagePathOf(entry),
      actual ?? '(none)',
      memberFileMetadata(entry).contentType,
    ]),
  );
  section(
    io,
    `Wrong access (who may read the file): upload these again, the metadata "${ACCESS_METADATA_KEY}" is fixed then`,
    ['Path in the bucket', 'Stored', 'Catalogue'],
    result.wrongAccess.map(({ entry, actual }) => [
      storagePathOf(entry),
      actual ?? '(none: approved accounts only)',
      memberFileMetadata(entry).metadata[ACCESS_METADATA_KEY]!,
    ]),
  );
  section(
    io,
    "The search's text readable by the wrong accounts: run `npm run organiser:search -- index`, which stores it again",
    ['Path in the bucket', 'Stored', 'Should be'],
    result.searchTextAccess.map(({ object, level }) => [
      object.name,
      object.metadata[ACCESS_METADATA_KEY] ?? '(none: approved accounts only)',
      SEARCH_TEXT_ACCESS[level],
    ]),
  );
  section(
    io,
    'Preview of an image missing or wrong: upload these images again (the upload makes their previews)',
    ['Path in the bucket', 'Preview', 'Problem'],
    result.previews.map(({ entry, problems }) => [
      storagePathOf(entry),
      thumbnailPathOf(entry),
      problems.join(', '),
    ]),
  );
  section(
    io,
    'Download token (a ?token= link reads the file without signing in, even after a block): ' +
      (removing ? 'removing them' : 'remove them with `npm run organiser:check -- --remove-tokens`'),
    ['Path in the bucket', 'Tokens'],
    result.downloadTokens.map((object) => [object.name, String(tokenCount(object.metadata))]),
  );
  section(
    io,
    'Download name out of date (a warning: upload these again to fix)',
    ['Path in the bucket', 'Should download as'],
    result.staleName.map(({ entry }) => [storagePathOf(entry), downloadFileName(entry, 'en')]),
  );
  section(
    io,
    'Not in the catalogue (never shown on the site)',
    ['Path in the bucket', 'Content type', 'Size'],
    result.unknown.map((object) => [object.name, object.contentType ?? '(none)', `${object.size} B`]),
  );
  const photoFolders = photosByFolder(result.photos);
  section(
    io,
    "Relatives' photos by folder (information: a waiting photo has the download token its upload through " +
      'Firebase gave it, until it is approved or rejected' +
      (removing ? '; removing those too' : '; --remove-tokens removes those too') +
      ')',
    ['Folder', 'Files', 'With a download token'],
    photoFolders.map(({ folder, files, withToken }) => [folder, String(files), String(withToken)]),
  );
  section(
    io,
    'Who is who, by picture (information: a waiting suggestion has the download token its upload through ' +
      'Firebase gave it, until it is accepted or rejected' +
      (removing ? '; removing those too' : '; --remove-tokens removes those too') +
      ')',
    ['Picture', 'Tiles', 'image.dzi', 'faces.json', 'Suggestions', 'With a download token'],
    facesByPicture(result.faces).map(({ fileId, tiles, descriptor, facesFile, suggestions, withToken }) => [
      fileId,
      String(tiles),
      descriptor ? 'yes' : 'MISSING',
      facesFile ? 'yes' : 'MISSING',
      String(suggestions),
      String(withToken),
    ]),
  );
  section(
    io,
    "Suggestions for a picture not opened for naming (nobody reviews them, and they hold their author's " +
      `address): delete each with npm run organiser:faces -- reject <suggestion id>`,
    ['Path in the bucket', 'Picture', 'Account (uid)', 'Address'],
    result.straySuggestions.map(({ object, fileId, uid }) => [
      oneLine(object.name),
      oneLine(fileId),
      oneLine(uid),
      oneLine(object.metadata.suggesterEmail ?? '-'),
    ]),
  );
  section(
    io,
    `Unusually many waiting uploads from one account (over ${FLOOD.photos} photos, ${formatBytes(FLOOD.bytes)} ` +
      `or ${FLOOD.suggestions} suggestions): look at them; a flood is stopped with npm run organiser:members -- ` +
      'block <address>, then organiser:photos reject',
    ['Account (uid)', 'Address', 'Waiting photos', 'Bytes', 'Suggestions', 'Bytes'],
    floods(result.waiting).map((account) => [
      oneLine(account.uid),
      oneLine(account.email ?? '-'),
      String(account.photos),
      formatBytes(account.photoBytes),
      String(account.suggestions),
      formatBytes(account.suggestionBytes),
    ]),
  );
  if (result.versions.length || result.removedPhotos.length) {
    io.out('');
    io.out(
      `Kept for undo (information): ${plural(result.versions.length, 'earlier version')} of faces files ` +
        `(${result.expiredVersions.length} past their ${UNDO_DAYS} days), ` +
        `${plural(result.removedPhotos.length, 'photo')} rejected or removed and kept apart ` +
        `(${result.expiredRemoved.length} past their ${UNDO_DAYS} days)` +
        (result.expiredVersions.length || result.expiredRemoved.length
          ? '; --purge deletes those past their days.'
          : '.'),
    );
  }
  if (result.localExtras.length) {
    io.out('');
    io.out(
      `Also present, as expected locally: ${result.localExtras.map((o) => o.name).join(', ')} ` +
        '(the download benchmark file npm start seeds; not part of the catalogue).',
    );
  }
}

/**
 * The photos counted by folder (members/photos/shared/, .../thumbnails/, .../details/, pending/<uid>/, ...), in name
 * order; the uploaders' markers in one row.
 */
export function photosByFolder(
  photos: readonly StoredObject[],
): { folder: string; files: number; withToken: number }[] {
  const folders = new Map<string, { files: number; withToken: number }>();
  for (const photo of photos) {
    const folder = photo.name.startsWith(SHARED_UPLOADERS_PREFIX)
      ? SHARED_UPLOADERS_PREFIX
      : photo.name.slice(0, photo.name.lastIndexOf('/') + 1);
    const counts = folders.get(folder) ?? { files: 0, withToken: 0 };
    counts.files += 1;
    if (tokenCount(photo.metadata)) counts.withToken += 1;
    folders.set(folder, counts);
  }
  return [...folders]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([folder, counts]) => ({ folder, ...counts }));
}

/** Who is who's files counted by picture, in file id order. */
export function facesByPicture(faces: readonly StoredObject[]): {
  fileId: string;
  tiles: number;
  descriptor: boolean;
  facesFile: boolean;
  suggestions: number;
  withToken: number;
}[] {
  const pictures = new Map<string, ReturnType<typeof facesByPicture>[number]>();
  for (const object of faces) {
    const parsed = parseFacesPath(object.name);
    if (!parsed) continue;
    const picture = pictures.get(parsed.fileId) ?? {
      fileId: parsed.fileId,
      tiles: 0,
      descriptor: false,
      facesFile: false,
      suggestions: 0,
      withToken: 0,
    };
    if (parsed.kind === 'tile') picture.tiles += 1;
    else if (parsed.kind === 'descriptor') picture.descriptor = true;
    else if (parsed.kind === 'faces') picture.facesFile = true;
    else picture.suggestions += 1;
    if (tokenCount(object.metadata)) picture.withToken += 1;
    pictures.set(parsed.fileId, picture);
  }
  return [...pictures.values()].sort((a, b) => (a.fileId < b.fileId ? -1 : a.fileId > b.fileId ? 1 : 0));
}

/** Every catalogue file: the name it has in the bucket, the name it downloads as, and whether it is there. */
export function catalogueListing(result: Pick<CheckResult, 'missing'>): string[][] {
  const missing = new Set(result.missing);
  return CATALOGUE.map((entry) => [
    storagePathOf(entry),
    downloadFileName(entry, 'en'),
    missing.has(entry) ? 'MISSING' : 'yes',
  ]);
}

const CHECK_OPTIONS = {
  ...TARGET_OPTIONS,
  list: { type: 'boolean' },
  'remove-tokens': { type: 'boolean' },
  purge: { type: 'boolean' },
  ...YES_OPTION,
} as const;

type Run = CommandRun<typeof CHECK_OPTIONS>;

/** The bucket's IAM policy; the problems to report. */
async function checkBucketIam({ ctx, target, admin }: Run): Promise<string[]> {
  ctx.io.out('');
  if (target.kind === 'emulator') {
    ctx.io.out('Bucket IAM: skipped (the Storage emulator has no IAM; checked on a real project).');
    return [];
  }
  const bucket = (await admin()).bucket(target.bucket);
  let policy: IamPolicy;
  try {
    [policy] = await bucket.iam.getPolicy({ requestedPolicyVersion: 3 });
  } catch (err) {
    throw storageFailure(`Reading the IAM policy of gs://${target.bucket}`, err, target);
  }
  const open = publicBindings(policy);
  if (!open.length) {
    ctx.io.out('Bucket IAM: not open to allUsers or allAuthenticatedUsers.');
    return [];
  }
  ctx.io.out(
    'Bucket IAM: the bucket is open to the public. Remove these members in the Google Cloud console ' +
      '(Cloud Storage > Buckets > the bucket > Permissions):',
  );
  for (const { role, member } of open) ctx.io.out(`  ${member}  ${role}`);
  return [`the bucket grants access to ${[...new Set(open.map((o) => o.member))].join(' and ')}`];
}

/** The project's Authentication settings; the problems to report. */
async function checkAuthSettings({ ctx, target, admin }: Run): Promise<string[]> {
  ctx.io.out('');
  let settings: AuthSettings;
  if (target.kind === 'emulator') {
    try {
      const config = await emulatorConfig({ url: target.authUrl, projectId: target.projectId });
      settings = { emailPrivacyConfig: config.emailPrivacyConfig ?? {} };
    } catch (err) {
      throw authFailure('Reading the Auth emulator settings', err, target);
    }
    const on = settings.emailPrivacyConfig?.enableImprovedEmailPrivacy === true;
    ctx.io.out(
      `Authentication (Auth emulator): e-mail enumeration protection ${on ? 'ON' : 'off'}; password`,
    );
    ctx.io.out('policy not checked (the Auth emulator does not enforce one).');
    return on
      ? ['e-mail enumeration protection is on in the Auth emulator (npm run organiser:auth-settings)']
      : [];
  }
  const { auth } = await admin();
  try {
    settings = await auth.projectConfigManager().getProjectConfig();
  } catch (err) {
    throw authFailure('Reading the Authentication settings', err, target);
  }
  ctx.io.out('Authentication settings:');
  for (const line of describeAuthSettings(settings)) ctx.io.out(line);
  const problems = authSettingsProblems(settings);
  if (problems.length) ctx.io.out('  Fix: npm run organiser:auth-settings -- --project <alias>');
  return problems;
}

/**
 * --remove-tokens: removes the tokens of the files given, one by one; a failure on one does not stop the others.
 * Returns the paths that still carry a token.
 */
async function removeReportedTokens(
  { ctx, target, admin }: Run,
  objects: readonly StoredObject[],
): Promise<StoredObject[]> {
  if (!objects.length) return [];
  const bucket = (await admin()).bucket(target.bucket);
  const removed: TokenRemoval[] = [];
  const failed: StoredObject[] = [];
  for (const object of objects) {
    try {
      removed.push(await removeDownloadTokens(bucket, object.name));
    } catch (err) {
      failed.push(object);
      ctx.io.err(
        storageFailure(`Removing the download tokens of gs://${target.bucket}/${object.name}`, err, target)
          .message,
      );
    }
  }
  const tokens = removed.reduce((sum, removal) => sum + removal.removed, 0);
  const files = removed.filter((removal) => removal.removed > 0).length;
  ctx.io.out('');
  ctx.io.out(
    `Removed ${plural(tokens, 'download token')} from ${plural(files, 'file')}: their links no longer open them.` +
      (failed.length ? ` Could not remove those of ${plural(failed.length, 'file')} (see above).` : ''),
  );
  return failed;
}

/** What Cloud Storage says of a bucket's soft delete (bucket metadata's softDeletePolicy). */
export interface SoftDeletePolicy {
  retentionDurationSeconds?: string | number | null;
  effectiveTime?: string | null;
}

/**
 * The bucket's own protection against a mistake (a deleted object is kept and can be restored in the Google Cloud
 * console for the retention period): a line to print, and a warning below the undo's 30 days.
 */
export function softDeleteReport(policy: SoftDeletePolicy | null | undefined): {
  line: string;
  warning?: string;
} {
  const seconds = Number(policy?.retentionDurationSeconds ?? 0);
  if (!seconds)
    return {
      line: 'Soft delete: OFF (a deleted file is gone at once).',
      warning: `soft delete is off: set it to ${UNDO_DAYS} days or more (handbook, Setting up)`,
    };
  const days = Math.floor(seconds / 86_400);
  const line = `Soft delete: on, deleted files kept ${plural(days, 'day')}.`;
  return days < UNDO_DAYS
    ? {
        line,
        warning: `soft delete keeps deleted files only ${plural(days, 'day')}: set ${UNDO_DAYS} or more`,
      }
    : { line };
}

/** The bucket's soft delete policy (a real project only: the emulator has none); the warnings to add. */
async function checkSoftDelete({ ctx, target, admin }: Run): Promise<string[]> {
  if (target.kind === 'emulator') {
    ctx.io.out(
      'Soft delete: skipped (the Storage emulator keeps nothing deleted; checked on a real project).',
    );
    return [];
  }
  let metadata: { softDeletePolicy?: SoftDeletePolicy };
  try {
    [metadata] = await (await admin()).bucket(target.bucket).getMetadata();
  } catch (err) {
    throw storageFailure(`Reading the settings of gs://${target.bucket}`, err, target);
  }
  const { line, warning } = softDeleteReport(metadata.softDeletePolicy);
  ctx.io.out(line);
  return warning ? [warning] : [];
}

/**
 * --purge: the faces versions and the kept photos past their 30 days go; a kept photo leaves a purge marker first,
 * so that the backups let it go too. What is purged cannot be brought back: said before, and asked on a real project.
 */
async function purgeExpired(run: Run, result: CheckResult): Promise<void> {
  const { ctx, target, admin } = run;
  const count = result.expiredVersions.length + result.expiredRemoved.length;
  ctx.io.out('');
  if (!count) {
    ctx.io.out(`Nothing to purge: nothing kept for undo is older than ${UNDO_DAYS} days.`);
    return;
  }
  await confirmChange(run, [
    `delete for good ${plural(result.expiredVersions.length, 'faces version')} and ` +
      `${plural(result.expiredRemoved.length, 'photo')} kept apart, all older than ${UNDO_DAYS} days ` +
      '(they cannot be brought back)',
  ]);
  const bucket = (await admin()).bucket(target.bucket);
  try {
    for (const object of result.expiredVersions)
      await bucket.file(object.name).delete({ ignoreNotFound: true });
    for (const photoId of result.expiredRemoved) await purgeRemoved(bucket, photoId);
  } catch (err) {
    throw storageFailure('Purging what is past its 30 days', err, target);
  }
  ctx.io.out(
    `Purged ${plural(result.expiredVersions.length, 'faces version')} and ` +
      `${plural(result.expiredRemoved.length, 'photo')} kept apart (older than ${UNDO_DAYS} days); ` +
      'the backups let the photos go at their next run.',
  );
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: CHECK_OPTIONS,
  describe: 'storage',
  async run(run) {
    const { ctx, target, admin, values } = run;
    // Connects first (a real project: the credentials are tried), so that a login problem reads as one.
    const bucket = (await admin()).bucket(target.bucket);
    let objects: StoredObject[];
    try {
      objects = await listObjects(bucket, MEMBERS_PREFIX);
    } catch (err) {
      throw storageFailure(`Listing gs://${target.bucket}/${MEMBERS_PREFIX}`, err, target);
    }
    const result = compareWithCatalogue(objects, { local: target.kind === 'emulator' });
    if (values.list) {
      section(
        ctx.io,
        'The catalogue: upload each file under either name',
        ['Path in the bucket (storage name)', 'Download name', 'In the bucket'],
        catalogueListing(result),
      );
    }
    report(result, ctx.io, { removing: values['remove-tokens'] === true });
    if (values['remove-tokens']) {
      const left = new Set(
        (
          await removeReportedTokens(run, [
            ...result.downloadTokens,
            ...result.waitingTokens,
            ...result.suggestionTokens,
          ])
        ).map((o) => o.name),
      );
      result.downloadTokens = result.downloadTokens.filter((object) => left.has(object.name));
      result.waitingTokens = result.waitingTokens.filter((object) => left.has(object.name));
      result.suggestionTokens = result.suggestionTokens.filter((object) => left.has(object.name));
    }
    if (values.purge) await purgeExpired(run, result);
    const problems = [
      ...fileProblems(result),
      ...(await checkBucketIam(run)),
      ...(await checkAuthSettings(run)),
    ];
    const warnings = await checkSoftDelete(run);

    const notes = [
      result.staleName.length && `${plural(result.staleName.length, 'download name')} out of date`,
      result.unknown.length && `${plural(result.unknown.length, 'file')} not in the catalogue`,
      result.photos.length &&
        `${plural(result.photos.length, "relatives' photo file", "relatives' photo files")} (${plural(result.waitingTokens.length, 'waiting file')} with the download token of its upload)`,
      result.faces.length &&
        `${plural(result.faces.length, 'who-is-who file')} (${plural(result.suggestionTokens.length, 'waiting suggestion')} with the download token of its upload)`,
      floods(result.waiting).length &&
        `${plural(floods(result.waiting).length, 'account')} with unusually many waiting uploads (see above)`,
      ...warnings.map((warning) => `WARNING: ${warning}`),
    ].filter(Boolean);
    const counts = `${result.present.length} of ${CATALOGUE.length} catalogue files present`;
    ctx.io.out('');
    ctx.io.out(
      problems.length
        ? `Check failed: ${counts}; ${problems.join(', ')}${notes.length ? `; ${notes.join(', ')}` : ''}.`
        : `Check passed: ${counts} with the right content type and access${notes.length ? `; ${notes.join(', ')}` : ''}.`,
    );
    return problems.length ? EXIT_FAILED : EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
