import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './tools/test/chromium.ts';
import { SITE_URL } from './tools/local/config.ts';

/**
 * Browser tests in Chromium against the local stack (Auth, Storage and Hosting emulators, demo data),
 * started by Playwright as `npm start` does. Set E2E_SKIP_BUILD=1 when dist/ is already built.
 */
export default defineConfig({
  testDir: 'e2e',
  // e2e/firefox/ is the Firefox suite (Vitest + Puppeteer: npm run test:firefox).
  testIgnore: 'firefox/**',
  // Tests own their data (each worker its own accounts, e2e/fixtures.ts; a test that changes an account makes its
  // own), so they run in parallel: one worker per core by default (E2E_WORKERS to change it).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'reports/playwright.json' }]]
    : [['list'], ['json', { outputFile: 'reports/playwright.json' }], ['html', { open: 'never' }]],
  use: {
    baseURL: SITE_URL,
    // Recording a trace costs about a quarter of the suite's time: in CI (one retry) only a retried test records
    // one; locally (no retries) a failed test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Without a build, dist/ must be a production build of the current sources (tools/build/check-build.ts).
    command: process.env.E2E_SKIP_BUILD
      ? 'npx tsx tools/build/check-build.ts && npx tsx tools/local/stack.ts'
      : 'npm run build && npx tsx tools/local/stack.ts',
    url: `${SITE_URL}/home`,
    // Ready once the demo data is seeded, not merely when the Hosting emulator answers.
    wait: { stdout: /The reunion website is running/ },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
  },
});
