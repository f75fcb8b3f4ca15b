// `npm run bench`: builds the site three times cold (caches cleared) and three times warm, then serves
// the build with the production nginx configuration and measures, per route of the site, the
// bytes a cold load costs by resource type and the Lighthouse scores (mobile preset; the median of
// three runs per route, since one run varies by several points on a shared machine). Prints a table
// and writes perf/results.json, which the docs page "Performance budgets" shows. A benchmark, not a
// test: the budget tests (tests/budgets/) assert bytes and the Lighthouse scores that do not depend on speed;
// here every figure is printed beside its budget of perf/budgets.json, and one over it is flagged OVER.
//   node scripts/bench.mjs [--runs N] [--lighthouse-runs N] [--skip-builds]
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);
const {chromium} = require('@playwright/test');
const {startNginx, REPO_ROOT} = require('./nginx.cjs');
const {measurePage, kib, MOBILE_VIEWPORT} = require('./page-weight.cjs');
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
const BUDGETS = require('../perf/budgets.json');
const RESULTS_FILE = path.join(REPO_ROOT, 'perf/results.json');

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

const server = startNginx({port: PORT, name: 'bench'});
const routes = [];
try {
  const browser = await chromium.launch({executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS});
  for (const route of PAGE_PATHS) {
    const m = await measurePage(browser, `${server.origin}${route}`);
    // GitHub Pages serves gzip, not Brotli: the same load again, as a reader there gets it.
    const gzip = await measurePage(browser, `${server.origin}${route}`, {encoding: 'gzip'});
    routes.push({
      path: route,
      totalKiB: kib(m.totalBytes),
      jsKiB: kib(m.jsBytes),
      gzip: {totalKiB: kib(gzip.totalBytes), jsKiB: kib(gzip.jsBytes)},
      beforeJsKiB: kib(m.beforeJsBytes),
      prefetchKiB: kib(m.prefetchBytes),
      byTypeKiB: Object.fromEntries(Object.entries(m.byType).map(([t, b]) => [t, kib(b)])),
      requests: m.requests.length,
    });
    console.log(`measured ${route}`);
  }
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
/** The page budget of a route: the same rule as pageBudgetFor() in perf/budgets.ts. */
const pageBudget = (route) =>
  route === '/' ? BUDGETS.pages.home : route === '/api' ? BUDGETS.pages.api : BUDGETS.pages.docs;
const minimums = BUDGETS.lighthouse;
const over = [];
console.log(
  `\n${pad('route', 60)} ${pad('total KiB', 16)} ${pad('JS KiB', 16)} ${pad('pre-JS KiB', 16)} ${pad('gzip JS KiB', 16)} ${LIGHTHOUSE_CATEGORIES.map((c) => pad(c, 16)).join(' ')}`,
);
for (const r of routes) {
  const b = pageBudget(r.path);
  const lh = r.lighthouse ?? {};
  const cells = [
    vsBudget(r.totalKiB, b.totalKiB),
    vsBudget(r.jsKiB, b.jsKiB),
    vsBudget(r.beforeJsKiB, b.beforeJsKiB),
    // The JS budget is the target for gzip too (GitHub Pages serves no Brotli): flagged, like every figure here.
    vsBudget(r.gzip?.jsKiB, b.jsKiB),
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
console.log(
  over.length ? `\nOVER BUDGET: ${over.join(', ')} (figures marked OVER above)` : '\nevery figure is within its budget',
);
console.log('written: perf/results.json');
