/**
 * The browser tests' test: every page watched for console problems, and each worker's own accounts.
 */
import { expect, test as base, type Page } from '@playwright/test';
import { AUTH_URL, PROJECT_ID, SITE_URL, demoAccounts, type DemoAccount } from '../../tools/local/config.ts';
import { createAccounts } from './organiser.ts';

export { expect };

export const authEmulator = { url: AUTH_URL, projectId: PROJECT_ID };

/**
 * The accounts of this worker: the demo accounts' kinds (verified and approved, verified, unverified) under
 * addresses of its own, made when the worker starts (the `workerAccounts` fixture below). Playwright runs each
 * worker in a process of its own, so tests running in parallel never share an account, nor do two runs against
 * one stack (E2E_RUN, playwright.config.ts); a test that changes an account (approval, blocking) makes one of its
 * own besides.
 */
const WORKER = `${process.env.E2E_RUN ?? 'run'}-worker${process.env.TEST_PARALLEL_INDEX ?? '0'}`;
function ofThisWorker(account: DemoAccount): DemoAccount {
  const [name, domain] = account.email.split('@');
  return { ...account, email: `${name}-${WORKER}@${domain}` };
}
const demo = demoAccounts();
export const accounts = {
  member: ofThisWorker(demo.member),
  relative: ofThisWorker(demo.relative),
  unverified: ofThisWorker(demo.unverified),
};

/** Console errors, page errors and CSP violations, and console warnings, seen by a page during a test. */
export interface PageProblems {
  errors: string[];
  warnings: string[];
  /**
   * Warnings this test provokes on purpose (a failure it stages, which the site reports with console.warn):
   * the ones matching are not counted.
   */
  expectWarnings: (pattern: RegExp) => void;
}

const SITE_ORIGIN = new URL(SITE_URL).origin;

/** Whether a console message or an error comes from a page of the site (or from a worker of one: no page). */
function ofTheSite(page: Page | null): boolean {
  return !page || page.url().startsWith(SITE_ORIGIN) || page.url() === 'about:blank';
}

/**
 * Every test is watched: a console warning in any flow, in either language, fails the test (after it ran),
 * unless the test said it provokes that warning (problems.expectWarnings). Errors are the test's to assert.
 * The watch is on the test's context, so every tab of the site it opens is watched (not the Auth emulator's sign-in
 * popup: not the site's page), and a test that never uses `page` (one that reads the served files, or opens a context
 * of its own) does not start a page, and a renderer, for nothing.
 */
export const test = base.extend<{ problems: PageProblems }, { workerAccounts: void }>({
  workerAccounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const remove = await createAccounts(Object.values(accounts));
      await use();
      await remove();
    },
    { scope: 'worker', auto: true },
  ],
  problems: [
    async ({ context }, use) => {
      const expected: RegExp[] = [];
      const problems: PageProblems = {
        errors: [],
        warnings: [],
        expectWarnings: (pattern) => expected.push(pattern),
      };
      context.on('console', (message) => {
        if (!ofTheSite(message.page())) return;
        if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
        if (message.type() === 'warning')
          problems.warnings.push(`${message.text()} (${message.page()?.url() ?? 'a worker'})`);
      });
      context.on('weberror', (error) => {
        if (ofTheSite(error.page())) problems.errors.push(`pageerror: ${error.error().message}`);
      });
      await use(problems);
      expect(
        problems.warnings.filter((warning) => !expected.some((pattern) => pattern.test(warning))),
        'console warnings',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
