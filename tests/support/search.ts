/** The navbar search box, reached and used by keyboard as a reader without a mouse does. */
import type {Page} from '@playwright/test';

/** The navbar search box (a combobox once the search has started). */
export const searchBox = (page: Page) => page.getByRole('navigation', {name: 'Main'}).getByLabel('Search', {exact: true});

/** Tabs from the top of the page to the search box. */
export async function tabToSearch(page: Page) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await searchBox(page).evaluate((input) => input === document.activeElement)) return;
  }
  throw new Error('the search box cannot be reached with the Tab key within 40 presses');
}
