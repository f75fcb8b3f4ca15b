/**
 * "Copy page as Markdown" and "View as Markdown" at the foot of every docs page
 * (src/components/CopyPageMarkdown): the link is a plain link to the page's Markdown twin, the button
 * fetches the twin only when pressed and puts it on the clipboard (read back here with Chromium's
 * clipboard permissions), saying so in a live status; by keyboard, with axe in both colour modes,
 * and offline from the reader's offline copy.
 */
import type {BrowserContext, Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {DOCS_PATHS, specRoute} from '../support/routes.cjs';
import {axeViolations} from '../support/axe';
import {hasVisibleFocus, tabTo} from '../support/keyboard';
import {STATE_TIMEOUT_MS} from '../support/limits';

/** Docs pages with text of their own (generated category indexes are lists of links and have no twin). */
const CONTENT_PAGES = DOCS_PATHS.filter((p) => !p.startsWith('/docs/category/'));
const twinOf = (pagePath: string) => `${pagePath.replace(/\/$/, '')}.md`;

const copyButton = (page: Page) => page.getByRole('button', {name: 'Copy page as Markdown'});
const markdownLink = (page: Page) => page.getByRole('link', {name: 'View as Markdown'});
const copyStatus = (page: Page) => copyButton(page).locator('xpath=..').getByRole('status');

async function allowClipboard(context: BrowserContext, baseURL: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(baseURL).origin});
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.describe('Copy page as Markdown', () => {
  test('every docs page links to its Markdown twin, whose first heading is the page title', async ({page, request}) => {
    for (const pagePath of CONTENT_PAGES) {
      await page.goto(pagePath);
      const title = (await page.getByRole('heading', {level: 1}).textContent())!.trim();
      expect(title, pagePath).toMatch(specRoute(pagePath).h1);
      await expect(markdownLink(page), pagePath).toHaveAttribute('href', twinOf(pagePath));
      const twin = await request.get(twinOf(pagePath));
      expect(twin.status(), twinOf(pagePath)).toBe(200);
      expect(twin.headers()['content-type']).toBe('text/markdown; charset=utf-8');
      expect((await twin.text()).split('\n')[0], `first heading of ${twinOf(pagePath)}`).toBe(`# ${title}`);
    }
  });

  test('the link opens the Markdown without JavaScript', async ({browser, baseURL}) => {
    const context = await browser.newContext({javaScriptEnabled: false, baseURL});
    try {
      const page = await context.newPage();
      await page.goto('/docs/quick-start/synkronus-server');
      await markdownLink(page).click();
      await expect(page).toHaveURL(/\/docs\/quick-start\/synkronus-server\.md$/);
      await expect(page.locator('body')).toContainText('# Quick start: Synkronus server');
    } finally {
      await context.close();
    }
  });

  test("loading a page fetches no twin; pressing the button copies the page's Markdown and says so", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await allowClipboard(context, baseURL!);
    const twinRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.md')) twinRequests.push(r.url());
    });
    await page.goto('/docs/ODE');
    await expect(copyStatus(page)).toHaveText('');
    expect(twinRequests, 'twins requested while the page loaded').toEqual([]);

    await copyButton(page).click();
    await expect(copyStatus(page)).toHaveText('Copied the Markdown of this page.');
    await expect(copyStatus(page)).toHaveAttribute('aria-live', 'polite');
    expect(twinRequests).toEqual([`${baseURL}/docs/ODE.md`]);
    const twin = await (await request.get('/docs/ODE.md')).text();
    expect(await clipboardText(page)).toBe(twin);
    expect(twin).toMatch(/^# ODE: the Open Data Ensemble\n/);
  });

  test('by keyboard: Tab reaches the button with a visible focus ring, Enter copies, then Tab reaches the link', async ({
    page,
    context,
    baseURL,
  }) => {
    await allowClipboard(context, baseURL!);
    await page.goto('/docs/quick-start/');
    const button = copyButton(page);
    await tabTo(page, button, {maxPresses: 200});
    expect(await hasVisibleFocus(button)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(copyStatus(page)).toHaveText('Copied the Markdown of this page.');
    await expect(button, 'the button keeps the focus').toBeFocused();
    expect(await clipboardText(page)).toMatch(/^# Quick start\n/);
    await page.keyboard.press('Tab');
    await expect(markdownLink(page)).toBeFocused();
    expect(await hasVisibleFocus(markdownLink(page))).toBe(true);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe in ${colorScheme} mode, before and after copying`, async ({page, context, baseURL}) => {
      await allowClipboard(context, baseURL!);
      await page.emulateMedia({colorScheme});
      await page.goto('/docs/documentation/synkronus/app-bundle');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      const audit = () => axeViolations(page, 'article');
      expect(await audit()).toEqual([]);
      await copyButton(page).click();
      await expect(copyStatus(page)).toHaveText('Copied the Markdown of this page.');
      expect(await audit()).toEqual([]);
    });
  }

  test("works offline from the reader's offline copy", async ({page, context, baseURL, request}) => {
    // Saving fetches every file of the site: three times the default limit (test.slow()).
    test.slow();
    await allowClipboard(context, baseURL!);
    await page.goto('/docs/ODE');
    const offline = page.getByRole('region', {name: 'Offline reading'});
    await offline.getByRole('button', {name: 'Save for offline reading'}).click();
    await expect(offline.getByRole('status')).toContainText(/Saved for offline reading on .+\d/, {
      timeout: 2 * STATE_TIMEOUT_MS,
    });
    const twin = await (await request.get('/docs/documentation/synkronus/errors.md')).text();

    await context.setOffline(true);
    // A page whose twin was never fetched online: it comes from the precache.
    const response = await page.goto('/docs/documentation/synkronus/errors');
    expect(response?.fromServiceWorker()).toBe(true);
    const fromOfflineCopy = page.waitForResponse((r) => r.url().endsWith('/docs/documentation/synkronus/errors.md'));
    await copyButton(page).click();
    expect((await fromOfflineCopy).fromServiceWorker(), 'the twin comes from the offline copy').toBe(true);
    await expect(copyStatus(page)).toHaveText('Copied the Markdown of this page.');
    expect(await clipboardText(page)).toBe(twin);
  });
});
