/**
 * The `page` fixture used by every browser test. It records, and fails the test on:
 * - console errors (a test that provokes one on purpose declares it with `allowConsoleError`),
 * - uncaught page errors,
 * - failed requests and responses with an error status (a test that expects one calls `allowHttpError`),
 *   console errors a test provokes on purpose are declared with `allowConsoleError`,
 * - any request to a host other than the site itself (such requests are also blocked),
 * - a page that does not finish hydrating (the check waits for it, so hydration errors are seen).
 * `page.goto` and `page.reload` return once a page of the site has hydrated, and fail, naming the page, when
 * it does not within STATE_TIMEOUT_MS (tests/support/limits.ts): a page's route chunks and its hydration
 * may finish after `load`, and a test acting before would act on a page that is not yet interactive.
 */
import {test as base, expect, type Page} from '@playwright/test';
import {STATE_TIMEOUT_MS} from './limits';
import {FAVICON_FILE} from '../../site.constants';

const allowedHttpErrors = new WeakMap<Page, RegExp[]>();
const allowedConsoleErrors = new WeakMap<Page, RegExp[]>();

/**
 * Declares that requests whose URL matches `pattern` may fail or get an error status in this test
 * (a deliberate 404, or navigations that must fail once the test has taken the browser offline).
 */
export function allowHttpError(page: Page, pattern: RegExp) {
  allowedHttpErrors.get(page)?.push(pattern);
}

/** Declares that console errors whose text matches `pattern` are expected in this test (a deliberate failure). */
export function allowConsoleError(page: Page, pattern: RegExp) {
  allowedConsoleErrors.get(page)?.push(pattern);
}

/**
 * The favicon, which the browser fetches on its own schedule, not the page's: a test that takes the browser
 * offline after a load may see that fetch fail, whenever it comes. A missing favicon (an error status) is
 * still a problem.
 */
const isFavicon = (url: string) => url.endsWith(`/${FAVICON_FILE}`);
const OFFLINE = 'ERR_INTERNET_DISCONNECTED';

/** Docusaurus marks <html> once React has hydrated the page: from then on clicks run the theme's handlers. */
const hydrated = (page: Page) => page.locator('html[data-has-hydrated="true"]');
const untilHydrated = (page: Page) =>
  hydrated(page)
    .waitFor({state: 'attached', timeout: STATE_TIMEOUT_MS})
    .catch(() => {
      throw new Error(`${page.url()} did not finish hydrating within ${STATE_TIMEOUT_MS / 1000} s`);
    });

/** Asserts that the page has hydrated. */
export async function expectHydrated(page: Page) {
  await expect(hydrated(page)).toBeAttached();
}

export const test = base.extend({
  page: async ({page, baseURL}, use, testInfo) => {
    const problems: string[] = [];
    const allowed: RegExp[] = [];
    allowedHttpErrors.set(page, allowed);
    const allowedConsole: RegExp[] = [];
    allowedConsoleErrors.set(page, allowedConsole);
    const origin = new URL(baseURL!).origin;
    await page.route(
      (url) => url.origin !== origin && url.protocol.startsWith('http'),
      async (route) => {
        problems.push(`request to another host: ${route.request().url()}`);
        await route.abort('blockedbyclient');
      },
    );
    page.on('console', (msg) => {
      // "Failed to load resource" for a response the test allowed to fail is not a problem.
      if (allowed.some((p) => p.test(msg.location().url))) return;
      if (allowedConsole.some((p) => p.test(msg.text()))) return;
      if (msg.text().includes(OFFLINE) && isFavicon(msg.location().url)) return;
      if (msg.type() === 'error') {
        problems.push(`console error on ${page.url()}: ${msg.text()}`);
      }
    });
    page.on('pageerror', (err) => problems.push(`uncaught error on ${page.url()}: ${err.message}`));
    page.on('requestfailed', (req) => {
      const failure = req.failure()?.errorText ?? '';
      // Navigations abort in-flight prefetches; blocked outside requests are reported above.
      if (failure.includes('ERR_ABORTED') || failure.includes('BLOCKED_BY_CLIENT')) return;
      if (allowed.some((p) => p.test(req.url()))) return;
      if (failure.includes(OFFLINE) && isFavicon(req.url())) return;
      problems.push(`request failed: ${req.url()} (${failure})`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400 && !allowed.some((p) => p.test(res.url()))) {
        problems.push(`HTTP ${res.status()} for ${res.url()}`);
      }
    });
    for (const method of ['goto', 'reload'] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        if (
          response?.ok() &&
          page.url().startsWith(origin) &&
          (response.headers()['content-type'] ?? '').includes('text/html')
        ) {
          await untilHydrated(page);
        }
        return response;
      };
    }
    await use(page);
    // Hydration errors are logged after the page looks ready: let the page finish hydrating first.
    if (testInfo.status === testInfo.expectedStatus && !page.isClosed() && page.url().startsWith(origin)) {
      await untilHydrated(page).catch((error: Error) => problems.push(error.message));
    }
    if (testInfo.status === testInfo.expectedStatus) {
      expect(problems, 'console errors, failed requests or requests to other hosts').toEqual([]);
    }
  },
});

export {expect};
