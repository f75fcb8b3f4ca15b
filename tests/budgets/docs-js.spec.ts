/**
 * The docs pages' JavaScript against the budgets of perf/budgets.json (`docsJs`), on the production build served
 * by nginx, with Brotli and with gzip: the shared base (the script files every page under /docs loads) and each
 * docs page's own chunks (what it loads beyond the base). The slope, what one more page adds to the base, is held
 * by tests/build/growth.spec.ts. Prints the figures, the base's headroom and the pages it allows at the slope's
 * budget.
 */
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {PAGE_PATHS} from '../support/routes.cjs';
import {BUDGETS, kindBudgetFor} from '../../perf/budgets';
import {kib} from '../../scripts/page-weight.cjs';
import {builtDocsPages, docsJsSummary, headroomOf, loadScripts, splitDocsJs} from '../../scripts/docs-js.cjs';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {TEST_TIMEOUT_MS} from '../support/limits';

const budget = BUDGETS.docsJs;
/** The routes with the docs pages' budget (every page under /docs, and /markdown-page). */
const DOCS_ROUTES = PAGE_PATHS.filter((route) => kindBudgetFor(route) === BUDGETS.pages.docs);

test("the docs pages' shared base and each page's own chunks stay within their budgets", async ({browser, baseURL}) => {
  test.setTimeout(DOCS_ROUTES.length * TEST_TIMEOUT_MS); // every page twice, one load after another
  const docsJs = splitDocsJs(await loadScripts(browser, baseURL!, DOCS_ROUTES));
  const summary = docsJsSummary(docsJs, builtDocsPages(path.join(REPO_ROOT, 'build')).length);
  const room = headroomOf(docsJs, {kib: budget.slopeKiB, gzipKiB: budget.slopeGzipKiB}, budget);
  console.log(
    `shared base of ${summary.docsPages} docs pages: ${summary.baseKiB} KiB (budget ${budget.baseKiB}), ` +
      `with gzip ${summary.baseGzipKiB} KiB (budget ${budget.baseGzipKiB}): ${docsJs.base.files.join(', ')}`,
  );
  console.log(
    `headroom: ${room.kib} KiB, with gzip ${room.gzipKiB} KiB: ${room.pages} more docs pages at the slope's ` +
      `budget (${budget.slopeKiB} KiB, with gzip ${budget.slopeGzipKiB})`,
  );
  for (const page of docsJs.pages)
    console.log(
      `${page.route}: own ${kib(page.ownBytes)} KiB (budget ${budget.ownKiB}), with gzip ${kib(page.ownGzipBytes)} ` +
        `KiB (budget ${budget.ownGzipKiB}); with the base ${kib(page.bytes)} KiB, with gzip ${kib(page.gzipBytes)}`,
    );
  // The base is what every docs page starts from: the two entry scripts and the docs layout at least.
  expect(docsJs.base.files, 'the base holds the runtime').toContainEqual(expect.stringMatching(/\/runtime~main\./));
  expect(docsJs.base.files, 'the base holds main.js').toContainEqual(expect.stringMatching(/\/main\.[0-9a-f]+\.js$/));
  expect(docsJs.base.files.length, 'the base holds more than the entry scripts').toBeGreaterThan(2);
  expect.soft(summary.baseKiB, 'shared base KiB').toBeLessThanOrEqual(budget.baseKiB);
  expect.soft(summary.baseGzipKiB, 'shared base KiB with gzip').toBeLessThanOrEqual(budget.baseGzipKiB);
  for (const page of docsJs.pages) {
    expect
      .soft(kib(page.ownBytes), `${page.route}: own chunks KiB: ${page.own.join(', ')}`)
      .toBeLessThanOrEqual(budget.ownKiB);
    expect
      .soft(kib(page.ownGzipBytes), `${page.route}: own chunks KiB with gzip: ${page.own.join(', ')}`)
      .toBeLessThanOrEqual(budget.ownGzipKiB);
  }
});
