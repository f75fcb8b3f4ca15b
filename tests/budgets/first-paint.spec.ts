/**
 * The first paint comes from the first round trip: on every docs page and `/`, the page's `<head>` plus the
 * stylesheets and scripts it makes block rendering stay within `firstPaintKiB` of perf/budgets.json, with
 * Brotli (scripts/page-weight.cjs, firstPaintBytes). The critical CSS inlined by src/plugins/critical-css is
 * part of the head; the full stylesheet, linked for print until it has loaded, blocks nothing.
 */
import {test, expect} from '@playwright/test';
import {PAGE_PATHS} from '../support/routes.cjs';
import {pageBudgetFor} from '../../perf/budgets';
import {firstPaintBytes, kib} from '../../scripts/page-weight.cjs';

for (const pagePath of PAGE_PATHS.filter((p) => pageBudgetFor(p).firstPaintKiB)) {
  test(`${pagePath}: the head and what blocks rendering fit the first-paint budget`, async ({baseURL}) => {
    const budget = pageBudgetFor(pagePath).firstPaintKiB!;
    const m = await firstPaintBytes(`${baseURL}${pagePath}`);
    const blocking = (m.blocking as {url: string; bytes: number}[])
      .map((r) => `${new URL(r.url).pathname} ${kib(r.bytes)} KiB`)
      .join(', ');
    const summary = `${pagePath}: ${kib(m.totalBytes)} KiB before the first paint (budget ${budget}): head ${kib(m.headBytes)} KiB; blocking: ${blocking || 'nothing'}`;
    console.log(summary);
    expect(kib(m.totalBytes), summary).toBeLessThanOrEqual(budget);
  });
}
