import { execSync } from 'node:child_process';
import { buildProblems } from '../../tools/build/build-stamp.ts';
import { startStack } from '../../tools/local/with-stack.ts';

/**
 * The local stack for the Firefox tests, started as Playwright's webServer does (build first unless
 * E2E_SKIP_BUILD=1, which needs a production build of the current sources; an already running `npm start` is
 * reused). Returns Vitest's teardown.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const stack = await startStack(() => {
    if (!process.env.E2E_SKIP_BUILD) {
      // Vitest runs with NODE_ENV=test; the build makes production code whatever it inherits (tools/build/build.ts).
      execSync('npm run build', { stdio: 'inherit' });
    }
    const problems = buildProblems();
    if (problems.length) throw new Error(problems.join('\n'));
  });
  return stack.stop;
}
