/**
 * The release's router (internal/api/api.go and internal/handlers/attachment.go RegisterRoutes at the tag),
 * as a chi route table: what each path and method reaches, behind which middleware, with which roles.
 * Before it, chi's RedirectSlashes and the CORS handler run on every request (../../pipeline/route.ts).
 */
import type {ChiTable} from '../../go/chi';
import type {CorsOptions, ReleaseHandler, RuleId} from '../../types';

const ADMIN = ['admin'];
/** The token check of the protected group (pkg/middleware/auth/middleware.go AuthMiddleware). */
const TOKEN = 'token';

export const ROUTES: ChiTable<ReleaseHandler> = [
  {method: 'GET', pattern: '/health', handler: {op: 'getHealth'}},
  // The favicon and the static files are looked for beside the binary; the image has neither.
  {method: 'GET', pattern: '/favicon.ico', handler: {own: 'not-found'}},
  {method: 'GET', pattern: '/static', handler: {own: 'static-redirect'}},
  {method: 'GET', pattern: '/static/*', handler: {own: 'not-found'}},
  {
    mount: '/auth',
    table: [
      {method: 'POST', pattern: '/login', handler: {op: 'login'}},
      {method: 'POST', pattern: '/refresh', handler: {op: 'refreshToken'}},
    ],
  },
  {
    mount: '/attachments',
    middleware: TOKEN,
    table: [
      {method: 'POST', pattern: '/manifest', handler: {op: 'getAttachmentManifest'}},
      {
        mount: '/{attachment_id}',
        table: [
          {method: 'PUT', pattern: '/', handler: {op: 'uploadAttachment'}},
          {method: 'GET', pattern: '/', handler: {op: 'downloadAttachment'}},
          {method: 'HEAD', pattern: '/', handler: {op: 'checkAttachmentExists'}},
        ],
      },
    ],
  },
  {
    mount: '/sync',
    middleware: TOKEN,
    table: [
      {method: 'POST', pattern: '/pull', handler: {op: 'syncPull'}},
      {method: 'POST', pattern: '/push', handler: {op: 'syncPush', roles: ['read-write', 'admin']}},
    ],
  },
  {
    mount: '/app-bundle',
    middleware: TOKEN,
    table: [
      {method: 'GET', pattern: '/manifest', handler: {op: 'getAppBundleManifest'}},
      {method: 'GET', pattern: '/download/{path}', handler: {op: 'downloadAppBundleFile'}},
      {method: 'GET', pattern: '/versions', handler: {op: 'getAppBundleVersions'}},
      {method: 'GET', pattern: '/changes', handler: {op: 'getAppBundleChanges'}},
      {method: 'POST', pattern: '/push', handler: {op: 'pushAppBundle', roles: ADMIN}},
      {method: 'POST', pattern: '/switch/{version}', handler: {op: 'switchAppBundleVersion', roles: ADMIN}},
    ],
  },
  {
    mount: '/formspecs',
    middleware: TOKEN,
    table: [
      {method: 'GET', pattern: '/{schemaType}/{schemaVersion}', handler: {own: 'panic', rule: 'formspecs-route-500'}},
    ],
  },
  {
    mount: '/users',
    middleware: TOKEN,
    table: [
      {method: 'POST', pattern: '/', handler: {op: 'createUser', roles: ADMIN, rule: 'create-user-path'}},
      {
        method: 'DELETE',
        pattern: '/delete/{username}',
        handler: {op: 'deleteUser', roles: ADMIN, rule: 'delete-user-path'},
      },
      {method: 'POST', pattern: '/reset-password', handler: {op: 'resetUserPassword', roles: ADMIN}},
      {method: 'GET', pattern: '/', handler: {op: 'listUsers', roles: ADMIN}},
      {method: 'POST', pattern: '/change-password', handler: {op: 'changePassword'}},
    ],
  },
  {
    mount: '/dataexport',
    middleware: TOKEN,
    table: [
      {
        method: 'GET',
        pattern: '/parquet',
        handler: {op: 'getParquetExportZip', roles: ['read-only', 'read-write', 'admin']},
      },
    ],
  },
  {method: 'GET', pattern: '/version', handler: {op: 'getVersion'}, middleware: TOKEN},
  {
    method: 'GET',
    pattern: '/api/versions',
    handler: {own: 'api-versions', rule: 'api-versions-endpoint'},
    middleware: TOKEN,
  },
];

/** Where chi's 405 is the consequence a Known issues entry describes. */
export const METHOD_RULES: {method: string; path: string; rule: RuleId}[] = [
  // The image's HEALTHCHECK sends HEAD (wget --spider) to a route registered for GET only.
  {method: 'HEAD', path: '/health', rule: 'image-healthcheck-unhealthy'},
];

/** The CORS handler's options (internal/api/api.go: go-chi/cors v1.2.1). */
export const CORS: CorsOptions = {
  allowedMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['Accept', 'Authorization', 'Content-Type', 'X-Csrf-Token', 'If-None-Match', 'Origin'],
  exposedHeaders: ['Link', 'Etag'],
  maxAge: 300,
};

/** handlers/versions.go GetAPIVersions: written into the handler, whatever the release. */
export const API_VERSIONS = {
  versions: [{version: '1.0.0', releaseDate: '2025-01-01', deprecated: false}],
  current: '1.0.0',
};
