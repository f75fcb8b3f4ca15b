/**
 * The search timing of the benchmark: milliseconds from focusing the navbar search box to the first result
 * shown, on a page already loaded, with whatever network and CPU conditions the caller has set on it (the
 * benchmark's 2G field profile). Focusing starts fetching the search code; the query is typed at once, so
 * the figure is the code, the manifest, the shard and the previews, one after another, as a reader waits
 * for them.
 *
 * Usage, with a Playwright page (a fresh browser context, so the cache is cold):
 *   import {timeFirstSearch} from './bench-search.mjs';
 *   await page.goto(`${origin}/docs/ODE`);
 *   const ms = await timeFirstSearch(page); // or timeFirstSearch(page, {query: 'password'})
 */

// The functions given to page.evaluate and waitForFunction run in the browser.
/* global window, document, HTMLElement, MutationObserver */

/** A bound on the wait, far above any real figure: only a broken search reaches it. */
const STATE_TIMEOUT_MS = 300_000;

/**
 * @param {import('@playwright/test').Page} page a loaded page of the site, search never used on it
 * @param {{query?: string}} [options] what to search for ("sync" unless told)
 * @returns {Promise<number>} milliseconds from the focus to the first result in the list
 */
export async function timeFirstSearch(page, {query = 'sync'} = {}) {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: STATE_TIMEOUT_MS});
  // Both ends are timed in the page (the focus event, the first option shown), not in this process.
  await page.evaluate(() => {
    const timing = {focusedAt: 0, shownAt: 0};
    /** @type {any} */ (window).__firstSearchTiming = timing;
    document.addEventListener('focusin', () => (timing.focusedAt ||= performance.now()), {once: true});
    const shown = () => {
      const option = document.querySelector('[role="listbox"] [role="option"]');
      return option instanceof HTMLElement && option.offsetParent !== null;
    };
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      timing.shownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, {subtree: true, childList: true, attributes: true});
  });
  const box = page.getByRole('navigation', {name: 'Main'}).getByLabel('Search', {exact: true});
  await box.focus();
  await box.fill(query);
  await page.waitForFunction(() => /** @type {any} */ (window).__firstSearchTiming.shownAt > 0, undefined, {
    timeout: STATE_TIMEOUT_MS,
  });
  const {focusedAt, shownAt} = await page.evaluate(() => /** @type {any} */ (window).__firstSearchTiming);
  return Math.round(shownAt - focusedAt);
}
