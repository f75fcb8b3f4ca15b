/** The budgets of perf/budgets.json, and which of them applies to a route. */
import budgets from '../../perf/budgets.json';

export type PageBudget = {label: string; totalKiB: number; jsKiB?: number; beforeJsKiB?: number};

export const BUDGETS = budgets;

export function pageBudgetFor(route: string): PageBudget {
  if (route === '/') return budgets.pages.home;
  if (route === '/api') return budgets.pages.api;
  return budgets.pages.docs;
}
