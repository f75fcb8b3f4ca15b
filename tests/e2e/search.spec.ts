/**
 * Local search, used by keyboard alone: the navbar search box finds docs pages and the operations and
 * schemas of the API reference (from api/synkronus.yaml), and its index loads only once the reader
 * starts searching. (What it weighs: tests/budgets/search-weight.spec.ts.)
 */
import type {BrowserContext, Locator, Page, Route} from '@playwright/test';
import {test, expect, allowHttpError} from '../support/fixtures';
import {apiOperation, apiSchema} from '../support/api-description';
import {SPEC_ROUTES} from '../support/routes.cjs';
import {searchBox, tabToSearch} from '../support/search';
import {axeViolations} from '../support/axe';

const START_PAGE = '/docs/ODE';
/** The search index's manifest, and its shard and preview files (src/components/Search/searchIndex.ts). */
const MANIFEST = /^\/search-index\.json$/;
const INDEX_PART = /^\/assets\/search\//;
/** Scripts fetched after the page has loaded: the search code among them. */
const SCRIPTS = /\/assets\/js\//;
/** What the box says while its code cannot be downloaded. */
const UNAVAILABLE = 'Search could not be loaded. It will try again once the connection is back.';

/**
 * A result the query must lead to: the text its option shows, and where choosing it lands. A docs page
 * target (hash '') is also reached by a result for one of its sections (its hash is then the section's).
 */
type Target = {label: string; path: string; hash: string};

const reaches = (url: URL, target: Target) =>
  url.pathname === target.path &&
  (url.hash === target.hash || (target.hash === '' && url.pathname.startsWith('/docs/')));

const operationTarget = (method: string, apiPath: string): Target => {
  const op = apiOperation(method, apiPath);
  return {label: op.operation.summary ?? op.operationId, path: '/api', hash: `#operation/${op.operationId}`};
};
const schemaTarget = (name: string): Target => {
  apiSchema(name);
  return {label: name, path: '/api', hash: `#schema/${name}`};
};
const docsTarget = (title: string): Target => {
  const route = SPEC_ROUTES.find((r) => r.title.test(title) && r.path.startsWith('/docs/'));
  if (!route) throw new Error(`tests/support/routes.cjs has no docs page titled ${title}`);
  return {label: title, path: route.path, hash: ''};
};

/** The docs page that explains the sync protocol (the pull loop with change_cutoff). */
const SYNC_PROTOCOL_PAGE: Target = {
  label: 'Sync protocol',
  path: '/docs/documentation/synkronus/sync-protocol',
  hash: '',
};

const CASES: {query: string; targets: () => Target[]}[] = [
  {
    query: 'change_cutoff',
    targets: () => [SYNC_PROTOCOL_PAGE, schemaTarget('SyncPullResponse'), operationTarget('post', '/sync/pull')],
  },
  // A reader who types "pull" wants the call, or the pages that explain it: the protocol's and the sync client's pull sections.
  {
    query: 'pull',
    targets: () => [
      operationTarget('post', '/sync/pull'),
      {...SYNC_PROTOCOL_PAGE, label: 'Pull changes', hash: '#pull-changes'},
      {
        label: 'Pull, and where to keep since',
        path: '/docs/documentation/synkronus/sync-client',
        hash: '#pull-and-where-to-keep-since',
      },
    ],
  },
  {query: 'reset password', targets: () => [operationTarget('post', '/users/reset-password')]},
  {
    query: 'AppBundleManifest',
    targets: () => [schemaTarget('AppBundleManifest'), operationTarget('get', '/app-bundle/manifest')],
  },
  {query: 'Manage docs versions', targets: () => [docsTarget('Manage docs versions')]},
];

test.describe('search', () => {
  for (const {query, targets} of CASES) {
    test(`"${query}" leads to the right place, first or second, by keyboard`, async ({page}) => {
      const expected = targets();
      await page.goto(START_PAGE);
      await tabToSearch(page);
      await page.keyboard.type(query);
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options.first()).toBeVisible();
      // Each keystroke searches again: read the results once they no longer change.
      let texts: string[] = [];
      await expect
        .poll(
          async () => {
            const before = texts;
            texts = await options.allTextContents();
            return texts.length > 0 && JSON.stringify(texts) === JSON.stringify(before);
          },
          {intervals: [300]},
        )
        .toBe(true);
      const rank = texts.findIndex((text) => expected.some((target) => text.includes(target.label)));
      expect(
        rank,
        `"${query}": none of the first results shows ${expected.map((t) => t.label).join(' or ')}; results: ${JSON.stringify(texts)}`,
      ).toBeGreaterThanOrEqual(0);
      expect(
        rank,
        `"${query}": the expected result is number ${rank + 1}; results: ${JSON.stringify(texts)}`,
      ).toBeLessThanOrEqual(1);

      // The first result is already highlighted; arrow down to the second when needed.
      for (let i = 0; i < rank; i++) await page.keyboard.press('ArrowDown');
      await expect(options.nth(rank)).toHaveAttribute('aria-selected', 'true');
      await expect(searchBox(page)).toHaveAttribute(
        'aria-activedescendant',
        (await options.nth(rank).getAttribute('id'))!,
      );
      await page.keyboard.press('Enter');

      await expect
        .poll(
          () => {
            const url = new URL(page.url());
            return expected.some((t) => reaches(url, t));
          },
          {
            message: `"${query}" should land on ${expected.map((t) => t.path + t.hash).join(' or ')}, not ${page.url()}`,
          },
        )
        .toBe(true);
      const hash = new URL(page.url()).hash;
      if (hash) await expect(page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`)).toBeInViewport();
      else await expect(page.getByRole('heading', {level: 1})).toContainText(expected[0].label);
    });
  }

  test('nothing of the index is downloaded with the page: its manifest on reaching the box, its parts on typing', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(START_PAGE, {waitUntil: 'networkidle'});
    expect(
      requests.filter((path) => MANIFEST.test(path) || INDEX_PART.test(path)),
      'search files on page load',
    ).toEqual([]);

    // Reaching the box fetches the search code and the manifest only; typing loads the parts the query needs.
    const manifest = page.waitForResponse((response) => MANIFEST.test(new URL(response.url()).pathname));
    await tabToSearch(page);
    expect((await manifest).status()).toBe(200);
    expect(
      requests.filter((path) => INDEX_PART.test(path)),
      'index parts requested before the reader typed',
    ).toEqual([]);
    const part = page.waitForResponse((response) => INDEX_PART.test(new URL(response.url()).pathname));
    await page.keyboard.type('sync');
    expect((await part).status()).toBe(200);
  });

  test('results are exposed to screen readers with their page and section', async ({page}) => {
    const target = operationTarget('post', '/users/reset-password');
    await page.goto(START_PAGE);
    await tabToSearch(page);
    await page.keyboard.type('reset password');

    const box = searchBox(page);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox', {name: 'Search results'});
    // The combobox names the listbox it controls, and the option the arrow keys are on.
    await expect(listbox).toHaveAttribute('id', (await box.getAttribute('aria-controls'))!);
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await listbox.getByRole('option').first().getAttribute('id'))!,
    );
    const option = listbox.getByRole('option').filter({hasText: target.label}).first();
    // The option names the section and the page it belongs to.
    await expect(option).toContainText(target.label);
    await expect(option).toContainText('Synkronus API');
    // The number of results is announced.
    await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('status')).toContainText(/\d+ results?/);

    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('Ctrl+K goes to the box; Escape closes the list, Tab moves on from the box and closes it too', async ({
    page,
  }) => {
    await page.goto(START_PAGE);
    await page.getByRole('heading', {level: 1}).click();
    await page.keyboard.press('Control+k');
    const box = searchBox(page);
    await expect(box).toBeFocused();
    await page.keyboard.type('bundle');
    const listbox = page.getByRole('listbox', {name: 'Search results'});
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();
    // Arrow down opens the list again, on the same results.
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Tab');
    await expect(box).not.toBeFocused();
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    // Ctrl+K again, once the search is loaded: back to the box, with its text selected to type over.
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    expect(
      await box.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!)),
    ).toBe('bundle');
  });

  test('a click on a result opens it, at its anchor', async ({page}) => {
    const target = schemaTarget('AppBundleManifest');
    await page.goto(START_PAGE);
    await searchBox(page).click();
    await page.keyboard.type(target.label);
    await page
      .getByRole('listbox', {name: 'Search results'})
      .getByRole('option')
      .filter({hasText: target.label})
      .first()
      .click();
    await expect(page).toHaveURL(`${target.path}${target.hash}`);
    await expect(page.locator(`[id="${target.hash.slice(1)}"]`)).toBeInViewport();
    await expect(page.getByRole('listbox', {name: 'Search results'})).toBeHidden();
  });

  test('on a short screen the list scrolls, and the chosen result stays in view', async ({page}) => {
    await page.setViewportSize({width: 900, height: 480});
    await page.goto(START_PAGE);
    await tabToSearch(page);
    await page.keyboard.type('sync');
    // The list keeps showing an earlier query's answer ("syn") until the answer to "sync" arrives, and a new
    // answer chooses its first result again: wait for the answer to the whole query.
    const options = page.getByRole('listbox', {name: 'Search results for “sync”'}).getByRole('option');
    await expect(options.nth(5)).toBeAttached();
    // Arrow up from the first result wraps to the last, at the bottom of the list.
    await page.keyboard.press('ArrowUp');
    const last = options.last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(last).toBeInViewport();
  });

  test('a query with no match says so, to the eye and to screen readers', async ({page}) => {
    await page.goto(START_PAGE);
    await tabToSearch(page);
    await page.keyboard.type('qqxqzz');
    const status = page.getByRole('navigation', {name: 'Main'}).getByRole('status');
    await expect(status).toHaveText('No results for “qqxqzz”.');
    await expect(page.getByText('No results for “qqxqzz”.', {exact: true}).first()).toBeVisible();
    await expect(page.getByRole('listbox', {name: 'Search results'})).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
  });

  for (const mode of ['light', 'dark']) {
    test(`the open results pass axe in ${mode} mode`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await page.goto(START_PAGE);
      await tabToSearch(page);
      await page.keyboard.type('synkronus');
      await expect(page.getByRole('listbox').getByRole('option').nth(1)).toBeVisible();
      await page.keyboard.press('ArrowDown');
      expect(await axeViolations(page, '.navbar__search')).toEqual([]);
    });
  }

  test.describe('after a dropped link', () => {
    const status = (page: Page) => page.getByRole('navigation', {name: 'Main'}).getByRole('status');
    const sync = (page: Page) =>
      page.getByRole('listbox', {name: 'Search results for “sync”'}).getByRole('option').first();
    /** The reader opens the start page, the link drops, and they tab to the search box, which says so. */
    async function comeToTheBoxOffline(page: Page, context: BrowserContext) {
      await page.goto(START_PAGE);
      // Without a saved offline copy, what the page asks for while offline fails.
      allowHttpError(page, SCRIPTS);
      allowHttpError(page, /\/search-index\.json$/);
      await context.setOffline(true);
      await tabToSearch(page);
      await expect(status(page)).toHaveText(UNAVAILABLE);
    }

    test('offline when the reader comes to the box: it says so, and searches once the link is back, without a reload', async ({
      page,
      context,
    }) => {
      await comeToTheBoxOffline(page, context);
      await expect(page.getByText(UNAVAILABLE)).toBeVisible();
      expect(await axeViolations(page, '.navbar__search')).toEqual([]);
      // Keystrokes while offline try again and fail quietly: the page fixture fails the test on an uncaught error.
      await page.keyboard.type('sy');
      await expect(status(page)).toHaveText(UNAVAILABLE);
      await expect(searchBox(page)).toHaveValue('sy');

      await context.setOffline(false);
      await page.keyboard.type('nc');
      await expect(sync(page)).toBeVisible();
      await expect(searchBox(page)).toHaveValue('sync');
      await expect(searchBox(page)).toBeFocused();
      await expect(page.getByText(UNAVAILABLE)).toBeHidden();
    });

    test('the link coming back loads the search by itself: what was typed offline is searched', async ({
      page,
      context,
    }) => {
      await comeToTheBoxOffline(page, context);
      await page.keyboard.type('sync');
      await expect(status(page)).toHaveText(UNAVAILABLE);
      await context.setOffline(false);
      await expect(sync(page)).toBeVisible();
      await expect(searchBox(page)).toBeFocused();
    });

    test('the link coming back while a download begun offline is still failing: what was typed is searched', async ({
      page,
      context,
    }) => {
      await comeToTheBoxOffline(page, context);
      // The scripts the next attempt asks for while offline are held until the link is back, then fail: on a
      // busy machine, a download begun offline can fail after the browser is online again. Later ones go on.
      const held: Route[] = [];
      let offline = true;
      await page.route(SCRIPTS, (route) => (offline ? void held.push(route) : route.continue()));
      await page.keyboard.type('sync');
      await expect.poll(() => held.length, 'the scripts of the attempt begun offline').toBeGreaterThan(0);
      // Registered after the box's own listener, this one runs after it: the box has reacted to the event.
      const backOnline = page.evaluate(
        () => new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), {once: true})),
      );
      offline = false;
      await context.setOffline(false);
      await backOnline;
      for (const route of held) await route.abort('internetdisconnected');
      await expect(sync(page)).toBeVisible();
      await expect(searchBox(page)).toHaveValue('sync');
    });

    /** Whether the reader sees `target` whole: at its middle and near each corner, no other element is drawn over it. */
    const uncovered = (target: Locator) =>
      target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const points = [
          [0.5, 0.5],
          [0.1, 0.1],
          [0.9, 0.1],
          [0.1, 0.9],
          [0.9, 0.9],
        ].map(([x, y]) => [box.left + box.width * x, box.top + box.height * y]);
        return points.every(([x, y]) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && element.contains(hit);
        });
      });
    const notice = (page: Page) => page.getByText(UNAVAILABLE);
    const AUTHENTICATION_PAGE = '/docs/documentation/synkronus/authentication';
    /** The Authentication page, then the link down: the search code and index cannot be downloaded. */
    const openOffline = async (page: Page, context: BrowserContext) => {
      await page.goto(AUTHENTICATION_PAGE);
      allowHttpError(page, SCRIPTS);
      allowHttpError(page, /\/search-index\.json$/);
      await context.setOffline(true);
    };

    test.describe('on a phone', () => {
      test.use({viewport: {width: 375, height: 740}, hasTouch: true});

      test('after a touch of the box offline, its notice closes with Escape or a touch elsewhere, and then covers nothing', async ({
        page,
        context,
      }) => {
        await openOffline(page, context);
        const breadcrumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
        await expect.poll(() => uncovered(breadcrumbs), 'the breadcrumbs, before the box is touched').toBe(true);

        await searchBox(page).tap();
        await expect(notice(page)).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(notice(page)).toBeHidden();
        await expect.poll(() => uncovered(breadcrumbs), 'the breadcrumbs, after Escape').toBe(true);

        // Another touch tries again, and says so again.
        await searchBox(page).tap();
        await expect(notice(page)).toBeVisible();
        await page.getByRole('heading', {level: 1}).tap();
        await expect(notice(page)).toBeHidden();
        await expect.poll(() => uncovered(breadcrumbs), 'the breadcrumbs, after a touch elsewhere').toBe(true);
      });
    });

    test('offline, the notice closes when the focus leaves the box or the reader clicks elsewhere, and then covers nothing', async ({
      page,
      context,
    }) => {
      await openOffline(page, context);
      // The first entry of the table of contents beside the page.
      const contents = page.getByRole('link', {name: 'Log in', exact: true});
      await expect.poll(() => uncovered(contents), 'the contents, before the box is reached').toBe(true);

      await tabToSearch(page);
      await expect(notice(page)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(searchBox(page)).not.toBeFocused();
      await expect(notice(page)).toBeHidden();
      await expect.poll(() => uncovered(contents), 'the contents, after the focus left the box').toBe(true);

      await searchBox(page).click();
      await expect(notice(page)).toBeVisible();
      await page.getByRole('heading', {level: 1}).click();
      await expect(notice(page)).toBeHidden();
      await expect.poll(() => uncovered(contents), 'the contents, after a click elsewhere').toBe(true);

      // Back online, the box searches as ever.
      await context.setOffline(false);
      await searchBox(page).click();
      await page.keyboard.type('sync');
      await expect(sync(page)).toBeVisible();
    });

    test('a download of the search code lost on the way is tried again at the next keystroke', async ({page}) => {
      await page.goto(START_PAGE);
      allowHttpError(page, SCRIPTS);
      let lost = true;
      await page.route(SCRIPTS, (route) => (lost ? route.abort('connectionreset') : route.continue()));
      await searchBox(page).click();
      await expect(status(page)).toHaveText(UNAVAILABLE);
      lost = false;
      await page.keyboard.type('sync');
      await expect(sync(page)).toBeVisible();
    });
  });
});
