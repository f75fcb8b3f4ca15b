/**
 * The generators behind the RoleMatrix and ErrorCatalogue components (src/api/model/tables.ts):
 * checked on the real API description and on a small hand-made one.
 */
import {test, expect} from '@playwright/test';
import {errorCatalogue, groupCases, inlineHtml, roleMatrix, silences} from '../../src/api/model/tables';
import type {OpenApiDocument} from '../../src/api/openapi';
import {loadApiDescription} from '../support/api-description';
import {buildApiModel} from '../../src/api/model/build';

const doc = loadApiDescription();

const tiny: OpenApiDocument = {
  openapi: '3.0.3',
  info: {title: 't', version: '1'},
  paths: {
    '/open': {get: {operationId: 'open', summary: 'Open', responses: {'200': {description: 'ok'}}}},
    '/admin': {
      post: {
        operationId: 'adminOnly',
        summary: 'Admin',
        security: [{bearerAuth: ['admin']}],
        responses: {
          '200': {description: 'ok'},
          '401': {$ref: '#/components/responses/Unauthorized'},
          '403': {
            description: 'Not an admin',
            content: {'application/problem+json': {schema: {$ref: '#/components/schemas/Problem'}}},
          },
        },
      },
    },
    '/push': {
      put: {
        operationId: 'push',
        summary: 'Push',
        security: [{bearerAuth: ['read-write']}],
        responses: {
          '200': {description: 'ok'},
          '401': {
            description: 'Unauthorized',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Error'}}},
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        description: 'An error.',
        required: ['error'],
        properties: {error: {type: 'string', description: 'What', example: 'x'}},
      },
      Problem: {type: 'object', properties: {title: {type: 'string'}}},
    },
    responses: {Unauthorized: {description: 'No token'}},
  },
};

test('roleMatrix: public calls are open to every role; the bearer scopes are the roles listed, the others not listed', () => {
  const base = {tag: ''};
  expect(roleMatrix(buildApiModel(tiny))).toEqual([
    {
      ...base,
      operationId: 'open',
      method: 'GET',
      path: '/open',
      summary: 'Open',
      isPublic: true,
      roles: {'read-only': 'yes', 'read-write': 'yes', admin: 'yes'},
    },
    {
      ...base,
      operationId: 'adminOnly',
      method: 'POST',
      path: '/admin',
      summary: 'Admin',
      isPublic: false,
      roles: {'read-only': 'not listed', 'read-write': 'not listed', admin: 'yes'},
    },
    {
      ...base,
      operationId: 'push',
      method: 'PUT',
      path: '/push',
      summary: 'Push',
      isPublic: false,
      roles: {'read-only': 'not listed', 'read-write': 'yes', admin: 'not listed'},
    },
  ]);
});

test('a scope that is not a role is an error of the description, naming the call', () => {
  const broken = structuredClone(tiny);
  broken.paths['/push'].put!.security = [{bearerAuth: ['owner']}];
  expect(() => buildApiModel(broken)).toThrow(/PUT \/push lists the scope "owner", which is not a role/);
});

/** A status entry as "reason [body]: calls" lines. */
const cases = (entry: {
  cases: {reason: string; body?: {schema: string; mediaType: string}; operations: {operationId: string}[]}[];
}) =>
  entry.cases.map(
    (c) =>
      `${c.reason} [${c.body ? `${c.body.schema} ${c.body.mediaType}` : 'none'}]: ${c.operations.map((o) => o.operationId).join(', ')}`,
  );

test('errorCatalogue: each status once, with its reason phrase and its calls grouped by reason and body, and the body shapes', () => {
  const catalogue = errorCatalogue(buildApiModel(tiny));
  expect(catalogue.statuses.map((s) => [s.status, s.meaning, cases(s)])).toEqual([
    [401, 'Unauthorized', ['No token [none]: adminOnly', ' [Error application/json]: push']],
    [403, 'Forbidden', ['Not an admin [Problem application/problem+json]: adminOnly']],
  ]);
  expect(catalogue.bodyShapes).toEqual([
    {
      name: 'Problem',
      mediaTypes: ['application/problem+json'],
      description: '',
      fields: [{name: 'title', type: 'string', required: false, description: ''}],
    },
    {
      name: 'Error',
      mediaTypes: ['application/json'],
      description: 'An error.',
      fields: [{name: 'error', type: 'string', required: true, description: 'What'}],
      example: {error: 'x'},
    },
  ]);
});

test('texts of the description are rendered as inline Markdown at build time, raw HTML escaped', () => {
  expect(inlineHtml('Send `x-api-version` as *MAJOR.MINOR.PATCH*, see [the API](/api).')).toBe(
    'Send <code>x-api-version</code> as <em>MAJOR.MINOR.PATCH</em>, see <a href="/api">the API</a>.',
  );
  expect(inlineHtml('a <script>alert(1)</script> b')).toBe('a &lt;script&gt;alert(1)&lt;/script&gt; b');
  expect(inlineHtml(undefined)).toBe('');
});

test('groupCases says each reason once, largest group first, and drops a reason that repeats the meaning', () => {
  const op = (operationId: string) => ({operationId, method: 'GET', path: `/${operationId}`, summary: '', tag: ''});
  const grouped = groupCases('Unauthorized', [
    {operation: op('a'), reason: 'Token missing or invalid.'},
    {operation: op('b'), reason: 'unauthorized'},
    {operation: op('c'), reason: 'Token missing or <code>invalid</code>'},
  ]);
  expect(grouped.map((g) => [g.reason, g.operations.map((o) => o.operationId)])).toEqual([
    ['Token missing or invalid.', ['a', 'c']],
    ['', ['b']],
  ]);
});

test("on the Synkronus API: 22 rows, the four public calls, and the catalogue of ODE's error statuses", () => {
  const rows = roleMatrix(buildApiModel(doc));
  expect(rows).toHaveLength(22);
  expect(
    rows
      .filter((r) => r.isPublic)
      .map((r) => r.operationId)
      .sort(),
  ).toEqual(['getHealth', 'getVersion', 'login', 'refreshToken']);
  expect(rows.find((r) => r.operationId === 'syncPush')!.roles).toEqual({
    'read-only': 'not listed',
    'read-write': 'yes',
    admin: 'not listed',
  });
  expect(rows.find((r) => r.operationId === 'listUsers')!.roles).toEqual({
    'read-only': 'not listed',
    'read-write': 'not listed',
    admin: 'yes',
  });
  const catalogue = errorCatalogue(buildApiModel(doc));
  expect(catalogue.statuses.map((s) => s.status)).toEqual([400, 401, 403, 404, 409, 413, 500, 503]);
  const callsOf = (status: number) =>
    catalogue.statuses.find((s) => s.status === status)!.cases.flatMap((c) => c.operations.map((o) => o.operationId));
  expect(callsOf(413)).toEqual(['pushAppBundle']);
  expect(callsOf(503)).toEqual(['getHealth']);
  expect(callsOf(401).sort()).not.toContain('syncPull');
  // Each reason is said once per status and body, and no text keeps the Markdown of its source.
  for (const status of catalogue.statuses) {
    const keys = status.cases.map((c) => `${c.reason}|${c.body?.schema}|${c.body?.mediaType}`);
    expect(new Set(keys).size, `status ${status.status}`).toBe(keys.length);
    for (const text of [status.meaning, ...status.cases.map((c) => c.reason)]) expect(text).not.toMatch(/`/);
  }
  expect(JSON.stringify(catalogue)).not.toContain('`');
  expect(catalogue.bodyShapes.map((b) => [b.name, b.mediaTypes])).toEqual([
    ['ErrorResponse', ['application/json']],
    ['ProblemDetail', ['application/problem+json']],
  ]);
  expect(catalogue.bodyShapes[1].fields.map((f) => f.name)).toEqual([
    'type',
    'title',
    'status',
    'detail',
    'instance',
    'errors',
  ]);
});

test("silences: for each call, the statuses it lists and what it does not list, from ODE's file", () => {
  const rows = silences(buildApiModel(doc));
  expect(rows).toHaveLength(22);
  const row = (id: string) => rows.find((r) => r.operationId === id)!;
  expect(row('syncPull')).toMatchObject({errorsListed: [], no401: true, no400: true, rolesNotListed: ['admin']});
  expect(row('syncPush')).toMatchObject({errorsListed: [], rolesNotListed: ['read-only', 'admin']});
  expect(row('pushAppBundle')).toMatchObject({
    errorsListed: ['400', '401', '403', '413'],
    no401: false,
    no400: false,
    rolesNotListed: ['read-only', 'read-write'],
    noApiVersionHeader: false,
  });
  // A public call needs no token, so a missing 401 is no silence.
  expect(row('getHealth')).toMatchObject({no401: false, rolesNotListed: [], noApiVersionHeader: true});
  expect(row('uploadAttachment')).toMatchObject({errorsListed: ['400', '401', '409'], noApiVersionHeader: true});
  expect(rows.filter((r) => r.no401).map((r) => r.operationId)).toEqual([
    'getAppBundleChanges',
    'getAppBundleManifest',
    'downloadAppBundleFile',
    'getAppBundleVersions',
    'syncPull',
    'syncPush',
  ]);
});
