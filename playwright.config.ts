import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_BIN} from './scripts/chromium.cjs';
import {STATE_TIMEOUT_MS, TEST_TIMEOUT_MS} from './tests/support/limits';

/** The production build is served by nginx (deploy/nginx/docs-site.conf) on this port during tests. */
export const SITE_PORT = Number(process.env.SITE_PORT ?? 4173);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Limits for a busy machine (tests/support/limits.ts): every wait is for a state, never for time.
  timeout: TEST_TIMEOUT_MS,
  expect: {timeout: STATE_TIMEOUT_MS},
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  globalSetup: './tests/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    browserName: 'chromium',
    launchOptions: {executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS},
    trace: 'off',
    screenshot: 'off',
  },
  projects: [
    {name: 'unit', testDir: './tests/unit'},
    {name: 'e2e', testDir: './tests/e2e'},
    // HTTP-level tests of the nginx configuration (headers, bad input, load): no browser.
    {name: 'server', testDir: './tests/server'},
    // Page weights and the Lighthouse scores that do not depend on speed: bytes and audits of the markup are
    // the same on a busy machine, so they run beside the others.
    {name: 'budgets', testDir: './tests/budgets'},
    // Fixture builds of small site variants (build guarantees, docs versions): each a whole Docusaurus build,
    // so they run after the projects above rather than compete with them. `npm test` (scripts/test.sh) runs
    // them in a second run, so that they also run when a test above fails.
    {name: 'build', testDir: './tests/build', fullyParallel: false, dependencies: ['unit', 'e2e', 'server', 'budgets']},
  ],
});
