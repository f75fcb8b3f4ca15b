/**
 * The generators behind the RoleMatrix and ErrorCatalogue components (src/plugins/api-reference-data/data.ts):
 * checked on the real API description and on a small hand-made one.
 */
import {test, expect} from '@playwright/test';
import {errorCatalogue, roleMatrix, statusMeanings} from '../../src/plugins/api-reference-data/data';
import type {OpenApiDocument} from '../../src/plugins/api-description/openapi';
import {loadApiDescription} from '../support/api-description';

const doc = loadApiDescription();

const tiny: OpenApiDocument = {
  openapi: '3.0.3',
  info: {title: 't', version: '1', description: '## Errors\n\n| Status | Meaning |\n|---|---|\n| 401 | Unauthorized |\n| 403 | Admin role required |\n\n## Next'},
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
          '403': {description: 'Not an admin', content: {'application/json': {schema: {oneOf: [{$ref: '#/components/schemas/Error'}]}}}},
        },
      },
    },
    '/push': {put: {operationId: 'push', summary: 'Push', 'x-roles': ['read-write'], 'x-roles-unspecified': ['admin'], responses: {'200': {description: 'ok'}, '401': {$ref: '#/components/responses/Unauthorized'}}}},
  },
  components: {
    schemas: {Error: {type: 'object', description: 'An error.', required: ['error'], properties: {error: {type: 'string', description: 'What'}}, example: {error: 'x'}}},
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
  expect(roleMatrix(tiny)).toEqual([
    {operationId: 'open', method: 'GET', path: '/open', summary: 'Open', tag: '', isPublic: true, roles: {'read-only': 'yes', 'read-write': 'yes', admin: 'yes'}},
    {operationId: 'adminOnly', method: 'POST', path: '/admin', summary: 'Admin', tag: '', isPublic: false, roles: {'read-only': 'no', 'read-write': 'no', admin: 'yes'}},
    {operationId: 'push', method: 'PUT', path: '/push', summary: 'Push', tag: '', isPublic: false, roles: {'read-only': 'no', 'read-write': 'yes', admin: 'not specified'}},
  ]);
});

test('errorCatalogue: statuses in order with their meaning and calls (references resolved), and the body shapes', () => {
  const catalogue = errorCatalogue(tiny);
  expect(catalogue.statuses.map((s) => [s.status, s.meaning, s.operations.map((o) => `${o.operationId}: ${o.description}`)])).toEqual([
    [401, 'Unauthorized', ['adminOnly: No token', 'push: No token']],
    [403, 'Admin role required', ['adminOnly: Not an admin']],
  ]);
  expect(catalogue.bodyShapes).toEqual([
    {name: 'Error', description: 'An error.', fields: [{name: 'error', type: 'string', required: true, description: 'What'}], example: {error: 'x'}},
  ]);
});

test('errorCatalogue refuses a status missing from the Errors table', () => {
  const broken = structuredClone(tiny);
  broken.paths['/push'].put!.responses['409'] = {description: 'Conflict'};
  expect(() => errorCatalogue(broken)).toThrow(/status 409 of push is missing/);
});

test('on the Synkronus API: 22 rows, the four public calls, and the catalogue of section 8', () => {
  const rows = roleMatrix(doc);
  expect(rows).toHaveLength(22);
  expect(rows.filter((r) => r.isPublic).map((r) => r.operationId).sort()).toEqual(['getHealth', 'getVersion', 'login', 'refreshToken']);
  expect(rows.find((r) => r.operationId === 'syncPush')!.roles).toEqual({'read-only': 'no', 'read-write': 'yes', admin: 'not specified'});
  expect(rows.find((r) => r.operationId === 'listUsers')!.roles).toEqual({'read-only': 'no', 'read-write': 'no', admin: 'yes'});
  const catalogue = errorCatalogue(doc);
  expect(catalogue.statuses.map((s) => s.status)).toEqual([400, 401, 403, 404, 409, 413, 500, 503]);
  expect(catalogue.statuses.find((s) => s.status === 413)!.operations.map((o) => o.operationId)).toEqual(['pushAppBundle']);
  expect(catalogue.statuses.find((s) => s.status === 503)!.operations.map((o) => o.operationId)).toEqual(['getHealth']);
  expect(catalogue.bodyShapes.map((b) => b.name)).toEqual(['Error', 'ProblemDetail']);
  expect(catalogue.bodyShapes[1].fields.map((f) => f.name)).toEqual(['type', 'title', 'status', 'detail', 'instance', 'errors']);
});
