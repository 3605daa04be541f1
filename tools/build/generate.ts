/**
 * `npm run generate` (before the type check, the build, the dev server and after npm ci): the sources the site
 * compiles from other files, never edited by hand and not committed:
 *   - src/paraglide/: the messages, from messages/*.json (compiled again only when they changed: compile-messages.ts);
 *   - src/generated/pictures-for-naming.ts: the pictures opened for naming, from storage.rules (the rules accept a
 *     suggestion only for these, and the site links and offers suggestions for the same ones).
 */
import { compileMessages } from './compile-messages.ts';
import { PARAGLIDE_OPTIONS } from './paraglide.ts';
import { writePicturesForNaming } from './pictures-for-naming.ts';

const messages = await compileMessages();
console.log(
  messages === 'compiled'
    ? `generate: messages compiled into ${PARAGLIDE_OPTIONS.outdir}`
    : `generate: messages in ${PARAGLIDE_OPTIONS.outdir} already compiled from messages/ as it is`,
);
const { path, ids } = writePicturesForNaming();
console.log(`generate: ${path} (opened for naming in storage.rules: ${ids.join(', ') || 'none'})`);
