/**
 * What search costs on the wire, with gzip as GitHub Pages serves it (perf/budgets.json, `search`): the
 * first search (focusing the box, typing, the first results shown: code, index parts and previews), each
 * further query, and nothing of search for a reader who never focuses the box. Prints the figures.
 */
import {test, expect, type Page} from '@playwright/test';
import {BUDGETS} from '../../perf/budgets';
import {measurePage, kib} from '../../scripts/page-weight.cjs';
import {searchBox} from '../support/search';

const START_PAGE = '/docs/ODE';
const FIRST_QUERY = 'sync';
/** Further queries, each typed after the one before: a word of the docs, of the API, and of both. */
const FURTHER_QUERIES = ['password', 'bundle', 'pull'];

type Fetched = {url: string; bytes: number};
const listing = (requests: Fetched[]) =>
  requests.map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)}`).join(', ') || 'nothing';

/** Types a query into the search box and waits until a result that shows the query is listed. */
const search = (query: string) => async (page: Page) => {
  await searchBox(page).fill(query);
  await expect(
    page
      .getByRole('listbox')
      .getByRole('option')
      .filter({hasText: new RegExp(query, 'i')})
      .first(),
  ).toBeVisible();
};

test('search: the first search and each further query stay within their budgets (gzip)', async ({browser, baseURL}) => {
  const budget = BUDGETS.search;
  const m = await measurePage(browser, `${baseURL}${START_PAGE}`, {
    encoding: 'gzip',
    steps: [(page: Page) => searchBox(page).focus(), search(FIRST_QUERY), ...FURTHER_QUERIES.map(search)],
  });
  const [focus, first, ...further] = m.steps as {bytes: number; requests: Fetched[]}[];
  const firstSearch = focus.bytes + first.bytes;
  // Focusing starts fetching the code, typing the index: what arrives when depends on the link, so the
  // two steps are counted together.
  console.log(
    `first search "${FIRST_QUERY}" on ${START_PAGE}: ${kib(firstSearch)} KiB gzip (budget ${budget.firstSearchKiB}): ` +
      listing([...focus.requests, ...first.requests]),
  );
  further.forEach((step, i) =>
    console.log(
      `then "${FURTHER_QUERIES[i]}": ${kib(step.bytes)} KiB gzip (budget ${budget.furtherQueryKiB}): ${listing(step.requests)}`,
    ),
  );
  expect(first.requests.length, 'the first search fetches its index').toBeGreaterThan(0);
  expect(m.workers, 'workers started (their requests are not counted here: measure them before using one)').toEqual([]);
  expect(kib(firstSearch), `first search "${FIRST_QUERY}": KiB gzip`).toBeLessThanOrEqual(budget.firstSearchKiB);
  further.forEach((step, i) =>
    expect(kib(step.bytes), `further query "${FURTHER_QUERIES[i]}": KiB gzip`).toBeLessThanOrEqual(
      budget.furtherQueryKiB,
    ),
  );

  // A reader who never searches loads nothing of search: none of the files the search fetched was
  // part of the page's own load.
  const loaded = new Set((m.requests as Fetched[]).map((r) => r.url));
  const searchFiles = [focus, first, ...further].flatMap((step) => step.requests);
  expect(
    searchFiles.filter((r) => loaded.has(r.url)).map((r) => r.url),
    'files of search loaded with the page, before the box was focused',
  ).toEqual([]);
});
