/**
 * Offline reading by the reader's choice: "Save for offline reading" keeps the whole site in the
 * browser, after which pages, /api, images and search work with the network off. Without that choice
 * nothing is kept: going offline fails like any other site.
 * Each test has its own browser context, so its own service workers and caches.
 */
import type {Page} from '@playwright/test';
import {test, expect, allowHttpError} from '../support/fixtures';
import {referenceNav} from '../support/api-reference';
import {specRoute} from '../support/routes.cjs';
import {tabToSearch} from '../support/search';
import {axeViolations} from '../support/axe';
import {STATE_TIMEOUT_MS} from '../support/limits';

const OFFLINE_PAGES = [
  '/docs/ODE',
  '/api',
  '/docs/quick-start/',
  '/docs/documentation/synkronus/app-bundle',
  '/markdown-page',
];
/** Saving the whole site is the longest wait for a state in the suite: twice the usual limit. */
const SAVE_TIMEOUT = 2 * STATE_TIMEOUT_MS;

const offlineRegion = (page: Page) => page.getByRole('region', {name: 'Offline reading'});

/** Presses "Save for offline reading" and waits until the copy is saved. */
async function saveOffline(page: Page) {
  const region = offlineRegion(page);
  await region.getByRole('button', {name: 'Save for offline reading'}).click();
  await expect(region.getByRole('status')).toContainText(/Saved for offline reading on .+\d/, {timeout: SAVE_TIMEOUT});
}

/** The service workers and caches the browser keeps for the site. */
const keptOffline = (page: Page) =>
  page.evaluate(async () => ({
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
    caches: await caches.keys(),
  }));

/** Every image of the page has loaded (none is broken). */
async function expectImagesLoaded(page: Page) {
  const broken = await page
    .locator('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
  expect(broken, `broken images on ${page.url()}`).toEqual([]);
}

test.describe('offline reading', () => {
  // Saving fetches every page of the site: three times the default limit (test.slow()).
  test.beforeEach(() => test.slow());

  test('after "Save for offline reading", pages, /api, images and search work offline', async ({page, context}) => {
    await page.goto('/docs/ODE');
    const region = offlineRegion(page);
    await expect(region.getByRole('status')).toContainText('Keep a copy of the whole site');
    const pressed = Date.now();
    await saveOffline(page);
    const saved = Date.now();
    // The copy is dated when it was saved: between the press and the message saying so.
    const savedAt = Date.parse((await region.locator('time').getAttribute('datetime'))!);
    expect(savedAt).toBeGreaterThanOrEqual(pressed);
    expect(savedAt).toBeLessThanOrEqual(saved);

    await context.setOffline(true);
    for (const path of OFFLINE_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), `${path} offline`).toBe(200);
      expect(response?.fromServiceWorker(), `${path} comes from the offline copy`).toBe(true);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(specRoute(path).h1);
      await expectImagesLoaded(page);
      await expect(page.getByRole('img', {name: 'ODE logo'}).first()).toBeVisible();
    }

    // The reference is styled from the offline copy too (its critical CSS in the page, the site's stylesheet),
    // and its navigation list works.
    await page.goto('/api');
    const nav = referenceNav(page);
    await expect(nav).toHaveCSS('overflow-y', 'auto');
    await nav.getByRole('link', {name: 'Pull updated records since last sync'}).click();
    await expect(page.getByRole('heading', {level: 3, name: 'Pull updated records since last sync'})).toBeInViewport();

    // Search, by keyboard, still offline.
    await page.goto('/docs/ODE');
    await tabToSearch(page);
    const target = specRoute('/docs/For-developers/docusaurus/tutorial-extras/manage-docs-versions');
    await page.keyboard.type('Manage docs versions');
    // Results follow the typing: Enter once the whole query's best result is first, not a partial one's.
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(target.h1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText(target.h1);

    // A reload is a full navigation, answered by the offline copy too.
    await page.goto('/docs/quick-start/');
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(specRoute('/docs/quick-start/').h1);
    await expect(offlineRegion(page).getByRole('status')).toContainText('Saved for offline reading on');
  });

  test('after saving, the "Try it" console and its in-browser Synkronus work offline: a login and a pull succeed', async ({
    page,
    context,
  }) => {
    await page.goto('/docs/ODE');
    await saveOffline(page);
    // The console's lazily loaded chunk is in the offline copy, though no page has loaded it yet.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.filter((url) => /\/assets\/js\/api-console\.[0-9a-f]+\.js$/.test(url))).toHaveLength(1);

    await context.setOffline(true);
    await page.goto('/api');
    const open = async (anchor: string, name: string) => {
      await page
        .locator('section')
        .filter({has: page.locator(`[id="${anchor}"]`)})
        .last()
        .getByRole('button', {name: 'Try it'})
        .click();
      const panel = page.getByRole('region', {name});
      await expect(panel.getByRole('button', {name: 'Send'})).toBeVisible();
      return panel;
    };
    const login = await open('operation/login', 'Try it: Authenticate user and return JWT tokens');
    await login.getByRole('button', {name: 'Send'}).click();
    await expect(login.getByRole('region', {name: 'Response: Authenticate user and return JWT tokens'})).toContainText(
      'Status 200 OK',
    );
    const pull = await open('operation/syncPull', 'Try it: Pull updated records since last sync');
    await expect(pull.getByText('Logged in as fieldworker, role in use read-write.')).toBeVisible();
    await pull.getByLabel('Request body (JSON)').fill('{"client_id": "offline-laptop"}');
    await pull.getByRole('button', {name: 'Send'}).click();
    const response = pull.getByRole('region', {name: 'Response: Pull updated records since last sync'});
    await expect(response).toContainText('Status 200 OK');
    await expect(response.getByLabel('Response body')).toContainText('"has_more": true');
  });

  test('without saving, nothing is kept: offline navigation fails as on any site', async ({page, context, baseURL}) => {
    for (const path of OFFLINE_PAGES.filter((p) => p !== '/api')) await page.goto(path);
    // Searching online downloads the index, but keeps nothing for offline use either.
    await tabToSearch(page);
    await page.keyboard.type('pull');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();

    expect(await keptOffline(page), 'service workers and caches after browsing without saving').toEqual({
      serviceWorkers: 0,
      caches: [],
    });

    await context.setOffline(true);
    allowHttpError(page, new RegExp(`^${baseURL}/`));
    for (const path of ['/docs/ODE', '/docs/documentation/synkronus/']) {
      await expect(page.goto(path), `${path} offline without saving`).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  });

  test('the reader can remove the offline copy', async ({page}) => {
    await page.goto('/docs/quick-start/');
    const region = offlineRegion(page);
    await saveOffline(page);

    await region.getByRole('button', {name: 'Remove offline copy'}).click();
    await expect(region.getByRole('button', {name: 'Save for offline reading'})).toBeVisible();
    expect(await keptOffline(page)).toEqual({serviceWorkers: 0, caches: []});
    // The choice is forgotten: the next visit does not download the site again.
    await page.reload();
    await expect(region.getByRole('button', {name: 'Save for offline reading'})).toBeEnabled();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });

  for (const mode of ['light', 'dark']) {
    test(`the control passes axe in ${mode} mode, before and after saving`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto('/docs/ODE');
      const region = offlineRegion(page);
      const audit = () => axeViolations(page, 'footer.footer');
      await expect(region.getByRole('button', {name: 'Save for offline reading'})).toBeEnabled();
      expect(await audit()).toEqual([]);
      await saveOffline(page);
      expect(await audit()).toEqual([]);
    });
  }
});
