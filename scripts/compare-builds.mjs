// Compares two or more builds of the site side by side, in one run on one machine: what a patch (PATCHES.md)
// buys over the stock behaviour. Each build is served by its own nginx with the production configuration;
// per route, the wire bytes of a cold load (Brotli, as tests/budgets/ count them) and the Lighthouse scores
// (mobile preset), the builds interleaved (A, B, A, B… per route) so that the machine's load falls on all
// alike, with the median of the runs. Prints a table and writes the raw figures as JSON.
//   node scripts/compare-builds.mjs [--runs N] [--routes /a,/b] [--out file.json] NAME=BUILD_DIR[:CSP_INCLUDE]...
// A build made with `npx docusaurus build --out-dir .tmp/build-x` writes its CSP include to
// build-nginx/docs-site-csp.conf: copy it beside the build before the next build overwrites it, and name
// it after the colon (scripts/precompress.cjs .tmp/build-x writes the Brotli copies nginx serves).
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);
const {chromium} = require('@playwright/test');
const {startNginx} = require('./nginx.cjs');
const {measurePage, kib} = require('./page-weight.cjs');
const {CHROMIUM_BIN, CHROMIUM_ARGS} = require('./chromium.cjs');

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const RUNS = Number(option('--runs', '5'));
const ROUTES = option('--routes', '/docs/ODE,/docs/documentation/synkronus-cli/cli,/,/api').split(',');
const OUT = option('--out', null);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4300);
const builds = args.map((arg) => {
  const match = /^([^=]+)=([^:]+)(?::(.+))?$/.exec(arg);
  if (!match) throw new Error(`compare-builds: expected NAME=BUILD_DIR[:CSP_INCLUDE], got "${arg}"`);
  return {name: match[1], root: path.resolve(match[2]), cspInclude: match[3] && path.resolve(match[3])};
});
if (builds.length < 2) throw new Error('compare-builds: give at least two builds');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const servers = builds.map((b, i) =>
  startNginx({port: FIRST_PORT + i, root: b.root, name: `compare-${b.name}`, cspInclude: b.cspInclude}),
);
const results = {measuredAt: new Date().toISOString(), runs: RUNS, routes: ROUTES, bytes: {}, lighthouse: []};
try {
  const browser = await chromium.launch({executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS});
  for (const route of ROUTES) {
    for (const [i, b] of builds.entries()) {
      const m = await measurePage(browser, `${servers[i].origin}${route}`);
      results.bytes[`${b.name} ${route}`] = {
        totalKiB: kib(m.totalBytes),
        jsKiB: kib(m.jsBytes),
        beforeJsKiB: kib(m.beforeJsBytes),
      };
    }
  }
  await browser.close();
  const urls = [];
  for (let run = 0; run < RUNS; run++)
    for (const route of ROUTES) for (const server of servers) urls.push(`${server.origin}${route}`);
  const lighthouse = JSON.parse(
    execFileSync(process.execPath, [path.join(here, 'lighthouse.mjs'), '--categories', 'performance', ...urls], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  results.lighthouse = lighthouse.map((r) => {
    const i = servers.findIndex((s) => r.url.startsWith(`${s.origin}/`));
    return {
      build: builds[i].name,
      route: r.url.slice(servers[i].origin.length),
      performance: r.scores.performance,
      ...r.metrics,
    };
  });
} finally {
  for (const server of servers) server.stop();
}
if (OUT) fs.writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `${pad('route', 44)} ${pad('build', 10)} ${pad('total KiB', 10)} ${pad('JS KiB', 8)} ${pad('pre-JS', 8)} ${pad(`perf (median of ${RUNS}: runs)`, 34)} ${pad('TBT ms', 8)} ${pad('LCP ms', 8)}`,
);
for (const route of ROUTES) {
  for (const b of builds) {
    const bytes = results.bytes[`${b.name} ${route}`];
    const runs = results.lighthouse.filter((r) => r.build === b.name && r.route === route);
    const scores = runs.map((r) => r.performance);
    const perf = `${median(scores)}: ${scores.join(' ')}`;
    const tbt = Math.round(median(runs.map((r) => r['total-blocking-time'])));
    const lcp = Math.round(median(runs.map((r) => r['largest-contentful-paint'])));
    console.log(
      `${pad(route, 44)} ${pad(b.name, 10)} ${pad(bytes.totalKiB, 10)} ${pad(bytes.jsKiB, 8)} ${pad(bytes.beforeJsKiB, 8)} ${pad(perf, 34)} ${pad(tbt, 8)} ${pad(lcp, 8)}`,
    );
  }
}
