'use strict';
/**
 * What a page costs the browser to lay out and style, for `npm run bench`: /api against a docs page.
 * /api holds the whole reference on one page, so its element count, and the time the browser spends on
 * style recalculation and layout, are what a slow phone feels there; the rule is that /api stays within
 * twice a docs page's layout plus style time with the CPU slowed 4×.
 * One cold load with the CPU slowed 4× (no network emulation: this measures the CPU, not the link), until
 * React has hydrated the page and the network is idle, then Chromium's own cumulative counters
 * (`LayoutDuration`, `RecalcStyleDuration` of the DevTools protocol's Performance domain) and the number of
 * elements. Timing figures: printed by the benchmark, never asserted by a test (the element count is:
 * tests/e2e/api-page.spec.ts).
 */

const {MOBILE_VIEWPORT} = require('./page-weight.cjs');

const CPU_SLOWDOWN = 4;
/** A limit for a wait that only a broken page reaches. */
const STATE_TIMEOUT_MS = 120_000;

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<{elements: number, layoutMs: number, styleMs: number}>}
 */
async function measureRenderCost(browser, url) {
  const context = await browser.newContext({viewport: MOBILE_VIEWPORT});
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
    await page.goto(url, {waitUntil: 'networkidle', timeout: STATE_TIMEOUT_MS});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: STATE_TIMEOUT_MS});
    const {metrics} = await cdp.send('Performance.getMetrics');
    const metric = (/** @type {string} */ name) => {
      const found = metrics.find((m) => m.name === name);
      if (!found) throw new Error(`Chromium reported no ${name} metric for ${url}`);
      return Math.round(found.value * 1000);
    };
    return {
      elements: await page.locator('*').count(),
      layoutMs: metric('LayoutDuration'),
      styleMs: metric('RecalcStyleDuration'),
    };
  } finally {
    await context.close();
  }
}

module.exports = {CPU_SLOWDOWN, measureRenderCost};
