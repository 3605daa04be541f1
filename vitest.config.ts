import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';
import { newsPosts } from './tools/build/news/vite-plugin.ts';
import { reunionTenseDefines, reunionTenseMessages } from './tools/build/reunion-tense.ts';
import { messagesAsOneModule, messagesWhileServing } from './tools/build/paraglide.ts';
import { parseEnv } from './src/config/env-schema.ts';

/**
 * Sass stylesheets are empty modules in the component tests: jsdom draws nothing, and starting the Sass
 * compiler takes about a second, which made lazily loaded components miss the tests' waits.
 */
const noSass: Plugin = {
  name: 'no-sass-in-jsdom',
  enforce: 'pre',
  resolveId: (source) => (/\.scss$/.test(source) ? '\0empty-stylesheet' : undefined),
  load: (id) => (id === '\0empty-stylesheet' ? 'export {};' : undefined),
};

/**
 * One worker per core (Vitest's default leaves one core free: on two cores that halved the speed); VITEST_WORKERS
 * to change it (npm test runs one beside the browser tests, tools/test/test-all.ts).
 */
const MAX_WORKERS = Number(process.env.VITEST_WORKERS) || availableParallelism();

export default defineConfig({
  plugins: [
    messagesWhileServing(),
    messagesAsOneModule(),
    // The tests run the code of a site built before the reunion (the defines below): both tenses.
    reunionTenseMessages(false),
    react(),
    newsPosts({ siteUrl: parseEnv({}).siteUrl }),
  ],
  define: {
    __APP_CONFIG__: JSON.stringify(parseEnv({})),
    // The tests run the code of a site built before the reunion: both tenses, switching by the (faked) clock.
    ...reunionTenseDefines(false),
  },
  test: {
    maxWorkers: MAX_WORKERS,
    // Each test file in a worker thread rather than a child process of its own: the same tests, started with less
    // work (the whole suite about 120 instead of 130 CPU-seconds here).
    pool: 'threads',
    projects: [
      {
        extends: true,
        plugins: [noSass],
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        // The site's logic, without a DOM: about half a second less per file than jsdom. A test of code that
        // needs the browser's APIs (storage, events, elements) says so in its first line: @vitest-environment jsdom.
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          globals: true,
          include: ['src/**/*.test.ts'],
        },
      },
      {
        plugins: [messagesAsOneModule()],
        test: {
          name: 'node',
          environment: 'node',
          globals: true,
          include: ['admin/**/*.test.ts', 'organiser/**/*.test.ts', 'tools/**/*.test.ts'],
          maxWorkers: MAX_WORKERS,
          pool: 'threads', // as above (this project does not extend the root's test options)
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
