/**
 * The benchmark's figures at three times today's docs pages: builds the tripled-docs fixture
 * (tests/fixtures/tripled-docs, as tests/build/growth.spec.ts does), serves it with the production nginx
 * configuration and measures each docs page as the budget tests do (its scripts with Brotli and with gzip,
 * split into the shared base and its own chunks by scripts/docs-js.cjs; the head and what blocks rendering) and
 * a first search; `printGrowth` shows them beside today's, with the slope and the base's headroom.
 *
 * Usage, from scripts/bench.mjs:
 *   const fixture = await buildGrowthFixture();              // before anything is timed: it loads the machine
 *   const growth = await measureGrowth(browser, fixture, {port, todayOrigin, routes});
 *   printGrowth(growth, todayFigures, budgetFor, firstSearchBudget);
 *
 * Alone, `node scripts/bench-growth.mjs [--reuse-fixture]` measures the docs pages' JavaScript of build/ and of
 * the fixture (built again unless --reuse-fixture and a build of it is there), prints it and writes it into
 * perf/results.json (`docsJs`) without touching the other figures: after adding pages, without the whole
 * benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);
const {startNginx, REPO_ROOT} = require('./nginx.cjs');
const {firstPaintBytes, firstSearchBytes, kib} = require('./page-weight.cjs');
const {builtDocsPages, docsJsResults, loadScripts, splitDocsJs} = require('./docs-js.cjs');
const jiti = require('jiti')(fileURLToPath(import.meta.url));
/** @type {typeof import('../tests/fixtures/tripled-docs/site')} */
const fixture = jiti('../tests/fixtures/tripled-docs/site.ts');
const {BUDGETS, kindBudgetFor} = jiti('../perf/budgets.ts');

/** Where a first search starts, as tests/budgets/search-weight.spec.ts has it. */
const SEARCH_PAGE = '/docs/ODE';
const RESULTS_FILE = path.join(REPO_ROOT, 'perf/results.json');

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
 * @param {{port: number, todayOrigin: string, routes: string[], withSearch?: boolean}} where
 */
export async function measureGrowth(browser, built, {port, todayOrigin, routes, withSearch = true}) {
  const server = startNginx({
    port,
    root: fixture.TRIPLED_OUT_DIR,
    cspInclude: fixture.TRIPLED_CSP_INCLUDE,
    name: 'bench-tripled',
  });
  try {
    const loads = await loadScripts(browser, server.origin, routes);
    /** @type {Record<string, {jsKiB: number, jsGzipKiB: number, firstPaintKiB: number}>} */
    const pages = {};
    for (const load of loads) {
      const firstPaint = await firstPaintBytes(`${server.origin}${load.route}`);
      const total = (scripts) => kib(Object.values(scripts).reduce((a, b) => a + b, 0));
      pages[load.route] = {
        jsKiB: total(load.brotli),
        jsGzipKiB: total(load.gzip),
        firstPaintKiB: kib(firstPaint.totalBytes),
      };
      console.log(`measured ${load.route} at ${built.times}×`);
    }
    const firstSearch = withSearch
      ? {
          today: kib((await firstSearchBytes(browser, `${todayOrigin}${SEARCH_PAGE}`)).bytes),
          grown: kib((await firstSearchBytes(browser, `${server.origin}${SEARCH_PAGE}`)).bytes),
        }
      : null;
    const docsJs = {
      docsJs: splitDocsJs(loads),
      docsPages: builtDocsPages(fixture.TRIPLED_OUT_DIR).length,
      times: built.times,
    };
    return {times: built.times, pages, firstSearch, docsJs};
  } finally {
    server.stop();
  }
}

/**
 * The docs pages' JavaScript of today's site and the grown one, as perf/results.json keeps it.
 * @param {import('./docs-js.cjs').ScriptLoad[]} todayLoads every docs page of today's site (build/)
 * @param {Awaited<ReturnType<typeof measureGrowth>>} growth
 */
export function growthDocsJs(todayLoads, growth) {
  const today = {docsJs: splitDocsJs(todayLoads), docsPages: builtDocsPages(path.join(REPO_ROOT, 'build')).length};
  return docsJsResults(today, growth.docsJs, BUDGETS.docsJs);
}

/**
 * Prints the three budgets of the docs pages' JavaScript at 1× and at the grown size; returns the labels of the
 * figures over their budget (the base is over only today: every page adds to it, which its headroom is for).
 * @param {ReturnType<typeof growthDocsJs>} docsJs
 */
export function printDocsJs(docsJs) {
  const b = BUDGETS.docsJs;
  const over = [];
  const cell = (value, budget, label) => {
    if (budget !== undefined && value > budget) over.push(label);
    return `${value}${budget === undefined ? '' : ` (≤${budget})`}${budget !== undefined && value > budget ? ' OVER' : ''}`;
  };
  const pad = (s, n) => String(s).padEnd(n);
  console.log(`\ndocs pages' JavaScript, KiB on a cold load, Brotli / gzip (scripts/docs-js.cjs):`);
  for (const [name, s] of [
    ['today', docsJs.today],
    [`at ${docsJs.times}×`, docsJs.grown],
  ]) {
    const today = s === docsJs.today;
    console.log(
      `${pad(`${name}, ${s.docsPages} pages`, 20)} shared base (${s.baseFiles} files) ` +
        `${cell(s.baseKiB, today ? b.baseKiB : undefined, 'shared base')} / ${cell(s.baseGzipKiB, today ? b.baseGzipKiB : undefined, 'shared base, gzip')}; ` +
        `heaviest own chunks ${cell(s.ownKiB, b.ownKiB, `own chunks ${name}`)} / ${cell(s.ownGzipKiB, b.ownGzipKiB, `own chunks ${name}, gzip`)} (${s.ownRoute}); ` +
        `heaviest page ${s.pageKiB} / ${s.pageGzipKiB}`,
    );
  }
  console.log(
    `slope, per added docs page: ${cell(docsJs.slope.kib, b.slopeKiB, 'slope')} / ${cell(docsJs.slope.gzipKiB, b.slopeGzipKiB, 'slope, gzip')} ` +
      `(the base's ${docsJs.slope.baseKiB} / ${docsJs.slope.baseGzipKiB})`,
  );
  console.log(
    `headroom of today's base: ${docsJs.headroom.kib} / ${docsJs.headroom.gzipKiB} KiB, ${docsJs.headroom.pages} more docs pages at this slope`,
  );
  return over;
}

/**
 * Prints the fixture's figures beside today's, each against its budget; returns the labels of those over it.
 * @param {Awaited<ReturnType<typeof measureGrowth>>} growth
 * @param {{path: string, jsKiB: number, gzip: {jsKiB: number}, firstPaintKiB: number}[]} today the benchmark's routes
 * @param {(route: string) => {firstPaintKiB?: number}} budgetFor
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
      cell(now.jsKiB, grown.jsKiB, undefined),
      cell(now.gzip.jsKiB, grown.jsGzipKiB, undefined),
      cell(now.firstPaintKiB, grown.firstPaintKiB, b.firstPaintKiB),
    ];
    if (cells.some((c) => c.includes(' OVER'))) over.push(`${route} at ${growth.times}×`);
    console.log(`${pad(route, 60)} ${cells.join(' ')}`);
  }
  if (growth.firstSearch) {
    const search = cell(growth.firstSearch.today, growth.firstSearch.grown, firstSearchBudget);
    if (search.includes(' OVER')) over.push(`first search at ${growth.times}×`);
    console.log(`first search "sync" on ${SEARCH_PAGE}, gzip: ${search.trim()}`);
  }
  return over;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const {chromium} = require('@playwright/test');
  const {CHROMIUM_BIN, CHROMIUM_ARGS} = require('./chromium.cjs');
  const {PAGE_PATHS} = require('../tests/support/routes.cjs');
  // The site on BENCH_PORT and the fixture two ports up, as the tests have them (SITE_PORT, SITE_PORT + 2).
  const port = Number(process.env.BENCH_PORT ?? 4300);
  const routes = PAGE_PATHS.filter((route) => kindBudgetFor(route) === BUDGETS.pages.docs);
  const reuse = process.argv.includes('--reuse-fixture') && fs.existsSync(fixture.TRIPLED_OUT_DIR);
  const built = reuse ? {times: fixture.TIMES} : await buildGrowthFixture();
  const server = startNginx({port, name: 'bench'});
  try {
    const browser = await chromium.launch({executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS});
    const todayLoads = await loadScripts(browser, server.origin, routes);
    const growth = await measureGrowth(browser, built, {
      port: port + 2,
      todayOrigin: server.origin,
      routes,
      withSearch: false,
    });
    await browser.close();
    const docsJs = growthDocsJs(todayLoads, growth);
    const over = printDocsJs(docsJs);
    const results = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8'));
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({...results, docsJs}, null, 2)}\n`);
    console.log(over.length ? `\nOVER BUDGET: ${over.join(', ')}` : '\nevery figure is within its budget');
    console.log('written: perf/results.json (docsJs)');
  } finally {
    server.stop();
  }
}
