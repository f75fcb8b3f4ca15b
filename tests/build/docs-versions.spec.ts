/**
 * The "Manage docs versions" page is exactly what a contributor types: this test reads the steps
 * of its "Cut a version" section, runs them on a copy of the repository, serves the build with the
 * production nginx configuration, and checks in Chromium the versioned routes, the version dropdown
 * and the reader's preferred version (kept only while that version exists).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, expectHydrated} from '../support/fixtures';
import {DOCS_PATHS} from '../support/routes.cjs';
import {SITE_PORT} from '../../playwright.config';
import {BUILD_TIMEOUT_MS} from '../support/limits';
import {runToEnd} from '../support/run';
import {REPO_ROOT, startNginx} from '../../scripts/nginx.cjs';

const PAGE = 'docs/For-developers/docusaurus/tutorial-extras/manage-docs-versions.md';
const PORT = SITE_PORT + 1;
/**
 * The docs plugin's local-storage key for the preferred version (plugin-content-docs,
 * docsPreferredVersion.js), followed by the site's storage namespace (future.v4: a hash of the URL).
 */
const PREFERRED_VERSION_KEY = /^docs-preferred-version-default(-\w+)?$/;
/** Not copied: installed or generated folders (node_modules is linked instead). */
const NOT_COPIED = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.git',
  '.tmp',
  'test-results',
  'playwright-report',
]);

type Step = {lang: string; title?: string; body: string};

/** The fenced code blocks of the page's "Cut a version" section, in order, without their list indentation. */
function procedureSteps(): Step[] {
  const page = fs.readFileSync(path.join(REPO_ROOT, PAGE), 'utf8');
  const section = page.match(/^## Cut a version\n([\s\S]*?)(?=^## )/m)?.[1];
  if (!section) throw new Error(`${PAGE}: no "## Cut a version" section`);
  return [...section.matchAll(/^( *)```(\w+)(?: title="([^"]+)")?\n([\s\S]*?)^\1```$/gm)].map(
    ([, indent, lang, title, body]) => ({
      lang,
      title,
      body: body.replace(new RegExp(`^${indent}`, 'gm'), '').trim(),
    }),
  );
}

/** Runs a shell command of the page's procedure in `cwd`. */
const run = (command: string, cwd: string) => runToEnd('bash', ['-c', command], cwd, `\`${command}\``);

/** Adds the page's navbar item at the start of `themeConfig.navbar.items`, as step 2 says. */
function addNavbarItem(configFile: string, item: string) {
  const text = fs.readFileSync(configFile, 'utf8');
  const itemsStart = /(\n\s*navbar: \{[\s\S]*?\n(\s*)items: \[)/;
  if (!itemsStart.test(text))
    throw new Error(`${configFile}: no themeConfig.navbar.items array where ${PAGE} says to add the dropdown`);
  fs.writeFileSync(
    configFile,
    text.replace(itemsStart, (_, start: string, indent: string) => `${start}\n${indent}  ${item}`),
  );
}

/** The copy of the repository, the version the page cuts, and the nginx serving the copy's build. */
let copy = '';
let versionName = '';
let server: ReturnType<typeof startNginx> | undefined;

/** The versions of the copy, newest first, as versions.json lists them. */
const versions = () => JSON.parse(fs.readFileSync(path.join(copy, 'versions.json'), 'utf8')) as string[];

/** Opens `route` and waits until React has hydrated it, so that clicks run the theme's handlers. */
async function openHydrated(page: Page, route: string) {
  await page.goto(route);
  await expectHydrated(page);
}

// One worker runs these tests in order against one build of the copy.
test.describe.configure({mode: 'default'});
test.use({baseURL: `http://127.0.0.1:${PORT}`});

test.describe('cutting a docs version as the "Manage docs versions" page says', () => {
  test.beforeAll(async () => {
    test.setTimeout(BUILD_TIMEOUT_MS); // one build of the whole site, on a possibly busy machine
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ode-docs-versions-'));
    fs.cpSync(REPO_ROOT, copy, {recursive: true, filter: (src) => !NOT_COPIED.has(path.relative(REPO_ROOT, src))});
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'));

    const steps = procedureSteps();
    expect(steps.length, `${PAGE}: the procedure has no code blocks`).toBeGreaterThan(0);
    for (const step of steps) {
      if (step.lang === 'ts' && step.title === 'docusaurus.config.ts') {
        addNavbarItem(path.join(copy, 'docusaurus.config.ts'), step.body);
        continue;
      }
      expect(step.lang, `${PAGE}: a ${step.lang} block the test does not know how to apply:\n${step.body}`).toBe(
        'bash',
      );
      for (const command of step.body.split('\n')) {
        const version = command.match(/^npm run docusaurus docs:version (\S+)$/);
        if (version) {
          versionName = version[1];
          await run(command, copy);
        } else if (command === 'npm start') {
          // scripts/serve.sh: set-up (already done here), `npm run --silent build`, then nginx.
          await run('npm run --silent build', copy);
          server = startNginx({port: PORT, root: path.join(copy, 'build'), name: 'docs-versions'});
        } else if (command !== 'npm test') {
          // `npm test` is the suite this test belongs to; any other command is new to this test.
          throw new Error(`${PAGE}: the procedure has a command this test does not run: ${command}`);
        }
      }
    }
    expect(versionName, `${PAGE}: no docs:version command`).not.toBe('');
    expect(server, `${PAGE}: no \`npm start\` step to build and serve the site`).toBeDefined();
  });

  test.afterAll(() => {
    server?.stop();
    if (copy) fs.rmSync(copy, {recursive: true, force: true});
  });

  test('the version and the next docs each have every docs route', async ({request}) => {
    expect(versions()[0], 'versions.json lists the new version first').toBe(versionName);
    expect(fs.existsSync(path.join(copy, `versioned_docs/version-${versionName}/ODE.md`))).toBe(true);
    expect(fs.existsSync(path.join(copy, `versioned_sidebars/version-${versionName}-sidebars.json`))).toBe(true);

    for (const released of DOCS_PATHS) {
      const next = released.replace(/^\/docs\//, '/docs/next/');
      for (const route of [released, next]) {
        const response = await request.get(route, {maxRedirects: 0});
        expect(response.status(), `${route} should answer 200`).toBe(200);
      }
    }
  });

  test('the dropdown lists the versions and takes the reader to the same page in each', async ({page}) => {
    await openHydrated(page, '/docs/ODE');
    const navbar = page.getByRole('navigation', {name: 'Main'});
    const dropdown = navbar.getByRole('button', {name: versionName, exact: true});
    await dropdown.hover();
    const menu = navbar.locator('.dropdown__menu').filter({has: page.getByRole('link', {name: 'Next', exact: true})});
    await expect(menu.getByRole('link')).toHaveText(['Next', ...versions()]);

    await menu.getByRole('link', {name: 'Next', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/next\/ODE$/);
    await expect(page.getByText('This is unreleased documentation')).toBeVisible();
    await expect(navbar.getByRole('button', {name: 'Next', exact: true})).toBeVisible();
  });

  test("the reader's pick is stored, and dropped once that version no longer exists", async ({page}) => {
    /** The stored preferred versions, by key. */
    const stored = () =>
      page.evaluate(
        (pattern) =>
          Object.fromEntries<string>(
            Object.entries(window.localStorage).filter(([key]) => new RegExp(pattern).test(key)),
          ),
        PREFERRED_VERSION_KEY.source,
      );
    const documentationLink = page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Documentation'});

    await openHydrated(page, '/docs/ODE');
    expect(await stored()).toEqual({});
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await navbar.getByRole('button', {name: versionName, exact: true}).hover();
    await navbar.getByRole('link', {name: 'Next', exact: true}).click();
    await expect(page).toHaveURL(/\/docs\/next\/ODE$/);
    await expect.poll(async () => Object.values(await stored())).toEqual(['current']);
    const [key] = Object.keys(await stored());

    // A new page load keeps a name that exists; off the docs, the navbar's Documentation link follows it.
    await openHydrated(page, '/');
    await expect(documentationLink).toHaveAttribute('href', '/docs/next/ODE');
    expect(await stored()).toEqual({[key]: 'current'});

    await page.evaluate((k) => window.localStorage.setItem(k, '0.9.0'), key);
    await page.reload();
    await expectHydrated(page);
    await expect.poll(stored).toEqual({});
    await expect(documentationLink).toHaveAttribute('href', '/docs/ODE');
  });
});
