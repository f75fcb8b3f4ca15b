/** The navbar search box, reached and used by keyboard as a reader without a mouse does. */
import type {Page} from '@playwright/test';
import {tabTo} from './keyboard';

/** The navbar search box (a combobox once the search has started). */
export const searchBox = (page: Page) =>
  page.getByRole('navigation', {name: 'Main'}).getByLabel('Search', {exact: true});

/** Tabs from the top of the page to the search box. */
export const tabToSearch = (page: Page) => tabTo(page, searchBox(page));
