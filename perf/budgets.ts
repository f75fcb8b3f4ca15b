/**
 * The budgets of perf/budgets.json and which of them applies to a route: read by the budget tests
 * (tests/budgets/) and the Performance budgets page (src/components/PerformanceBudgets).
 */
import budgets from './budgets.json';
import lighthouseCategories from '../scripts/lighthouse-categories.json';

export type PageBudget = {
  label: string;
  routes: string;
  totalKiB: number;
  jsKiB?: number;
  jsGzipKiB?: number;
  beforeJsKiB?: number;
  firstPaintKiB?: number;
};
type Scores = Record<string, number>;

/** A page over the JavaScript budget of its kind: the ceilings that hold it meanwhile, and why it is over. */
export type Overrun = {jsKiB?: number; jsGzipKiB?: number; why: string};

export const BUDGETS = budgets;

/**
 * The Lighthouse categories scored, in display order. The list lives in scripts/lighthouse-categories.json
 * so that the Node scripts (scripts/lighthouse.mjs, scripts/bench.mjs) can read it too.
 */
export const LIGHTHOUSE_CATEGORIES: readonly string[] = lighthouseCategories;

/** /api's layout plus style time may be at most this many times a docs page's (a benchmark figure, never a test). */
export const API_RENDER_FACTOR: number = budgets.apiRender.maxTimesDocs;

/** The budget of a route's kind, without the ceilings of an overrun. */
export function kindBudgetFor(route: string): PageBudget {
  if (route === '/') return budgets.pages.home;
  if (route === '/api') return budgets.pages.api;
  return budgets.pages.docs;
}

/**
 * The pages over the JavaScript budget of their kind (`overruns`), by route. Read through `routes`, never the
 * whole table: the bundler then leaves the table's comment out of the Performance budgets page.
 */
export function overruns(): [string, Overrun][] {
  const table: Record<string, Overrun> = budgets.overruns.routes;
  return Object.entries(table);
}

/** The budget that applies to a route: its kind's, with the ceilings of its overrun in place of the budget if it has one. */
export function pageBudgetFor(route: string): PageBudget {
  const budget = kindBudgetFor(route);
  const overrun = overruns().find(([path]) => path === route)?.[1];
  if (!overrun) return budget;
  const {why: _why, ...ceilings} = overrun;
  return {...budget, ...ceilings};
}

/**
 * Lighthouse categories that measure time (performance): `npm run bench` reports them beside their minimums;
 * no test asserts them, since a shared machine's load moves them.
 */
export const LIGHTHOUSE_TIMING_CATEGORIES: readonly string[] = budgets.lighthouseTimingCategories;

/** Lighthouse categories that do not depend on the machine's speed: tests/budgets/lighthouse.spec.ts enforces them. */
export const LIGHTHOUSE_TESTED_CATEGORIES: readonly string[] = LIGHTHOUSE_CATEGORIES.filter(
  (c) => !LIGHTHOUSE_TIMING_CATEGORIES.includes(c),
);

/** The per-route minimum scores of the `lighthouse` table (through `routes`, as `overruns` reads its table). */
export function lighthouseMinimums(): [string, Scores][] {
  return Object.entries(budgets.lighthouse.routes);
}
