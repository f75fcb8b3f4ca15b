/**
 * The benchmark's figures at three times today's docs pages: builds the tripled-docs fixture
 * (tests/fixtures/tripled-docs, as tests/build/growth.spec.ts does), serves it with the production nginx
 * configuration and measures each docs page as the budget tests do (JavaScript with Brotli and with gzip, the
 * head and what blocks rendering) and a first search; `printGrowth` shows them beside today's.
 *
 * Usage, from scripts/bench.mjs:
 *   const fixture = await buildGrowthFixture();              // before anything is timed: it loads the machine
 *   const growth = await measureGrowth(browser, fixture, {port, todayOrigin, routes});
 *   printGrowth(growth, todayFigures);
 */
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);
const {startNginx} = require('./nginx.cjs');
const {measurePage, firstPaintBytes, firstSearchBytes, kib} = require('./page-weight.cjs');
/** @type {typeof import('../tests/fixtures/tripled-docs/site')} */
const fixture = require('jiti')(fileURLToPath(import.meta.url))('../tests/fixtures/tripled-docs/site.ts');

/** Where a first search starts, as tests/budgets/search-weight.spec.ts has it. */
const SEARCH_PAGE = '/docs/ODE';

/** Builds the fixture; resolves with how many times the fixture has today's docs pages. */
export async function buildGrowthFixture() {
  await fixture.buildTripledSite();
  return {times: fixture.TIMES};
}

/**
 * The figures of `routes` (docs pages) in the fixture, served on `port`, and a first search there and on
 * today's site (`todayOrigin`).
 * @param {import('@playwright/test').Browser} browser
 * @param {{times: number}} built what buildGrowthFixture resolved with
 * @param {{port: number, todayOrigin: string, routes: string[]}} where
 */
export async function measureGrowth(browser, built, {port, todayOrigin, routes}) {
  const server = startNginx({
    port,
    root: fixture.TRIPLED_OUT_DIR,
    cspInclude: fixture.TRIPLED_CSP_INCLUDE,
    name: 'bench-tripled',
  });
  try {
    /** @type {Record<string, {jsKiB: number, jsGzipKiB: number, firstPaintKiB: number}>} */
    const pages = {};
    for (const route of routes) {
      const brotli = await measurePage(browser, `${server.origin}${route}`);
      const gzip = await measurePage(browser, `${server.origin}${route}`, {encoding: 'gzip'});
      const firstPaint = await firstPaintBytes(`${server.origin}${route}`);
      pages[route] = {
        jsKiB: kib(brotli.jsBytes),
        jsGzipKiB: kib(gzip.jsBytes),
        firstPaintKiB: kib(firstPaint.totalBytes),
      };
      console.log(`measured ${route} at ${built.times}×`);
    }
    const firstSearch = {
      today: kib((await firstSearchBytes(browser, `${todayOrigin}${SEARCH_PAGE}`)).bytes),
      grown: kib((await firstSearchBytes(browser, `${server.origin}${SEARCH_PAGE}`)).bytes),
    };
    return {times: built.times, pages, firstSearch};
  } finally {
    server.stop();
  }
}

/**
 * Prints the fixture's figures beside today's, each against its budget; returns the labels of those over it.
 * @param {Awaited<ReturnType<typeof measureGrowth>>} growth
 * @param {{path: string, jsKiB: number, gzip: {jsKiB: number}, firstPaintKiB: number}[]} today the benchmark's routes
 * @param {(route: string) => {jsKiB?: number, jsGzipKiB?: number, firstPaintKiB?: number}} budgetFor
 * @param {number} firstSearchBudget
 */
export function printGrowth(growth, today, budgetFor, firstSearchBudget) {
  const over = [];
  const pad = (s, n) => String(s).padEnd(n);
  const cell = (now, grown, budget) => {
    const bad = budget !== undefined && grown > budget;
    return pad(`${now} → ${grown}${budget === undefined ? '' : ` (≤${budget})`}${bad ? ' OVER' : ''}`, 26);
  };
  console.log(
    `\nat ${growth.times}× today's docs pages (tests/fixtures/tripled-docs), today → ${growth.times}×, KiB on a cold load:`,
  );
  console.log(`${pad('route', 60)} ${pad('JS', 26)} ${pad('gzip JS', 26)} ${pad('first paint', 26)}`);
  for (const [route, grown] of Object.entries(growth.pages)) {
    const now = today.find((r) => r.path === route);
    if (!now) continue;
    const b = budgetFor(route);
    const cells = [
      cell(now.jsKiB, grown.jsKiB, b.jsKiB),
      cell(now.gzip.jsKiB, grown.jsGzipKiB, b.jsGzipKiB),
      cell(now.firstPaintKiB, grown.firstPaintKiB, b.firstPaintKiB),
    ];
    if (cells.some((c) => c.includes(' OVER'))) over.push(`${route} at ${growth.times}×`);
    console.log(`${pad(route, 60)} ${cells.join(' ')}`);
  }
  const search = cell(growth.firstSearch.today, growth.firstSearch.grown, firstSearchBudget);
  if (search.includes(' OVER')) over.push(`first search at ${growth.times}×`);
  console.log(`first search "sync" on ${SEARCH_PAGE}, gzip: ${search.trim()}`);
  return over;
}
