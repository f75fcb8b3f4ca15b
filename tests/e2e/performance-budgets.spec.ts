/**
 * The docs page on performance budgets shows the budgets of perf/budgets.json and the latest figures of
 * `npm run bench` (perf/results.json), read from those files when the site is built: a budget changed in
 * the file is the budget the page states.
 */
import {test, expect} from '../support/fixtures';
import budgets from '../../perf/budgets.json';
import results from '../../perf/results.json';
import {overruns} from '../../perf/budgets';
import type {DocsJsFigures} from '../../src/components/PerformanceBudgets';

const PAGE = '/docs/For-developers/docusaurus/performance-budgets';

test('the performance budgets page states the budgets of perf/budgets.json', async ({page}) => {
  await page.goto(PAGE);
  for (const budget of Object.values(budgets.pages) as Record<string, number | string>[]) {
    // The row's header is the label, then the routes it covers.
    const header = page.getByRole('rowheader', {name: `${budget.label} (${budget.routes})`, exact: true});
    const row = page.getByRole('row').filter({has: header});
    await expect(row, `budget row "${budget.label}"`).toHaveCount(1);
    for (const key of ['totalKiB', 'jsKiB', 'jsGzipKiB', 'beforeJsKiB', 'firstPaintKiB'])
      if (key in budget) await expect(row, `${budget.label}: ${key}`).toContainText(`≤ ${budget[key]}`);
  }
});

test('the performance budgets page states the budgets of images, the API console and search', async ({page}) => {
  await page.goto(PAGE);
  const rows: [string, number][] = [
    ['any single image', budgets.imageKiB],
    ['opening the API console (“Try it”, the sync playground)', budgets.apiConsole.openKiB],
    ['the first search (from focusing the box to the first results shown)', budgets.search.firstSearchKiB],
    ['each further search', budgets.search.furtherQueryKiB],
  ];
  for (const [name, kib] of rows) {
    const row = page.getByRole('row').filter({has: page.getByRole('rowheader', {name, exact: true})});
    await expect(row, `budget row "${name}"`).toContainText(`≤ ${kib}`);
  }
});

test('the performance budgets page states the minimum Lighthouse score of each route', async ({page}) => {
  await page.goto(PAGE);
  const minimums = Object.entries(budgets.lighthouse.routes);
  expect(minimums.length, 'perf/budgets.json has Lighthouse minimums').toBeGreaterThan(0);
  // The table with a column per category, each marked with what checks it.
  const table = page
    .getByRole('table')
    .filter({has: page.getByRole('columnheader', {name: 'seo (test)', exact: true})});
  for (const [route, scores] of minimums) {
    const row = table.getByRole('row').filter({has: page.getByRole('rowheader', {name: route, exact: true})});
    const cells = row.getByRole('cell');
    await expect(cells, `Lighthouse minimums of ${route}`).toHaveText(Object.values(scores).map((s) => `≥ ${s}`));
  }
});

test('the performance budgets page lists the pages held to a ceiling, or says that none is', async ({page}) => {
  await page.goto(PAGE);
  const none = page.getByText('No page is over its budget now: none is held to a ceiling.');
  const list = overruns();
  if (list.length === 0) await expect(none, 'perf/budgets.json has no overruns').toBeVisible();
  else {
    await expect(none).toHaveCount(0);
    for (const [path, overrun] of list)
      await expect(page.getByRole('listitem').filter({hasText: path}), `overrun ${path}`).toContainText(overrun.why);
  }
});

test('the performance budgets page shows the latest benchmark figures of each route', async ({page}) => {
  await page.goto(PAGE);
  for (const route of results.routes) {
    const row = page
      .getByRole('row')
      .filter({has: page.getByRole('rowheader', {name: route.path, exact: true})})
      .filter({hasText: `${route.totalKiB} (`});
    await expect(row, `measured row of ${route.path}`).toHaveCount(1);
  }
});

test("the performance budgets page compares /api's layout and style with a docs page's", async ({page}) => {
  const render = (results as {render?: {api: RenderCost; docs: RenderCost} | null}).render;
  expect(render, 'perf/results.json has no layout and style figures: run npm run bench').toBeTruthy();
  await page.goto(PAGE);
  const table = page
    .getByRole('table')
    .filter({has: page.getByRole('rowheader', {name: '/api', exact: true})})
    .last();
  for (const r of [render!.api, render!.docs]) {
    const row = table.getByRole('row').filter({has: page.getByRole('rowheader', {name: r.route, exact: true})});
    await expect(row).toContainText(`${r.elements}`);
    await expect(row).toContainText(`${r.styleMs + r.layoutMs}`);
  }
});

type RenderCost = {route: string; elements: number; layoutMs: number; styleMs: number};

test("the performance budgets page states the docs pages' JavaScript budgets and the latest figures", async ({
  page,
}) => {
  const figures = (results as {docsJs?: DocsJsResults | null}).docsJs;
  expect(figures, 'perf/results.json has no docsJs figures: run npm run bench').toBeTruthy();
  const {today, grown, slope, headroom, times} = figures!;
  const b = budgets.docsJs;
  await page.goto(PAGE);
  const table = page
    .getByRole('table')
    .filter({has: page.getByRole('columnheader', {name: 'JavaScript of a docs page', exact: true})});
  const row = (name: string) =>
    table
      .getByRole('row')
      .filter({has: page.getByRole('rowheader', {name, exact: true})})
      .getByRole('cell');
  await expect(table.getByRole('columnheader')).toHaveText([
    'JavaScript of a docs page',
    'Budget',
    `Today (${today.docsPages} docs pages)`,
    `At ${times}× (${grown.docsPages} docs pages)`,
  ]);
  await expect(row('the shared base')).toHaveText([
    `≤ ${b.baseKiB} / ≤ ${b.baseGzipKiB}`,
    `${today.baseKiB} / ${today.baseGzipKiB}`,
    `${grown.baseKiB} / ${grown.baseGzipKiB}`,
  ]);
  await expect(row("a page's own chunks (the heaviest)")).toHaveText([
    `≤ ${b.ownKiB} / ≤ ${b.ownGzipKiB}`,
    `${today.ownKiB} / ${today.ownGzipKiB} (${today.ownRoute})`,
    `${grown.ownKiB} / ${grown.ownGzipKiB} (${grown.ownRoute})`,
  ]);
  await expect(row('the slope: what one more docs page adds to a page')).toHaveText([
    `≤ ${b.slopeKiB} / ≤ ${b.slopeGzipKiB}`,
    `${slope.kib} / ${slope.gzipKiB} (from today to ${times}×)`,
  ]);
  await expect(page.getByText(/^No docs page may pass/)).toHaveText(
    `No docs page may pass ${b.baseKiB + b.ownKiB} KiB of JavaScript with Brotli and ${b.baseGzipKiB + b.ownGzipKiB} ` +
      `KiB with gzip, the base's budget and its own together. The base has ${headroom.kib} KiB of headroom with ` +
      `Brotli and ${headroom.gzipKiB} KiB with gzip: at the measured slope, the site can add ` +
      `${headroom.pages ?? 'any number of'} docs pages before the base is over its budget.`,
  );
});

type DocsJsResults = {
  times: number;
  today: DocsJsFigures;
  grown: DocsJsFigures;
  slope: {kib: number; gzipKiB: number};
  headroom: {kib: number; gzipKiB: number; pages: number | null};
};
