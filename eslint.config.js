import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist', 'coverage', 'playwright-report', 'test-results', 'reports', '.cache', 'src/paraglide'],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // Imports go one way: shared code (components, lib, config, firebase) never reaches into features or app.
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**', 'src/firebase/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/layout', '**/app/routes', '**/main'],
              message: 'Features must not import the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // Public pages must never pull in FirebaseUI or the compat SDK: only src/firebase/auth-ui*.ts may
    // (auth-ui.ts the compat SDK, auth-ui-en.ts and auth-ui-nb.ts their language's FirebaseUI).
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
