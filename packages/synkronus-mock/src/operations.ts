/**
 * The operationIds of api/synkronus.yaml, in its order (packages/synkronus-mock/tests/synkronus-dialects.spec.ts compares them with
 * the description). The engine's behaviour table is typed by them, so a missing or misspelt behaviour is a
 * compile error.
 */
export const OPERATION_IDS = [
  'getHealth',
  'getVersion',
  'getAppBundleChanges',
  'getAppBundleManifest',
  'downloadAppBundleFile',
  'getAppBundleVersions',
  'pushAppBundle',
  'switchAppBundleVersion',
  'login',
  'refreshToken',
  'createUser',
  'listUsers',
  'deleteUser',
  'resetUserPassword',
  'changePassword',
  'syncPull',
  'syncPush',
  'getAttachmentManifest',
  'downloadAttachment',
  'uploadAttachment',
  'checkAttachmentExists',
  'getParquetExportZip',
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];
