'use strict';
/**
 * The "2G field" profile of `npm run bench`: a reader on a 2G link in the field, with a slow phone.
 * Chromium's own network emulation (250 kbit/s each way, 300 ms round trip) and CPU slowed 4×, a cold
 * cache, gzip only (as GitHub Pages, where the deploy workflow publishes, serves the site). For one page it
 * measures, from the start of the navigation:
 * - first paint: the browser's `first-contentful-paint` entry;
 * - usable: React has hydrated the page (`data-has-hydrated="true"` on `<html>`), so links, the menu,
 *   the colour-mode switch and search respond;
 * - the cumulative layout shift of the load;
 * - what `afterUsable` measures on the usable page (the first search: see scripts/bench.mjs).
 * Timing figures: printed by the benchmark, never asserted by a test.
 */

const {MOBILE_VIEWPORT} = require('./page-weight.cjs');

/** The profile's figures, printed by the benchmark beside its results. */
const FIELD_2G = {downKbps: 250, upKbps: 250, rttMs: 300, cpuSlowdown: 4};

/** A limit for a wait that only a broken page reaches: a whole page at 250 kbit/s takes tens of seconds. */
const STATE_TIMEOUT_MS = 300_000;

/**
 * Runs in the page before any of its scripts: records when `<html>` is marked hydrated, and the layout
 * shifts not caused by input.
 */
function recordInPage() {
  const w = /** @type {any} */ (globalThis);
  w.__field2g = {usableMs: null, cls: 0};
  // The script runs before the parser has made `<html>`: watch the whole document for the attribute.
  new w.MutationObserver((/** @type {unknown} */ _, /** @type {any} */ observer) => {
    if (w.document.documentElement?.getAttribute('data-has-hydrated') === 'true') {
      w.__field2g.usableMs = performance.now();
      observer.disconnect();
    }
  }).observe(w.document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
  new w.PerformanceObserver((/** @type {any} */ list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries()))
      if (!entry.hadRecentInput) w.__field2g.cls += entry.value;
  }).observe({type: 'layout-shift', buffered: true});
}

/**
 * One cold load of `url` under the profile.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{afterUsable?: (page: import('@playwright/test').Page) => Promise<Record<string, number>>}} [options]
 * @returns {Promise<{firstPaintMs: number, usableMs: number, cls: number, [measure: string]: number}>}
 */
async function measureField2g(browser, url, options = {}) {
  const context = await browser.newContext({viewport: MOBILE_VIEWPORT});
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setExtraHTTPHeaders', {headers: {'Accept-Encoding': 'gzip'}});
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: FIELD_2G.rttMs,
      downloadThroughput: (FIELD_2G.downKbps * 1000) / 8,
      uploadThroughput: (FIELD_2G.upKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: FIELD_2G.cpuSlowdown});
    await page.addInitScript(recordInPage);
    await page.goto(url, {waitUntil: 'load', timeout: STATE_TIMEOUT_MS});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: STATE_TIMEOUT_MS});
    const figures = await page.evaluate(() => {
      const w = /** @type {any} */ (globalThis);
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {firstPaintMs: paint ? paint.startTime : NaN, usableMs: w.__field2g.usableMs, cls: w.__field2g.cls};
    });
    const extra = options.afterUsable ? await options.afterUsable(page) : {};
    return {
      firstPaintMs: Math.round(figures.firstPaintMs),
      usableMs: Math.round(figures.usableMs),
      cls: Math.round(figures.cls * 1000) / 1000,
      ...extra,
    };
  } finally {
    await context.close();
  }
}

module.exports = {FIELD_2G, measureField2g};
