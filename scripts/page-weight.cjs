'use strict';
/**
 * Measures what a page costs a reader on a cold load (empty cache), in wire bytes (compressed, with
 * headers), by resource type, from Chromium's network events. Route prefetches (requests Chromium
 * marks `Sec-Purpose: prefetch`, which Docusaurus issues for linked pages) are counted apart.
 * Used by the budget tests (tests/budgets/) and by `npm run bench`.
 */

/** A limit for a wait that only a broken page reaches (tests/support/limits.ts sizes the tests' alike). */
const STATE_TIMEOUT_MS = 120_000;

/** Mobile viewport of Lighthouse's default device (Moto G Power). */
const MOBILE_VIEWPORT = {width: 412, height: 823};

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{afterLoad?: (page: import('@playwright/test').Page) => Promise<void>,
 *   steps?: ((page: import('@playwright/test').Page) => Promise<void>)[], encoding?: 'gzip'}} [options]
 *   `afterLoad` acts on the loaded page (opens the API console…): what it fetches is counted apart, in `after`.
 *   `steps` are actions done one after another on the loaded page (focus the search box, search, search
 *   again): what each fetches until the network is idle again is counted apart, in `steps[i]`.
 *   `encoding: 'gzip'` accepts gzip only, as from a host that serves no Brotli (GitHub Pages, where the deploy
 *   workflow publishes), instead of the Brotli that the repository's nginx configuration sends to Chromium.
 */
async function measurePage(browser, url, options = {}) {
  const context = await browser.newContext({viewport: MOBILE_VIEWPORT});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (options.encoding === 'gzip')
    await cdp.send('Network.setExtraHTTPHeaders', {headers: {'Accept-Encoding': 'gzip'}});
  /** @type {Map<string, {url: string, type: string, prefetch: boolean, bytes: number, status?: number, phase: number, renderBlocking: boolean}>} */
  const requests = new Map();
  // 0 while the page loads, then 1, 2… for each action (afterLoad, then steps).
  let phase = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    const headers = Object.fromEntries(Object.entries(e.request.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const prefetch = /prefetch/.test(headers['sec-purpose'] ?? '') || /prefetch/.test(headers['purpose'] ?? '');
    // Chromium says whether a request holds back rendering: the stylesheet linked for print until it loads
    // (src/plugins/critical-css) holds back nothing the reader sees first.
    const renderBlocking = (e.renderBlockingBehavior ?? 'Blocking') === 'Blocking';
    requests.set(e.requestId, {url: e.request.url, type: e.type ?? 'Other', prefetch, bytes: 0, phase, renderBlocking});
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const r = requests.get(e.requestId);
    if (r && /prefetch/i.test(String(e.headers['Sec-Purpose'] ?? e.headers['sec-purpose'] ?? ''))) r.prefetch = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.type = e.type;
      r.status = e.response.status;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  // A worker's requests are not the page's: this measurement does not see them, so it names the workers.
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(url, {waitUntil: 'load'});
  // What the page fetches by itself after `load` (route chunks, hydration) counts too: wait for the state
  // (React has hydrated, then no request for 500 ms), not for a time that a busy machine would outrun.
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: STATE_TIMEOUT_MS});
  await page.waitForLoadState('networkidle', {timeout: STATE_TIMEOUT_MS});
  const images = await page.$$eval('img', (imgs) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect();
      return {
        src: img.currentSrc || img.src,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        aboveTheFold: box.top < globalThis.innerHeight && box.bottom > 0 && box.width > 0,
        rendered: box.width > 0 && box.height > 0,
      };
    }),
  );
  const actions = [...(options.afterLoad ? [options.afterLoad] : []), ...(options.steps ?? [])];
  for (const action of actions) {
    phase += 1;
    await action(page);
    await page.waitForLoadState('networkidle', {timeout: STATE_TIMEOUT_MS});
  }
  await context.close();
  const fetchedIn = (n) => {
    const fetched = [...requests.values()].filter((r) => r.phase === n && !r.prefetch && !r.url.startsWith('data:'));
    return {bytes: fetched.reduce((total, r) => total + r.bytes, 0), requests: fetched};
  };
  const after = options.afterLoad ? fetchedIn(1) : undefined;
  const firstStep = options.afterLoad ? 2 : 1;
  const steps = (options.steps ?? []).map((_, i) => fetchedIn(firstStep + i));

  const own = [...requests.values()].filter((r) => r.phase === 0 && !r.prefetch && !r.url.startsWith('data:'));
  const prefetched = [...requests.values()].filter((r) => r.prefetch);
  const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
  const byType = {};
  for (const r of own) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
  const aboveTheFold = new Set(images.filter((i) => i.aboveTheFold).map((i) => i.src));
  // What the page needs before it shows: its HTML, the stylesheets that block rendering, fonts, the images of
  // the first screen.
  const beforeJs = own.filter(
    (r) =>
      ['Document', 'Font'].includes(r.type) ||
      (r.type === 'Stylesheet' && r.renderBlocking) ||
      (r.type === 'Image' && aboveTheFold.has(r.url)),
  );
  return {
    url,
    totalBytes: sum(own),
    jsBytes: byType.Script ?? 0,
    beforeJsBytes: sum(beforeJs),
    prefetchBytes: sum(prefetched),
    byType,
    requests: own,
    images,
    after,
    steps,
    workers,
  };
}

const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * GET `url` without decoding the body, so its length is what the wire carries (headers apart).
 * @param {string} url @param {string} encoding the Accept-Encoding header
 * @returns {Promise<{status: number, encoding: string, body: Buffer}>}
 */
function rawGet(url, encoding) {
  const http = require('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, {headers: {'Accept-Encoding': encoding}}, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Media queries a screen matches: the stylesheets that carry them block rendering. */
const SCREEN_MEDIA = /^\s*(all|screen|only screen)?\s*$/i;

/**
 * What must arrive before a page can paint, with Brotli: the page's `<head>` (the HTML up to the end of its
 * head element, compressed as nginx sends it: Brotli at the quality of scripts/precompress.cjs), plus every
 * stylesheet and script that the head makes block rendering (a screen stylesheet; a classic script
 * without `defer` or `async`), each as its `.br` copy is served. Headers are left out.
 * @param {string} url the page
 * @returns {Promise<{url: string, headBytes: number, blocking: {url: string, bytes: number}[], totalBytes: number}>}
 */
async function firstPaintBytes(url) {
  const zlib = require('node:zlib');
  const {load} = require('cheerio');
  const page = await rawGet(url, 'identity');
  if (page.status !== 200) throw new Error(`${url}: HTTP ${page.status}`);
  const html = page.body.toString('utf8');
  const headEnd = html.search(/<\/head>|<body[\s>]/i);
  if (headEnd < 0) throw new Error(`${url}: neither </head> nor <body> found in the HTML`);
  const head = html.slice(0, headEnd);
  const headBytes = zlib.brotliCompressSync(Buffer.from(head), {
    params: {[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY},
  }).length;
  const $ = load(html);
  const blockingUrls = [
    ...$('head link[rel~="stylesheet"][href]')
      .toArray()
      .filter((el) => SCREEN_MEDIA.test(el.attribs.media ?? '') && !('disabled' in el.attribs))
      .map((el) => el.attribs.href),
    ...$('head script[src]')
      .toArray()
      .filter((el) => !('defer' in el.attribs) && !('async' in el.attribs) && el.attribs.type !== 'module')
      .map((el) => el.attribs.src),
  ].map((href) => new URL(href, url).href);
  const blocking = [];
  for (const resource of blockingUrls) {
    const res = await rawGet(resource, 'br');
    if (res.status !== 200) throw new Error(`${url}: ${resource} answers HTTP ${res.status}`);
    blocking.push({url: resource, bytes: res.body.length});
  }
  return {url, headBytes, blocking, totalBytes: headBytes + blocking.reduce((t, r) => t + r.bytes, 0)};
}

/**
 * What a first search costs on the wire with gzip (as GitHub Pages serves it), cold cache: everything fetched
 * from focusing the navbar search box on `url` to the first result for `query` shown (code, index parts and
 * previews), as tests/budgets/search-weight.spec.ts counts it.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url a page of the site
 * @param {string} [query]
 * @returns {Promise<{bytes: number, requests: {url: string, bytes: number}[]}>}
 */
async function firstSearchBytes(browser, url, query = 'sync') {
  /** @param {import('@playwright/test').Page} page */
  const box = (page) => page.getByRole('navigation', {name: 'Main'}).getByLabel('Search', {exact: true});
  const m = await measurePage(browser, url, {
    encoding: 'gzip',
    steps: [
      (page) => box(page).focus(),
      async (page) => {
        await box(page).fill(query);
        await page
          .getByRole('listbox')
          .getByRole('option')
          .first()
          .waitFor({state: 'visible', timeout: STATE_TIMEOUT_MS});
      },
    ],
  });
  const requests = m.steps.flatMap((step) => step.requests);
  return {bytes: requests.reduce((total, r) => total + r.bytes, 0), requests};
}

module.exports = {MOBILE_VIEWPORT, measurePage, firstPaintBytes, firstSearchBytes, kib};
