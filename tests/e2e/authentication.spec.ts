/**
 * The Authentication page's role matrix: it fits a wide screen whole, and scrolls in a labelled, focusable box on
 * a phone.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {hasVisibleFocus, tabTo} from '../support/keyboard';

const PAGE = '/docs/documentation/synkronus/authentication';
/** The matrix's caption, which names its table and its scroll box. */
const MATRIX_NAME = /^The roles the API description lists for each call of the Synkronus API/;

const matrix = (page: Page) => page.getByRole('table', {name: MATRIX_NAME});

test.describe('the role matrix', () => {
  /** The box of an element, as the reader sees it. */
  const box = (locator: Locator) =>
    locator.evaluate((element) => {
      const {left, right, top, bottom} = element.getBoundingClientRect();
      return {left, right, top, bottom};
    });

  test('at 1280 px it is whole in view across, its admin column included, with nothing to scroll', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(PAGE);
    const table = matrix(page);
    await table.getByRole('columnheader', {name: 'Call', exact: true}).scrollIntoViewIfNeeded();
    const admin = await box(table.getByRole('columnheader', {name: 'admin', exact: true}));
    // The part of the table its scroll box shows.
    const scroller = await table.evaluate((element) => {
      const {left, right, top, bottom} = element.parentElement!.getBoundingClientRect();
      return {left, right, top, bottom};
    });
    expect(admin.right, 'the right edge of the admin column, against the window').toBeLessThanOrEqual(1280);
    expect(admin.right, 'the right edge of the admin column, against its box').toBeLessThanOrEqual(scroller.right);
    expect(admin.left).toBeGreaterThanOrEqual(scroller.left);
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
      'how far its box scrolls sideways, in px',
    ).toBeLessThanOrEqual(0);
  });

  test('on a phone it scrolls sideways in a box named after it, which the keyboard reaches and scrolls', async ({
    page,
  }) => {
    await page.setViewportSize({width: 375, height: 740});
    await page.goto(PAGE);
    const scroller = page.getByRole('region', {name: MATRIX_NAME});
    await expect(scroller).toBeVisible();
    await tabTo(page, scroller, {maxPresses: 200});
    expect(await hasVisibleFocus(scroller), 'a visible focus on the box').toBe(true);
    const scrolled = () => scroller.evaluate((element) => element.scrollLeft);
    expect(await scrolled()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled, 'how far ArrowRight scrolled the box').toBeGreaterThan(0);
  });
});
