/**
 * Measures what a reader downloads (gzip, as served by the repo's nginx configuration), from the
 * nginx access log of a private server on 127.0.0.1:
 * - a docs page's first load, and its JavaScript;
 * - what starting a search adds (search code, index parts);
 * - what "Save for offline reading" downloads.
 * Build first. Usage: node scripts/measure-reader-bytes.cjs [buildDir] [port]
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const {chromium} = require('@playwright/test');
const {startNginx} = require('./nginx.cjs');
const {CHROMIUM_BIN, CHROMIUM_ARGS} = require('./chromium.cjs');

const root = path.resolve(process.argv[2] ?? 'build');
const port = Number(process.argv[3] ?? 4199);
const PAGE = '/docs/ODE';

/** [path, bytes] of each access-log line written since `from`. */
function logSince(file, from) {
  return fs
    .readFileSync(file, 'utf8')
    .slice(from)
    .split('\n')
    .map((line) => /"[A-Z]+ (\S+) HTTP\/[\d.]+" \d+ (\d+)/.exec(line))
    .filter(Boolean)
    .map((m) => [m[1], Number(m[2])]);
}
const total = (entries, test = () => true) =>
  entries.filter(([p]) => test(p)).reduce((sum, [, bytes]) => sum + bytes, 0);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

(async () => {
  const server = startNginx({port, root, name: 'measure'});
  process.on('exit', () => server.stop());
  const log = path.join(server.prefix, 'access.log');
  const browser = await chromium.launch({executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS});
  try {
    const page = await (await browser.newContext()).newPage();
    let mark = fs.statSync(log).size;
    await page.goto(`${server.origin}${PAGE}`, {waitUntil: 'networkidle'});
    const load = logSince(log, mark);
    const isJs = (p) => /\.js(\?|$)/.test(p);
    console.log(
      `${PAGE} first load: ${kib(total(load))} in ${load.length} requests, of which JavaScript ${kib(total(load, isJs))}`,
    );

    mark = fs.statSync(log).size;
    const search = page.getByRole('navigation', {name: 'Main'}).getByLabel('Search', {exact: true});
    await search.focus();
    await search.pressSequentially('pull');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.waitForLoadState('networkidle');
    const used = logSince(log, mark);
    const isIndex = (p) => /search-index|\/assets\/search\//.test(p);
    console.log(
      `first search adds: ${kib(total(used))} = index ${kib(total(used, isIndex))} + JavaScript ${kib(total(used, isJs))} (${used.map(([p]) => p).join(', ')})`,
    );

    mark = fs.statSync(log).size;
    await page.getByRole('button', {name: 'Save for offline reading'}).click();
    await page.getByText(/Saved for offline reading on/).waitFor({timeout: 120_000});
    const saved = logSince(log, mark);
    console.log(`saving for offline reading: ${kib(total(saved))} in ${saved.length} requests`);
  } finally {
    await browser.close();
  }
})();
