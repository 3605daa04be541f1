/**
 * npm run organiser:members -- <list | approve | unapprove | organiser | unorganiser | block | unblock> [<email>...]
 *   [--project <alias|id>] [--bucket <name>] [--yes]
 *
 * The group: what the command is about and its subcommands (./members/list.ts, and those that change accounts in
 * ./members/changes.ts); --help, the argument checks and the dispatch are derived from the list
 * (../core/subcommands.ts). The handbook: organiser/README.md.
 */
import { YES_HELP, runIfMain } from '../core/cli.ts';
import { defineSubcommands } from '../core/subcommands.ts';
import { BUCKET_HELP, TARGET_HELP } from '../core/target.ts';
import { approve, block, organiser, unapprove, unblock, unorganiser } from './members/changes.ts';
import { NAME, OPTIONS } from './members/common.ts';
import { list } from './members/list.ts';

export const SUBCOMMANDS = [list, approve, unapprove, organiser, unorganiser, block, unblock];

export const main = defineSubcommands({
  name: NAME,
  summary: "Decides who may read the members' files and who moderates the relatives' photos.",
  subcommands: SUBCOMMANDS,
  notes:
    'Each prints what it changed, then a summary of what was and was not done. Every address is looked up ' +
    'first: an unknown address changes nothing. After that, a failure on one account does not stop the others.\n\n' +
    'What a block or an unapproval does not stop at once: the ID token a signed-in page already holds. Cloud ' +
    'Storage accepts it until it expires, at most an hour after it was issued, and cannot revoke it. A ' +
    'download-token link (?token=) would keep working for ever, for anyone, and any account can make one for a ' +
    'file it may read (Storage gives a file a token when its metadata is read): that is why block and unapprove ' +
    "remove the tokens of everything under members/ the accounts could read (every file but other accounts' " +
    "waiting photos and suggestions; an organiser's: every file). `npm run organiser:check` lists any token left.",
  options: OPTIONS,
  optionsHelp: [
    TARGET_HELP,
    BUCKET_HELP,
    '                        (block and unapprove remove download tokens there)',
    YES_HELP,
  ].join('\n'),
  epilogue:
    'Exit codes: 0 done; 1 an address has no account (nothing changed), or a change or a token removal failed ' +
    '(the summary says which); 2 usage error.',
  // block and unapprove also act on the bucket (the download tokens of what the accounts could read).
  describe: 'auth',
});

runIfMain(import.meta.url, main);
