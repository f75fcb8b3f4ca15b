/**
 * ESLint (flat config): the recommended rules of ESLint, typescript-eslint (type-aware: the project is small
 * enough for the type checker to answer in seconds), @docusaurus/eslint-plugin and React's rules of hooks
 * (on the React code, src/), and no function over 80 lines in src/.
 * `npm run lint` runs it with --max-warnings=0, so a warning fails `npm test` too.
 */
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import {defineConfig, globalIgnores} from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noTimingInTests from './tests/support/no-timing-rules.cjs';

export default defineConfig([
  // Build outputs and generated files (as in .gitignore); docs/ holds Markdown only.
  globalIgnores([
    'build/',
    'build-nginx/',
    '.docusaurus/',
    '.tmp/',
    'test-results/',
    'playwright-report/',
    'packages/synkronus-mock/dist/',
    'docs/',
    'static/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {allowDefaultProject: ['eslint.config.mjs']},
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      // Playwright reads a test's fixtures from its first parameter, so `({}, testInfo)` asks for none.
      'no-empty-pattern': ['error', {allowObjectPatternsAsParameters: true}],
      // `{line: _line, ...rest}` is how the code drops a property from an object.
      '@typescript-eslint/no-unused-vars': ['error', {ignoreRestSiblings: true}],
    },
  },
  // Node.js runs the configuration, the plugins' build-time code, the scripts and the tests.
  {
    files: [
      '**/*.{cjs,mjs}',
      '*.ts',
      'scripts/**',
      'tests/**',
      'src/plugins/**',
      'packages/*/*.ts',
      'packages/*/scripts/**',
      'packages/*/tests/**',
    ],
    languageOptions: {globals: globals.node},
  },
  // Tests wait for a state, never for a time (tests/support/no-timing-rules.cjs).
  {files: ['tests/**', 'packages/*/tests/**'], rules: noTimingInTests},
  // JavaScript files carry no types, so the type-aware rules would only flag every untyped value in them.
  {files: ['**/*.{js,cjs,mjs}'], extends: [tseslint.configs.disableTypeChecked]},
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs'},
    // CommonJS modules load their dependencies with require().
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  // The browser runs the components, the theme, the plugins' client modules and the engine (in the console).
  {files: ['src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'], languageOptions: {globals: globals.browser}},
  {files: ['src/offline/sw.js'], languageOptions: {globals: globals.serviceworker}},
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    // The plugin's recommended set, written for the older config format (plugin names, not objects).
    rules: docusaurus.configs.recommended.rules,
  },
  {files: ['src/**/*.{ts,tsx}'], extends: [reactHooks.configs.flat.recommended]},
  {
    files: ['src/**', 'packages/*/src/**'],
    // A function that fits on a screen can be read and reviewed whole; past 80 lines, split it.
    rules: {'max-lines-per-function': ['error', {max: 80, skipBlankLines: true, skipComments: true}]},
  },
  {
    files: ['src/components/ApiReference/index.tsx'],
    // Its two <a> are a file download and the licence's page on another site: Link would route the first
    // inside the app and open the second in a new tab.
    rules: {'@docusaurus/no-html-links': 'off'},
  },
  {
    files: ['src/prism/prism-slim-highlight.ts'],
    // Synchronous loads an import cannot express: Prism's grammars on first use, after the global they read.
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
]);
