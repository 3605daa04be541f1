import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (lowest first): src/domain, src/lib, src/config -> src/firebase -> src/components ->
 * src/features/* -> src/app (may import everything) -> src/main.tsx. Checked by eslint-plugin-import-x's
 * no-restricted-paths on resolved files, so relative paths, `import type` and dynamic import() all count;
 * an import it cannot resolve is not checked, hence the resolver knows .ts/.tsx.
 * (Not with core no-restricted-imports: flat config replaces a rule's options block by block, so a later
 * block for src/** silently dropped every earlier block's patterns. That rule now has one block only:
 * FirebaseUI and the compat SDK, below.) tools/repo/eslint-layering.test.ts proves that they bite.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The organisers' commands and their helpers, not their tests (which may start the local emulators). */
const ORGANISER_CODE = fileURLToPath(new URL('./organiser/**/!(*.test|test-support).ts', import.meta.url));
/** The Admin SDK code the commands, the tools and the tests share, not its tests. */
const ADMIN_CODE = fileURLToPath(new URL('./admin/**/!(*.test).ts', import.meta.url));

const ABOVE_FEATURES = 'Features must not import the app shell (src/app).';
export const LAYER_ZONES = [
  ...['src/domain', 'src/lib', 'src/config'].map((target) => ({
    target,
    from: ['src/firebase', 'src/components', 'src/features', 'src/app', 'src/main.tsx'],
    message: `${target} is the lowest layer: it imports only src/domain, src/lib and src/config.`,
  })),
  {
    target: 'src/firebase',
    from: ['src/components', 'src/features', 'src/app', 'src/main.tsx'],
    message: 'src/firebase is below the UI: it must not import components, features or the app.',
  },
  {
    target: 'src/components',
    from: ['src/features', 'src/app', 'src/main.tsx'],
    message: 'Shared components must not import features or the app.',
  },
  { target: 'src/features', from: ['src/app', 'src/main.tsx'], message: ABOVE_FEATURES },
  // One feature reaching into another is a sign that the shared part belongs lower (domain, components).
  ...FEATURES.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: `A feature must not import another feature: move what ${feature} needs from it to src/domain or src/components.`,
  })),
  {
    // The site imports none of the Node code: the Admin SDK helpers, the commands, the tools, the browser tests.
    target: 'src',
    from: ['admin', 'organiser', 'tools', 'e2e'],
    message:
      'The site (src/) must not import admin/, organiser/, tools/ or e2e/: they run in Node, never in a page.',
  },
  {
    // Tooling, commands and browser tests use the shared data, settings and pure helpers, never the UI.
    target: ['admin', 'organiser', 'tools', 'e2e'],
    from: ['src/app', 'src/components', 'src/features', 'src/main.tsx', 'src/prerender.tsx'],
    message:
      'Tools, organiser commands and browser tests must not import the UI (src/app, src/components, src/features).',
  },
  {
    // What the commands share with the tools and the tests is in admin/; the commands themselves are the volunteers'.
    target: ['tools', 'e2e', '.ci'],
    from: 'organiser',
    message:
      'Tools and browser tests must not import organiser/: what they share with the commands belongs in admin/.',
  },
  {
    // Shared by everyone below it, so it imports none of them (its tests may start the local emulators).
    target: ADMIN_CODE,
    from: ['src/firebase', 'organiser', 'tools', 'e2e'],
    message:
      'admin/ imports only src/domain, src/config and src/lib from the site, and nothing from organiser/, tools/ or e2e/.',
  },
  {
    // The organisers' commands run against production: only src/domain, src/config and src/lib from the site,
    // and nothing of the local tooling (their tests may start the local emulators).
    target: ORGANISER_CODE,
    from: ['src/firebase', 'tools', 'e2e'],
    message:
      'Organiser code imports only src/domain, src/config and src/lib from the site, and nothing from tools/ or e2e/ (their tests may use tools/local).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'playwright-report',
      'test-results',
      'reports',
      '.cache',
      '.build-nb', // the Norwegian client build while tools/build/build.ts runs
      'src/paraglide', // compiled from messages/*.json (npm run generate)
      'src/generated', // written from storage.rules (npm run generate)
      'tools/repo/lint-fixtures', // files that must fail: tools/repo/eslint-layering.test.ts lints them
    ],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // The cycle check follows the project's own modules: the packages' modules and Paraglide's compiled messages
      // (importing only each other and its runtime) cannot be part of one of ours, and parsing them is slow.
      'import-x/ignore': ['node_modules', 'src/paraglide'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    // Every TypeScript file of the project: the site, the organisers' commands, the tools and the tests.
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A client build carries one language's messages (tools/build/build.ts): a message asked for another
    // language answers in the build's own (and Paraglide warns). The site's code asks in the page's language;
    // build-time code (src/prerender.tsx, the feed texts) runs with every language and may name one.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/testing/**', 'src/prerender.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > ObjectExpression > Property[key.name='locale'][value.type='Literal']",
          message:
            "The site's code asks a message in the page's language: a client build has no other (only build-time code may name a language).",
        },
      ],
    },
  },
  {
    // Public pages must never pull in FirebaseUI or the compat SDK: only src/firebase/auth-ui*.ts may
    // (auth-ui.ts the compat SDK, auth-ui-en.ts and auth-ui-nb.ts their language's FirebaseUI).
    // The only block that sets no-restricted-imports (a second one would replace these options).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/firebase/auth-ui.ts', 'src/firebase/auth-ui-en.ts', 'src/firebase/auth-ui-nb.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'firebaseui',
              message: 'Import FirebaseUI only in src/firebase/auth-ui-en.ts (lazy, /login only).',
            },
            {
              name: 'firebaseui/nb',
              message:
                'Import the Norwegian FirebaseUI only in src/firebase/auth-ui-nb.ts (lazy, /nb/login only).',
            },
          ],
          patterns: [
            {
              group: ['firebase/compat/*'],
              message: 'The compat SDK belongs in src/firebase/auth-ui.ts only.',
            },
          ],
        },
      ],
    },
  },
);
