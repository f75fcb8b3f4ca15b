/**
 * What a reader downloads must not grow with the site: the tripled-docs fixture (tests/fixtures/tripled-docs,
 * three times today's docs pages, generated from the real ones and built with the site's configuration) is
 * served by nginx with the production configuration and measured as the budget tests measure the site
 * (tests/budgets/): every docs page's JavaScript on a cold load, with Brotli and with gzip; its head and
 * what it makes block rendering; and a first search. Each must stay within today's budget of its page
 * (perf/budgets.json), the JavaScript meanwhile within CEILINGS (below). Prints the figures; `npm run bench`
 * prints them beside today's.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {PAGE_PATHS} from '../support/routes.cjs';
import {BUDGETS, kindBudgetFor, pageBudgetFor} from '../../perf/budgets';
import {firstPaintBytes, firstSearchBytes, kib, measurePage} from '../../scripts/page-weight.cjs';
import {startNginx} from '../../scripts/nginx.cjs';
import {SITE_PORT} from '../../playwright.config';
import {BUILD_TIMEOUT_MS, TEST_TIMEOUT_MS} from '../support/limits';
import {buildTripledSite, builtBy, TIMES, TRIPLED_CSP_INCLUDE, TRIPLED_OUT_DIR} from '../fixtures/tripled-docs/site';

/**
 * Today's budgets do not hold at three times the pages: every route adds to what every docs page loads (the
 * route table, chunk registry and docs list in main.js, the chunk map of the runtime, and the docs sidebar
 * and page list of the docs plugin, which each docs page loads), about 0.2 KiB per route with gzip, and
 * Docusaurus builds these without an option that keeps them out (facebook/docusaurus#7256). Until that is
 * fixed, the docs pages' JavaScript at three times the pages is held near the heaviest page's figures
 * measured on 28 November 2026, 136.0 KiB with Brotli and 159.2 with gzip (the Synkronus CLI page), so that it
 * cannot grow; the test fails once no page is over the budget, to delete them. (On 27 November they were 135.1
 * and 158.3: a page's chunk carries its text, and corrections lengthened the CLI page, while the search notice's
 * closing, the console's retry and the labelled scroll boxes added 0.4 KiB that every page loads.) Two builds of
 * the same site code measured up to 0.1 KiB apart on a page (the chunk names' hashes compress differently), so
 * each ceiling sits 0.4 KiB above.
 */
const CEILINGS = {jsKiB: 136.4, jsGzipKiB: 159.6};

/** Beside the site's port (SITE_PORT) and the docs-versions copy's (SITE_PORT + 1). */
const PORT = SITE_PORT + 2;
const origin = `http://127.0.0.1:${PORT}`;

/** The docs pages of today's site (every route with the docs pages' budget): in the fixture, the real ones. */
const DOCS_PAGES = PAGE_PATHS.filter((route) => kindBudgetFor(route) === BUDGETS.pages.docs);

/** The docs pages' HTML files of a build: `docs/**` + `index.html` (the /docs redirect page aside). */
function builtDocsPages(outDir: string): string[] {
  return fs
    .readdirSync(path.join(outDir, 'docs'), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name === 'index.html' && entry.parentPath !== path.join(outDir, 'docs'))
    .map((entry) => path.relative(outDir, entry.parentPath));
}

let server: ReturnType<typeof startNginx> | undefined;
let realPages = 0;

// One worker runs these tests in order against one build of the fixture.
test.describe.configure({mode: 'default'});

test.describe(`at ${TIMES} times today's docs pages`, () => {
  test.beforeAll(async () => {
    test.setTimeout(BUILD_TIMEOUT_MS); // one build of the whole site, with three times its pages
    // Built once per run: a failed test ends its worker, and the next worker's beforeAll reuses the build.
    ({realPages} = builtBy(process.ppid) ?? (await buildTripledSite(process.ppid)));
    server = startNginx({port: PORT, root: TRIPLED_OUT_DIR, cspInclude: TRIPLED_CSP_INCLUDE, name: 'tripled'});
  });

  test.afterAll(() => server?.stop());

  test(`the fixture has ${TIMES} times the docs pages`, () => {
    expect(realPages, 'docs pages of the repository').toBeGreaterThan(10);
    const built = builtDocsPages(TRIPLED_OUT_DIR);
    const today = builtDocsPages(path.resolve(__dirname, '../../build'));
    console.log(`docs pages built: ${today.length} today, ${built.length} in the fixture`);
    expect(built.length).toBe(TIMES * today.length);
  });

  test("every docs page's JavaScript and what blocks its first paint stay within today's budgets", async ({
    browser,
  }) => {
    test.setTimeout(DOCS_PAGES.length * TEST_TIMEOUT_MS); // every page, one after another
    const overBudget: string[] = [];
    for (const route of DOCS_PAGES) {
      const budget = pageBudgetFor(route);
      const js = kib((await measurePage(browser, `${origin}${route}`)).jsBytes);
      const jsGzip = kib((await measurePage(browser, `${origin}${route}`, {encoding: 'gzip'})).jsBytes);
      const firstPaint = kib((await firstPaintBytes(`${origin}${route}`)).totalBytes);
      console.log(
        `${route} at ${TIMES}×: JS ${js} KiB (budget ${budget.jsKiB}), with gzip ${jsGzip} KiB ` +
          `(budget ${budget.jsGzipKiB}); head and render-blocking ${firstPaint} KiB (budget ${budget.firstPaintKiB})`,
      );
      if (js > budget.jsKiB! || jsGzip > budget.jsGzipKiB!) overBudget.push(route);
      expect
        .soft(js, `${route}: JavaScript KiB (ceiling at ${TIMES}×)`)
        .toBeLessThanOrEqual(Math.max(budget.jsKiB!, CEILINGS.jsKiB));
      expect
        .soft(jsGzip, `${route}: JavaScript KiB with gzip (ceiling at ${TIMES}×)`)
        .toBeLessThanOrEqual(Math.max(budget.jsGzipKiB!, CEILINGS.jsGzipKiB));
      expect.soft(firstPaint, `${route}: head and render-blocking KiB`).toBeLessThanOrEqual(budget.firstPaintKiB!);
    }
    console.log(`over today's JavaScript budget at ${TIMES}×: ${overBudget.length} of ${DOCS_PAGES.length} docs pages`);
    expect(overBudget.length, 'no page is over the budget any more: delete CEILINGS').toBeGreaterThan(0);
  });

  test("a first search stays within today's budget", async ({browser}) => {
    const search = await firstSearchBytes(browser, `${origin}/docs/ODE`);
    const files = search.requests.map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)}`).join(', ');
    console.log(
      `first search "sync" at ${TIMES}×: ${kib(search.bytes)} KiB gzip (budget ${BUDGETS.search.firstSearchKiB}): ${files}`,
    );
    expect(search.requests.length, 'the first search fetches its code and index').toBeGreaterThan(1);
    expect(kib(search.bytes), 'first search KiB with gzip').toBeLessThanOrEqual(BUDGETS.search.firstSearchKiB);
  });
});
