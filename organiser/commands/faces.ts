/**
 * npm run organiser:faces -- <open <fileId> | import <fileId> <key.csv> | list [<fileId>] |
 *   accept <suggestionId>... | reject <suggestionId>... | export <fileId> | history <fileId> |
 *   revert <fileId> <versionId>> [--project <alias|id>] [--bucket <name>] [--yes]
 *
 * The group: what the command is about and its subcommands, one module each in ./faces/ (what several share:
 * ./faces/common.ts); --help, the argument checks and the dispatch are derived from the list
 * (../core/subcommands.ts). The handbook: organiser/README.md. Paths, files and checks: src/domain/faces.ts; how
 * they are stored: admin/bucket/faces.ts; the tiles: admin/bucket/deep-zoom.ts.
 */
import { YES_HELP, runIfMain } from '../core/cli.ts';
import { defineSubcommands } from '../core/subcommands.ts';
import { BUCKET_HELP, TARGET_HELP } from '../core/target.ts';
import { NAME, NAMEABLE_IDS, OPTIONS, pagePathOf } from './faces/common.ts';
import { accept, reject } from './faces/decide.ts';
import { exportCsv } from './faces/export.ts';
import { history, revert } from './faces/history.ts';
import { importKey } from './faces/import-key.ts';
import { list } from './faces/list.ts';
import { open } from './faces/open.ts';

export const SUBCOMMANDS = [open, importKey, list, accept, reject, exportCsv, history, revert];

export const main = defineSubcommands({
  name: NAME,
  summary:
    'Who is who in a picture of the catalogue (members/faces/ in the bucket): the picture cut into tiles for the ' +
    "who-is-who page, its faces file (each face's number, marker, row, name and note) and the suggestions " +
    `relatives send. Pictures that can be opened: ${NAMEABLE_IDS.join(', ')}.`,
  subcommands: SUBCOMMANDS,
  notes:
    `Markers are placed on the who-is-who page by an organiser: ${pagePathOf('<file id>')}. Every id is looked ` +
    'up first: an unknown id changes nothing. What this command stores carries no download token; the faces ' +
    'file the page saves does: remove it with `npm run organiser:check -- --remove-tokens`.',
  options: OPTIONS,
  optionsHelp: [TARGET_HELP, BUCKET_HELP, YES_HELP].join('\n'),
  epilogue:
    'Exit codes: 0 done; 1 an id is unknown, a line of the key is wrong, the picture is not uploaded or not ' +
    'opened (nothing changed), or a change failed (run it again); 2 usage error.',
  describe: 'storage',
});

runIfMain(import.meta.url, main);
