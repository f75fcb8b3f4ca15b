'use strict';
/**
 * The JavaScript of the docs pages in three parts, each with its budget (perf/budgets.json, `docsJs`):
 * - the shared base: the script files that every page under /docs loads on a cold load (the runtime, main.js,
 *   the docs layout and the version's data: its sidebar and list of pages), found as the files common to
 *   all of them, whatever their names;
 * - each page's own chunks: what the page loads beyond the base (its content, the layout of its kind);
 * - the slope: what one more docs page adds to a page, from the same page on today's site and in the
 *   tripled-docs fixture (tests/fixtures/tripled-docs): every route adds to the route table of main.js, the
 *   chunk map of the runtime and the version's data (facebook/docusaurus#7256).
 * Wire bytes on a cold load (compressed bodies and headers), with Brotli and with gzip only, as
 * scripts/page-weight.cjs measures them. Used by tests/budgets/docs-js.spec.ts, tests/build/growth.spec.ts
 * and `npm run bench` (scripts/bench.mjs, scripts/bench-growth.mjs).
 */
const fs = require('node:fs');
const path = require('node:path');
const {measurePage, kib} = require('./page-weight.cjs');

/** The pages whose common files are the base: the docs plugin's (the docs budget's /markdown-page is not one). */
const isDocsPluginPage = (route) => route.startsWith('/docs/');

/** @typedef {Record<string, number>} ScriptBytes a load's script files (URL path) and their wire bytes */
/** @typedef {{route: string, brotli: ScriptBytes, gzip: ScriptBytes}} ScriptLoad */

/** The script files of a measurePage result, with their bytes. */
function scriptBytes(measured) {
  /** @type {ScriptBytes} */
  const scripts = {};
  for (const r of measured.requests) {
    if (r.type !== 'Script') continue;
    const file = new URL(r.url).pathname;
    scripts[file] = (scripts[file] ?? 0) + r.bytes;
  }
  return scripts;
}

/**
 * Loads each route cold, with Brotli and with gzip, and records its script files.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {string[]} routes
 * @returns {Promise<ScriptLoad[]>}
 */
async function loadScripts(browser, origin, routes) {
  const loads = [];
  for (const route of routes) {
    const brotli = scriptBytes(await measurePage(browser, `${origin}${route}`));
    const gzip = scriptBytes(await measurePage(browser, `${origin}${route}`, {encoding: 'gzip'}));
    loads.push({route, brotli, gzip});
  }
  return loads;
}

const sum = (values) => values.reduce((total, v) => total + v, 0);

/**
 * Splits the loads into the shared base and each page's own chunks.
 * @param {ScriptLoad[]} loads every docs page of a site (the base is what all its /docs pages have in common)
 */
function splitDocsJs(loads) {
  const docsLoads = loads.filter((l) => isDocsPluginPage(l.route));
  if (docsLoads.length === 0) throw new Error('no page under /docs among the loads: no base to find');
  const common = (encoding) =>
    Object.keys(docsLoads[0][encoding]).filter((file) => docsLoads.every((l) => file in l[encoding]));
  const files = {brotli: common('brotli'), gzip: common('gzip')};
  // A file's bytes differ between loads only by its response headers: the base counts the largest.
  const baseBytes = (encoding) => sum(files[encoding].map((f) => Math.max(...docsLoads.map((l) => l[encoding][f]))));
  const base = {files: files.gzip, bytes: baseBytes('brotli'), gzipBytes: baseBytes('gzip')};
  const pages = loads.map((l) => {
    const own = (encoding) => Object.keys(l[encoding]).filter((f) => !files[encoding].includes(f));
    return {
      route: l.route,
      bytes: sum(Object.values(l.brotli)),
      gzipBytes: sum(Object.values(l.gzip)),
      ownBytes: sum(own('brotli').map((f) => l.brotli[f])),
      ownGzipBytes: sum(own('gzip').map((f) => l.gzip[f])),
      own: own('gzip'),
    };
  });
  return {base, pages};
}

/** @typedef {ReturnType<typeof splitDocsJs>} DocsJs */

/** KiB to three decimals: a slope is a fraction of a KiB. */
const slopeKib = (bytes) => Math.round((bytes / 1024) * 1000) / 1000;

/**
 * What one more docs page adds to each page: the growth of each page present on both sites, and of the base,
 * divided by the docs pages added. The slope is the largest page's.
 * @param {{docsJs: DocsJs, docsPages: number}} today
 * @param {{docsJs: DocsJs, docsPages: number}} grown
 */
function slopeOf(today, grown) {
  const added = grown.docsPages - today.docsPages;
  if (added <= 0) throw new Error(`the grown site has ${added} more docs pages: no slope to measure`);
  const perPage = today.docsJs.pages
    .map((now) => {
      const later = grown.docsJs.pages.find((p) => p.route === now.route);
      return later && {route: now.route, bytes: later.bytes - now.bytes, gzipBytes: later.gzipBytes - now.gzipBytes};
    })
    .filter((p) => p !== undefined);
  const largest = (key) => Math.max(...perPage.map((p) => p[key]));
  return {
    added,
    kib: slopeKib(largest('bytes') / added),
    gzipKiB: slopeKib(largest('gzipBytes') / added),
    base: {
      kib: slopeKib((grown.docsJs.base.bytes - today.docsJs.base.bytes) / added),
      gzipKiB: slopeKib((grown.docsJs.base.gzipBytes - today.docsJs.base.gzipBytes) / added),
    },
    perPage,
  };
}

/**
 * How much the base may still grow (its budget less today's base), and how many more docs pages that allows
 * at the measured slope (the fewer of Brotli's and gzip's).
 * @param {DocsJs} today
 * @param {{kib: number, gzipKiB: number}} slope
 * @param {{baseKiB: number, baseGzipKiB: number}} budget
 */
function headroomOf(today, slope, budget) {
  const room = {
    kib: kib(budget.baseKiB * 1024 - today.base.bytes),
    gzipKiB: kib(budget.baseGzipKiB * 1024 - today.base.gzipBytes),
  };
  const pagesFor = (kibLeft, perPage) => (perPage > 0 ? Math.max(0, Math.floor(kibLeft / perPage)) : null);
  const counts = [pagesFor(room.kib, slope.kib), pagesFor(room.gzipKiB, slope.gzipKiB)].filter((n) => n !== null);
  return {...room, pages: counts.length ? Math.min(...counts) : null};
}

/**
 * The figures the benchmark keeps and the Performance budgets page shows, in KiB: the base, the heaviest page's
 * own chunks and the heaviest page, with Brotli and with gzip.
 * @param {DocsJs} docsJs
 * @param {number} docsPages
 */
function docsJsSummary(docsJs, docsPages) {
  const heaviest = (key) => docsJs.pages.reduce((a, b) => (b[key] > a[key] ? b : a));
  const ownBrotli = heaviest('ownBytes');
  const ownGzip = heaviest('ownGzipBytes');
  return {
    docsPages,
    baseFiles: docsJs.base.files.length,
    baseKiB: kib(docsJs.base.bytes),
    baseGzipKiB: kib(docsJs.base.gzipBytes),
    ownKiB: kib(ownBrotli.ownBytes),
    ownGzipKiB: kib(ownGzip.ownGzipBytes),
    ownRoute: ownGzip.route,
    pageKiB: kib(heaviest('bytes').bytes),
    pageGzipKiB: kib(heaviest('gzipBytes').gzipBytes),
  };
}

/**
 * The figures `npm run bench` keeps in perf/results.json (`docsJs`) and the Performance budgets page shows:
 * the summaries of today's site and the grown one, the slope, and the headroom of today's base at that slope.
 * @param {{docsJs: DocsJs, docsPages: number}} today
 * @param {{docsJs: DocsJs, docsPages: number, times: number}} grown
 * @param {{baseKiB: number, baseGzipKiB: number}} budget
 */
function docsJsResults(today, grown, budget) {
  const slope = slopeOf(today, grown);
  return {
    times: grown.times,
    today: docsJsSummary(today.docsJs, today.docsPages),
    grown: docsJsSummary(grown.docsJs, grown.docsPages),
    slope: {kib: slope.kib, gzipKiB: slope.gzipKiB, baseKiB: slope.base.kib, baseGzipKiB: slope.base.gzipKiB},
    headroom: headroomOf(today.docsJs, slope, budget),
  };
}

/** The docs pages' HTML files of a build: `docs/**` + `index.html` (the /docs redirect page aside). */
function builtDocsPages(outDir) {
  return fs
    .readdirSync(path.join(outDir, 'docs'), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name === 'index.html' && entry.parentPath !== path.join(outDir, 'docs'))
    .map((entry) => path.relative(outDir, entry.parentPath));
}

module.exports = {
  isDocsPluginPage,
  loadScripts,
  splitDocsJs,
  slopeOf,
  headroomOf,
  docsJsSummary,
  docsJsResults,
  builtDocsPages,
  scriptBytes,
};
