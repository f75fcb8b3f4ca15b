/**
 * The Authentication page's roles: the Roles table says what the API description lists, as the role matrix
 * under it does, and marks with "at this release" and a Known issues link what the server of the release lets a
 * role do beyond that; the matrix fits a wide screen whole, and scrolls in a labelled, focusable box on a phone.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect} from '../support/fixtures';
import {hasVisibleFocus, tabTo} from '../support/keyboard';
import {knownIssueEntries} from '../support/known-issues';

const PAGE = '/docs/documentation/synkronus/authentication';
/** The matrix's caption, which names its table and its scroll box. */
const MATRIX_NAME = /^The roles the API description lists for each call of the Synkronus API/;

const matrix = (page: Page) => page.getByRole('table', {name: MATRIX_NAME});
const rolesTable = (page: Page) =>
  page.getByRole('table').filter({has: page.getByRole('columnheader', {name: 'For', exact: true})});

/** What the matrix says of `role` for `call` ("yes" or "not listed"). */
async function matrixCell(page: Page, call: string, role: string): Promise<string> {
  const headers = (await matrix(page).getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const column = headers.indexOf(role);
  expect(column, `the matrix has a column ${role}: ${headers.join(', ')}`).toBeGreaterThan(0);
  const row = matrix(page)
    .getByRole('row')
    .filter({has: page.getByRole('rowheader', {name: call, exact: true})});
  // The row's header is the call; its cells are the columns after it.
  return (
    (await row
      .getByRole('cell')
      .nth(column - 1)
      .textContent()) ?? ''
  ).trim();
}

/**
 * What the server of the release lets a role do that the description does not list for it, and the Known issues
 * entry that documents it (area page and anchor).
 */
const BEYOND_THE_DESCRIPTION = [
  {
    role: 'admin',
    calls: ['POST /sync/push', 'PUT /attachments/{attachment_id}'],
    entry: {area: 'users-and-tokens', id: 'admin-may-push-and-upload'},
  },
  {
    role: 'read-only',
    calls: ['PUT /attachments/{attachment_id}'],
    entry: {area: 'app-bundles', id: 'attachment-upload-any-role'},
  },
];

test('the Roles table agrees with the matrix: what a role may do beyond the description is "at this release", with its known issue', async ({
  page,
}) => {
  await page.goto(PAGE);
  for (const {role, calls, entry} of BEYOND_THE_DESCRIPTION) {
    expect(
      knownIssueEntries().some((e) => e.id === entry.id && e.area === entry.area),
      `a Known issues entry ${entry.area}#${entry.id}`,
    ).toBe(true);
    for (const call of calls)
      expect(await matrixCell(page, call, role), `the matrix: ${call}, ${role}`).toBe('not listed');

    const row = rolesTable(page)
      .getByRole('row')
      .filter({has: page.getByRole('cell', {name: role, exact: true})});
    const text = ((await row.textContent()) ?? '').replace(/\s+/g, ' ');
    // Every sentence that says the role may push or upload says it is the release's doing.
    for (const sentence of text.split(/(?<=\.) /).filter((s) => /\b(push|upload)/i.test(s)))
      expect(sentence, `the Roles table, ${role}`).toMatch(/at this release/i);
    expect(text, `the Roles table, ${role}`).toMatch(/at this release/i);
    await expect(
      row
        .getByRole('link', {name: 'known issue'})
        .and(page.locator(`[href$="/known-issues/${entry.area}#${entry.id}"]`)),
      `the Roles table, ${role}: a link to the known issue ${entry.area}#${entry.id}`,
    ).toHaveCount(1);
  }
});

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
