/**
 * The API contract the site documents, checked against api/synkronus.yaml (API 1.0.3):
 * the 22 calls, who may make each, the public calls, statuses, headers, every named entity with its
 * fields, bounds and defaults, and that every example validates against its schema.
 */
import {test, expect} from '@playwright/test';
import {listOperations, resolveRef, ROLES, type OperationEntry, type Schema} from '../../src/api/openapi';
import {loadApiDescription, schemaValidator, validateNamed} from '../support/api-description';

const doc = loadApiDescription();
const operations = listOperations(doc);
const validate = schemaValidator(doc);
const byId = Object.fromEntries<OperationEntry>(
  operations.map((entry) => [String(entry.operation.operationId), entry]),
);
const schemas = doc.components.schemas;

const ALL = ['read-only', 'read-write', 'admin'];
const ADMIN = ['admin'];

/** Every call (method and path) with the roles that may make it; `null` marks the four calls without a token. */
const CALLS: [string, string[] | null][] = [
  ['GET /health', null],
  ['GET /version', null],
  ['GET /app-bundle/changes', ALL],
  ['GET /app-bundle/manifest', ALL],
  ['GET /app-bundle/download/{path}', ALL],
  ['GET /app-bundle/versions', ALL],
  ['POST /app-bundle/push', ADMIN],
  ['POST /app-bundle/switch/{version}', ADMIN],
  ['POST /auth/login', null],
  ['POST /auth/refresh', null],
  ['POST /users/create', ADMIN],
  ['GET /users', ADMIN],
  ['DELETE /users/{username}', ADMIN],
  ['POST /users/reset-password', ADMIN],
  ['POST /users/change-password', ALL],
  ['POST /sync/pull', ALL],
  ['POST /sync/push', ['read-write']],
  ['POST /attachments/manifest', ALL],
  ['PUT /attachments/{attachment_id}', ['read-write']],
  ['GET /attachments/{attachment_id}', ALL],
  ['HEAD /attachments/{attachment_id}', ALL],
  ['GET /dataexport/parquet', ALL],
];

/** The entities, each a named schema, and their fields in order. */
const ENTITIES: Record<string, string[]> = {
  Observation: [
    'observation_id',
    'form_type',
    'form_version',
    'data',
    'created_at',
    'updated_at',
    'synced_at',
    'deleted',
    'geolocation',
  ],
  User: ['username', 'role', 'createdAt'],
  AuthResponse: ['token', 'refreshToken', 'expiresAt'],
  AppBundleManifest: ['files', 'version', 'generatedAt', 'hash'],
  AppBundleFile: ['path', 'size', 'hash', 'mimeType', 'modTime'],
  AppBundleVersions: ['versions'],
  ChangeLog: [
    'compare_version_a',
    'compare_version_b',
    'form_changes',
    'ui_changes',
    'new_forms',
    'removed_forms',
    'modified_forms',
  ],
  FormDiff: ['form'],
  FormModification: ['form', 'schema_changed', 'ui_changed', 'core_changed', 'added_fields', 'removed_fields'],
  FieldChange: ['field', 'type'],
  SyncPullRequest: ['client_id', 'since', 'schema_types'],
  SyncCursor: ['version', 'id'],
  SyncPullResponse: ['current_version', 'records', 'change_cutoff', 'has_more', 'sync_format_version'],
  SyncPushRequest: ['transmission_id', 'client_id', 'records'],
  SyncPushResponse: ['current_version', 'success_count', 'failed_records', 'warnings'],
  SyncWarning: ['id', 'code', 'message'],
  AttachmentManifestRequest: ['client_id', 'since_version'],
  AttachmentManifestResponse: ['current_version', 'operations', 'total_download_size', 'operation_count'],
  AttachmentOperation: ['operation', 'attachment_id', 'download_url', 'size', 'content_type', 'version'],
  SystemVersionInfo: ['server', 'database', 'system', 'build'],
  ServerInfo: ['version'],
  DatabaseInfo: ['type', 'version', 'database_name'],
  SystemInfo: ['os', 'architecture', 'cpus'],
  BuildInfo: ['commit', 'build_time', 'go_version'],
  Error: ['error'],
  ProblemDetail: ['type', 'title', 'status', 'detail', 'instance', 'errors'],
  FieldError: ['field', 'message'],
  HealthResponse: ['status', 'timestamp', 'version'],
  HealthErrorResponse: ['status', 'error', 'timestamp'],
};

/** What each request body requires. */
const REQUIRED: Record<string, string[]> = {
  LoginRequest: ['username', 'password'],
  RefreshRequest: ['refreshToken'],
  CreateUserRequest: ['username', 'password', 'role'],
  ResetPasswordRequest: ['username', 'newPassword'],
  ChangePasswordRequest: ['currentPassword', 'newPassword'],
  AttachmentUploadRequest: ['file'],
  AppBundlePushRequest: ['bundle'],
  SyncPushRequest: ['transmission_id', 'client_id', 'records'],
};

/** The documented error statuses (400, 401, 403, 404, 409, 413, 500, 503), the successes and the 304 of a download. */
const KNOWN_STATUSES = ['200', '201', '304', '400', '401', '403', '404', '409', '413', '500', '503'];

function property(schemaName: string, name: string): Schema {
  const found = resolveRef(doc, schemas[schemaName]).properties?.[name];
  if (!found) throw new Error(`api/synkronus.yaml: ${schemaName} has no property ${name}`);
  return found;
}

/** An observation the description accepts, with a geolocation of its own. */
const observation = (geolocation: unknown, more: Record<string, unknown> = {}) => ({
  observation_id: 'obs-1',
  form_type: 'survey',
  form_version: '1',
  data: {},
  created_at: '2025-06-12T09:00:00Z',
  updated_at: '2025-06-12T09:00:00Z',
  deleted: false,
  geolocation,
  ...more,
});

test.describe('the API description holds the documented contract', () => {
  test('is OpenAPI 3.0 "Synkronus API" version 1.0.3 with a bearer-token scheme used by default', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.info).toMatchObject({title: 'Synkronus API', version: '1.0.3'});
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({type: 'http', scheme: 'bearer'}),
    });
    expect(doc.security).toEqual([{bearerAuth: []}]);
    for (const topic of ['Authentication', 'API version header', 'Roles', 'Errors', 'Sync pagination']) {
      expect(doc.info.description, `introduction section "${topic}"`).toContain(`## ${topic}`);
    }
  });

  test('has exactly the 22 documented calls', () => {
    const actual = operations.map((entry) => `${entry.method.toUpperCase()} ${entry.path}`).sort();
    expect(actual).toEqual(CALLS.map(([call]) => call).sort());
  });

  for (const [call, roles] of CALLS) {
    test(`${call}: ${roles ? `roles ${roles.join(', ')}` : 'no token'}, stated in x-roles and in words`, () => {
      const entry = operations.find((e) => `${e.method.toUpperCase()} ${e.path}` === call)!;
      const {operation} = entry;
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary).toBeTruthy();
      expect(doc.tags?.map((tag) => tag.name)).toContain(operation.tags?.[0]);
      const words = operation.description?.match(/^Roles: (.*)$/m)?.[1];
      if (roles === null) {
        expect(operation.security, `${call} needs no token`).toEqual([]);
        expect(operation['x-roles']).toBeUndefined();
        expect(words).toBe('none, this call needs no token.');
      } else {
        expect(entry.isPublic).toBe(false);
        expect(operation['x-roles']).toEqual(roles);
        if (roles.length === 1 && roles[0] === 'admin') expect(words).toBe('admin only.');
        else if (roles.length === 3) expect(words).toBe('read-only, read-write and admin.');
        else expect(words).toMatch(/^read-write\. Whether the admin role may \w+ is not specified\.$/);
      }
    });
  }

  test('sync push and attachment upload, and only they, leave open whether the admin role may make them', () => {
    expect(byId.syncPush.rolesUnspecified).toEqual(['admin']);
    expect(byId.uploadAttachment.rolesUnspecified).toEqual(['admin']);
    expect(operations.filter((e) => e.rolesUnspecified.length).length).toBe(2);
  });

  test('every call accepts the optional x-api-version header, a MAJOR.MINOR.PATCH version', () => {
    for (const entry of operations) {
      const header = entry.parameters.find((p) => p.name === 'x-api-version');
      expect(header, entry.operation.operationId).toMatchObject({in: 'header', required: false});
    }
    const pattern = new RegExp(resolveRef(doc, doc.components.parameters!.ApiVersion).schema!.pattern!);
    expect(['1.0.3', '10.20.30'].every((v) => pattern.test(v))).toBe(true);
    expect(['1.0', 'v1.0.3', '1.0.3-beta', ''].some((v) => pattern.test(v))).toBe(false);
  });

  test('statuses: only documented ones; 401 on every protected call; 403 where a role is refused; 409, 413, 503 and 404 where they apply', () => {
    for (const entry of operations) {
      const statuses = Object.keys(entry.operation.responses);
      const id = entry.operation.operationId ?? `${entry.method.toUpperCase()} ${entry.path}`;
      expect(
        statuses.filter((s) => !KNOWN_STATUSES.includes(s)),
        id,
      ).toEqual([]);
      expect(statuses, `${id}: every call can get 400 (at least for a bad x-api-version)`).toContain('400');
      expect(statuses.includes('401'), `${id} 401`).toBe(!entry.isPublic || ['login', 'refreshToken'].includes(id));
      expect(statuses.includes('403'), `${id} 403`).toBe(!entry.isPublic && entry.roles.length < 3);
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${id} success`,
      ).toBe(true);
    }
    const has = (id: string, status: string) =>
      expect(Object.keys(byId[id].operation.responses), `${id} ${status}`).toContain(status);
    has('getHealth', '503');
    has('createUser', '201');
    has('createUser', '409');
    has('uploadAttachment', '409');
    has('pushAppBundle', '413');
    for (const id of [
      'deleteUser',
      'resetUserPassword',
      'switchAppBundleVersion',
      'getAppBundleChanges',
      'downloadAttachment',
      'checkAttachmentExists',
    ])
      has(id, '404');
    for (const id of ['login', 'refreshToken', 'changePassword'])
      expect(byId[id].operation.responses['401'].description).toMatch(
        /login failed|invalid or expired|current password is wrong/i,
      );
  });

  test('error bodies are an Error (error string) or a ProblemDetail', () => {
    for (const entry of operations) {
      for (const [status, response] of Object.entries(entry.operation.responses)) {
        const content = resolveRef(doc, response).content;
        if (Number(status) < 400 || status === '503' || entry.method === 'head') continue;
        expect(Object.keys(content ?? {}), `${entry.operation.operationId} ${status}`).toEqual(['application/json']);
        expect(content!['application/json'].schema).toEqual({
          oneOf: [{$ref: '#/components/schemas/Error'}, {$ref: '#/components/schemas/ProblemDetail'}],
        });
      }
    }
    expect(resolveRef(doc, schemas.Error)).toMatchObject({required: ['error'], properties: {error: {type: 'string'}}});
    expect(property('ProblemDetail', 'status').type).toBe('integer');
    expect(property('ProblemDetail', 'errors').items).toEqual({$ref: '#/components/schemas/FieldError'});
  });

  test('the manifest answers with an ETag; a download takes If-None-Match and may answer 304', () => {
    expect(byId.getAppBundleManifest.operation.responses['200'].headers).toHaveProperty('ETag');
    const download = byId.downloadAppBundleFile;
    expect(download.parameters.find((p) => p.name === 'If-None-Match')).toMatchObject({in: 'header', required: false});
    expect(download.parameters.find((p) => p.name === 'preview')).toMatchObject({
      in: 'query',
      schema: {type: 'boolean'},
    });
    expect(download.operation.responses['304']).toBeDefined();
    expect(download.operation.responses['200'].headers).toHaveProperty('ETag');
    expect(Object.keys(byId.pushAppBundle.operation.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(resolveRef(doc, schemas.AppBundlePushRequest).properties!.bundle).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(resolveRef(doc, schemas.AttachmentUploadRequest).properties!.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(
      byId.checkAttachmentExists.operation.responses['200'].content,
      'HEAD answer details are not specified',
    ).toBeUndefined();
  });

  test('every documented entity is a named schema with all its fields', () => {
    for (const [name, fields] of Object.entries(ENTITIES)) {
      expect(Object.keys(resolveRef(doc, schemas[name] ?? {}).properties ?? {}), name).toEqual(fields);
    }
    for (const [name, required] of Object.entries(REQUIRED)) {
      expect(resolveRef(doc, schemas[name]).required, name).toEqual(required);
    }
  });

  test('bounds, formats, nullability, enums and defaults of the documented fields', () => {
    // geolocation is an inline nullable object with these fields, as in the 1.0.3 file of the release.
    const geolocation = property('Observation', 'geolocation');
    expect(geolocation).toMatchObject({type: 'object', nullable: true});
    expect(Object.keys(geolocation.properties ?? {})).toEqual([
      'latitude',
      'longitude',
      'accuracy',
      'altitude',
      'altitude_accuracy',
    ]);
    const point = geolocation.properties!;
    expect(point.latitude).toMatchObject({type: 'number', minimum: -90, maximum: 90});
    expect(point.longitude).toMatchObject({type: 'number', minimum: -180, maximum: 180});
    expect(point.accuracy).toMatchObject({minimum: 0});
    expect(point.altitude).toMatchObject({nullable: true});
    expect(point.altitude_accuracy).toMatchObject({nullable: true, minimum: 0});
    expect(property('Observation', 'synced_at')).toMatchObject({format: 'date-time', nullable: true});
    expect(property('Observation', 'deleted').type).toBe('boolean');
    expect(property('Observation', 'data')).toMatchObject({type: 'object', additionalProperties: true});
    expect(resolveRef(doc, schemas.Role).enum).toEqual([...ROLES]);
    expect(property('AuthResponse', 'expiresAt').type).toBe('integer');
    expect(property('SyncPushRequest', 'transmission_id')).toMatchObject({type: 'string', format: 'uuid'});
    expect(property('AttachmentManifestRequest', 'since_version')).toMatchObject({type: 'integer', minimum: 0});
    expect(property('AttachmentOperation', 'operation').enum).toEqual(['download', 'delete']);
    expect(property('SyncPullResponse', 'sync_format_version').example).toBe('1.0');
    expect(property('HealthResponse', 'status').enum).toEqual(['ok']);
    expect(property('HealthErrorResponse', 'status').enum).toEqual(['error']);
    const limit = byId.syncPull.parameters.find((p) => p.name === 'limit')!;
    expect(limit).toMatchObject({
      in: 'query',
      required: false,
      schema: {type: 'integer', minimum: 1, maximum: 500, default: 50},
    });
    expect(byId.syncPull.parameters.find((p) => p.name === 'schemaType')).toMatchObject({in: 'query'});
  });

  test('the records of pull and push are free-form objects (their inner shape is not specified)', () => {
    const record = resolveRef(doc, schemas.SyncRecord);
    expect(record).toMatchObject({type: 'object', additionalProperties: true});
    expect(record.properties).toBeUndefined();
    for (const [name, field] of [
      ['SyncPullResponse', 'records'],
      ['SyncPushRequest', 'records'],
      ['SyncPushResponse', 'failed_records'],
    ]) {
      expect(property(name, field).items, `${name}.${field}`).toEqual({$ref: '#/components/schemas/SyncRecord'});
    }
  });

  test('app bundle version identifiers in examples look like timestamps', () => {
    const versions = [
      ...(
        byId.getAppBundleVersions.operation.responses['200'].content!['application/json'].example as {
          versions: string[];
        }
      ).versions,
      String(byId.switchAppBundleVersion.parameters.find((p) => p.name === 'version')!.example),
      String(property('AppBundleManifest', 'version').example),
    ];
    for (const version of versions) expect(version).toMatch(/^20\d{6}-\d{6}$/);
  });

  test('every schema but Observation, a documented entity no call names, is used by a call (what no-unused-components would check)', () => {
    const text =
      JSON.stringify(doc.paths) + JSON.stringify(doc.components.responses) + JSON.stringify(doc.components.schemas);
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    expect(unused).toEqual(['Observation']);
  });

  test('every request and response has an example (binary bodies excepted) and every example validates', () => {
    const problems: string[] = [];
    const check = (where: string, schema: Schema | undefined, value: unknown) => {
      if (!schema || value === undefined) return;
      for (const error of validate(schema, value)) problems.push(`api/synkronus.yaml ${where}: example ${error}`);
    };
    const isBinary = (schema?: Schema) =>
      !!schema &&
      (resolveRef(doc, schema).format === 'binary' ||
        Object.values(resolveRef(doc, schema).properties ?? {}).some((p) => p.format === 'binary'));
    for (const entry of operations) {
      const id = entry.operation.operationId;
      for (const parameter of entry.parameters) {
        if (parameter.example === undefined && parameter.schema?.default === undefined && parameter.in !== 'header') {
          problems.push(`api/synkronus.yaml ${id}: parameter ${parameter.name} has no example or default`);
        }
        check(`${id} parameter ${parameter.name}`, parameter.schema, parameter.example);
      }
      const bodies = [
        ...Object.entries(entry.operation.requestBody?.content ?? {}).map(
          ([type, media]) => [`${id} request ${type}`, media] as const,
        ),
        ...Object.entries(entry.operation.responses).flatMap(([status, response]) =>
          Object.entries(resolveRef(doc, response).content ?? {}).map(
            ([type, media]) => [`${id} ${status} ${type}`, media] as const,
          ),
        ),
      ];
      for (const [where, media] of bodies) {
        if (isBinary(media.schema)) continue;
        if (media.example === undefined) problems.push(`api/synkronus.yaml ${where}: no example`);
        check(where, media.schema, media.example);
      }
      for (const [status, response] of Object.entries(entry.operation.responses)) {
        for (const [name, header] of Object.entries(resolveRef(doc, response).headers ?? {}) as [
          string,
          {schema: Schema; example?: unknown},
        ][]) {
          check(`${id} ${status} header ${name}`, header.schema, header.example);
        }
      }
    }
    for (const [name, schema] of Object.entries(schemas)) {
      check(`schema ${name}`, {$ref: `#/components/schemas/${name}`}, schema.example);
      for (const [field, sub] of Object.entries(resolveRef(doc, schema).properties ?? {}))
        check(`schema ${name}.${field}`, sub, sub.example);
    }
    expect(problems).toEqual([]);
  });

  test('the validator used here does reject bad values (bounds, enums, nullability, required)', () => {
    const geo = {latitude: 0, longitude: 0, accuracy: 1, altitude: null, altitude_accuracy: null};
    expect(validateNamed(validate, 'Observation', observation(geo))).toEqual([]);
    for (const wrong of [{latitude: 90.5}, {longitude: -181}, {accuracy: -1}, {altitude_accuracy: -0.1}])
      expect(validateNamed(validate, 'Observation', observation({...geo, ...wrong}))).not.toEqual([]);
    expect(
      validateNamed(validate, 'User', {username: 'a', role: 'owner', createdAt: '2025-06-12T09:15:00Z'}),
    ).not.toEqual([]);
    expect(
      validateNamed(validate, 'SyncPushRequest', {transmission_id: 'not-a-uuid', client_id: 'c', records: []}),
    ).not.toEqual([]);
    expect(validateNamed(validate, 'AttachmentManifestRequest', {client_id: 'c', since_version: -1})).not.toEqual([]);
    expect(validateNamed(validate, 'LoginRequest', {username: 'a'})).not.toEqual([]);
  });
});

test('every nullable field accepts null: `nullable` stands beside a `type` in the same schema object', () => {
  // Under OpenAPI 3.0.3 `nullable: true` adds null only to a `type` of the same object; beside an allOf, oneOf
  // or $ref alone it changes nothing, and the description would refuse the null it means to allow.
  const ineffective: string[] = [];
  const nullable: string[] = [];
  const walk = (schema: unknown, pointer: string) => {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Record<string, unknown>;
    if (node.nullable === true) {
      nullable.push(pointer);
      if (typeof node.type !== 'string') ineffective.push(`api/synkronus.yaml ${pointer}: nullable without a type`);
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${pointer}/${key}`);
  };
  walk(doc, '#');
  console.log(`nullable fields: ${nullable.length}, each beside a type`);
  expect(ineffective).toEqual([]);
  expect(nullable.length).toBeGreaterThan(0);
  const record = observation(null, {synced_at: null});
  expect(validateNamed(validate, 'Observation', record)).toEqual([]);
  expect(
    validateNamed(
      validate,
      'Observation',
      observation({latitude: 1, longitude: 2, accuracy: 3, altitude: null, altitude_accuracy: null}),
    ),
  ).toEqual([]);
});
