// `npm run bench`: builds the site three times cold (caches cleared) and three times warm, then serves
// the build with the production nginx configuration and measures, per route of the site, the
// bytes a cold load costs by resource type and the Lighthouse scores (mobile preset; the median of
// three runs per route, since one run varies by several points on a shared machine). Prints a table
// and writes perf/results.json, which the docs page "Performance budgets" shows. A benchmark, not a
// test: the budget tests (tests/budgets/) assert bytes and the Lighthouse scores that do not depend on speed;
// here every figure is printed beside its budget of perf/budgets.json, and one over it is flagged OVER.
// It also loads /, /docs/ODE and /api under the "2G field" profile (scripts/field-2g.cjs; median of three
// cold loads each) and prints each timing beside the figure measured before that work
// (perf/field-2g-before.json), and it prints the largest modules of main.js, the script every page loads.
// Last, it measures what /api costs the browser to lay out and style against a docs page, with the CPU slowed
// 4× (scripts/render-cost.cjs; median of three), beside the figures before /api drew each schema once
// (perf/api-render-before.json). And it builds the site with three times today's docs pages
// (tests/fixtures/tripled-docs) and prints each docs page's JavaScript, first-paint bytes and a first search
// there beside today's, and the three budgets of the docs pages' JavaScript at both sizes: the shared base,
// each page's own chunks and the slope, with the pages the base's headroom still allows (scripts/bench-growth.mjs,
// scripts/docs-js.cjs; kept in perf/results.json as `docsJs`).
//   node scripts/bench.mjs [--runs N] [--lighthouse-runs N] [--skip-builds]
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import {timeFirstSearch} from './bench-search.mjs';
import {buildGrowthFixture, growthDocsJs, measureGrowth, printDocsJs, printGrowth} from './bench-growth.mjs';

const require = createRequire(import.meta.url);
const {chromium} = require('@playwright/test');
const {startNginx, REPO_ROOT} = require('./nginx.cjs');
const {measurePage, firstPaintBytes, kib, MOBILE_VIEWPORT} = require('./page-weight.cjs');
const {scriptBytes} = require('./docs-js.cjs');
const {FIELD_2G, measureField2g} = require('./field-2g.cjs');
const {CPU_SLOWDOWN, measureRenderCost} = require('./render-cost.cjs');
const {PAGE_PATHS} = require('../tests/support/routes.cjs');

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
/** The positive whole number after `--name`, or `fallback` when the option is absent. */
const countArg = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args[i + 1]) || fallback;
};
const RUNS = countArg('--runs', 3);
const LIGHTHOUSE_RUNS = countArg('--lighthouse-runs', 3);
const SKIP_BUILDS = args.includes('--skip-builds');
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const {CHROMIUM_BIN, CHROMIUM_ARGS} = require('./chromium.cjs');
const LIGHTHOUSE_CATEGORIES = require('./lighthouse-categories.json');
// The budgets and the rule of which applies to a route, from the module the tests and the docs page read.
const {BUDGETS, API_RENDER_FACTOR, kindBudgetFor, pageBudgetFor} = require('jiti')(fileURLToPath(import.meta.url))(
  '../perf/budgets.ts',
);
const RESULTS_FILE = path.join(REPO_ROOT, 'perf/results.json');
const FIELD_2G_BEFORE = require('../perf/field-2g-before.json');
/** Written by the build (src/plugins/lean-delivery/main-modules.ts). */
const MAIN_MODULES_FILE = path.join(REPO_ROOT, '.docusaurus/main-modules.json');
const FIELD_2G_ROUTES = ['/', '/docs/ODE', '/api'];
const FIELD_2G_RUNS = 3;
const API_RENDER_BEFORE = require('../perf/api-render-before.json');
const RENDER_ROUTES = {api: '/api', docs: '/docs/ODE'};
const RENDER_RUNS = 3;

/**
 * Measures taken on each page of the 2G profile once it is usable, by name: each gets the Playwright page and
 * returns its figures in ms, which are printed with the others. The time from focusing search to its first
 * result belongs here, measured with the search's own code.
 * @type {Record<string, (page: import('@playwright/test').Page) => Promise<Record<string, number>>>}
 */
const FIELD_2G_MEASURES = {
  firstSearch: async (page) => ({firstSearchMs: await timeFirstSearch(page)}),
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timedBuild() {
  const start = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`docusaurus build failed:\n${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function clearCaches() {
  for (const dir of ['build', '.docusaurus', 'node_modules/.cache'])
    fs.rmSync(path.join(REPO_ROOT, dir), {recursive: true, force: true});
}

const build = {cold: [], warm: []};
if (!SKIP_BUILDS) {
  for (let i = 0; i < RUNS; i++) {
    clearCaches();
    build.cold.push(timedBuild());
    console.log(`cold build ${i + 1}/${RUNS}: ${build.cold.at(-1).toFixed(1)} s`);
  }
  for (let i = 0; i < RUNS; i++) {
    build.warm.push(timedBuild());
    console.log(`warm build ${i + 1}/${RUNS}: ${build.warm.at(-1).toFixed(1)} s`);
  }
}

// Built before anything is timed: the build loads the machine.
console.log('building the site with three times its docs pages (tests/fixtures/tripled-docs)');
const growthFixture = await buildGrowthFixture();

const server = startNginx({port: PORT, name: 'bench'});
const routes = [];
/** The docs pages' scripts of today's site, for the shared base and each page's own chunks. */
const todayDocsLoads = [];
let field2g;
let render;
let growth;
try {
  const browser = await chromium.launch({executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS});
  for (const route of PAGE_PATHS) {
    const m = await measurePage(browser, `${server.origin}${route}`);
    // GitHub Pages serves gzip, not Brotli: the same load again, as a reader there gets it.
    const gzip = await measurePage(browser, `${server.origin}${route}`, {encoding: 'gzip'});
    const firstPaint = await firstPaintBytes(`${server.origin}${route}`);
    if (kindBudgetFor(route) === BUDGETS.pages.docs)
      todayDocsLoads.push({route, brotli: scriptBytes(m), gzip: scriptBytes(gzip)});
    // Only what the Performance budgets page shows: it bundles this file, so each field costs its JavaScript.
    routes.push({
      path: route,
      totalKiB: kib(m.totalBytes),
      jsKiB: kib(m.jsBytes),
      gzip: {totalKiB: kib(gzip.totalBytes), jsKiB: kib(gzip.jsBytes)},
      firstPaintKiB: kib(firstPaint.totalBytes),
      beforeJsKiB: kib(m.beforeJsBytes),
      prefetchKiB: kib(m.prefetchBytes),
    });
    console.log(`measured ${route}`);
  }
  growth = await measureGrowth(browser, growthFixture, {
    port: PORT + 1,
    todayOrigin: server.origin,
    routes: PAGE_PATHS.filter((route) => kindBudgetFor(route) === BUDGETS.pages.docs),
  });
  // The 2G field profile: the routes one after another, FIELD_2G_RUNS times over; each figure the median.
  const afterUsable = async (page) => {
    const figures = {};
    for (const measure of Object.values(FIELD_2G_MEASURES)) Object.assign(figures, await measure(page));
    return figures;
  };
  const fieldRuns = Object.fromEntries(FIELD_2G_ROUTES.map((r) => [r, []]));
  for (let i = 0; i < FIELD_2G_RUNS; i++) {
    for (const route of FIELD_2G_ROUTES) {
      fieldRuns[route].push(await measureField2g(browser, `${server.origin}${route}`, {afterUsable}));
      console.log(`2G field ${i + 1}/${FIELD_2G_RUNS}: ${route}`);
    }
  }
  field2g = {
    profile: FIELD_2G,
    runs: FIELD_2G_RUNS,
    routes: Object.fromEntries(
      FIELD_2G_ROUTES.map((route) => {
        const runs = fieldRuns[route];
        const names = Object.keys(runs[0]);
        return [route, {...Object.fromEntries(names.map((n) => [n, median(runs.map((r) => r[n]))])), runs}];
      }),
    ),
  };
  // Layout and style of /api against a docs page: the two interleaved, RENDER_RUNS times over.
  const renderRuns = {api: [], docs: []};
  for (let i = 0; i < RENDER_RUNS; i++) {
    for (const [key, route] of Object.entries(RENDER_ROUTES))
      renderRuns[key].push(await measureRenderCost(browser, `${server.origin}${route}`));
    console.log(`layout and style ${i + 1}/${RENDER_RUNS}`);
  }
  render = {
    cpuSlowdown: CPU_SLOWDOWN,
    runs: RENDER_RUNS,
    ...Object.fromEntries(
      Object.entries(renderRuns).map(([key, runs]) => [
        key,
        {
          route: RENDER_ROUTES[key],
          elements: median(runs.map((r) => r.elements)),
          layoutMs: median(runs.map((r) => r.layoutMs)),
          styleMs: median(runs.map((r) => r.styleMs)),
          runs,
        },
      ]),
    ),
  };
  await browser.close();
  // The routes one after another, LIGHTHOUSE_RUNS times over; each score is the median of its runs.
  const urls = Array.from({length: LIGHTHOUSE_RUNS}, () => routes.map((r) => `${server.origin}${r.path}`)).flat();
  const lighthouse = JSON.parse(
    execFileSync(process.execPath, [path.join(here, 'lighthouse.mjs'), ...urls], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  routes.forEach((route, i) => {
    const runs = lighthouse.filter((_, j) => j % routes.length === i);
    route.lighthouse = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
  });
} finally {
  server.stop();
}

const results = {
  measuredAt: new Date().toISOString(),
  machine: {cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version},
  method: `cold load in Chromium at ${MOBILE_VIEWPORT.width}×${MOBILE_VIEWPORT.height}, nginx with deploy/nginx/docs-site.conf, wire bytes (KiB = 1024 bytes); Lighthouse mobile preset, median of ${LIGHTHOUSE_RUNS} runs`,
  build: SKIP_BUILDS
    ? null
    : {
        runs: RUNS,
        coldSeconds: build.cold.map((s) => +s.toFixed(1)),
        warmSeconds: build.warm.map((s) => +s.toFixed(1)),
        coldMedianSeconds: +median(build.cold).toFixed(1),
        warmMedianSeconds: +median(build.warm).toFixed(1),
      },
  routes,
  field2g: field2g ?? null,
  render: render ?? null,
  docsJs: growth ? growthDocsJs(todayDocsLoads, growth) : null,
};
if (SKIP_BUILDS && fs.existsSync(RESULTS_FILE)) {
  // No build was timed: keep the build times of the previous results, if there are any.
  results.build = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')).build ?? null;
}
fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

const pad = (s, n) => String(s).padEnd(n);
/** `value` beside its budget, flagged when over it (or under it, for a score, where `atLeast` is true). */
const vsBudget = (value, budget, atLeast = false) => {
  if (value === undefined || value === null) return '–';
  if (budget === undefined) return `${value}`;
  const bad = atLeast ? value < budget : value > budget;
  return `${value} (${atLeast ? '≥' : '≤'}${budget})${bad ? ' OVER' : ''}`;
};
const minimums = BUDGETS.lighthouse.routes;
const over = [];
console.log(
  `\n${pad('route', 60)} ${pad('total KiB', 16)} ${pad('JS KiB', 16)} ${pad('pre-JS KiB', 16)} ${pad('gzip JS KiB', 16)} ${pad('first paint KiB', 16)} ${LIGHTHOUSE_CATEGORIES.map((c) => pad(c, 16)).join(' ')}`,
);
for (const r of routes) {
  const b = pageBudgetFor(r.path);
  const lh = r.lighthouse ?? {};
  const cells = [
    vsBudget(r.totalKiB, b.totalKiB),
    vsBudget(r.jsKiB, b.jsKiB),
    vsBudget(r.beforeJsKiB, b.beforeJsKiB),
    // GitHub Pages serves no Brotli: the gzip JavaScript has a budget of its own (the Brotli one where none).
    vsBudget(r.gzip?.jsKiB, b.jsGzipKiB ?? b.jsKiB),
    vsBudget(r.firstPaintKiB, b.firstPaintKiB),
    ...LIGHTHOUSE_CATEGORIES.map((c) => vsBudget(lh[c], minimums[r.path]?.[c], true)),
  ];
  if (cells.some((c) => c.endsWith(' OVER'))) over.push(r.path);
  console.log(`${pad(r.path, 60)} ${cells.map((c) => pad(c, 16)).join(' ')}`);
}
if (results.build) {
  const cold = vsBudget(results.build.coldMedianSeconds, BUDGETS.buildSeconds.cold);
  const warm = vsBudget(results.build.warmMedianSeconds, BUDGETS.buildSeconds.warm);
  if (cold.endsWith(' OVER') || warm.endsWith(' OVER')) over.push('build time');
  console.log(`\nbuild seconds, median of ${results.build.runs} runs: cold ${cold}, warm ${warm}`);
}
if (field2g) {
  const p = field2g.profile;
  console.log(
    `\n2G field: ${p.downKbps} kbit/s down, ${p.upKbps} up, ${p.rttMs} ms round trip, CPU ${p.cpuSlowdown}× slower, gzip, cold cache; median of ${field2g.runs} (before: perf/field-2g-before.json, commit ${FIELD_2G_BEFORE.commit})`,
  );
  const names = Object.keys(field2g.routes[FIELD_2G_ROUTES[0]]).filter((n) => n !== 'runs');
  console.log(`${pad('route', 16)} ${names.map((n) => pad(n, 24)).join(' ')}`);
  for (const route of FIELD_2G_ROUTES) {
    const now = field2g.routes[route];
    const before = FIELD_2G_BEFORE.routes[route] ?? {};
    console.log(`${pad(route, 16)} ${names.map((n) => pad(`${now[n]} (before ${before[n] ?? '–'})`, 24)).join(' ')}`);
  }
}
if (render) {
  console.log(
    `\nlayout and style, CPU ${render.cpuSlowdown}× slower, cold load until hydrated and idle; median of ${render.runs} (before: perf/api-render-before.json, commit ${API_RENDER_BEFORE.commit})`,
  );
  console.log(`${pad('route', 16)} ${pad('elements', 24)} ${pad('layout ms', 24)} ${pad('style ms', 24)}`);
  for (const key of Object.keys(RENDER_ROUTES)) {
    const now = render[key];
    const before = API_RENDER_BEFORE[key];
    const cell = (/** @type {'elements' | 'layoutMs' | 'styleMs'} */ n) => pad(`${now[n]} (before ${before[n]})`, 24);
    console.log(`${pad(now.route, 16)} ${cell('elements')} ${cell('layoutMs')} ${cell('styleMs')}`);
  }
  const apiCost = render.api.layoutMs + render.api.styleMs;
  const limit = API_RENDER_FACTOR * (render.docs.layoutMs + render.docs.styleMs);
  if (apiCost > limit) over.push('/api layout and style');
  console.log(
    `/api layout + style: ${apiCost} ms (≤${limit}, ${API_RENDER_FACTOR}× ${RENDER_ROUTES.docs}'s)${apiCost > limit ? ' OVER' : ''}`,
  );
}
// Printed, not kept in perf/results.json (the Performance budgets page bundles that file, and shows none of this).
if (growth) over.push(...printGrowth(growth, routes, pageBudgetFor, BUDGETS.search.firstSearchKiB));
if (results.docsJs) over.push(...printDocsJs(results.docsJs));
// Printed, not kept in perf/results.json: the Performance budgets page bundles that file, and shows none of this.
const mainModules = fs.existsSync(MAIN_MODULES_FILE) ? JSON.parse(fs.readFileSync(MAIN_MODULES_FILE, 'utf8')) : null;
if (mainModules) {
  console.log('\nlargest modules of main.js (source bytes before minification; .docusaurus/main-modules.json):');
  for (const m of mainModules.slice(0, 15)) console.log(`${String(m.bytes).padStart(9)}  ${m.name}`);
}
console.log(
  over.length ? `\nOVER BUDGET: ${over.join(', ')} (figures marked OVER above)` : '\nevery figure is within its budget',
);
console.log('written: perf/results.json');
