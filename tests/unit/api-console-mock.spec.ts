/**
 * The in-browser Synkronus (packages/synkronus-mock/src), in Node without a browser: every operation of the
 * description answers its happy path and every documented error status the mock can produce, each
 * answer checked against the description with Ajv (tests/support/api-console.ts); a table lists, for
 * every operation, each documented status either as covered here or as one the mock cannot produce,
 * so a status added to the description fails this test until it is covered or explained.
 * Also: the seed, paging, versions, the ZIP of the export, reset, and the contract itself.
 */
import {test, expect} from '@playwright/test';
import {
  answerProblems,
  CONTRACT,
  contractOperation,
  newSynkronus,
  OPERATIONS,
  responseProblems,
} from '../support/api-console';
import {
  SEED_CURRENT_VERSION,
  SEED_OBSERVATION_COUNT,
  SEED_USERS,
  seedObservationVersion,
  type Synkronus,
} from 'synkronus-mock/src';
import {listZip, writeZip} from 'synkronus-mock/src/zip';
import {listOperations} from '../../src/api/openapi';
import {API} from '../support/api-description';
import {parquetRows} from '../../packages/synkronus-mock/tests/support/parquet';

const BASE = 'http://localhost:8080';

type CallOptions = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  form?: Record<string, Blob | string>;
  token?: string | null;
};

/** Sends a request for `operationId` to the mock (path parameters default to their documented examples). */
async function call(mock: Synkronus, operationId: string, options: CallOptions = {}): Promise<Response> {
  const op = contractOperation(operationId);
  let path = op.path;
  for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
    path = path.replace(
      `{${parameter.name}}`,
      encodeURIComponent(options.params?.[parameter.name] ?? parameter.example ?? 'x'),
    );
  }
  const url = new URL(BASE + path);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers.set('Content-Type', 'application/json');
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('Content-Type', 'application/json');
  } else if (options.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.form)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, 'upload.bin');
    }
    body = form;
  } else if (op.body?.example && op.body.mediaType === 'application/json') {
    body = op.body.example;
    headers.set('Content-Type', 'application/json');
  }
  return mock.handle(new Request(url, {method: op.method, headers, body}));
}

async function login(mock: Synkronus, role: 'admin' | 'read-write' | 'read-only'): Promise<string> {
  const user = SEED_USERS.find((u) => u.role === role)!;
  const response = await call(mock, 'login', {body: {username: user.username, password: user.password}});
  expect(response.status).toBe(200);
  return ((await response.json()) as {token: string}).token;
}

const NOT_SPECIFIED = 'not specified by the description';
/** An attachment of the seed (ODE's file's example id, `abc123.jpg`, is not one). */
const STORED_ATTACHMENT = '3f2b9c1e-7d4a-4e8b-a6c5-1d2e3f4a5b6c.jpg';

/** An answer with a status the operation does not document is marked as one the description leaves open. */
function expectUnspecifiedUnlessDocumented(op: (typeof OPERATIONS)[number], response: Response, status: number) {
  const documented = op.responses.some((r) => r.status === String(status));
  expect(response.headers.has('x-synkronus-unspecified'), `${op.operationId} ${status} documented: ${documented}`).toBe(
    !documented,
  );
}

/** Checks the answer against the description and its status; returns it. */
async function expectAnswer(operationId: string, response: Response, status: number): Promise<Response> {
  const text = await response.clone().text();
  expect(response.status, `${operationId}: ${text}`).toBe(status);
  // An answer the description leaves open is marked so, and is not the description's to check.
  if (response.headers.has('x-synkronus-unspecified')) return response;
  expect(await responseProblems(operationId, response)).toEqual([]);
  return response;
}

const ROLE_FOR: Record<string, 'admin' | 'read-write' | 'read-only'> = {};
for (const op of OPERATIONS)
  ROLE_FOR[op.operationId] = op.roles.includes('read-only')
    ? 'read-only'
    : op.roles.includes('read-write')
      ? 'read-write'
      : 'admin';

const zipOf = (files: Record<string, string>) =>
  new Blob([
    writeZip(
      Object.entries(files).map(([name, text]) => ({name, data: new TextEncoder().encode(text)})),
    ) as Uint8Array<ArrayBuffer>,
  ]);

type Case = {status: number; what: string; run: (mock: Synkronus, token: string) => Promise<Response>};

/** The happy path and the producible documented errors of each operation (the token is one of a role allowed to call). */
const CASES: Record<string, Case[]> = {
  getHealth: [{status: 200, what: 'healthy', run: (m) => call(m, 'getHealth')}],
  // The description gives the answer's example: the engine answers with it.
  getVersion: [{status: 200, what: "the description's example", run: (m) => call(m, 'getVersion')}],
  login: [
    {status: 200, what: 'the documented example logs in', run: (m) => call(m, 'login')},
    {status: 400, what: 'no password', run: (m) => call(m, 'login', {body: {username: 'admin'}})},
    {status: 401, what: 'wrong password', run: (m) => call(m, 'login', {body: {username: 'admin', password: 'nope'}})},
  ],
  refreshToken: [
    {
      status: 200,
      what: 'a refresh token of a login',
      run: async (m) => {
        const {refreshToken} = (await (await call(m, 'login')).json()) as {refreshToken: string};
        return call(m, 'refreshToken', {body: {refreshToken}});
      },
    },
    {status: 400, what: 'no refresh token', run: (m) => call(m, 'refreshToken', {body: {}})},
    {status: 401, what: 'an unknown refresh token', run: (m) => call(m, 'refreshToken')},
  ],
  listUsers: [{status: 200, what: 'the seeded users', run: (m, t) => call(m, 'listUsers', {token: t})}],
  createUser: [
    {
      status: 201,
      what: 'a new user',
      run: (m, t) =>
        call(m, 'createUser', {token: t, body: {username: 'enumerator', password: 'pw-123456', role: 'read-only'}}),
    },
    {
      status: 400,
      what: 'a role that does not exist',
      run: (m, t) => call(m, 'createUser', {token: t, body: {username: 'x', password: 'y', role: 'owner'}}),
    },
    {
      status: 409,
      what: 'fieldworker exists',
      run: (m, t) =>
        call(m, 'createUser', {token: t, body: {username: 'fieldworker', password: 'pw-123456', role: 'read-only'}}),
    },
  ],
  deleteUser: [
    {status: 200, what: 'fieldworker', run: (m, t) => call(m, 'deleteUser', {token: t})},
    {status: 404, what: 'nobody', run: (m, t) => call(m, 'deleteUser', {token: t, params: {username: 'nobody'}})},
  ],
  resetUserPassword: [
    {status: 200, what: 'fieldworker', run: (m, t) => call(m, 'resetUserPassword', {token: t})},
    {
      status: 400,
      what: 'no new password',
      run: (m, t) => call(m, 'resetUserPassword', {token: t, body: {username: 'fieldworker'}}),
    },
    {
      status: 404,
      what: 'nobody',
      run: (m, t) => call(m, 'resetUserPassword', {token: t, body: {username: 'nobody', newPassword: 'pw'}}),
    },
  ],
  changePassword: [
    {
      status: 200,
      what: 'own password',
      run: (m, t) =>
        call(m, 'changePassword', {token: t, body: {currentPassword: 'viewer-passphrase', newPassword: 'new-one'}}),
    },
    {
      status: 400,
      what: 'no new password',
      run: (m, t) => call(m, 'changePassword', {token: t, body: {currentPassword: 'viewer-passphrase'}}),
    },
    {
      status: 401,
      what: 'wrong current password (the documented example)',
      run: (m, t) => call(m, 'changePassword', {token: t}),
    },
  ],
  syncPull: [
    {status: 200, what: 'first page', run: (m, t) => call(m, 'syncPull', {token: t, body: {client_id: 'c1'}})},
    {
      status: 400,
      what: 'limit 501',
      run: (m, t) => call(m, 'syncPull', {token: t, query: {limit: '501'}, body: {client_id: 'c1'}}),
    },
    {status: 400, what: 'no client_id', run: (m, t) => call(m, 'syncPull', {token: t, body: {}})},
    {
      status: 400,
      what: 'a body that is not JSON',
      run: (m, t) => call(m, 'syncPull', {token: t, rawBody: '{"client_id": '}),
    },
  ],
  syncPush: [
    {status: 200, what: 'the documented example', run: (m, t) => call(m, 'syncPush', {token: t})},
    {
      status: 400,
      what: 'no transmission_id',
      run: (m, t) => call(m, 'syncPush', {token: t, body: {client_id: 'c1', records: []}}),
    },
  ],
  getAttachmentManifest: [
    {
      status: 200,
      what: 'since 0',
      run: (m, t) => call(m, 'getAttachmentManifest', {token: t, body: {client_id: 'c1', since_version: 0}}),
    },
    {
      status: 400,
      what: 'negative since_version',
      run: (m, t) => call(m, 'getAttachmentManifest', {token: t, body: {client_id: 'c1', since_version: -1}}),
    },
  ],
  uploadAttachment: [
    {
      status: 200,
      what: 'a new attachment',
      run: (m, t) =>
        call(m, 'uploadAttachment', {
          token: t,
          params: {attachment_id: 'new.jpg'},
          form: {file: new Blob(['bytes'], {type: 'image/jpeg'})},
        }),
    },
    {
      status: 400,
      what: 'no file field',
      run: (m, t) =>
        call(m, 'uploadAttachment', {token: t, params: {attachment_id: 'new.jpg'}, form: {note: 'no file'}}),
    },
    {
      status: 409,
      what: 'a stored id',
      run: (m, t) =>
        call(m, 'uploadAttachment', {
          token: t,
          params: {attachment_id: STORED_ATTACHMENT},
          form: {file: new Blob(['bytes'])},
        }),
    },
  ],
  downloadAttachment: [
    {
      status: 200,
      what: 'a stored id',
      run: (m, t) => call(m, 'downloadAttachment', {token: t, params: {attachment_id: STORED_ATTACHMENT}}),
    },
    {
      status: 404,
      what: 'an unknown id',
      run: (m, t) => call(m, 'downloadAttachment', {token: t, params: {attachment_id: 'none.jpg'}}),
    },
  ],
  checkAttachmentExists: [
    {
      status: 200,
      what: 'a stored id',
      run: (m, t) => call(m, 'checkAttachmentExists', {token: t, params: {attachment_id: STORED_ATTACHMENT}}),
    },
    {
      status: 404,
      what: 'a deleted attachment',
      run: (m, t) =>
        call(m, 'checkAttachmentExists', {
          token: t,
          params: {attachment_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.jpg'},
        }),
    },
  ],
  getAppBundleManifest: [
    {status: 200, what: 'the active version', run: (m, t) => call(m, 'getAppBundleManifest', {token: t})},
  ],
  downloadAppBundleFile: [
    {status: 200, what: 'app/index.html', run: (m, t) => call(m, 'downloadAppBundleFile', {token: t})},
    {
      status: 304,
      what: 'If-None-Match with the ETag of the last answer',
      run: async (m, t) => {
        const etag = (await call(m, 'downloadAppBundleFile', {token: t})).headers.get('ETag')!;
        return call(m, 'downloadAppBundleFile', {token: t, headers: {'If-None-Match': etag}});
      },
    },
    {
      status: 404,
      what: 'a file not in the bundle',
      run: (m, t) => call(m, 'downloadAppBundleFile', {token: t, params: {path: 'app/missing.js'}}),
    },
  ],
  getAppBundleVersions: [
    {status: 200, what: 'three versions', run: (m, t) => call(m, 'getAppBundleVersions', {token: t})},
  ],
  getAppBundleChanges: [
    {
      status: 200,
      what: 'the documented versions',
      run: (m, t) =>
        call(m, 'getAppBundleChanges', {token: t, query: {current: '20250601-080000', target: '20250612-091000'}}),
    },
    {
      status: 404,
      what: 'an unknown version',
      run: (m, t) =>
        call(m, 'getAppBundleChanges', {token: t, query: {current: '20990101-000000', target: '20250612-091000'}}),
    },
  ],
  pushAppBundle: [
    {
      status: 200,
      what: 'a ZIP',
      run: (m, t) =>
        call(m, 'pushAppBundle', {
          token: t,
          form: {
            bundle: zipOf({
              'app/index.html': '<p>new</p>',
              'forms/water_point/schema.json': '{"properties":{"depth":{"type":"number"}}}',
            }),
          },
        }),
    },
    {
      status: 400,
      what: 'a file that is not a ZIP',
      run: (m, t) => call(m, 'pushAppBundle', {token: t, form: {bundle: new Blob(['not a zip'])}}),
    },
    {
      status: 413,
      what: 'a bundle over the limit',
      run: (m, t) => call(m, 'pushAppBundle', {token: t, form: {bundle: new Blob([new Uint8Array(1024 * 1024 + 1)])}}),
    },
  ],
  switchAppBundleVersion: [
    {
      status: 200,
      what: 'an older version',
      run: (m, t) => call(m, 'switchAppBundleVersion', {token: t, params: {version: '20250605-143000'}}),
    },
    {
      status: 404,
      what: 'an unknown version',
      run: (m, t) => call(m, 'switchAppBundleVersion', {token: t, params: {version: '20990101-000000'}}),
    },
  ],
  getParquetExportZip: [{status: 200, what: 'a ZIP', run: (m, t) => call(m, 'getParquetExportZip', {token: t})}],
};

/** Documented statuses the mock never produces, and why. */
const NOT_PRODUCIBLE: Record<string, string> = {
  '500': 'the in-browser Synkronus has no internal failures to report (it answers 500 only for a bug of its own)',
  '503': 'the engine answers 503 only when a test makes its database unreachable (failDatabase)',
};

test.describe('the in-browser Synkronus', () => {
  test('its contract has every operation of the description, with its statuses and roles', () => {
    const entries = listOperations(API);
    expect(OPERATIONS.map((op) => op.operationId)).toEqual(entries.map((e) => e.operation.operationId));
    for (const [index, entry] of entries.entries()) {
      expect(OPERATIONS[index].responses.map((r) => r.status)).toEqual(Object.keys(entry.operation.responses));
      expect(OPERATIONS[index].roles).toEqual(entry.roles);
    }
    expect(Object.keys(CONTRACT.schemas)).toEqual(Object.keys(API.components.schemas));
  });

  test('every documented status of every operation is covered below or explained', () => {
    const uncovered: string[] = [];
    let covered = 0;
    let errors = 0;
    for (const op of OPERATIONS) {
      const statuses = new Set([
        ...(CASES[op.operationId] ?? []).map((c) => String(c.status)),
        ...(op.isPublic ? [] : ['401']),
        ...(op.roles.length < 3 && !op.isPublic ? ['403'] : []),
        '400',
      ]);
      for (const {status} of op.responses) {
        if (statuses.has(status)) {
          covered++;
          if (status >= '400') errors++;
        } else if (!NOT_PRODUCIBLE[status] && !NOT_PRODUCIBLE[`${op.operationId} ${status}`])
          uncovered.push(`${op.operationId} ${status}`);
      }
    }
    console.log(
      `in-browser Synkronus: ${OPERATIONS.length} operations, ${covered} documented statuses covered, ${errors} of them errors`,
    );
    expect(uncovered).toEqual([]);
  });

  for (const op of OPERATIONS) {
    test(`${op.operationId}: happy path and documented errors match the description`, async () => {
      const cases = CASES[op.operationId];
      expect(cases, `cases for ${op.operationId}`).toBeDefined();
      for (const c of cases) {
        const mock = newSynkronus();
        const token = op.isPublic ? '' : await login(mock, ROLE_FOR[op.operationId]);
        await test.step(`${c.status}: ${c.what}`, async () => {
          await expectAnswer(op.operationId, await c.run(mock, token), c.status);
        });
      }
      const mock = newSynkronus();
      if (op.parameters.some((p) => p.name === 'x-api-version'))
        await test.step('400: an x-api-version that is not MAJOR.MINOR.PATCH, naming the header', async () => {
          const response = await call(mock, op.operationId, {
            headers: {'x-api-version': 'one'},
            token: op.isPublic ? null : await login(mock, ROLE_FOR[op.operationId]),
          });
          await expectAnswer(op.operationId, response, 400);
          expectUnspecifiedUnlessDocumented(op, response, 400);
          // The description gives no error text: the body says so, and the engine's reason names the header apart.
          if (op.method !== 'HEAD') expect(await response.text()).toContain(NOT_SPECIFIED);
          expect(response.headers.get('x-synkronus-reason')).toContain('x-api-version');
        });
      if (op.isPublic) return;
      await test.step('401: no token, an unknown token, an expired token', async () => {
        await expectAnswer(op.operationId, await call(mock, op.operationId), 401);
        await expectAnswer(op.operationId, await call(mock, op.operationId, {token: 'forged'}), 401);
        const token = await login(mock, ROLE_FOR[op.operationId]);
        mock.expireTokens();
        const expired = await call(mock, op.operationId, {token});
        await expectAnswer(op.operationId, expired, 401);
        expectUnspecifiedUnlessDocumented(op, expired, 401);
        // The description gives no error text: the body says so, and the engine's reason is a header apart.
        if (op.method !== 'HEAD' && op.responses.some((r) => r.status === '401' && r.mediaType))
          expect(await expired.text()).toContain(NOT_SPECIFIED);
        expect(expired.headers.get('x-synkronus-reason') ?? expired.headers.get('x-synkronus-unspecified')).toMatch(
          /token/,
        );
      });
      const refused = (['read-only', 'read-write', 'admin'] as const).filter((role) => !op.roles.includes(role));
      for (const role of refused) {
        const fresh = newSynkronus();
        const response = await call(fresh, op.operationId, {token: await login(fresh, role)});
        if (!op.responses.some((r) => r.status === '403')) {
          await test.step(`the ${role} role, which the description does not list, and no 403 documented`, () => {
            expect(response.status).toBe(501);
            expect(response.headers.get('x-synkronus-unspecified')).toContain(role);
          });
        } else {
          await test.step(`403: the ${role} role`, async () => {
            await expectAnswer(op.operationId, response, 403);
          });
        }
      }
    });
  }

  test('the seed: 120 observations of two form types, pulled in three pages of 50 exactly once', async () => {
    const mock = newSynkronus();
    const token = await login(mock, 'read-only');
    const seen: string[] = [];
    let since: number | undefined;
    let pages = 0;
    for (;;) {
      const response = await call(mock, 'syncPull', {
        token,
        body: {client_id: 'c1', ...(since === undefined ? {} : {since: {version: since}})},
      });
      await expectAnswer('syncPull', response, 200);
      const page = (await response.json()) as {
        records: {observation_id: string}[];
        has_more: boolean;
        change_cutoff: number;
      };
      pages++;
      seen.push(...page.records.map((r) => r.observation_id));
      if (!page.has_more) break;
      since = page.change_cutoff;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(SEED_OBSERVATION_COUNT);
    expect(new Set(seen).size).toBe(SEED_OBSERVATION_COUNT);
  });

  test('the documented pull example gets records on the first try; an empty page ends where it started', async () => {
    const mock = newSynkronus();
    const token = await login(mock, 'read-only');
    const example = JSON.parse(contractOperation('syncPull').body!.example!) as {
      since: {version: number};
      schema_types: string[];
    };
    // The example as the console prefills it: its body, no query parameter.
    const response = await expectAnswer('syncPull', await call(mock, 'syncPull', {token}), 200);
    const page = (await response.json()) as {
      current_version: number;
      change_cutoff: number;
      records: {form_type: string; version: number}[];
    };
    expect(page.records.length, "records after the example's since.version").toBeGreaterThan(0);
    for (const record of page.records) {
      expect(record.version).toBeGreaterThan(example.since.version);
      expect(example.schema_types).toContain(record.form_type);
    }
    expect(page.current_version).toBe(SEED_CURRENT_VERSION);
    expect(page.change_cutoff).toBeLessThanOrEqual(page.current_version);
    expect(seedObservationVersion(SEED_OBSERVATION_COUNT - 1)).toBe(SEED_CURRENT_VERSION);

    // The manifest example asks for the same changes: the seeded download and deletion come back.
    const manifest = await expectAnswer(
      'getAttachmentManifest',
      await call(mock, 'getAttachmentManifest', {token}),
      200,
    );
    expect(await manifest.json()).toMatchObject({
      current_version: SEED_CURRENT_VERSION,
      operation_count: {download: 1, delete: 1},
    });

    // A since.version beyond every change: no records, and change_cutoff stays where the pull started (the
    // description does not say; the release answers so, and the engine says its choice in its reason).
    for (const since of [SEED_CURRENT_VERSION, SEED_CURRENT_VERSION + 1, 10 ** 9]) {
      const empty = (await (
        await expectAnswer(
          'syncPull',
          await call(mock, 'syncPull', {token, body: {client_id: 'c1', since: {version: since}}}),
          200,
        )
      ).json()) as {records: unknown[]; change_cutoff: number; current_version: number; has_more: boolean};
      expect(empty, `since.version ${since}`).toMatchObject({
        records: [],
        has_more: false,
        change_cutoff: since,
        current_version: SEED_CURRENT_VERSION,
      });
    }
  });

  test('a push stores valid records with growing versions; a record that is not an Observation and a repeated transmission are answered as unspecified', async () => {
    const mock = newSynkronus();
    const token = await login(mock, 'read-write');
    const record = (id: string) => ({
      observation_id: id,
      form_type: 'water_point',
      form_version: '1.0',
      data: {},
      created_at: '2025-06-12T09:00:00Z',
      updated_at: '2025-06-12T09:00:00Z',
      deleted: false,
    });
    const body = {
      transmission_id: '0b7e6c1a-2f4d-4e8a-9c3b-5d6e7f809a1b',
      client_id: 'c1',
      records: [record('a'), record('c')],
    };
    // ODE's file makes each record an Observation, and lists no 400 for a push: a body with another record is open.
    const invalid = await call(mock, 'syncPush', {
      token,
      body: {...body, transmission_id: '1c8f7d2b-3a5e-4f9b-8d4c-6e7f8091a2b3', records: [{observation_id: 'b'}]},
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('x-synkronus-unspecified')).toContain('records[0]');
    const pushed = await expectAnswer('syncPush', await call(mock, 'syncPush', {token, body}), 200);
    expect(await pushed.json()).toMatchObject({success_count: 2, current_version: SEED_CURRENT_VERSION + 2});
    // What a server does with a transmission it has seen, the description does not say.
    const again = await call(mock, 'syncPush', {token, body});
    expect(again.status).toBe(501);
    expect(again.headers.get('x-synkronus-unspecified')).toContain('transmission_id');
    const pull = (await (
      await call(mock, 'syncPull', {token, body: {client_id: 'c2', since: {version: SEED_CURRENT_VERSION}}})
    ).json()) as {records: {observation_id: string; version: number}[]};
    expect(pull.records.map((r) => [r.observation_id, r.version])).toEqual([
      ['a', SEED_CURRENT_VERSION + 1],
      ['c', SEED_CURRENT_VERSION + 2],
    ]);
    expect(
      await (await call(mock, 'syncPull', {token, body: {client_id: 'c2'}, query: {schemaType: 'water_point'}})).json(),
    ).toMatchObject({has_more: true});
  });

  test('attachments: upload, existence check, download of the same bytes, manifest, 409 on a second upload', async () => {
    const mock = newSynkronus();
    const token = await login(mock, 'read-write');
    const file = new Blob(['photo bytes'], {type: 'image/png'});
    expect((await call(mock, 'uploadAttachment', {token, params: {attachment_id: 'p.png'}, form: {file}})).status).toBe(
      200,
    );
    expect((await call(mock, 'checkAttachmentExists', {token, params: {attachment_id: 'p.png'}})).status).toBe(200);
    expect(await (await call(mock, 'downloadAttachment', {token, params: {attachment_id: 'p.png'}})).text()).toBe(
      'photo bytes',
    );
    const manifest = (await (
      await call(mock, 'getAttachmentManifest', {token, body: {client_id: 'c', since_version: SEED_CURRENT_VERSION}})
    ).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      operations: [
        {
          operation: 'download',
          attachment_id: 'p.png',
          size: 11,
          content_type: 'image/png',
          version: SEED_CURRENT_VERSION + 1,
        },
      ],
      operation_count: {download: 1, delete: 0},
    });
    expect((await call(mock, 'uploadAttachment', {token, params: {attachment_id: 'p.png'}, form: {file}})).status).toBe(
      409,
    );
  });

  test('app bundle: a pushed version is listed, previewed, then active after a switch; the manifest has an ETag', async () => {
    const mock = newSynkronus();
    // ODE's file lists admin for the push and the switch only; the reads list read-only and read-write.
    const admin = await login(mock, 'admin');
    const token = await login(mock, 'read-only');
    const pushed = (await (
      await call(mock, 'pushAppBundle', {token: admin, form: {bundle: zipOf({'app/index.html': 'NEW'})}})
    ).json()) as {manifest: {version: string}};
    const version = pushed.manifest.version;
    expect(
      ((await (await call(mock, 'getAppBundleVersions', {token})).json()) as {versions: string[]}).versions[0],
    ).toBe(version);
    expect(await (await call(mock, 'downloadAppBundleFile', {token, query: {preview: 'true'}})).text()).toBe('NEW');
    expect(await (await call(mock, 'downloadAppBundleFile', {token})).text()).not.toBe('NEW');
    await expectAnswer(
      'switchAppBundleVersion',
      await call(mock, 'switchAppBundleVersion', {token: admin, params: {version}}),
      200,
    );
    const manifest = await call(mock, 'getAppBundleManifest', {token});
    expect(manifest.headers.get('ETag')).toMatch(/^"[0-9a-f]+"$/);
    expect(((await manifest.json()) as {version: string}).version).toBe(version);
    const changes = (await (
      await call(mock, 'getAppBundleChanges', {token, query: {current: '20250601-080000', target: '20250605-143000'}})
    ).json()) as Record<string, unknown>;
    // A new form is a form change; no form's ui.json changed.
    expect(changes).toMatchObject({new_forms: [{form: 'water_point'}], ui_changes: false, form_changes: true});
  });

  test('the export is a ZIP with one entry per form type, and reset returns to the seed', async () => {
    const mock = newSynkronus();
    const token = await login(mock, 'admin');
    const response = await call(mock, 'getParquetExportZip', {token: await login(mock, 'read-only')});
    expect(response.headers.get('content-type')).toBe('application/zip');
    const listing = listZip(new Uint8Array(await response.arrayBuffer()));
    if (listing.kind !== 'zip') throw new Error(`the export is not a ZIP: ${listing.reason}`);
    const {entries} = listing;
    expect(entries.map((e) => e.name)).toEqual(['household_survey.parquet', 'water_point.parquet']);
    const rows = await parquetRows((await entries[0].read())!);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({
      observation_id: 'obs-seed-001',
      form_type: 'household_survey',
      data_household_size: 1,
    });
    await call(mock, 'deleteUser', {token});
    mock.reset();
    expect((await call(mock, 'listUsers', {token})).status).toBe(401);
    const again = await login(mock, 'admin');
    expect(((await (await call(mock, 'listUsers', {token: again})).json()) as unknown[]).length).toBe(
      SEED_USERS.length,
    );
  });

  test('the answers check also rejects what the description does not allow', () => {
    expect(answerProblems('getHealth', 418, null, null)).toEqual(['getHealth does not document status 418']);
    expect(answerProblems('listUsers', 200, 'application/json', '[{"username": 1}]').length).toBeGreaterThan(0);
  });
});
