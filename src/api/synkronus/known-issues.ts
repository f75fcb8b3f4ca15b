/**
 * Where each entry of the Known issues is. The overview page (KNOWN_ISSUES_PATH,
 * docs/documentation/synkronus/known-issues.md) lists every entry; the entries themselves are on one page per
 * area (docs/documentation/synkronus/known-issues/<area>.md), each under a heading whose anchor is the entry's
 * id. This is the one map from an id to its page: the release rules (./rules.ts), the synk command table and the
 * API console link to an entry through knownIssueHref(), and tests/unit/known-issues.spec.ts checks the map
 * against the pages' headings both ways, so an entry moved to another page fails there, naming it.
 */

/** The overview page of the Known issues. */
export const KNOWN_ISSUES_PATH = '/docs/documentation/synkronus/known-issues';

/** The entries of each area's page, by the page's slug under KNOWN_ISSUES_PATH, in the pages' order. */
export const KNOWN_ISSUE_AREAS = {
  'users-and-tokens': [
    'create-user-path',
    'delete-user-path',
    'change-password-always-401',
    'auth-errors-plain-text',
    'api-version-header-ignored',
    'api-version-header-cors',
    'refresh-token-as-bearer',
    'password-72-bytes',
    'login-401-on-server-error',
    'health-always-ok',
    'version-needs-token',
    'image-healthcheck-unhealthy',
  ],
  'app-bundles': [
    'bundle-push-errors-500',
    'bundle-push-manifest',
    'core-fields-reupload-rejected',
    'bundle-bad-ui-json-leaves-version',
    'bundle-switch-500',
    'bundle-download-missing-500',
    'manifest-version-after-restart',
    'bundle-changes-target-ignored',
    'bundle-version-names',
    'attachment-upload-any-role',
    'attachment-manifest-empty',
    'attachment-id-over-255-bytes',
  ],
  'sync': [
    'pull-limit-not-checked',
    'transmission-id-not-idempotent',
    'transmission-id-any-text',
    'push-db-error-fails-batch',
    'push-wrong-json-type-400',
    'text-excess-spaces-cut',
    'geolocation-not-stored',
    'push-failed-records-shape',
    'empty-lists-null',
    'updated-at-server-time',
  ],
  'synk': [
    'synk-health-root',
    'synk-change-password-field',
    'synk-app-bundle-changes',
    'synk-sync-pull-page-token',
  ],
  'formulus': [
    'formulus-no-token-refresh',
    'formulus-pulled-edits-new-id',
    'formulus-download-token-cached',
    'formulus-unchecked-file-paths',
    'formulus-attachment-409-retried',
  ],
} as const;

export type KnownIssueArea = keyof typeof KNOWN_ISSUE_AREAS;
export type KnownIssueId = (typeof KNOWN_ISSUE_AREAS)[KnownIssueArea][number];

const AREA_OF = new Map<string, KnownIssueArea>(
  Object.entries(KNOWN_ISSUE_AREAS).flatMap(([area, ids]) => ids.map((id) => [id, area as KnownIssueArea])),
);

/** The route of an area's page. */
export const knownIssueAreaPath = (area: KnownIssueArea): string => `${KNOWN_ISSUES_PATH}/${area}`;

/**
 * The address of an entry: its area's page and its anchor. Throws on an id no page has (a command table entry
 * naming an entry that moved or was removed), which fails the build.
 */
export function knownIssueHref(id: string): string {
  const area = AREA_OF.get(id);
  if (!area)
    throw new Error(`No Known issues entry #${id}: src/api/synkronus/known-issues.ts (KNOWN_ISSUE_AREAS) lists every entry`);
  return `${knownIssueAreaPath(area)}#${id}`;
}
