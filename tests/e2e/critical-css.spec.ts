/**
 * Critical CSS (src/plugins/critical-css): the first screen is painted from the HTML alone, in its final
 * look, in both colour modes. The site's stylesheet is held back while the HTML is read; what the reader sees
 * then (the position, size, colours and type of every element on the first screen) must be exactly what they
 * see once the stylesheet has arrived: no flash of unstyled or wrongly coloured content, and nothing moves.
 */
import type {Page} from '@playwright/test';
import {test, expect, expectHydrated} from '../support/fixtures';

const STYLESHEET = /\/assets\/css\/styles\.[0-9a-f]+\.css$/;

/** Every element of the first screen with its box and look, keyed by its path in the document. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    const pathOf = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const index = e.parentElement ? Array.from(e.parentElement.children).indexOf(e) : 0;
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}:${index}`);
      }
      return parts.join('>');
    };
    const seen: Record<string, string> = {};
    for (const el of Array.from(document.body.querySelectorAll<Element>('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= innerHeight) continue;
      if (box.right <= 0 || box.left >= innerWidth) continue;
      const s = getComputedStyle(el);
      seen[pathOf(el)] = [
        `box ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`,
        `color ${s.color}`,
        `background ${s.backgroundColor}`,
        `font ${s.fontSize} ${s.fontWeight} ${s.fontFamily.split(',')[0]}`,
        `visibility ${s.visibility} opacity ${s.opacity}`,
      ].join('; ');
    }
    return seen;
  });
}

const cases = [
  {path: '/docs/ODE', viewport: {width: 1280, height: 800}},
  {path: '/docs/ODE', viewport: {width: 412, height: 823}},
  {path: '/', viewport: {width: 1280, height: 800}},
  {path: '/api', viewport: {width: 1280, height: 800}},
];

for (const {path, viewport} of cases) {
  for (const mode of ['light', 'dark'] as const) {
    test(`${path} at ${viewport.width}px in ${mode} mode: the first screen looks final before the stylesheet arrives`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({colorScheme: mode});
      // The stylesheet and the scripts are held: first the page as the HTML paints it, then with the stylesheet
      // but before any script has run, so that only the stylesheet differs between the two.
      const hold = () => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        return {released, release};
      };
      const css = hold();
      const scripts = hold();
      let held = 0;
      await page.route(STYLESHEET, async (route) => {
        held++;
        await css.released;
        await route.continue();
      });
      await page.route(/\/assets\/js\//, async (route) => {
        await scripts.released;
        await route.continue();
      });
      // Not page.goto, which waits for hydration: the page cannot hydrate while its scripts are held.
      await page.evaluate((url) => location.assign(url), new URL(path, baseURL).href);
      await page.waitForURL(new URL(path, baseURL).href, {waitUntil: 'commit'});
      // The stylesheet's link for readers without JavaScript is the last element of the body: once it is
      // there, the whole HTML has been read.
      await page.locator('body > noscript:last-child').waitFor({state: 'attached'});
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      expect(held, 'the stylesheet was requested and is being held').toBe(1);
      const before = await firstScreen(page);

      css.release();
      // Linked for print until it has loaded, then for every medium (by the inline script in the head).
      await expect
        .poll(() =>
          page.evaluate((source) => {
            const sheet = Array.from(document.styleSheets).find((s) => new RegExp(source).test(s.href ?? ''));
            return (sheet?.cssRules.length ?? 0) > 0 && sheet?.media.mediaText === 'all';
          }, STYLESHEET.source),
        )
        .toBe(true);
      const after = await firstScreen(page);
      scripts.release();
      await expectHydrated(page);

      const differences = Object.keys(after)
        .filter((key) => before[key] !== after[key])
        .map((key) => `${key}\n    before: ${before[key] ?? '(not on the first screen)'}\n    after:  ${after[key]}`);
      expect(Object.keys(after).length, 'elements on the first screen').toBeGreaterThan(10);
      expect(differences, 'elements that change when the stylesheet arrives').toEqual([]);
    });
  }
}

/** A route held until released. */
function hold() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {released, release};
}

/** Waits until the site's stylesheet has loaded and applies to the screen (the inline script in the head). */
const stylesheetApplied = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate((source) => {
        const sheet = Array.from(document.styleSheets).find((s) => new RegExp(source).test(s.href ?? ''));
        return (sheet?.cssRules.length ?? 0) > 0 && sheet?.media.mediaText === 'all';
      }, STYLESHEET.source),
    )
    .toBe(true);

/** Every transition has ended (the menu slides and fades in and out). */
const stillness = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** The elements of the first screen whose look differs between two readings of it. */
const changes = (before: Record<string, string>, after: Record<string, string>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => before[key] !== after[key])
    .map(
      (key) =>
        `${key}\n    before: ${before[key] ?? '(not on the first screen)'}\n    after:  ${after[key] ?? '(not on the first screen)'}`,
    );

/*
 * What hydration adds to a page is styled by its critical CSS too: on a phone, the mobile menu
 * (src/theme/Navbar/MobileSidebar builds it once the page is idle). When the scripts beat a late stylesheet,
 * as after a deploy that changes only CSS, the menu must stay hidden and out of the page, and open as it
 * will once the stylesheet is there.
 */
for (const path of ['/', '/docs/ODE']) {
  for (const mode of ['light', 'dark'] as const) {
    test(`${path} at 375px in ${mode} mode: the mobile menu hydration adds is hidden, and opens styled, before the stylesheet arrives`, async ({
      page,
    }) => {
      await page.setViewportSize({width: 375, height: 740});
      await page.emulateMedia({colorScheme: mode});
      const css = hold();
      await page.route(STYLESHEET, async (route) => {
        await css.released;
        await route.continue();
      });
      // The load event waits for the held stylesheet (linked for print): only hydration is waited for.
      await page.goto(path, {waitUntil: 'commit'});
      await expectHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const navbar = page.getByRole('navigation', {name: 'Main'});
      // Hidden from the accessibility tree too while the menu is closed: found whether shown or not.
      const close = navbar.getByRole('button', {name: 'Close navigation bar', includeHidden: true});
      await expect(close, 'the mobile menu is built once the page is idle').toBeAttached();
      await stillness(page);
      await expect(close).toBeHidden();
      await expect(navbar.locator('.navbar-sidebar')).toBeHidden();
      const closedBefore = await firstScreen(page);

      // By keyboard: a pointer left where the menu opens would hover a link in one reading and not the other.
      await navbar.getByRole('button', {name: 'Toggle navigation bar'}).focus();
      await page.keyboard.press('Enter');
      await expect(close).toBeVisible();
      await stillness(page);
      const openBefore = await firstScreen(page);

      css.release();
      await stylesheetApplied(page);
      await stillness(page);
      expect(changes(openBefore, await firstScreen(page)), 'the open menu, when the stylesheet arrives').toEqual([]);
      await close.focus();
      await page.keyboard.press('Enter');
      await expect(close).toBeHidden();
      await stillness(page);
      expect(changes(closedBefore, await firstScreen(page)), 'the page, when the stylesheet arrives').toEqual([]);
    });
  }
}

/** The site's stylesheet as the page has it: where its link is, for which media, and whether it has loaded. */
function siteStylesheets(page: Page) {
  return page.evaluate(
    (source) =>
      Array.from(document.styleSheets)
        .filter((sheet) => new RegExp(source).test(sheet.href ?? ''))
        .map((sheet) => ({
          media: sheet.media.mediaText,
          loaded: sheet.cssRules.length > 0,
          place: (sheet.ownerNode as Element).closest('head')
            ? 'head'
            : (sheet.ownerNode as Element).parentElement!.tagName,
        })),
    STYLESHEET.source,
  );
}

test('with JavaScript, the stylesheet is fetched from the head once and applies to the screen when it has loaded', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (STYLESHEET.test(request.url())) requests.push(request.url());
  });
  await page.goto('/api');
  await expectHydrated(page);
  await expect.poll(() => siteStylesheets(page)).toEqual([{media: 'all', loaded: true, place: 'head'}]);
  expect(requests, 'requests for the stylesheet').toHaveLength(1);
});

test('without JavaScript, the stylesheet comes from the link at the end of the body', async ({browser, baseURL}) => {
  const context = await browser.newContext({baseURL, javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto('/docs/ODE');
    // The head's link stays for print (no script switches it); the one in <noscript> styles the screen.
    await expect
      .poll(() => siteStylesheets(page))
      .toEqual([
        {media: 'print', loaded: true, place: 'head'},
        {media: '', loaded: true, place: 'NOSCRIPT'},
      ]);
  } finally {
    await context.close();
  }
});
