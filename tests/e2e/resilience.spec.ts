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

/** Records, in the page, when the progress bar element (#nprogress) is added. */
async function watchProgressBar(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as {progressBarShownAt: number[]}).progressBarShownAt = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((node) => {
          if ((node as Element).id === 'nprogress') seen.push(performance.now());
        });
      }
    }).observe(document.documentElement, {childList: true, subtree: true});
  });
}
const progressBarShownAt = (page: Page) =>
  page.evaluate(() => (window as unknown as {progressBarShownAt: number[]}).progressBarShownAt);

test.describe('progress bar', () => {
  test('a navigation slower than 200 ms shows the thin progress bar until the page renders', async ({page}) => {
    await loadAndSettle(page, '/docs/ODE');
    await watchProgressBar(page);
    // The route's chunks are held until the test has seen the loading state, however slow the machine.
    const delayed: string[] = [];
    let releaseChunks!: () => void;
    const chunksReleased = new Promise<void>((resolve) => (releaseChunks = resolve));
    await page.route(JS_CHUNKS, async (route: Route) => {
      delayed.push(route.request().url());
      await chunksReleased;
      await route.continue();
    });

    const link = sidebar(page).getByRole('link', {name: 'Synkronus CLI'});
    const clickedAt = await page.evaluate(() => performance.now());
    await link.click();
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toBeVisible();
    // While the bar shows, the reader still sees the previous page.
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
    const box = (await bar.boundingBox())!;
    expect(box.y, 'the progress bar runs along the top of the window').toBeLessThanOrEqual(1);
    expect(box.height, 'the progress bar is thin').toBeLessThanOrEqual(4);

    releaseChunks();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Synkronus CLI');
    await expect(page.locator('#nprogress')).toHaveCount(0);
    expect(delayed.length, 'the navigation should have loaded at least one (delayed) route chunk').toBeGreaterThan(0);
    const [shownAt] = await progressBarShownAt(page);
    expect(shownAt - clickedAt, 'the bar appears only after 200 ms').toBeGreaterThanOrEqual(200);
  });

  test('a quick navigation shows no progress bar', async ({page}) => {
    await loadAndSettle(page, '/docs/documentation/synkronus-cli/cli');
    // Visit the Overview and come back: the CLI page's code is already loaded, so the way back is instant.
    await sidebar(page).getByRole('link', {name: 'Overview'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('ODE: the Open Data Ensemble');
    await watchProgressBar(page);
    await sidebar(page).getByRole('link', {name: 'Synkronus CLI'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Synkronus CLI');
    await page.waitForTimeout(400);
    expect(await progressBarShownAt(page)).toEqual([]);
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
