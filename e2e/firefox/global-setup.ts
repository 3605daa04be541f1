import { execSync } from 'node:child_process';
import { startStack } from '../../tools/local/with-stack.ts';

/**
 * The local stack for the Firefox tests, started as Playwright's webServer does (build first unless
 * E2E_SKIP_BUILD=1; an already running `npm start` is reused). Returns Vitest's teardown.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const stack = await startStack(() => {
    if (!process.env.E2E_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });
  });
  return stack.stop;
}
