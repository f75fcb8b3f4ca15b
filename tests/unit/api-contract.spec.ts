/**
 * The API description is ODE's own file, as published: api/synkronus.yaml is `synkronus/openapi/synkronus.yaml`
 * of ODE at the tag named in api/upstream.json, byte for byte; api/synkronus.overlay.yaml changes only what a
 * correct build needs, each action with its reason and the line of ODE's file it answers; and the contract the
 * site shows from it is what that file says (the 22 calls, their roles as bearer scopes, error bodies, entities).
 */
import {createHash} from 'node:crypto';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {parseYaml} from '@redocly/openapi-core';
import {readApiDescription} from '../../src/api/description';
import {listOperations, resolveRef, type OpenApiDocument, type Schema} from '../../src/api/openapi';
import {REQUEST_EXAMPLES} from '../../src/api/request-examples';
import {API_SPEC_FILE} from '../../site.constants';
import {loadApiDescription, REPO_ROOT, schemaValidator, validateNamed} from '../support/api-description';
import {RELEASE_TAG} from '../support/release';

const UPSTREAM = JSON.parse(readFileSync(path.join(REPO_ROOT, 'api/upstream.json'), 'utf8')) as {
  repository: string;
  tag: string;
  path: string;
  sha256: string;
};
const ODE_TEXT = readFileSync(path.join(REPO_ROOT, API_SPEC_FILE), 'utf8');
const ODE_FILE = parseYaml(ODE_TEXT) as OpenApiDocument;
const OVERLAY_FILE = 'api/synkronus.overlay.yaml';
type OverlayAction = {target: string; description?: string; 'x-reason'?: string; 'x-upstream'?: string};
const OVERLAY = parseYaml(readFileSync(path.join(REPO_ROOT, OVERLAY_FILE), 'utf8')) as {
  overlay: string;
  extends?: string;
  actions: OverlayAction[];
};

const doc = loadApiDescription();
const operations = listOperations(doc);
const validate = schemaValidator(doc);
const byId = Object.fromEntries(operations.map((entry) => [String(entry.operation.operationId), entry]));

const READ = ['read-only', 'read-write'];
const ADMIN = ['admin'];
/** Every call of ODE's file with the roles it lists (the scopes of bearerAuth); `null`: it names no security. */
const CALLS: [string, string[] | null][] = [
  ['GET /health', null],
  ['GET /version', null],
  ['GET /app-bundle/changes', READ],
  ['GET /app-bundle/manifest', READ],
  ['GET /app-bundle/download/{path}', READ],
  ['GET /app-bundle/versions', READ],
  ['POST /app-bundle/push', ADMIN],
  ['POST /app-bundle/switch/{version}', ADMIN],
  ['POST /auth/login', null],
  ['POST /auth/refresh', null],
  ['POST /users/create', ADMIN],
  ['GET /users', ADMIN],
  ['DELETE /users/{username}', ADMIN],
  ['POST /users/reset-password', ADMIN],
  ['POST /users/change-password', ['read-only', 'read-write', 'admin']],
  ['POST /sync/pull', READ],
  ['POST /sync/push', ['read-write']],
  ['POST /attachments/manifest', READ],
  ['GET /attachments/{attachment_id}', READ],
  ['PUT /attachments/{attachment_id}', ['read-write']],
  ['HEAD /attachments/{attachment_id}', READ],
  ['GET /dataexport/parquet', READ],
];

test.describe("api/synkronus.yaml is ODE's file as published", () => {
  test('its SHA-256 is the one api/upstream.json records for the file at the tag', () => {
    expect(UPSTREAM).toMatchObject({
      repository: 'https://github.com/OpenDataEnsemble/ode',
      tag: RELEASE_TAG,
      path: 'synkronus/openapi/synkronus.yaml',
    });
    const sha256 = createHash('sha256')
      .update(readFileSync(path.join(REPO_ROOT, API_SPEC_FILE)))
      .digest('hex');
    expect(sha256, `${API_SPEC_FILE} differs from ${UPSTREAM.path} at ${UPSTREAM.tag}: restore it byte for byte`).toBe(
      UPSTREAM.sha256,
    );
  });

  test('it is the Synkronus API 1.0.3 in OpenAPI 3.0', () => {
    expect(ODE_FILE.openapi).toBe('3.0.0');
    expect(ODE_FILE.info).toEqual({title: 'Synkronus API', version: '1.0.3'});
  });
});

test.describe('the overlay changes only what a correct build needs', () => {
  test('it is an OpenAPI Overlay 1.0 document on synkronus.yaml, each action with its reason and upstream line', () => {
    expect(OVERLAY.overlay).toMatch(/^1\.0\.\d+$/);
    expect(OVERLAY.extends).toBe('./synkronus.yaml');
    const lines = ODE_TEXT.split('\n');
    for (const [index, action] of OVERLAY.actions.entries()) {
      const where = `${OVERLAY_FILE} action ${index + 1}`;
      expect(action.description, `${where}: description`).toBeTruthy();
      expect(action['x-reason'], `${where}: x-reason`).toMatch(/\S.{20,}/);
      const upstream = /^synkronus\/openapi\/synkronus\.yaml:(\d+)$/.exec(action['x-upstream'] ?? '');
      expect(upstream, `${where}: x-upstream is "synkronus/openapi/synkronus.yaml:<line>"`).not.toBeNull();
      expect(lines[Number(upstream![1]) - 1], `${where}: the upstream line`).toBeTruthy();
    }
  });

  test("each action mends a dangling reference of ODE's file, named on the line it gives", () => {
    const lines = ODE_TEXT.split('\n');
    for (const action of OVERLAY.actions) {
      const line = lines[Number(action['x-upstream']!.split(':')[1]) - 1];
      const ref = /\$ref: '(#\/components\/responses\/\w+)'/.exec(line)?.[1];
      expect(ref, `${action['x-upstream']} holds a reference`).toBeTruthy();
      expect(() => resolveRef(ODE_FILE, {$ref: ref}), `${ref} dangles in ODE's file`).toThrow(/unresolved reference/);
      expect(() => resolveRef(doc, {$ref: ref})).not.toThrow();
    }
  });

  test("the description with the overlay is ODE's file plus the three responses, and nothing else", () => {
    const {responses, ...components} = doc.components;
    expect({...doc, components}).toEqual(ODE_FILE);
    expect(Object.keys(responses ?? {})).toEqual(['Unauthorized', 'Forbidden', 'InternalServerError']);
    for (const response of Object.values(responses ?? {})) expect(Object.keys(response)).toEqual(['description']);
  });

  test('an action that no longer finds its target fails the read, naming it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'overlay-'));
    writeFileSync(path.join(dir, 'synkronus.yaml'), ODE_TEXT);
    const stale = readFileSync(path.join(REPO_ROOT, OVERLAY_FILE), 'utf8').replace(
      'target: $.components\n    description: Define the response Forbidden',
      "target: $.paths['/no-such-path']\n    description: Define the response Forbidden",
    );
    expect(stale).toContain('/no-such-path');
    writeFileSync(path.join(dir, 'synkronus.overlay.yaml'), stale);
    expect(() => readApiDescription('synkronus.yaml', dir)).toThrow(
      /^synkronus\.overlay\.yaml: action 2 \(Define the response Forbidden.*\) finds nothing at \$\.paths\['\/no-such-path'\]/,
    );
  });
});

test.describe("the contract ODE's file states", () => {
  test('the 22 calls, each with the roles it lists as scopes of bearerAuth, or no security', () => {
    expect(operations.map((entry) => `${entry.method.toUpperCase()} ${entry.path}`)).toEqual(
      CALLS.map(([call]) => call),
    );
    for (const [call, roles] of CALLS) {
      const entry = operations.find((e) => `${e.method.toUpperCase()} ${e.path}` === call)!;
      if (roles === null) {
        expect(entry.operation.security, call).toBeUndefined();
        expect(entry.isPublic, call).toBe(true);
      } else {
        expect(entry.operation.security, call).toEqual([{bearerAuth: roles}]);
        expect(entry.roles, call).toEqual(roles);
        expect(entry.rolesUnspecified, call).toEqual(
          ['read-only', 'read-write', 'admin'].filter((r) => !roles.includes(r)),
        );
      }
    }
    expect(doc.security).toBeUndefined();
  });

  test('error bodies: ProblemDetail as application/problem+json, ErrorResponse as application/json, or none', () => {
    const shapes = new Map<string, string[]>();
    for (const entry of operations) {
      for (const [status, raw] of Object.entries(entry.operation.responses)) {
        if (Number(status) < 400 || status === '503') continue;
        const content = resolveRef(doc, raw).content ?? {};
        const shape =
          Object.entries(content)
            .map(([type, media]) => `${media.schema?.$ref?.split('/').pop()} as ${type}`)
            .join() || 'none';
        shapes.set(shape, [...(shapes.get(shape) ?? []), `${entry.operation.operationId} ${status}`]);
      }
    }
    expect([...shapes.keys()].sort()).toEqual([
      'ErrorResponse as application/json',
      'ProblemDetail as application/problem+json',
      'none',
    ]);
    expect(shapes.get('ProblemDetail as application/problem+json')).toHaveLength(28);
    expect(shapes.get('ErrorResponse as application/json')).toHaveLength(7);
  });

  test('the records of pull and push are Observations, with the geolocation ranges', () => {
    for (const name of ['SyncPullResponse', 'SyncPushRequest'])
      expect(resolveRef(doc, doc.components.schemas[name]).properties!.records.items).toEqual({
        $ref: '#/components/schemas/Observation',
      });
    const point = doc.components.schemas.Observation.properties!.geolocation.properties!;
    expect(point.latitude).toMatchObject({minimum: -90, maximum: 90});
    expect(point.longitude).toMatchObject({minimum: -180, maximum: 180});
    expect(point.altitude_accuracy).toMatchObject({nullable: true, minimum: 0});
  });

  test('the defaults it states in words and in schemas', () => {
    const changes = byId.getAppBundleChanges.parameters;
    expect(changes.find((p) => p.name === 'current')?.description).toMatch(/defaults to latest/);
    expect(changes.find((p) => p.name === 'target')?.description).toMatch(/defaults to previous version/);
    expect(byId.syncPull.parameters.find((p) => p.name === 'limit')?.schema).toMatchObject({
      minimum: 1,
      maximum: 500,
      default: 50,
    });
  });
});

test.describe('examples', () => {
  const problems: string[] = [];
  const check = (where: string, schema: Schema | undefined, value: unknown) => {
    if (!schema || value === undefined) return;
    for (const error of validate(schema, value)) problems.push(`${where}: example ${error}`);
  };

  test("every example of ODE's file validates against its schema", () => {
    problems.length = 0;
    for (const entry of operations) {
      for (const parameter of entry.parameters)
        check(`${entry.operation.operationId} ${parameter.name}`, parameter.schema, parameter.schema?.example);
    }
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      check(`schema ${name}`, {$ref: `#/components/schemas/${name}`}, schema.example);
      for (const [field, sub] of Object.entries(resolveRef(doc, schema).properties ?? {}))
        check(`schema ${name}.${field}`, sub, sub.example);
    }
    expect(problems).toEqual([]);
  });

  test("the site's own examples name real calls, fill only what ODE's file leaves out, and fit its schemas", () => {
    problems.length = 0;
    for (const [operationId, example] of Object.entries(REQUEST_EXAMPLES)) {
      const entry = byId[operationId];
      expect(entry, `src/api/request-examples.ts: ${operationId} is not a call of ${API_SPEC_FILE}`).toBeDefined();
      for (const [name, value] of Object.entries(example.parameters ?? {})) {
        const parameter = entry.parameters.find((p) => p.name === name);
        expect(parameter, `${operationId}: no parameter ${name}`).toBeDefined();
        expect(
          parameter!.example ?? parameter!.schema?.example,
          `${operationId} ${name}: ODE's file has an example`,
        ).toBeUndefined();
        check(`src/api/request-examples.ts ${operationId} ${name}`, parameter!.schema, value);
      }
      if (example.body !== undefined) {
        const media = resolveRef(doc, entry.operation.requestBody!).content['application/json'];
        expect(media.example, `${operationId}: ODE's file has a body example`).toBeUndefined();
        check(`src/api/request-examples.ts ${operationId} body`, media.schema, example.body);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the validator used here does reject bad values (bounds, enums, nullability, required)', () => {
    const observation = (geolocation: unknown) => ({
      observation_id: 'obs-1',
      form_type: 'survey',
      form_version: '1',
      data: {},
      created_at: '2025-06-12T09:00:00Z',
      updated_at: '2025-06-12T09:00:00Z',
      deleted: false,
      geolocation,
    });
    const geo = {latitude: 0, longitude: 0, accuracy: 1, altitude: null, altitude_accuracy: null};
    expect(validateNamed(validate, 'Observation', observation(geo))).toEqual([]);
    expect(validateNamed(validate, 'Observation', observation(null))).toEqual([]);
    for (const wrong of [{latitude: 90.5}, {longitude: -181}, {accuracy: -1}, {altitude_accuracy: -0.1}])
      expect(validateNamed(validate, 'Observation', observation({...geo, ...wrong}))).not.toEqual([]);
    expect(
      validateNamed(validate, 'UserResponse', {username: 'a', role: 'owner', createdAt: '2025-06-12T09:15:00Z'}),
    ).not.toEqual([]);
    expect(validateNamed(validate, 'AttachmentManifestRequest', {client_id: 'c', since_version: -1})).not.toEqual([]);
  });
});
