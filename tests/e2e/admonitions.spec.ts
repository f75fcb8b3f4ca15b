/**
 * The admonition types the site keeps (src/theme/Admonition/Types.tsx) are drawn as themselves: a type the map
 * lacks is drawn as the theme's fallback, an info box with the title "info", and logs a warning.
 */
import type {Locator} from '@playwright/test';
import {test, expect} from '../support/fixtures';

/** The page that uses `:::caution` (the type of the theme's unlisted-page banner), and one with a `:::warning`. */
const CAUTION_PAGE = '/docs/For-developers/docusaurus/intro';
const WARNING_PAGE = '/docs/documentation/synkronus/authentication';

/** The colour of a box's title, and the background of the box it heads (its nearest ancestor that has one). */
const colours = (title: Locator) =>
  title.evaluate((element) => {
    let box: Element | null = element;
    while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement;
    return {title: getComputedStyle(element).color, background: box ? getComputedStyle(box).backgroundColor : ''};
  });

test('a :::caution is drawn as a caution, in the colours of a warning, not as the info box the theme falls back to', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && /admonition/i.test(message.text())) warnings.push(message.text());
  });
  await page.goto(WARNING_PAGE);
  const warning = await colours(page.getByRole('main').getByText('First admin user', {exact: true}));

  await page.goto(CAUTION_PAGE);
  // Without a title of its own, the box is headed by its type's name (the box's text names the type in code too).
  const title = page.getByRole('main').getByText('caution', {exact: true}).and(page.locator(':not(code)'));
  await expect(title).toBeVisible();
  expect(await colours(title)).toEqual(warning);
  expect(warnings, 'warnings about admonitions').toEqual([]);
});
