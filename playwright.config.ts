import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_BIN} from './scripts/chromium.cjs';

/** The production build is served by nginx (deploy/nginx/docs-site.conf) on this port during tests. */
export const SITE_PORT = Number(process.env.SITE_PORT ?? 4173);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: {timeout: 10_000},
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
    // Page-weight budgets: bytes are deterministic, so they run beside the others.
    {name: 'budgets', testDir: './tests/budgets', testMatch: /page-weight\.spec\.ts$/},
    // Fixture builds of small site variants (build guarantees, docs versions): timed, so they run
    // after the projects above, without them.
    {name: 'build', testDir: './tests/build', fullyParallel: false, dependencies: ['unit', 'e2e', 'server', 'budgets']},
    // Lighthouse measures CPU time: it runs last, one page at a time, with nothing else running.
    {
      name: 'lighthouse',
      testDir: './tests/budgets',
      testMatch: /lighthouse\.spec\.ts$/,
      fullyParallel: false,
      dependencies: ['build'],
    },
  ],
});
