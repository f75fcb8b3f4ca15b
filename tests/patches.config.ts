/**
 * Runs only the patch register's checks (tests/unit/patches.spec.ts), without the site server that the main
 * configuration starts: `npm test` and `npm run upgrade-check` run it before any build, so an upgrade that
 * breaks a patch is named at once. The main configuration runs the same file with the other unit tests.
 */
import {defineConfig} from '@playwright/test';

export default defineConfig({
  testDir: './unit',
  testMatch: 'patches.spec.ts',
  outputDir: '../test-results/patches',
  forbidOnly: true,
  retries: 0,
  reporter: 'line',
});
