/**
 * The error catalogue on the Errors page, generated from the API description: each status once, its
 * Markdown rendered (no backtick of the source visible), and every call that documents the status linked
 * once under it.
 */
import {test, expect} from '../support/fixtures';
import {API} from '../support/api-description';
import {listOperations} from '../../src/api/openapi';

const ERRORS_PAGE = '/docs/documentation/synkronus/errors';

/** Every error status of the description with the operationIds that document it. */
const callsByStatus = new Map<number, string[]>();
for (const {operation} of listOperations(API)) {
  for (const code of Object.keys(operation.responses)) {
    if (Number(code) < 400) continue;
    callsByStatus.set(Number(code), [...(callsByStatus.get(Number(code)) ?? []), operation.operationId!]);
  }
}

test("the error catalogue lists each status once, with its calls, and renders the description's Markdown", async ({
  page,
}) => {
  await page.goto(ERRORS_PAGE);
  const table = page.getByRole('table', {name: /Error statuses of the Synkronus API/});
  await expect(table).toBeVisible();
  const rowHeaders = table.getByRole('rowheader');
  await expect(rowHeaders).toHaveText([...callsByStatus.keys()].sort((a, b) => a - b).map(String));
  for (const [status, operationIds] of callsByStatus) {
    const row = table.getByRole('row').filter({has: page.getByRole('rowheader', {name: String(status), exact: true})});
    const links = row.getByRole('link');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs.sort(), `status ${status}`).toEqual(operationIds.map((id) => `/api#operation/${id}`).sort());
  }
  // Code spans of the description are code, not text between backticks.
  await expect(table).not.toContainText('`');
  // Each case names the body ODE's file documents, its schema and media type as code.
  await expect(table.locator('code', {hasText: 'application/problem+json'}).first()).toBeVisible();
  await expect(table.locator('code', {hasText: /^ErrorResponse$/}).first()).toBeVisible();
  await expect(table.getByText('No body documented').first()).toBeVisible();
});
