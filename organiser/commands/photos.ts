/**
 * npm run organiser:photos -- <list | approve <photoId>... [--name <name>] | approve --all | reject <photoId>... |
 *   remove <photoId>... | removed | restore <photoId>...> [--project <alias|id>] [--bucket <name>] [--yes]
 *
 * The group: what the command is about and its subcommands, one module each in ./photos/ (what several share:
 * ./photos/common.ts); --help, the argument checks and the dispatch are derived from the list
 * (../core/subcommands.ts). The handbook: organiser/README.md. Paths, ids and plans: src/domain/photos.ts; how a
 * shared photo is made and stored: admin/bucket/shared-photos.ts.
 */
import { YES_HELP, runIfMain } from '../core/cli.ts';
import { defineSubcommands } from '../core/subcommands.ts';
import { BUCKET_HELP, TARGET_HELP } from '../core/target.ts';
import { approve } from './photos/approve.ts';
import { NAME, OPTIONS } from './photos/common.ts';
import { list } from './photos/list.ts';
import { reject } from './photos/reject.ts';
import { remove } from './photos/remove.ts';
import { removed, restore } from './photos/undo.ts';

export const SUBCOMMANDS = [list, approve, reject, remove, removed, restore];

export const main = defineSubcommands({
  name: NAME,
  summary: 'The photos relatives share in the members area (members/photos/ in the bucket).',
  subcommands: SUBCOMMANDS,
  notes:
    'Every id is looked up first: an unknown id changes nothing. If an approval stops part-way (a network ' +
    'failure), run the same command again: it finishes what was left. What this command stores carries no ' +
    'download token.\n\n' +
    'Organisers can do the same on the photos page of the members area (`npm run organiser:members -- ' +
    'organiser <email>`). An approval in the page stores the shared files through Firebase, which gives each a ' +
    'download token: remove them with `npm run organiser:check -- --remove-tokens`.',
  options: OPTIONS,
  optionsHelp: [TARGET_HELP, BUCKET_HELP, YES_HELP].join('\n'),
  epilogue:
    'Exit codes: 0 done; 1 a photo id is unknown (nothing changed), a photo could not be shared (approve --all ' +
    'shares the others), or a change failed (run it again); 2 usage error.',
  describe: 'storage',
});

runIfMain(import.meta.url, main);
