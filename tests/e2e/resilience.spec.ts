/**
 * How the site behaves when a navigation is slow, when a route's code cannot be loaded and when a page's
 * code throws. These states cannot be reached on a healthy site, so each test provokes its failure by
 * intercepting the site's JavaScript chunks (never with a test-only page in the build).
 */
import type {Page, Route} from '@playwright/test';
import {test, expect, allowConsoleError, allowHttpError, expectHydrated} from '../support/fixtures';

const JS_CHUNKS = '**/assets/js/*.js';
const sidebar = (page: Page) => page.getByRole('navigation', {name: 'Docs sidebar'});

async function loadAndSettle(page: Page, path: string) {
  await page.goto(path);
  await expectHydrated(page);
  // Let the prefetches of visible links finish, so only the navigation under test loads chunks.
  await page.waitForLoadState('networkidle');
}

/** Counts, in the page, every time the progress bar element (#nprogress) is added. */
async function countProgressBars(page: Page) {
  await page.evaluate(() => {
    const added = {count: 0};
    (window as unknown as {progressBarsAdded: typeof added}).progressBarsAdded = added;
    new MutationObserver((records) => {
      for (const r of records)
        r.addedNodes.forEach((node) => void ((node as Element).id === 'nprogress' && added.count++));
    }).observe(document.documentElement, {childList: true, subtree: true});
  });
}
const progressBarsAdded = (page: Page) =>
  page.evaluate(() => (window as unknown as {progressBarsAdded: {count: number}}).progressBarsAdded.count);

/**
 * The bar is shown 200 ms after a navigation starts, unless the new page has rendered by then (the theme's
 * timer). These tests run the page on Playwright's clock, stopped once the page has settled, and move it on
 * themselves: what they see does not depend on how fast the machine is.
 */
test.describe('progress bar', () => {
  test.beforeEach(async ({page}) => {
    await page.clock.install();
  });

  test('a navigation still loading after 200 ms shows the thin progress bar until the page renders', async ({page}) => {
    await loadAndSettle(page, '/docs/ODE');
    await countProgressBars(page);
    // The route's chunks are held until the test releases them.
    const requested: string[] = [];
    let releaseChunks!: () => void;
    const chunksReleased = new Promise<void>((resolve) => (releaseChunks = resolve));
    let firstChunkRequested!: () => void;
    const loading = new Promise<void>((resolve) => (firstChunkRequested = resolve));
    await page.route(JS_CHUNKS, async (route: Route) => {
      requested.push(route.request().url());
      firstChunkRequested();
      await chunksReleased;
      await route.continue();
    });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

    await sidebar(page).getByRole('link', {name: 'Synkronus CLI'}).click();
    await loading;
    await page.clock.runFor(199);
    await expect(page.locator('#nprogress'), 'no bar 199 ms after the navigation started').toHaveCount(0);
    await page.clock.runFor(1);
    const bar = page.locator('#nprogress .bar');
    await expect(bar, 'the bar at 200 ms').toBeVisible();
    // While the bar shows, the reader still sees the previous page.
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
    const box = (await bar.boundingBox())!;
    expect(box.y, 'the progress bar runs along the top of the window').toBeLessThanOrEqual(1);
    expect(box.height, 'the progress bar is thin').toBeLessThanOrEqual(4);

    releaseChunks();
    // The bar fades out on the theme's timers: the clock runs again.
    await page.clock.resume();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Synkronus CLI');
    await expect(page.locator('#nprogress')).toHaveCount(0);
    expect(requested.length, 'the navigation loaded at least one (held) route chunk').toBeGreaterThan(0);
    expect(await progressBarsAdded(page), 'one bar, for the one navigation').toBe(1);
  });

  test('a navigation that renders within 200 ms shows no progress bar', async ({page}) => {
    await loadAndSettle(page, '/docs/documentation/synkronus-cli/cli');
    // Visit the Overview and come back: the CLI page's code is already loaded, so the way back needs no request.
    await sidebar(page).getByRole('link', {name: 'Overview'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
    await countProgressBars(page);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await sidebar(page).getByRole('link', {name: 'Synkronus CLI'}).click();
    // The page renders while the clock stands still, so within 0 ms of it.
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Synkronus CLI');
    // Well past the bar's delay: a timer left running would show it now.
    await page.clock.runFor(1000);
    expect(await progressBarsAdded(page)).toBe(0);
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });
});

test.describe('route chunk load failure', () => {
  test('logs a warning and reloads the page at the new address', async ({page}) => {
    allowHttpError(page, /\/assets\/js\//);
    await loadAndSettle(page, '/docs/ODE');
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    // Chunks fail, as after a deploy that removed them, until the page reloads.
    let failing = true;
    const aborted: string[] = [];
    await page.route(JS_CHUNKS, async (route) => {
      if (!failing) return route.continue();
      aborted.push(route.request().url());
      return route.abort('failed');
    });
    const reload = page.waitForRequest((req) => {
      const isReload = req.isNavigationRequest() && req.frame() === page.mainFrame();
      if (isReload) failing = false;
      return isReload;
    });

    // Keyboard activation: a mouse would also hover the link, which starts loading it early.
    const link = sidebar(page).getByRole('link', {name: 'Synkronus CLI'});
    await link.focus();
    await page.keyboard.press('Enter');

    const reloadRequest = await reload;
    expect(new URL(reloadRequest.url()).pathname).toBe('/docs/documentation/synkronus-cli/cli');
    expect(aborted.length, 'the navigation should have requested the route chunk').toBeGreaterThan(0);
    expect(warnings.join('\n'), 'the failed chunk should be logged as a warning').toMatch(
      /ChunkLoadError: Loading chunk \S+ failed/,
    );
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Synkronus CLI');
    await expectHydrated(page);
  });
});

test.describe('crash fallback', () => {
  const message = 'Simulated crash of the Overview page';

  /**
   * Serves the Overview's content chunk with its page component wrapped in one that throws until the
   * test sets `window.crashFixed`, as a page whose code throws until the cause goes away.
   */
  async function makeOverviewThrow(page: Page) {
    let patched = 0;
    await page.route(JS_CHUNKS, async (route) => {
      let response: Awaited<ReturnType<typeof route.fetch>>;
      let body: string;
      try {
        response = await route.fetch();
        body = await response.text();
      } catch {
        return; // the test ended while a prefetch was in flight: its page is gone
      }
      if (body.includes('"source":"@site/docs/ODE.md"')) {
        const exportOfComponent = /default:\(\)=>([\w$]+)/;
        if (!exportOfComponent.test(body))
          throw new Error('the content chunk of docs/ODE.md no longer exports its component as expected');
        body = body.replace(
          exportOfComponent,
          `default:()=>(self.crashingPage||(self.crashingPage=function(props){if(!self.crashFixed)throw new Error(${JSON.stringify(message)});return $1(props)}))`,
        );
        patched++;
      }
      await route.fulfill({response, body});
    });
    return () => patched;
  }

  test('shows "This page crashed." with the error message, and "Try again" renders the page', async ({page}) => {
    // React reports the error it caught to the console: expected here.
    allowConsoleError(page, new RegExp(message));
    const patchedCount = await makeOverviewThrow(page);
    await page.goto('/');
    await expectHydrated(page);

    await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Documentation'}).click();
    await expect(page).toHaveURL(/\/docs\/ODE$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('This page crashed.');
    await expect(page.getByText(message)).toBeVisible();
    const tryAgain = page.getByRole('button', {name: 'Try again'});
    await expect(tryAgain).toBeVisible();
    // The rest of the site still works around the crashed page.
    await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(patchedCount(), 'the Overview content chunk should have been intercepted').toBeGreaterThan(0);

    await tryAgain.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('This page crashed.');

    await page.evaluate(() => ((window as unknown as {crashFixed: boolean}).crashFixed = true));
    await tryAgain.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
    await expect(page.getByText(message)).toHaveCount(0);
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });
});
