/**
 * What a reader downloads as the site grows: the tripled-docs fixture (tests/fixtures/tripled-docs, three times
 * today's docs pages, generated from the real ones and built with the site's configuration) is served by nginx
 * with the production configuration and measured as the budget tests measure the site (tests/budgets/).
 * Every route adds to the docs pages' shared base of JavaScript (the route table and chunk map of main.js and
 * the runtime, the version's sidebar and list of pages), and no option of Docusaurus keeps it out
 * (facebook/docusaurus#7256): so the slope, what one more docs page adds to a page, has a budget of its own
 * (perf/budgets.json, docsJs), measured here between today's site and the fixture, and each page's own chunks
 * stay within their budget at three times the pages. Also held to today's budgets there: what blocks each docs
 * page's first paint, and a first search. Prints the figures; `npm run bench` prints them beside today's.
 */
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {PAGE_PATHS} from '../support/routes.cjs';
import {BUDGETS, kindBudgetFor, pageBudgetFor} from '../../perf/budgets';
import {firstPaintBytes, firstSearchBytes, kib} from '../../scripts/page-weight.cjs';
import {builtDocsPages, docsJsSummary, headroomOf, loadScripts, slopeOf, splitDocsJs} from '../../scripts/docs-js.cjs';
import {startNginx} from '../../scripts/nginx.cjs';
import {SITE_PORT} from '../../playwright.config';
import {BUILD_TIMEOUT_MS, TEST_TIMEOUT_MS} from '../support/limits';
import {buildTripledSite, builtBy, TIMES, TRIPLED_CSP_INCLUDE, TRIPLED_OUT_DIR} from '../fixtures/tripled-docs/site';

/** Beside the site's port (SITE_PORT) and the docs-versions copy's (SITE_PORT + 1). */
const PORT = SITE_PORT + 2;
const origin = `http://127.0.0.1:${PORT}`;

/** The docs pages of today's site (every route with the docs pages' budget): in the fixture, the real ones. */
const DOCS_PAGES = PAGE_PATHS.filter((route) => kindBudgetFor(route) === BUDGETS.pages.docs);
const TODAY_BUILD = path.resolve(__dirname, '../../build');

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
    const today = builtDocsPages(TODAY_BUILD);
    console.log(`docs pages built: ${today.length} today, ${built.length} in the fixture`);
    expect(built.length).toBe(TIMES * today.length);
  });

  test("the slope and each docs page's own chunks stay within their budgets", async ({browser, baseURL}) => {
    test.setTimeout(2 * DOCS_PAGES.length * TEST_TIMEOUT_MS); // every page twice on both sites, one after another
    const budget = BUDGETS.docsJs;
    const today = {
      docsJs: splitDocsJs(await loadScripts(browser, baseURL!, DOCS_PAGES)),
      docsPages: builtDocsPages(TODAY_BUILD).length,
    };
    const grown = {
      docsJs: splitDocsJs(await loadScripts(browser, origin, DOCS_PAGES)),
      docsPages: builtDocsPages(TRIPLED_OUT_DIR).length,
    };
    const slope = slopeOf(today, grown);
    const room = headroomOf(today.docsJs, slope, budget);
    for (const [name, s] of [
      ['today', docsJsSummary(today.docsJs, today.docsPages)],
      [`at ${TIMES}×`, docsJsSummary(grown.docsJs, grown.docsPages)],
    ] as const)
      console.log(
        `${name}, ${s.docsPages} docs pages: shared base ${s.baseKiB} KiB, with gzip ${s.baseGzipKiB} ` +
          `(budget ${budget.baseKiB}, ${budget.baseGzipKiB}); heaviest own chunks ${s.ownKiB} KiB, with gzip ` +
          `${s.ownGzipKiB} (budget ${budget.ownKiB}, ${budget.ownGzipKiB}; ${s.ownRoute}); heaviest page ` +
          `${s.pageKiB} KiB, with gzip ${s.pageGzipKiB}`,
      );
    console.log(
      `slope over ${slope.added} added docs pages: ${slope.kib} KiB per page, with gzip ${slope.gzipKiB} ` +
        `(budget ${budget.slopeKiB}, ${budget.slopeGzipKiB}; the base's: ${slope.base.kib}, ${slope.base.gzipKiB}); ` +
        `headroom of today's base ${room.kib} KiB, with gzip ${room.gzipKiB}: ${room.pages} more docs pages`,
    );
    expect(slope.perPage.length, 'the real docs pages are in the fixture').toBe(DOCS_PAGES.length);
    expect(slope.base.gzipKiB, 'the base grows with the pages (facebook/docusaurus#7256)').toBeGreaterThan(0);
    expect.soft(slope.kib, 'KiB one more docs page adds to a page').toBeLessThanOrEqual(budget.slopeKiB);
    expect
      .soft(slope.gzipKiB, 'KiB with gzip one more docs page adds to a page')
      .toBeLessThanOrEqual(budget.slopeGzipKiB);
    for (const page of grown.docsJs.pages) {
      expect.soft(kib(page.ownBytes), `${page.route} at ${TIMES}×: own chunks KiB`).toBeLessThanOrEqual(budget.ownKiB);
      expect
        .soft(kib(page.ownGzipBytes), `${page.route} at ${TIMES}×: own chunks KiB with gzip`)
        .toBeLessThanOrEqual(budget.ownGzipKiB);
    }
  });

  test("what blocks each docs page's first paint stays within today's budget", async () => {
    test.setTimeout(DOCS_PAGES.length * TEST_TIMEOUT_MS); // every page, one after another
    for (const route of DOCS_PAGES) {
      const budget = pageBudgetFor(route);
      const firstPaint = kib((await firstPaintBytes(`${origin}${route}`)).totalBytes);
      console.log(`${route} at ${TIMES}×: head and render-blocking ${firstPaint} KiB (budget ${budget.firstPaintKiB})`);
      expect.soft(firstPaint, `${route}: head and render-blocking KiB`).toBeLessThanOrEqual(budget.firstPaintKiB!);
    }
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
