/**
 * The generators behind the RoleMatrix and ErrorCatalogue components (src/api/model/tables.ts):
 * checked on the real API description and on a small hand-made one.
 */
import {test, expect} from '@playwright/test';
import {errorCatalogue, groupCases, inlineHtml, roleMatrix, statusMeanings} from '../../src/api/model/tables';
import type {OpenApiDocument} from '../../src/api/openapi';
import {loadApiDescription} from '../support/api-description';
import {buildApiModel} from '../../src/api/model/build';

const doc = loadApiDescription();

const tiny: OpenApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 't',
    version: '1',
    description:
      '## Errors\n\n| Status | Meaning |\n|---|---|\n| 401 | Unauthorized |\n| 403 | Admin role required |\n\n## Next',
  },
  security: [{bearerAuth: []}],
  paths: {
    '/open': {get: {operationId: 'open', summary: 'Open', security: [], responses: {'200': {description: 'ok'}}}},
    '/admin': {
      post: {
        operationId: 'adminOnly',
        summary: 'Admin',
        'x-roles': ['admin'],
        responses: {
          '200': {description: 'ok'},
          '401': {$ref: '#/components/responses/Unauthorized'},
          '403': {
            description: 'Not an admin',
            content: {'application/json': {schema: {oneOf: [{$ref: '#/components/schemas/Error'}]}}},
          },
        },
      },
    },
    '/push': {
      put: {
        operationId: 'push',
        summary: 'Push',
        'x-roles': ['read-write'],
        'x-roles-unspecified': ['admin'],
        responses: {'200': {description: 'ok'}, '401': {$ref: '#/components/responses/Unauthorized'}},
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        description: 'An error.',
        required: ['error'],
        properties: {error: {type: 'string', description: 'What'}},
        example: {error: 'x'},
      },
    },
    responses: {Unauthorized: {description: 'No token'}},
  },
};

test('statusMeanings reads the Errors table of the introduction', () => {
  expect([...statusMeanings(tiny.info.description!)]).toEqual([
    [401, 'Unauthorized'],
    [403, 'Admin role required'],
  ]);
  expect(() => statusMeanings('## Roles\n')).toThrow(/no "## Errors" section/);
});

test('roleMatrix: public calls are open to every role; x-roles and x-roles-unspecified give yes, no and not specified', () => {
  expect(roleMatrix(buildApiModel(tiny))).toEqual([
    {
      operationId: 'open',
      method: 'GET',
      path: '/open',
      summary: 'Open',
      tag: '',
      isPublic: true,
      roles: {'read-only': 'yes', 'read-write': 'yes', admin: 'yes'},
    },
    {
      operationId: 'adminOnly',
      method: 'POST',
      path: '/admin',
      summary: 'Admin',
      tag: '',
      isPublic: false,
      roles: {'read-only': 'no', 'read-write': 'no', admin: 'yes'},
    },
    {
      operationId: 'push',
      method: 'PUT',
      path: '/push',
      summary: 'Push',
      tag: '',
      isPublic: false,
      roles: {'read-only': 'no', 'read-write': 'yes', admin: 'not specified'},
    },
  ]);
});

/** A status entry as "reason: calls" lines. */
const cases = (entry: {cases: {reason: string; operations: {operationId: string}[]}[]}) =>
  entry.cases.map((c) => `${c.reason}: ${c.operations.map((o) => o.operationId).join(', ')}`);

test('errorCatalogue: each status once, in order, with its meaning and its calls grouped by reason (references resolved), and the body shapes', () => {
  const catalogue = errorCatalogue(buildApiModel(tiny));
  expect(catalogue.statuses.map((s) => [s.status, s.meaning, cases(s)])).toEqual([
    [401, 'Unauthorized', ['No token: adminOnly, push']],
    [403, 'Admin role required', ['Not an admin: adminOnly']],
  ]);
  expect(catalogue.bodyShapes).toEqual([
    {
      name: 'Error',
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

test('errorCatalogue refuses a status missing from the Errors table', () => {
  const broken = structuredClone(tiny);
  broken.paths['/push'].put!.responses['409'] = {description: 'Conflict'};
  expect(() => errorCatalogue(buildApiModel(broken))).toThrow(/status 409 of push is missing/);
});

test('on the Synkronus API: 22 rows, the four public calls, and the catalogue of the eight error statuses', () => {
  const rows = roleMatrix(buildApiModel(doc));
  expect(rows).toHaveLength(22);
  expect(
    rows
      .filter((r) => r.isPublic)
      .map((r) => r.operationId)
      .sort(),
  ).toEqual(['getHealth', 'getVersion', 'login', 'refreshToken']);
  expect(rows.find((r) => r.operationId === 'syncPush')!.roles).toEqual({
    'read-only': 'no',
    'read-write': 'yes',
    admin: 'not specified',
  });
  expect(rows.find((r) => r.operationId === 'listUsers')!.roles).toEqual({
    'read-only': 'no',
    'read-write': 'no',
    admin: 'yes',
  });
  const catalogue = errorCatalogue(buildApiModel(doc));
  expect(catalogue.statuses.map((s) => s.status)).toEqual([400, 401, 403, 404, 409, 413, 500, 503]);
  const callsOf = (status: number) =>
    catalogue.statuses.find((s) => s.status === status)!.cases.flatMap((c) => c.operations.map((o) => o.operationId));
  expect(callsOf(413)).toEqual(['pushAppBundle']);
  expect(callsOf(503)).toEqual(['getHealth']);
  // Each reason is said once per status, and no text keeps the Markdown of its source.
  for (const status of catalogue.statuses) {
    const reasons = status.cases.map((c) => c.reason).filter(Boolean);
    expect(new Set(reasons).size, `status ${status.status}`).toBe(reasons.length);
    for (const text of [status.meaning, ...reasons]) expect(text, `status ${status.status}`).not.toMatch(/`/);
  }
  expect(JSON.stringify(catalogue)).not.toContain('`');
  expect(catalogue.bodyShapes.map((b) => b.name)).toEqual(['Error', 'ProblemDetail']);
  expect(catalogue.bodyShapes[1].fields.map((f) => f.name)).toEqual([
    'type',
    'title',
    'status',
    'detail',
    'instance',
    'errors',
  ]);
});
