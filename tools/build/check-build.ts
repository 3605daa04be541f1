/**
 * `npx tsx tools/build/check-build.ts`: exits 1, saying why, unless dist/ is a current production build (see
 * build-stamp.ts). Run before the browser tests serve dist/ without building, and at the end of `npm test`.
 */
import { buildProblems } from './build-stamp.ts';

const problems = buildProblems();
for (const problem of problems) console.error(`check-build: ${problem}`);
if (problems.length) process.exit(1);
console.log('check-build: dist/ is a production build of the current sources');
