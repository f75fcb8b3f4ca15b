// Runs Lighthouse (mobile preset, default simulated throttling) on each URL given as an argument and
// prints one JSON array of {url, scores: {performance, accessibility, best-practices, seo}} on stdout.
// Each URL gets a fresh Chromium (Debian's, $CHROMIUM_BIN or /usr/bin/chromium) with an empty profile.
// Used by the budget tests (tests/budgets/lighthouse.spec.ts) and by `npm run bench`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const results = [];
for (const url of process.argv.slice(2)) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const runner = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES});
    const {lhr} = runner;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
        (id) => [id, lhr.audits[id]?.numericValue ?? null],
      ),
    );
    results.push({url, scores, metrics, failedAudits: failed, runtimeError: lhr.runtimeError?.message ?? null});
  } finally {
    await chrome.kill();
  }
}
process.stdout.write(JSON.stringify(results, null, 2));
