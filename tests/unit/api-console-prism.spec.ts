/**
 * The in-browser Synkronus (packages/synkronus-mock/src) and the Prism mock of the same description
 * (tests/support/mock-api.ts) agree on the status of the same requests: one table of requests, run
 * against both. Prism accepts any bearer token and does not check roles or state, so the table holds
 * requests whose status the description alone decides (valid and invalid parameters, headers and
 * bodies, a missing token); the in-browser Synkronus gets a real token of a role allowed to make the call.
 * Where ODE's file lists no 4xx for a call (sync pull and push), an invalid request is a silence: Prism answers
 * its own 422 and the engine a 400 marked unspecified, so those requests are not in the table.
 */
import {test, expect} from '@playwright/test';
import {mockApiPort, startMockApi, type MockApi} from '../support/mock-api';
import {contractOperation, newSynkronus} from '../support/api-console';
import {SEED_USERS} from 'synkronus-mock/src';

type Row = {
  what: string;
  operationId: string;
  /** Path and query, as sent. */
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Send a bearer token (of a role the operation allows, for the in-browser Synkronus). */
  token?: boolean;
  status: number;
};

const TABLE: Row[] = [
  {what: 'health', operationId: 'getHealth', url: '/health', status: 200},
  // Health does not list x-api-version: neither checks it.
  {
    what: 'health with an x-api-version that is not MAJOR.MINOR.PATCH, a header it does not list',
    operationId: 'getHealth',
    url: '/health',
    headers: {'x-api-version': 'v1'},
    status: 200,
  },
  {
    what: 'app bundle changes with an x-api-version that is not MAJOR.MINOR.PATCH',
    operationId: 'getAppBundleChanges',
    url: '/app-bundle/changes?current=20250605-143000&target=20250612-091000',
    headers: {'x-api-version': 'v1'},
    token: true,
    status: 400,
  },
  {
    what: 'health with a valid x-api-version',
    operationId: 'getHealth',
    url: '/health',
    headers: {'x-api-version': '1.0.3'},
    status: 200,
  },
  // No /version row: Prism answers the description's example, the engine that a real server's versions are
  // not its to give (api-console-mock.spec.ts checks that answer).
  {
    what: 'login, the documented example',
    operationId: 'login',
    url: '/auth/login',
    body: {username: 'fieldworker', password: 's3cret-passphrase'},
    status: 200,
  },
  {
    what: 'login without a password',
    operationId: 'login',
    url: '/auth/login',
    body: {username: 'fieldworker'},
    status: 400,
  },
  {what: 'refresh without a refresh token', operationId: 'refreshToken', url: '/auth/refresh', body: {}, status: 400},
  {what: 'list users without a token', operationId: 'listUsers', url: '/users', status: 401},
  {what: 'list users', operationId: 'listUsers', url: '/users', token: true, status: 200},
  {
    what: 'create a user with a role that does not exist',
    operationId: 'createUser',
    url: '/users/create',
    token: true,
    body: {username: 'x', password: 'y', role: 'owner'},
    status: 400,
  },
  {
    what: 'delete a user without a token',
    operationId: 'deleteUser',
    url: '/users/fieldworker',
    token: false,
    status: 401,
  },
  {
    what: 'reset a password without the new one',
    operationId: 'resetUserPassword',
    url: '/users/reset-password',
    token: true,
    body: {username: 'fieldworker'},
    status: 400,
  },
  {what: 'pull', operationId: 'syncPull', url: '/sync/pull', token: true, body: {client_id: 'c1'}, status: 200},
  {what: 'pull without a token', operationId: 'syncPull', url: '/sync/pull', body: {client_id: 'c1'}, status: 401},
  {
    what: 'attachment manifest with a negative since_version',
    operationId: 'getAttachmentManifest',
    url: '/attachments/manifest',
    token: true,
    body: {client_id: 'c1', since_version: -1},
    status: 400,
  },
  {
    what: 'attachment manifest',
    operationId: 'getAttachmentManifest',
    url: '/attachments/manifest',
    token: true,
    body: {client_id: 'c1', since_version: 0},
    status: 200,
  },
  {
    what: 'app bundle versions',
    operationId: 'getAppBundleVersions',
    url: '/app-bundle/versions',
    token: true,
    status: 200,
  },
  {
    what: 'app bundle manifest without a token',
    operationId: 'getAppBundleManifest',
    url: '/app-bundle/manifest',
    status: 401,
  },
  {
    what: 'app bundle manifest',
    operationId: 'getAppBundleManifest',
    url: '/app-bundle/manifest',
    token: true,
    status: 200,
  },
  {what: 'parquet export without a token', operationId: 'getParquetExportZip', url: '/dataexport/parquet', status: 401},
];

let prism: MockApi;
test.beforeAll(async ({}, workerInfo) => {
  prism = await startMockApi(mockApiPort(2, workerInfo.parallelIndex));
});
test.afterAll(() => prism?.stop());

function requestOf(row: Row, origin: string, token: string | undefined): Request {
  const op = contractOperation(row.operationId);
  const headers = new Headers(row.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | undefined;
  if (row.body !== undefined) {
    body = JSON.stringify(row.body);
    headers.set('Content-Type', 'application/json');
  }
  return new Request(`${origin}${row.url}`, {method: op.method, headers, body});
}

test('the in-browser Synkronus and the Prism mock answer the same table of requests with the same statuses', async () => {
  const rows: string[] = [];
  const disagreements: string[] = [];
  for (const row of TABLE) {
    const synkronus = newSynkronus();
    let token: string | undefined;
    if (row.token) {
      const op = contractOperation(row.operationId);
      const user = SEED_USERS.find((u) => op.roles.includes(u.role))!;
      const login = await synkronus.handle(
        new Request('http://localhost:8080/auth/login', {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({username: user.username, password: user.password}),
        }),
      );
      token = ((await login.json()) as {token: string}).token;
    }
    const inBrowser = (await synkronus.handle(requestOf(row, 'http://localhost:8080', token))).status;
    const response = await fetch(requestOf(row, prism.origin, row.token ? 'test-token' : undefined));
    await response.arrayBuffer();
    rows.push(`${row.what}: in-browser ${inBrowser}, Prism ${response.status}`);
    if (inBrowser !== response.status || inBrowser !== row.status)
      disagreements.push(`${row.what}: expected ${row.status}, in-browser ${inBrowser}, Prism ${response.status}`);
  }
  console.log(rows.join('\n'));
  expect(disagreements).toEqual([]);
});
