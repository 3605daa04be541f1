/**
 * npm run organiser:archive -- <folder> [--made-by <names>] [--site <built site>] [--project <alias|id>] [--bucket <name>]
 *
 * What it does is in HELP below (and the handbook, organiser/README.md); what goes in: ./archive/contents.ts; the
 * bag itself: admin/archive/bagit.ts.
 */
import { resolve } from 'node:path';

import { checkBagFolder, writeBag } from '../../admin/archive/bagit.ts';
import { ExifToolProcess } from '../../admin/archive/metadata/exiftool.ts';
import { storageFailure } from '../core/admin.ts';
import { defineCommand, plural, runIfMain } from '../core/cli.ts';
import { CommandError, EXIT_OK, UsageError } from '../core/errors.ts';
import { bytesText as size, progressBar } from '../core/progress.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS, type Target } from '../core/target.ts';
import { planArchive, type ArchivePlan } from './archive/contents.ts';

const NAME = 'organiser:archive';
const DEFAULT_MADE_BY = 'the organisers of the Rolette Family Reunion 2026';

export const HELP = `Usage: npm run ${NAME} -- <folder> [--made-by <names>] [--site <folder>] [--project <alias|id>] [--bucket <name>]

Writes the family's archive into a new folder (or an empty one): what approved relatives can see on the
site, in formats that open without the site, without Firebase and without the internet, for the family's
drives and for the time capsule's keepers (2076).
  - every member file as it was uploaded;
  - every shared photo, with its caption, when it was taken and who shared it written into the JPEG
    (IPTC and XMP, which photo programs show);
  - each picture whose faces have names, with every face as a named region in the JPEG, and the names as
    a spreadsheet file (CSV);
  - the site's public pages and the news, in English and Norwegian;
  - an index page in each language (data/index.html, data/nb/index.html) linking every file, and
    README.txt: what it is, what it holds about living people, how to check it.
Nothing else: no waiting photo, no suggestion, no history, no e-mail address.

The folder is a BagIt bag (RFC 8493): manifest-sha512.txt holds every file's checksum, so anyone can check
it decades later (README.txt says how). It is written as <folder>.partial and renamed when complete.

  --made-by <names>     who made it, as README.txt and bag-info.txt say (default: ${DEFAULT_MADE_BY})
  --site <folder>       the built site whose pages it keeps (default: dist, made by npm run build)
Options:
${TARGET_HELP}
${BUCKET_HELP}
  -h, --help            this help

It only reads the project. It needs exiftool (Debian or Ubuntu: sudo apt-get install libimage-exiftool-perl;
macOS: brew install exiftool). Exit codes: 0 written; 1 it could not be written (nothing is left but what
the message names); 2 usage error.`;

const OPTIONS = { ...TARGET_OPTIONS, 'made-by': { type: 'string' }, site: { type: 'string' } } as const;

/**
 * What the organiser reads when it fails: Cloud Storage's answer (or the emulator not reached) as the other commands
 * say it; a file on this computer (the folder, the built site) or exiftool by its own message.
 */
function failure(what: string, err: unknown, target: Target): CommandError {
  const { syscall } = (err ?? {}) as NodeJS.ErrnoException;
  const network = syscall === 'connect' || syscall === 'getaddrinfo';
  const fromStorage = err instanceof Error && ('code' in err || 'status' in err) && (!syscall || network);
  if (fromStorage) return storageFailure(what, err, target);
  return new CommandError(`${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  describe: 'storage',
  positionals: true,
  checkArguments: (values, positionals) => {
    if (positionals.length !== 1)
      throw new UsageError(
        'Which folder? Give one that does not exist yet, e.g. /media/usb/reunion-archive-2026.',
      );
    const madeBy = values['made-by'];
    if (madeBy !== undefined && !/^[^\p{Cc}]{1,200}$/u.test(madeBy.trim()))
      throw new UsageError('--made-by takes one line of at most 200 characters: the names of who made it.');
  },
  async run({ ctx, values, positionals, target, admin }) {
    const from = ctx.env.INIT_CWD ?? process.cwd();
    const folder = resolve(from, positionals[0]!);
    const distFolder = resolve(from, values.site ?? resolve(ctx.rootDir, 'dist'));
    const { io } = ctx;
    io.out(`Archive folder: ${folder}`);
    io.out(`Site pages from: ${distFolder}`);
    try {
      await checkBagFolder(folder);
    } catch (err) {
      throw failure('The archive was not written', err, target);
    }
    const connection = await admin();
    const exiftool = new ExifToolProcess();
    const bar = progressBar('Writing');
    let files = 0;
    let bytes = 0;
    try {
      let plan: ArchivePlan | undefined;
      try {
        plan = await planArchive(
          {
            bucket: connection.bucket(target.bucket),
            distFolder,
            exiftool,
            made: new Date(),
            madeBy: values['made-by']?.trim() || DEFAULT_MADE_BY,
          },
          (sourceBytes) => {
            files += 1;
            bytes += sourceBytes;
            bar.update({
              files,
              totalFiles: plan?.payload.length ?? 0,
              bytes,
              totalBytes: plan?.sourceBytes ?? 0,
            });
          },
        );
      } catch (err) {
        throw failure(`Reading gs://${target.bucket}`, err, target);
      }
      for (const note of plan.notes) io.out(`note: ${note}`);
      let written;
      try {
        written = await writeBag(folder, { payload: plan.payload, tagFiles: plan.tagFiles, info: plan.info });
      } catch (err) {
        throw failure('The archive was not written', err, target);
      }
      const { model } = plan;
      io.out(
        `Archive written: ${plural(written.files, 'file')} (${size(written.octets)}): ` +
          `${plural(model.files.length, 'member file')}, ${plural(model.photos.length, 'shared photo')}, ` +
          `${plural(model.pictures.length, 'named picture')}, ${plural(model.pages.length, 'page')}.`,
      );
      io.out(
        `Open ${resolve(written.folder, 'data', 'index.html')} to see it; README.txt says how to check it.`,
      );
      return EXIT_OK;
    } finally {
      bar.done();
      await exiftool.close();
    }
  },
});

runIfMain(import.meta.url, main);
