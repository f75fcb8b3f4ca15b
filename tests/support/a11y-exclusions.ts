/**
 * The only parts of the site that the accessibility audit (tests/e2e/a11y.spec.ts) leaves out.
 * Only third-party markup on the API reference page (/api) may be listed here, each with its reason;
 * everything the site renders itself must pass axe with zero violations.
 */
export type A11yExclusion = {selector: string; reason: string};

export const API_PAGE_EXCLUSIONS: A11yExclusion[] = [
  {
    selector: '.redocusaurus',
    reason:
      "Redoc's own rendering of the API reference (third-party markup): its colours and landmarks are not the site's. " +
      'The navbar, footer and the rest of the page around it are audited.',
  },
];
