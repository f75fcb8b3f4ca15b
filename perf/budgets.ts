/**
 * The budgets of perf/budgets.json and which of them applies to a route: read by the budget tests
 * (tests/budgets/) and the Performance budgets page (src/components/PerformanceBudgets).
 */
import budgets from './budgets.json';
import lighthouseCategories from '../scripts/lighthouse-categories.json';

export type PageBudget = {label: string; routes: string; totalKiB: number; jsKiB?: number; beforeJsKiB?: number};
type Scores = Record<string, number>;

export const BUDGETS = budgets;

/**
 * The Lighthouse categories scored, in display order. The list lives in scripts/lighthouse-categories.json
 * so that the Node scripts (scripts/lighthouse.mjs, scripts/bench.mjs) can read it too.
 */
export const LIGHTHOUSE_CATEGORIES: readonly string[] = lighthouseCategories;

export function pageBudgetFor(route: string): PageBudget {
  if (route === '/') return budgets.pages.home;
  if (route === '/api') return budgets.pages.api;
  return budgets.pages.docs;
}

/** The per-route entries of a Lighthouse table (`lighthouse` or `lighthouseTargets`), without its comment. */
export function scoresByRoute(table: object): [string, Scores][] {
  return Object.entries(table as Record<string, Scores | string>).filter((e): e is [string, Scores] => e[0].startsWith('/'));
}
