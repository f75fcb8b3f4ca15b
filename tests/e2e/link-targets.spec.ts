/**
 * Where a link lands. The navbar is 60 px high: it stays at the top without JavaScript, and with it hides as
 * the reader scrolls down and comes back as they scroll up (`hideOnScroll`). A link's target must land below
 * it and stay there while the page settles: on /api the position settles in steps (a schema's fields open,
 * the sections near the screen are laid out for the first time), which the navbar read as the reader
 * scrolling up, and came back over the heading. On /api a link to a schema also opens its fields, even when
 * the address already names it, and the Contents list names the part being read.
 */
import type {Browser, Locator, Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {SPEC_ROUTES} from '../support/routes.cjs';
import {anchorTarget, operationSection, referenceNav, schemaSection} from '../support/api-reference';
import {loadApiDescription} from '../support/api-description';
import {searchBox} from '../support/search';
import {API_ROUTE} from '../../site.constants';

const schemaNames = Object.keys(loadApiDescription().components.schemas);

/**
 * The page has settled once this many rendering steps in a row change nothing: neither the scroll position
 * nor the box of the target or of the navbar (the navbar slides in or out over a dozen of them).
 */
const SETTLED_FRAMES = 20;

type Landing = {id: string; top: number; bottom: number; navbarBottom: number; viewportHeight: number};

/** Where the target of the address's hash sits once the page has settled, and how far down the navbar covers. */
function settledLanding(page: Page): Promise<Landing> {
  return page.evaluate(
    (frames) =>
      new Promise<Landing>((resolve) => {
        let last = '';
        let quiet = 0;
        const step = () => {
          const id = decodeURIComponent(location.hash.slice(1));
          const target = document.getElementById(id)?.getBoundingClientRect();
          const navbar = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect();
          const state = JSON.stringify([id, scrollX, scrollY, target, navbar]);
          quiet = state === last ? quiet + 1 : 0;
          last = state;
          if (target && navbar && quiet >= frames) {
            resolve({
              id,
              top: target.top,
              bottom: target.bottom,
              navbarBottom: Math.max(0, navbar.bottom),
              viewportHeight: innerHeight,
            });
          } else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    SETTLED_FRAMES,
  );
}

/** The address names `anchor`, whose target is in full view below the navbar once the page has settled. */
async function expectLandedBelowNavbar(page: Page, anchor: string, from: string) {
  await expect(page).toHaveURL(new RegExp(`#${anchor.replace(/[/]/g, '\\/')}$`));
  const landing = await settledLanding(page);
  const where = `#${anchor} reached from ${from}: its top at ${Math.round(landing.top)} px, the navbar down to ${Math.round(landing.navbarBottom)} px`;
  expect(landing.id).toBe(anchor);
  expect(landing.top, `${where}: the navbar covers it`).toBeGreaterThanOrEqual(landing.navbarBottom);
  expect(landing.bottom, `${where}: below the window (${landing.viewportHeight} px)`).toBeLessThanOrEqual(
    landing.viewportHeight,
  );
}

/** Opens the Contents list where it is folded (below 997 px) and follows its entry `name`. */
async function followContents(page: Page, name: string) {
  const nav = referenceNav(page);
  const entry = nav.getByRole('link', {name, exact: true});
  if (!(await entry.isVisible())) await nav.getByText('Contents', {exact: true}).click();
  await entry.click();
}

/** Searches from the navbar's box and chooses the result named `name`. */
async function followSearchResult(page: Page, name: string) {
  await searchBox(page).click();
  await page.keyboard.type(name);
  await page
    .getByRole('listbox', {name: `Search results for “${name}”`})
    .getByRole('option')
    .filter({hasText: name})
    .first()
    .click();
}

const syncPull = {method: 'post', path: '/sync/pull', operation: {operationId: 'syncPull'}} as const;

for (const width of [1280, 800, 375]) {
  test(`at ${width} px, a link to a schema lands with its heading below the navbar, and it stays there: from an operation, the Contents, a docs page and a search result`, async ({
    page,
  }) => {
    test.slow(); // four arrivals on /api
    await page.setViewportSize({width, height: 800});

    await page.goto(API_ROUTE);
    await operationSection(page, syncPull).getByRole('link', {name: 'SyncPullRequest', exact: true}).click();
    await expectLandedBelowNavbar(page, 'schema/SyncPullRequest', 'an operation');

    await page.goto(API_ROUTE);
    await followContents(page, 'SyncPushResponse');
    await expectLandedBelowNavbar(page, 'schema/SyncPushResponse', 'the Contents list');

    await page.goto('/docs/documentation/synkronus/sync-protocol');
    await page.getByRole('link', {name: 'Observation', exact: true}).first().click();
    await expectLandedBelowNavbar(page, 'schema/Observation', 'a docs page');

    await page.goto('/docs/ODE');
    await followSearchResult(page, 'AppBundleManifest');
    await expectLandedBelowNavbar(page, 'schema/AppBundleManifest', 'a search result');
  });
}

test('a link to the schema the address already names opens its fields again: from an operation, the Contents and search', async ({
  page,
}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(`${API_ROUTE}#schema/SyncPullRequest`);
  const section = schemaSection(page, 'SyncPullRequest');
  const field = section.getByText('Optional pagination cursor indicating the last seen change');
  const fold = section.locator('summary', {hasText: 'Fields of SyncPullRequest'});
  await expect(field).toBeVisible();

  const follows: [string, () => Promise<void>][] = [
    [
      'an operation',
      () => operationSection(page, syncPull).getByRole('link', {name: 'SyncPullRequest', exact: true}).click(),
    ],
    ['the Contents list', () => followContents(page, 'SyncPullRequest')],
    ['a search result', () => followSearchResult(page, 'SyncPullRequest')],
  ];
  for (const [from, follow] of follows) {
    // The reader folds the fields, goes back up, and follows a link to the same schema.
    await fold.click();
    await expect(field).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(anchorTarget(page, 'schema/SyncPullRequest')).not.toBeInViewport();
    await follow();
    await expect(field, `the fields, after a link from ${from}`).toBeVisible();
    await expectLandedBelowNavbar(page, 'schema/SyncPullRequest', from);
  }
});

test.describe('the Contents list of /api names the part being read', () => {
  test.use({viewport: {width: 1280, height: 800}});

  // The first two schemas, just below the last operation, and one further down.
  for (const name of [...schemaNames.slice(0, 2), 'UserResponse']) {
    test(`on arrival at #schema/${name}, ${name}`, async ({page}) => {
      await page.goto(`${API_ROUTE}#schema/${name}`);
      const nav = referenceNav(page);
      await expect(nav.locator('[aria-current="location"]')).toHaveText(name);
      await expect(nav.getByRole('link', {name, exact: true})).toBeInViewport();
    });
  }

  test(`at the bottom of the page, the last part on screen (${schemaNames.at(-1)})`, async ({page}) => {
    const last = schemaNames.at(-1)!;
    await page.goto(API_ROUTE);
    // The parts near the bottom get their own heights once they are near the screen, a rendering step or two
    // after the scroll: scroll to the end until, after those steps, nothing is left below.
    // A part laid out late can lengthen the page again, so the end and the list are read together.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          for (let step = 0; step < 2; step++) await new Promise(requestAnimationFrame);
          const atEnd = Math.ceil(innerHeight + scrollY) >= document.documentElement.scrollHeight;
          return [atEnd, document.querySelector('nav [aria-current="location"]')?.textContent];
        }),
      )
      .toEqual([true, last]);
    await expect(anchorTarget(page, `schema/${last}`)).toBeInViewport();
    await expect(referenceNav(page).locator('[aria-current="location"]')).toHaveText(last);
  });
});

type Box = {x: number; y: number; width: number; height: number} | null;

/**
 * The boxes of a target and of the navbar once two readings in a row agree: without JavaScript the browser
 * still moves the target while the page's images and fonts arrive after the load event.
 */
async function settledBoxes(target: Locator, navbar: Locator): Promise<{target: Box; bar: Box}> {
  let last = '';
  let boxes: {target: Box; bar: Box} = {target: null, bar: null};
  await expect
    .poll(async () => {
      boxes = {target: await target.boundingBox(), bar: await navbar.boundingBox()};
      const reading = JSON.stringify(boxes);
      const settled = reading === last;
      last = reading;
      return settled;
    })
    .toBe(true);
  return boxes;
}

/** A page of the site with JavaScript switched off. */
async function pageWithoutJs(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({baseURL, javaScriptEnabled: false, viewport: {width: 1280, height: 800}});
  return context.newPage();
}

test('without JavaScript, every page puts a link target below the navbar: its first section, a table row, each kind of /api anchor', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // every page of the site
  const page = await pageWithoutJs(browser, baseURL);
  const targets: string[] = [
    '/docs/documentation/synkronus-cli/cli#synk-sync-pull',
    `${API_ROUTE}#operation/syncPull`,
    `${API_ROUTE}#tag/DataExport/operation/getParquetExportZip`,
    `${API_ROUTE}#schema/Observation`,
    `${API_ROUTE}#tag/Sync`,
  ];
  for (const {path} of SPEC_ROUTES.filter((route) => route.path !== '/docs')) {
    await page.goto(path);
    const sections = page.locator('main h2[id]');
    if (await sections.count()) targets.push(`${path}#${await sections.first().getAttribute('id')}`);
  }
  expect(targets.length, 'pages with a section to link to').toBeGreaterThan(20);
  const navbar = page.getByRole('navigation', {name: 'Main'});
  const problems: string[] = [];
  for (const url of targets) {
    await page.goto(url);
    const id = decodeURIComponent(url.slice(url.indexOf('#') + 1));
    const {target, bar} = await settledBoxes(page.locator(`[id="${id}"]`), navbar);
    if (!target || !bar) problems.push(`${url}: no target or no navbar`);
    // A reader sees whole pixels: a box that starts 0.2 px above the navbar's edge is not covered by it.
    else if (Math.round(target.y) < Math.round(bar.y + bar.height) || Math.round(target.y + target.height) > 800) {
      problems.push(`${url}: the target at ${target.y} px, the navbar down to ${bar.y + bar.height} px`);
    }
  }
  expect(problems).toEqual([]);
  await page.context().close();
});
