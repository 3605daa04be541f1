import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './tools/chromium.ts';
import { SITE_URL } from './tools/local/config.ts';

const RETRIES = Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0));
// This run's name in its workers' account addresses (e2e/support/test.ts): two runs against one stack never share
// an account. The workers inherit it from the runner, which reads this file first.
process.env.E2E_RUN ??= randomBytes(3).toString('hex');

/**
 * Browser tests in Chromium against the local stack (Auth, Storage and Hosting emulators, demo data),
 * started by Playwright as `npm start` does. Set E2E_SKIP_BUILD=1 when dist/ is already built.
 */
export default defineConfig({
  testDir: 'e2e',
  // e2e/firefox/ is the Firefox suite (Vitest + Puppeteer: npm run test:firefox).
  testIgnore: 'firefox/**',
  // Tests own their data (each worker its own accounts, e2e/support/test.ts; a test that changes an account makes its
  // own), so they run in parallel: one worker per core (E2E_WORKERS to change it), since the browsers, the emulators
  // and Vitest beside them need the cores too.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, availableParallelism()),
  // npm test and CI try a failed test once more (E2E_RETRIES=1, tools/test/test-all.ts): it then counts as flaky,
  // and npm test's summary says how many were.
  retries: RETRIES,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]]
    : [['list'], ['json', { outputFile: 'reports/playwright.json' }], ['html', { open: 'never' }]],
  use: {
    baseURL: SITE_URL,
    // Recording a trace costs a quarter or more of the suite's time: with a retry only the retry records one (the
    // trace of the failure); without (a local run of a spec) every test records and a failed one keeps it.
    trace: RETRIES > 0 ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Without a build, dist/ must be a production build of the current sources (tools/build/check-build.ts). The
    // stack already running (npm start, npm test's) is used as it is (tools/local/playwright-stack.ts).
    // `exec`: the stack's script is then Playwright's own child, and knows when Playwright is gone (below).
    command: process.env.E2E_SKIP_BUILD
      ? 'node --import tsx tools/build/check-build.ts && exec node --import tsx tools/local/playwright-stack.ts'
      : 'npm run build && exec node --import tsx tools/local/playwright-stack.ts',
    // Ready once the demo data is seeded. No `url`: Playwright would take whichever of the two came first, and the
    // site answers before the seed is done.
    wait: { stdout: /The reunion website is running/ },
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
  },
});
