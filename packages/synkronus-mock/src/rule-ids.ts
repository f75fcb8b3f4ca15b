/**
 * The rules the engine can apply, whatever the release: each is one way a release's server answers otherwise
 * than the API description, or does what the description does not say, named by the anchor of its entry in
 * the Known issues. The entry (its title, what the description says, what the server does, the workaround and
 * the source files at the tag) is written once, on its area's page. Behaviours ask `call.when(id)` with these
 * ids, so a misspelt one is a compile error; each release lists which of them apply to it
 * (releases/<tag>/rules.ts). This file imports nothing: every part of the engine may name a rule.
 */
export const RULE_IDS = [
  // Users, tokens and requests
  'create-user-path',
  'delete-user-path',
  'change-password-always-401',
  'auth-errors-plain-text',
  'error-bodies-not-problem-details',
  'api-version-header-ignored',
  'refresh-token-as-bearer',
  'password-72-bytes',
  'login-401-on-server-error',
  'empty-fields-refused',
  'bodies-checked-for-types-only',
  'user-answers-plain-text',
  'user-fields',
  'admin-may-push-and-upload',
  'users-db-errors-400',
  'username-database-limits',
  // Health, server and deployment
  'health-always-ok',
  'version-needs-token',
  'version-dev-build',
  'image-healthcheck-unhealthy',
  'api-versions-endpoint',
  'formspecs-route-500',
  'unknown-routes-plain-text',
  'trailing-slash-redirect',
  'cors-any-origin',
  'api-version-header-cors',
  // App bundles
  'bundle-push-errors-500',
  'bundle-push-manifest',
  'bundle-layout-checked',
  'core-fields-reupload-rejected',
  'bundle-bad-ui-json-leaves-version',
  'bundle-app-info-file',
  'bundle-switch-500',
  'bundle-download-missing-500',
  'bundle-file-types',
  'bundle-preview-header',
  'manifest-not-modified',
  'manifest-version-after-restart',
  'bundle-changes-target-ignored',
  'bundle-version-names',
  // Attachments
  'error-bodies-where-none-documented',
  'attachment-upload-any-role',
  'attachment-manifest-empty',
  'attachment-id-not-decoded',
  'attachment-id-over-255-bytes',
  'attachment-failed-write-kept',
  // Sync
  'sync-errors-not-documented',
  'pull-limit-not-checked',
  'pull-since-id-ignored',
  'transmission-id-not-idempotent',
  'transmission-id-any-text',
  'push-db-error-fails-batch',
  'push-wrong-json-type-400',
  'text-excess-spaces-cut',
  'geolocation-not-stored',
  'push-failed-records-shape',
  'empty-lists-null',
  'updated-at-server-time',
  // Data export
  'export-numbers-empty',
  'export-breaks-on-one-record',
] as const;

export type RuleId = (typeof RULE_IDS)[number];
