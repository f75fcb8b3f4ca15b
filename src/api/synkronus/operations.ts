/**
 * The operationIds of api/synkronus.yaml, written by `npm run generate:api` (scripts/generate-api-operations.mjs)
 * and checked against the description by tests/unit/synkronus-engine.spec.ts: the engine's behaviour table
 * is typed by them, so a missing or misspelt behaviour is a compile error.
 */
export const OPERATION_IDS = [
  'getHealth',
  'getVersion',
  'login',
  'refreshToken',
  'listUsers',
  'createUser',
  'deleteUser',
  'resetUserPassword',
  'changePassword',
  'syncPull',
  'syncPush',
  'getAttachmentManifest',
  'uploadAttachment',
  'downloadAttachment',
  'checkAttachmentExists',
  'getAppBundleManifest',
  'downloadAppBundleFile',
  'listAppBundleVersions',
  'getAppBundleChanges',
  'pushAppBundle',
  'switchAppBundleVersion',
  'exportParquet',
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];
