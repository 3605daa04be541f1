import { defineConfig } from 'vitest/config';

/** npm run test:firefox: the core flows in Debian's Firefox ESR against the local stack (e2e/firefox/). */
export default defineConfig({
  test: {
    name: 'firefox',
    include: ['e2e/firefox/**/*.test.ts'],
    environment: 'node',
    globals: true,
    globalSetup: ['e2e/firefox/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000, // the stack takes up to 15 s to stop
    retry: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)), // as Playwright's (playwright.config.ts)
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/firefox.json' },
  },
});
