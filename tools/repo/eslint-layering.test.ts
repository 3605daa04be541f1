/**
 * The lint fixtures that must fail: small virtual files, linted with the project's own eslint.config.js
 * through ESLint's Node API, prove that the import-direction rules bite (a flat config can drop a rule silently)
 * and that the FirebaseUI rule still applies beside them.
 */
import { ESLint } from 'eslint';

// The project's configuration as it is, except no-cycle: it reads every file of a cycle from disk and
// cannot follow a file that exists only in the test (it has its own fixture below).
const eslint = new ESLint({ overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** The rule ids and messages ESLint reports for `code` as if it were the file at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import direction (eslint.config.js)', () => {
  it.each([
    ['src/lib/fixture.ts', "export { AuthProvider } from '../features/auth/auth-provider';", /lowest layer/],
    [
      'src/domain/fixture.ts',
      "export type { LoginRedirectState } from '../features/auth/login-redirect';",
      /lowest layer/,
    ],
    ['src/config/fixture.ts', "export { app } from '../firebase/app';", /lowest layer/],
    ['src/lib/fixture.ts', "export const load = () => import('../components/page-meta');", /lowest layer/],
    [
      'src/firebase/fixture.ts',
      "export { MessageModal } from '../components/message-modal';",
      /below the UI/,
    ],
    [
      'src/components/fixture.ts',
      "export { HomePage } from '../features/home/home-page';",
      /Shared components/,
    ],
    ['src/components/fixture.ts', "export { AppRoutes } from '../app/routes';", /Shared components/],
    ['src/features/auth/fixture.ts', "export { RequireAuth } from '../../app/require-auth';", /app shell/],
    [
      'src/features/home/fixture.ts',
      "export { DownloadButton } from '../members/download-button';",
      /another feature/,
    ],
    [
      'tools/bench/fixture.ts',
      "export { Layout } from '../../src/app/layout.tsx';",
      /must not import the UI/,
    ],
    [
      'e2e/fixture.ts',
      "export { DownloadService } from '../src/features/members/download-service.ts';",
      /must not import the UI/,
    ],
    [
      'organiser/commands/fixture.ts',
      "export { DownloadService } from '../../src/features/members/download-service.ts';",
      /must not import the UI/,
    ],
    [
      'organiser/commands/fixture.ts',
      "export { idToken } from '../../src/firebase/auth.ts';",
      /Organiser code/,
    ],
    ['organiser/core/fixture.ts', "export { PORTS } from '../../tools/local/config.ts';", /Organiser code/],
    ['admin/bucket/fixture.ts', "export { test } from '../../e2e/support/test.ts';", /admin\/ imports only/],
    ['admin/fixture.ts', "export { UsageError } from '../organiser/core/errors.ts';", /admin\/ imports only/],
    ['admin/fixture.ts', "export { idToken } from '../src/firebase/auth.ts';", /admin\/ imports only/],
    [
      'tools/build/fixture.ts',
      "export { UsageError } from '../../organiser/core/errors.ts';",
      /must not import organiser/,
    ],
    [
      'e2e/support/fixture.ts',
      "export { connectTarget } from '../../organiser/core/admin.ts';",
      /belongs in admin/,
    ],
    ['src/lib/fixture.ts', "export { PORTS } from '../../tools/local/config.ts';", /The site/],
    ['src/app/fixture.ts', "export { UsageError } from '../../organiser/core/errors.ts';", /The site/],
    ['src/domain/fixture.ts', "export { connectAdmin } from '../../admin/firebase-admin.ts';", /The site/],
    [
      'src/features/members/fixture.ts',
      "export { VISITOR_PAGES } from '../../../e2e/support/pages.ts';",
      /The site/,
    ],
  ])('%s: %s fails', async (filePath, code, message) => {
    const found = await problems(filePath, code);
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['src/lib/fixture.ts', "export { CATALOGUE } from '../domain/catalogue';"],
    ['src/features/members/fixture.ts', "export { formatDate } from '../../lib/format';"],
    ['src/features/auth/fixture.ts', "export { setSessionFlag } from './session-flag';"],
    ['src/app/fixture.ts', "export { HomePage } from '../features/home/home-page';"],
    ['e2e/fixture.ts', "export { CATALOGUE } from '../src/domain/catalogue.ts';"],
    ['organiser/commands/fixture.ts', "export { CATALOGUE } from '../../src/domain/catalogue.ts';"],
    ['organiser/core/fixture.ts', "export { emulatorUrl } from '../../src/config/local-emulators.ts';"],
    ['organiser/core/fixture.ts', "export { formatDate } from '../../src/lib/format.ts';"],
    // An organiser command's test may start the local emulators.
    ['organiser/commands/fixture.test.ts', "export { PORTS } from '../../tools/local/config.ts';"],
    ['tools/local/fixture.ts', "export { LARGE_DEMO_PATH } from '../../admin/bucket/member-files.ts';"],
    ['tools/build/fixture.ts', "export { PAGES } from '../../src/config/pages.ts';"],
    ['e2e/support/fixture.ts', "export { connectAdmin } from '../../admin/firebase-admin.ts';"],
    ['organiser/core/fixture.ts', "export { connectAdmin } from '../../admin/firebase-admin.ts';"],
    ['admin/bucket/fixture.ts', "export { CATALOGUE } from '../../src/domain/catalogue.ts';"],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });

  it("keeps the site's code asking messages in the page's language only", async () => {
    const code =
      "import { m } from '../../paraglide/messages.js';\nexport const title = m.site_title({}, { locale: 'en' });";
    expect(await problems('src/domain/fixture.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*page's language/),
    ]);
    // Build-time code and tests may name a language; the page's language (a variable) is fine anywhere.
    expect(await problems('src/prerender.tsx', code)).toEqual([]);
    expect(await problems('src/domain/fixture.test.ts', code)).toEqual([]);
    const pageLanguage =
      "import { m } from '../../paraglide/messages.js';\nexport const title = (locale: 'en' | 'nb') => m.site_title({}, { locale });";
    expect(await problems('src/domain/fixture.ts', pageLanguage)).toEqual([]);
  });

  it('finds an import cycle', async () => {
    const linter = new ESLint({ ignore: false });
    const results = await linter.lintFiles(['tools/repo/lint-fixtures/cycle-a.ts']);
    expect(results[0]?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('still keeps FirebaseUI and the compat SDK out of every file but src/firebase/auth-ui.ts', async () => {
    const code = "import 'firebaseui';\nimport 'firebase/compat/auth';";
    expect(await problems('src/features/auth/fixture.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*src\/firebase\/auth-ui-en\.ts/),
      expect.stringMatching(/^no-restricted-imports: .*compat SDK/),
    ]);
    expect(await problems('src/firebase/auth-ui.ts', code)).toEqual([]);
  });
});
