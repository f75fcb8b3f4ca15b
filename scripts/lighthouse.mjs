// Runs Lighthouse (mobile preset, default simulated throttling) on each URL given as an argument and
// prints one JSON array of {url, scores: {<category>: score}} on stdout, for the categories of
// lighthouse-categories.json (performance, accessibility, best-practices, seo), or only those named by
// `--categories a,b`. Each URL gets a fresh Chromium (Debian's, $CHROMIUM_BIN or /usr/bin/chromium) with an
// empty profile. Used by the budget tests (tests/budgets/lighthouse.spec.ts: the categories that do not
// depend on the machine's speed) and by `npm run bench` (all four).
//   node scripts/lighthouse.mjs [--categories a,b] URL...
import {createRequire} from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

// Lighthouse drives its own Chromium through chrome-launcher, with the same binary and flags as the tests.
const require = createRequire(import.meta.url);
const {CHROMIUM_BIN, CHROMIUM_ARGS} = require('./chromium.cjs');
const ALL_CATEGORIES = require('./lighthouse-categories.json');

const args = process.argv.slice(2);
const categoriesAt = args.indexOf('--categories');
const CATEGORIES = categoriesAt < 0 ? ALL_CATEGORIES : args.splice(categoriesAt, 2)[1].split(',');
const unknown = CATEGORIES.filter((c) => !ALL_CATEGORIES.includes(c));
if (unknown.length)
  throw new Error(`lighthouse.mjs: unknown categories ${unknown.join(', ')} (known: ${ALL_CATEGORIES.join(', ')})`);

const results = [];
for (const url of args) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_BIN,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const runner = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const {lhr} = runner;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => [id, lhr.audits[id]?.numericValue ?? null]),
    );
    results.push({url, scores, metrics, failedAudits: failed, runtimeError: lhr.runtimeError?.message ?? null});
  } finally {
    await chrome.kill();
  }
}
process.stdout.write(JSON.stringify(results, null, 2));
