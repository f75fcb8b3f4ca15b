/**
 * Page-weight budgets (perf/budgets.json) on the production build served by nginx with compression,
 * measured in Chromium on a cold load at a phone's viewport: with Brotli, as nginx serves it, and the
 * JavaScript again with gzip only, as GitHub Pages serves it (jsGzipKiB). The docs pages' JavaScript has budgets
 * of its own (the shared base and each page's own chunks: ./docs-js.spec.ts). Prints the measured figures.
 */
import {test, expect} from '@playwright/test';
import {PAGE_PATHS} from '../support/routes.cjs';
import {BUDGETS, kindBudgetFor, overruns, pageBudgetFor} from '../../perf/budgets';
import {measurePage, kib} from '../../scripts/page-weight.cjs';

const MODERN_IMAGE = /\.(svg|webp|avif)(\?|$)|^data:image\/svg/;

for (const pagePath of PAGE_PATHS) {
  test(`${pagePath} stays within its page-weight budget`, async ({browser, baseURL}) => {
    const budget = pageBudgetFor(pagePath);
    const isOverrun = overruns().some(([path]) => path === pagePath);
    // An overrun's JavaScript figures are ceilings, not its kind's budget (perf/budgets.json, overruns).
    const jsLimit = isOverrun ? 'ceiling' : 'budget';
    const m = await measurePage(browser, `${baseURL}${pagePath}`);
    const byType = Object.entries(m.byType)
      .map(([type, bytes]) => `${type} ${kib(bytes as number)}`)
      .join(', ');
    console.log(
      `${pagePath}: total ${kib(m.totalBytes)} KiB (budget ${budget.totalKiB}), JS ${kib(m.jsBytes)} KiB` +
        `${budget.jsKiB ? ` (${jsLimit} ${budget.jsKiB})` : ''}, before JS ${kib(m.beforeJsBytes)} KiB` +
        `${budget.beforeJsKiB ? ` (budget ${budget.beforeJsKiB})` : ''}; ${byType}; prefetches ${kib(m.prefetchBytes)} KiB apart`,
    );
    expect(
      m.requests.every((r: {status?: number}) => (r.status ?? 200) < 400),
      'every request succeeds',
    ).toBe(true);
    expect(kib(m.totalBytes), `${pagePath}: total KiB`).toBeLessThanOrEqual(budget.totalKiB);
    if (budget.jsKiB)
      expect
        .soft(kib(m.jsBytes), `${pagePath}: JavaScript KiB (${jsLimit} ${budget.jsKiB})`)
        .toBeLessThanOrEqual(budget.jsKiB);
    const gzip = budget.jsGzipKiB ? await measurePage(browser, `${baseURL}${pagePath}`, {encoding: 'gzip'}) : null;
    if (gzip) {
      const scripts = (gzip.requests as {type: string; url: string; bytes: number}[])
        .filter((r) => r.type === 'Script')
        .map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)}`)
        .join(', ');
      expect
        .soft(kib(gzip.jsBytes), `${pagePath}: JavaScript KiB with gzip (${jsLimit} ${budget.jsGzipKiB}): ${scripts}`)
        .toBeLessThanOrEqual(budget.jsGzipKiB!);
    }
    if (isOverrun) {
      // A ceiling holds a page only while it is over its kind's budget: once under it, the overrun is deleted.
      const kind = kindBudgetFor(pagePath);
      const over =
        (kind.jsKiB !== undefined && kib(m.jsBytes) > kind.jsKiB) ||
        (gzip !== null && kind.jsGzipKiB !== undefined && kib(gzip.jsBytes) > kind.jsGzipKiB);
      expect(over, `${pagePath} is within its budget now: delete its entry of overruns in perf/budgets.json`).toBe(
        true,
      );
    }
    if (budget.beforeJsKiB) {
      expect(
        kib(m.beforeJsBytes),
        `${pagePath}: HTML, render-blocking CSS, fonts and above-the-fold images KiB`,
      ).toBeLessThanOrEqual(budget.beforeJsKiB);
    }
  });
}

test('every image of every page is light, sized, lazy below the fold and in a modern format', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow(); // every page, one after another
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const pagePath of PAGE_PATHS) {
    const m = await measurePage(browser, `${baseURL}${pagePath}`);
    for (const img of m.images as {
      src: string;
      width: string | null;
      height: string | null;
      loading: string | null;
      aboveTheFold: boolean;
      rendered: boolean;
    }[]) {
      const where = `${pagePath}: ${img.src}`;
      if (!img.width || !img.height) problems.push(`${where}: no width and height attributes`);
      // A data: URL costs no request, and an image not rendered (a closed menu) is not below the fold.
      const downloaded = !img.src.startsWith('data:');
      if (downloaded && img.rendered && !img.aboveTheFold && img.loading !== 'lazy') {
        problems.push(`${where}: below the fold but not loading="lazy"`);
      }
      if (!MODERN_IMAGE.test(img.src)) problems.push(`${where}: not SVG, WebP or AVIF`);
      if (seen.has(img.src) || img.src.startsWith('data:')) continue;
      seen.add(img.src);
      const response = await request.get(img.src, {headers: {'accept-encoding': 'identity'}});
      const size = (await response.body()).length;
      if (kib(size) > BUDGETS.imageKiB) problems.push(`${where}: ${kib(size)} KiB (budget ${BUDGETS.imageKiB})`);
    }
  }
  console.log(`images checked: ${seen.size}`);
  expect(seen.size, 'pages have images to check').toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

/** The chunk files of the API console (src/components/ApiConsole/lazy.ts), and the vendor chunk of its validator. */
type Fetched = {url: string; bytes: number};
const consoleScripts = (requests: Fetched[]) => requests.filter((r) => /\/assets\/(js|css)\//.test(r.url));

test('/api: opening a "Try it" console loads at most its budget, and nothing of it before', async ({
  browser,
  baseURL,
}) => {
  const m = await measurePage(browser, `${baseURL}/api`, {
    afterLoad: async (page) => {
      const section = page
        .locator('section')
        .filter({has: page.locator('[id="operation/syncPull"]')})
        .last();
      await section.getByRole('button', {name: 'Try it'}).click();
      await expect(
        page
          .getByRole('region', {name: 'Try it: Pull updated records since last sync'})
          .getByRole('button', {name: 'Send'}),
      ).toBeVisible();
    },
  });
  const after = m.after!;
  const opened = consoleScripts(after.requests);
  console.log(
    `/api console on open: ${kib(after.bytes)} KiB (budget ${BUDGETS.apiConsole.openKiB}): ` +
      opened.map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)}`).join(', '),
  );
  expect(
    opened.some((r) => /api-console\.[0-9a-f]+\.js$/.test(r.url)),
    'opening loads the console chunk',
  ).toBe(true);
  expect(kib(after.bytes), 'KiB loaded by opening the console').toBeLessThanOrEqual(BUDGETS.apiConsole.openKiB);
  // Nothing of the console before it is opened: none of the files opening it fetched was part of the cold load.
  const before = new Set(m.requests.map((r: {url: string}) => r.url));
  expect(opened.filter((r: {url: string}) => before.has(r.url))).toEqual([]);
  expect(m.requests.filter((r: {url: string}) => /api-console/.test(r.url))).toEqual([]);
});

test('the sync protocol page loads nothing of the console until its playground is started', async ({
  browser,
  baseURL,
}) => {
  const m = await measurePage(browser, `${baseURL}/docs/documentation/synkronus/sync-protocol`, {
    afterLoad: async (page) => {
      await page.getByRole('button', {name: 'Start the sync playground'}).click();
      await expect(page.getByRole('button', {name: /^Log in as/})).toBeVisible();
    },
  });
  expect(m.requests.filter((r: {url: string}) => /api-console/.test(r.url))).toEqual([]);
  const after = m.after!;
  expect(consoleScripts(after.requests).some((r) => /api-console\.[0-9a-f]+\.js$/.test(r.url))).toBe(true);
  expect(kib(after.bytes)).toBeLessThanOrEqual(BUDGETS.apiConsole.openKiB);
});
