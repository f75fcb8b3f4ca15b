/**
 * Keyboard-navigation mode: turned on by the Tab key, turned off by a mouse press (or a touch). In that mode every interactive element of the shell shows a strong focus
 * ring in both colour modes; a mouse click leaves none behind.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {focusIndicator, keyboardMode, tabTo, weakFocus} from '../support/keyboard';
import {searchBox} from '../support/search';
import {referenceNav} from '../support/api-reference';

const navbar = (page: Page) => page.getByRole('navigation', {name: 'Main'});
const sidebar = (page: Page) => page.getByRole('navigation', {name: 'Docs sidebar'});
const colourToggle = (page: Page) => page.getByRole('button', {name: /^Switch between dark and light mode/});
/** The first entry of the table of contents of /docs/ODE (the TOC has no landmark; its links are named after the headings). */
const tocLink = (page: Page) => page.getByRole('link', {name: 'Who it is for', exact: true});

test.describe('keyboard-navigation mode', () => {
  test('Tab turns it on, a mouse press turns it off, Tab turns it on again; other keys leave it as it is', async ({
    page,
  }) => {
    await page.goto('/docs/ODE');
    await expect(keyboardMode(page)).toHaveCount(0);
    // Reading keys (scrolling) are not keyboard navigation.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await expect(keyboardMode(page)).toHaveCount(0);

    await page.keyboard.press('Tab');
    await expect(keyboardMode(page)).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await expect(keyboardMode(page)).toHaveCount(1);

    await page.getByRole('heading', {level: 1}).click();
    await expect(keyboardMode(page)).toHaveCount(0);

    await page.keyboard.press('Tab');
    await expect(keyboardMode(page)).toHaveCount(1);
  });

  test('stays on across a page change made with the keyboard', async ({page}) => {
    await page.goto('/docs/ODE');
    await expect(page.locator('html')).toHaveClass(/\bdocs-wrapper\b/);
    // The navbar title leads to the home page, whose <html> has other classes than a docs page's.
    const home = navbar(page).getByRole('link', {name: 'ODE logo ODE'});
    await tabTo(page, home);
    await expect(keyboardMode(page)).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    // The new page has rewritten the class attribute of <html> (its own page classes): the mode is still on.
    await expect(page.locator('html')).not.toHaveClass(/\bdocs-wrapper\b/);
    await expect(keyboardMode(page)).toHaveCount(1);
  });

  test.describe('on a touch screen', () => {
    test.use({hasTouch: true});

    test('a touch turns it off', async ({page}) => {
      await page.goto('/docs/ODE');
      await page.keyboard.press('Tab');
      await expect(keyboardMode(page)).toHaveCount(1);
      await page.getByRole('heading', {level: 1}).tap();
      await expect(keyboardMode(page)).toHaveCount(0);
    });
  });
});

/**
 * One element of each interactive kind of the shell on /docs/ODE, in the order Tab reaches them. The
 * site's navbar has no dropdown: its place is taken by the mobile menu toggle, checked on a narrow screen.
 */
const SHELL: {kind: string; locate: (page: Page) => Locator}[] = [
  {kind: 'skip link', locate: (page) => page.getByRole('link', {name: 'Skip to main content'})},
  {kind: 'announcement bar link', locate: (page) => page.getByRole('banner').getByRole('link', {name: /install it/})},
  {
    kind: 'announcement bar close button',
    locate: (page) => page.getByRole('banner').getByRole('button', {name: 'Close'}),
  },
  {kind: 'navbar title and logo', locate: (page) => navbar(page).getByRole('link', {name: 'ODE logo ODE'})},
  {kind: 'navbar link', locate: (page) => navbar(page).getByRole('link', {name: 'Documentation'})},
  {kind: 'search box', locate: (page) => searchBox(page)},
  {kind: 'navbar external link', locate: (page) => navbar(page).getByRole('link', {name: /^GitHub/})},
  {kind: 'colour-mode toggle', locate: colourToggle},
  {kind: 'docs sidebar link', locate: (page) => sidebar(page).getByRole('link', {name: 'Overview'})},
  {
    kind: 'docs sidebar category button',
    locate: (page) => sidebar(page).getByRole('button', {name: /sidebar category 'Quick Start'/}),
  },
  {
    kind: 'breadcrumb link',
    locate: (page) => page.getByRole('navigation', {name: 'Breadcrumbs'}).getByRole('link', {name: 'Home page'}),
  },
  {kind: '"Edit this page" link', locate: (page) => page.getByRole('link', {name: 'Edit this page'})},
  {
    kind: 'pagination link',
    locate: (page) => page.getByRole('navigation', {name: 'Docs pages'}).getByRole('link', {name: /^Next/}),
  },
  {kind: 'table-of-contents link', locate: tocLink},
  {kind: 'footer link', locate: (page) => page.getByRole('contentinfo').getByRole('link', {name: 'API Reference'})},
  {
    kind: 'footer button',
    locate: (page) => page.getByRole('contentinfo').getByRole('button', {name: 'Save for offline reading'}),
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({colorScheme});

    test('in keyboard-navigation mode every interactive kind of the shell shows a strong focus ring', async ({
      page,
    }) => {
      await page.goto('/docs/ODE');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      for (const {kind, locate} of SHELL) {
        const target = locate(page);
        await tabTo(page, target, {maxPresses: 120});
        await expect(keyboardMode(page), `Tab to the ${kind} should leave keyboard-navigation mode on`).toHaveCount(1);
        await expect
          .poll(() => weakFocus(target), {
            message: `the focused ${kind} should show a ring ≥ 2px wide with contrast ≥ 3:1 against what is behind it`,
          })
          .toBe('');
      }
    });

    test("/api's Contents shows the same focus ring as a docs page's sidebar", async ({page}) => {
      const ring = async (target: Locator) => {
        const {focused, kind, widthPx, color} = await focusIndicator(target);
        return {focused, kind, widthPx, color};
      };
      await page.goto('/docs/ODE');
      const docsLink = sidebar(page).getByRole('link', {name: 'Overview'});
      await tabTo(page, docsLink, {maxPresses: 60});
      const expected = await ring(docsLink);
      expect(expected).toMatchObject({focused: true, kind: 'outline'});

      await page.goto('/api');
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      const contents = referenceNav(page);
      for (const [what, target] of [
        ['the fold', contents.getByText('Contents', {exact: true})],
        ['the first entry', contents.getByRole('link').first()],
        ['an operation', contents.getByRole('link', {name: 'Pull updated records since last sync'})],
      ] as const) {
        await tabTo(page, target, {maxPresses: 120});
        await expect(keyboardMode(page)).toHaveCount(1);
        expect(await ring(target), `the focus ring of ${what} of /api's Contents`).toEqual(expected);
      }
    });

    test.describe('on a narrow screen', () => {
      test.use({viewport: {width: 390, height: 844}});

      test('in keyboard-navigation mode the mobile menu toggle shows a strong focus ring', async ({page}) => {
        await page.goto('/docs/ODE');
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
        await tabTo(page, toggle);
        await expect(keyboardMode(page)).toHaveCount(1);
        await expect
          .poll(() => weakFocus(toggle), {message: 'the focused mobile menu toggle should show a strong ring'})
          .toBe('');
      });
    });
  });
}

test('a mouse click leaves no focus ring on the button or link clicked', async ({page}) => {
  await page.goto('/docs/ODE');
  // In keyboard-navigation mode the toggle shows its ring; the click ends the mode and the ring, though the
  // toggle keeps the focus (the browser would otherwise keep showing the ring it drew for the keyboard).
  await tabTo(page, colourToggle(page));
  await expect.poll(() => weakFocus(colourToggle(page))).toBe('');
  await colourToggle(page).click();
  await expect(keyboardMode(page)).toHaveCount(0);
  expect(await focusIndicator(colourToggle(page))).toMatchObject({focused: true, kind: 'none'});

  // Another control that keeps the focus when clicked: a docs sidebar category's button (it opens or folds the category).
  const category = sidebar(page).getByRole('button', {name: /sidebar category 'Quick Start'/});
  await tabTo(page, category, {maxPresses: 60});
  await expect.poll(() => weakFocus(category)).toBe('');
  const expanded = await category.getAttribute('aria-expanded');
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
  await expect(keyboardMode(page)).toHaveCount(0);
  expect(await focusIndicator(category)).toMatchObject({focused: true, kind: 'none'});
});
