/**
 * Accessibility exclusions: the ONE list of axe rules that cannot pass on a route, each with why it
 * could not be fixed. Every axe test reads it (`disabledAxeRules(route)`); anything else found fails.
 */
export type A11yExclusion = {route: string; rule: string; reason: string};

export const A11Y_EXCLUSIONS: A11yExclusion[] = [
  {
    route: '/api',
    rule: 'heading-order',
    reason:
      'Redoc hard-codes <h5> for the "Parameters", "Request Body schema" and "Responses" headings under each <h2> operation; no Redoc option sets heading levels, and changing them would mean forking Redoc.',
  },
];

/** The axe rule ids to disable on `route` (a path such as "/api"). */
export function disabledAxeRules(route: string): string[] {
  return A11Y_EXCLUSIONS.filter((exclusion) => exclusion.route === route).map((exclusion) => exclusion.rule);
}
