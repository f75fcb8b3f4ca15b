/**
 * Accessibility exclusions: the ONE list of axe rules that cannot pass on a route, each with why it
 * could not be fixed. Every axe test reads it (`disabledAxeRules(route)`); anything else found fails.
 */
export type A11yExclusion = {route: string; rule: string; reason: string};

/** Empty: Redoc's <h5> headings under each operation, the last exclusion, are now <h3> (src/plugins/api-description/redoc-patches-loader.cjs). */
export const A11Y_EXCLUSIONS: A11yExclusion[] = [];

/** The axe rule ids to disable on `route` (a path such as "/api"). */
export function disabledAxeRules(route: string): string[] {
  return A11Y_EXCLUSIONS.filter((exclusion) => exclusion.route === route).map((exclusion) => exclusion.rule);
}
