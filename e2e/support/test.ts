/**
 * The browser tests' test: every page watched for console problems, and each worker's own accounts.
 */
import { expect, test as base } from '@playwright/test';
import { AUTH_URL, PROJECT_ID, demoAccounts, type DemoAccount } from '../../tools/local/config.ts';
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

/**
 * Every test is watched: a console warning in any flow, in either language, fails the test (after it ran),
 * unless the test said it provokes that warning (problems.expectWarnings). Errors are the test's to assert.
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
    async ({ page }, use) => {
      const expected: RegExp[] = [];
      const problems: PageProblems = {
        errors: [],
        warnings: [],
        expectWarnings: (pattern) => expected.push(pattern),
      };
      page.on('console', (message) => {
        if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
        if (message.type() === 'warning') problems.warnings.push(`${message.text()} (${page.url()})`);
      });
      page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
      await use(problems);
      expect(
        problems.warnings.filter((warning) => !expected.some((pattern) => pattern.test(warning))),
        'console warnings',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
