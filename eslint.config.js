import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (lowest first): src/domain, src/lib, src/config -> src/firebase -> src/components ->
 * src/features/* -> src/app (may import everything) -> src/main.tsx. Checked by eslint-plugin-import's
 * no-restricted-paths on resolved files, so relative paths, `import type` and dynamic import() all count;
 * an import it cannot resolve is not checked, hence the resolver knows .ts/.tsx.
 * (Not with core no-restricted-imports: flat config replaces a rule's options block by block, so a later
 * block for src/** silently dropped every earlier block's patterns. That rule now has one block only:
 * FirebaseUI and the compat SDK, below.) scripts/eslint-layering.test.ts proves that they bite.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    // Tooling and browser tests use the shared data, settings and Firebase helpers, never the UI.
    target: ['scripts', 'e2e', 'e2e-firefox'],
    from: ['src/app', 'src/components', 'src/main.tsx'],
    message: 'Scripts and browser tests must not import the UI (src/app, src/components, src/features).',
  },
  {
    target: ['scripts', 'e2e', 'e2e-firefox'],
    from: 'src/features',
    message: 'Scripts and browser tests must not import the UI (src/app, src/components, src/features).',
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
      '.build-nb', // the Norwegian client build while scripts/build.ts runs
      'src/paraglide', // compiled from messages/*.json (npm run i18n)
      'scripts/lint-fixtures', // files that must fail: scripts/eslint-layering.test.ts lints them
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
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'e2e/**/*.ts', 'e2e-firefox/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/lint-fixtures/*.ts'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
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
