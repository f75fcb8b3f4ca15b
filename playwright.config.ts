import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_BIN} from './scripts/chromium.cjs';
import {STATE_TIMEOUT_MS, TEST_TIMEOUT_MS} from './tests/support/limits';

/** The production build is served by nginx (deploy/nginx/docs-site.conf) on this port during tests. */
export const SITE_PORT = Number(process.env.SITE_PORT ?? 4173);

/**
 * Which part of the suite a run is (TEST_PART, set by scripts/test.sh): `first`, every project but the fixture
 * builds; `last`, the fixture builds alone, also when the first part failed; unset, all of them, the fixture
 * builds after the others.
 */
export const TEST_PART = process.env.TEST_PART as 'first' | 'last' | undefined;

/** The projects before the fixture builds. */
const FIRST_PROJECTS = [
  {name: 'unit', testDir: './tests/unit'},
  // The Synkronus engine's own tests, beside its code in its package.
  {name: 'engine', testDir: './packages/synkronus-mock/tests'},
  {name: 'e2e', testDir: './tests/e2e'},
  // HTTP-level tests of the nginx configuration (headers, bad input, load): no browser.
  {name: 'server', testDir: './tests/server'},
  // Page weights and the Lighthouse scores that do not depend on speed: bytes and audits of the markup are
  // the same on a busy machine, so they run beside the others.
  {name: 'budgets', testDir: './tests/budgets'},
];

/**
 * Fixture builds of small site variants (build guarantees, docs versions): each a whole Docusaurus build, so
 * they run after the projects above rather than compete with them.
 */
const FIXTURE_BUILDS = {
  name: 'build',
  testDir: './tests/build',
  fullyParallel: false,
  dependencies: FIRST_PROJECTS.map((p) => p.name),
};

/** Every test project, in the order they run. */
export const PROJECTS = [...FIRST_PROJECTS, FIXTURE_BUILDS];

/** The projects of this part of the suite (TEST_PART). */
function selectedProjects() {
  if (TEST_PART === 'first') return FIRST_PROJECTS;
  if (TEST_PART === 'last') return [{...FIXTURE_BUILDS, dependencies: []}];
  return PROJECTS;
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Limits for a busy machine (tests/support/limits.ts): every wait is for a state, never for time.
  timeout: TEST_TIMEOUT_MS,
  // A bound on the whole part, well above its usual time (about 20 and 5 minutes), so that a hung test ends
  // the run with a report inside CI's limit rather than letting CI stop it silently.
  globalTimeout: (TEST_PART === 'last' ? 25 : 55) * 60_000,
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
  projects: selectedProjects(),
});
