import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import {
  configDefaults,
  defineConfig,
  type Plugin,
  type TestProjectInlineConfiguration,
} from 'vitest/config';
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

/**
 * A project whose test files share their workers (isolate: false): a worker loads firebase-admin, firebase-tools,
 * sharp, vite and zod once for all the files it runs, not once per file. What a file changes in the process is undone
 * after it (tools/test/each-file.ts: process.env, the clock). A file that replaces modules (vi.mock, vi.doMock) runs
 * isolated, in a project of its own named `<name>-isolated`: in a shared worker its replacement would reach the files
 * after it, and a module that a file before it had loaded would not be replaced.
 */
function sharingWorkers(
  project: TestProjectInlineConfiguration & { test: { name: string; include: string[] } },
) {
  const mocking = project.test.include
    .flatMap((pattern) => {
      // '<folder>/**/*<ending>', the only form of pattern here.
      const [folder, ending] = pattern.split('/**/*');
      return readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith(ending))
        .map((file) => `${folder}/${file}`);
    })
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));
  const shared: TestProjectInlineConfiguration = {
    ...project,
    test: {
      ...project.test,
      isolate: false,
      setupFiles: [project.test.setupFiles ?? [], 'tools/test/each-file.ts'].flat(),
      exclude: [...configDefaults.exclude, ...mocking],
    },
  };
  if (mocking.length === 0) return [shared];
  return [
    shared,
    { ...project, test: { ...project.test, name: `${project.test.name}-isolated`, include: mocking } },
  ];
}

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
      ...sharingWorkers({
        extends: true,
        plugins: [noSass],
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
        },
      }),
      // The site's logic, without a DOM: about half a second less per file than jsdom. A test of code that needs the
      // browser's APIs (storage, events, elements) says so in its first line: @vitest-environment jsdom.
      ...sharingWorkers({
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          globals: true,
          include: ['src/**/*.test.ts'],
        },
      }),
      ...sharingWorkers({
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
      }),
    ],
  },
});
