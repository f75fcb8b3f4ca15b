/**
 * The control API of synkronus-mock (packages/synkronus-mock/src/control.ts), over HTTP as a test in any language calls
 * it: each call has the effect it claims on what the API then answers; bad input gets a 4xx naming it; and the
 * prefix is no route of the engine itself, so the page's console, which calls the engine directly, cannot
 * reach it.
 */
import {test, expect} from '@playwright/test';
import {CONTROL_CALLS, CONTROL_PREFIX} from '../src/control';
import {startSynkronusServer, type SynkronusServer} from '../src/node';
import {ENGINE_DATA, newSynkronus} from '../../../tests/support/api-console';
import {harProblems} from '../../../tests/support/har';
import {RELEASE_TAG} from '../../../tests/support/release';

let server: SynkronusServer;
test.beforeEach(async () => {
  server = await startSynkronusServer({data: ENGINE_DATA, control: true});
});
test.afterEach(() => server.close());

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${server.origin}${CONTROL_PREFIX}${path}`, {
    method,
    headers: {'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function login(who = 'fieldworker', password = 's3cret-passphrase') {
  const response = await fetch(`${server.origin}/auth/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({username: who, password}),
  });
  return {status: response.status, token: response.ok ? ((await response.json()) as {token: string}).token : ''};
}

const pull = async (token: string) => {
  const response = await fetch(`${server.origin}/sync/pull`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
    body: JSON.stringify({client_id: 'control-client'}),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as {records: unknown[] | null} | null,
  };
};

test('GET /__synkronus lists every call', async () => {
  const answer = (await (await control('GET', '')).json()) as {calls: {call: string}[]};
  expect(answer.calls.map((c) => c.call)).toEqual(CONTROL_CALLS.map((c) => `${c.method} ${CONTROL_PREFIX}${c.path}`));
});

test('reset: to an empty server, and back to the seed', async () => {
  const {token} = await login();
  expect((await pull(token)).body?.records?.length).toBeGreaterThan(0);
  expect((await control('POST', '/reset', {seed: 'empty'})).status).toBe(200);
  // The release checks a token's signature and expiry only, as its server does: the user still exists.
  const empty = await pull(token);
  expect(empty.status, 'a token from before the reset').toBe(200);
  expect(empty.body?.records ?? []).toEqual([]);
  expect((await control('POST', '/reset', {seed: 'full'})).status).toBe(200);
  expect((await pull((await login()).token)).body?.records?.length).toBeGreaterThan(0);
});

test('expire-tokens: a token issued before is refused, a new login works', async () => {
  const {token} = await login();
  expect((await control('POST', '/expire-tokens')).status).toBe(200);
  expect((await pull(token)).status).toBe(401);
  expect((await pull((await login()).token)).status).toBe(200);
});

test('database: down, a login fails as the release does; up again, it works', async () => {
  expect((await control('PUT', '/database', {down: true})).status).toBe(200);
  expect((await login()).status, 'login-401-on-server-error').toBe(401);
  expect((await control('PUT', '/database', {down: false})).status).toBe(200);
  expect((await login()).status).toBe(200);
});

test('disk: an upload that does not fit fails part-way, the part stays, as the release does; freed, uploads work', async () => {
  const {token} = await login();
  const put = (id: string, text: string) => {
    const form = new FormData();
    form.set('file', new Blob([text]), id);
    return fetch(`${server.origin}/attachments/${id}`, {
      method: 'PUT',
      headers: {Authorization: `Bearer ${token}`},
      body: form,
    });
  };
  expect((await control('PUT', '/disk', {bytesLeft: 4})).status).toBe(200);
  expect((await put('cut.txt', 'eight by')).status).toBe(500);
  expect((await control('PUT', '/disk', {bytesLeft: null})).status).toBe(200);
  expect((await put('cut.txt', 'eight by')).status, 'attachment-failed-write-kept').toBe(409);
  expect((await put('whole.txt', 'eight by')).status).toBe(200);
});

test('restart: the manifest names its version current, as the release does after a restart', async () => {
  const {token} = await login();
  expect((await control('POST', '/restart')).status).toBe(200);
  const manifest = await fetch(`${server.origin}/app-bundle/manifest`, {headers: {authorization: `Bearer ${token}`}});
  expect(((await manifest.json()) as {version: string}).version).toBe('current');
});

test('clock: set and moved on; tokens expire by it', async () => {
  const set = (await (await control('PUT', '/clock', {now: '2026-01-15T08:00:00Z'})).json()) as {now: string};
  expect(Date.parse(set.now) - Date.parse('2026-01-15T08:00:00Z')).toBeGreaterThanOrEqual(0);
  const {token} = await login();
  expect((await pull(token)).status).toBe(200);
  const moved = (await (await control('PUT', '/clock', {advanceSeconds: 25 * 3600})).json()) as {now: string};
  expect(Date.parse(moved.now) - Date.parse(set.now)).toBeGreaterThanOrEqual(25 * 3600 * 1000);
  expect((await pull(token)).status, 'past the 24-hour access token').toBe(401);
  expect(Date.parse(((await (await control('GET', '/clock')).json()) as {now: string}).now)).toBeGreaterThanOrEqual(
    Date.parse(moved.now),
  );
});

test('journal and HAR: each exchange with its answer, dialect and rules; control calls are not in it', async () => {
  await login();
  await fetch(`${server.origin}/health`);
  const journal = (await (await control('GET', '/journal')).json()) as {
    entries: {
      request: {method: string; url: string; body: {text: string}};
      response: {status: number};
      dialect: string;
      rules: string[];
    }[];
  };
  expect(
    journal.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`),
  ).toEqual(['POST /auth/login 200', 'GET /health 200']);
  expect(JSON.parse(journal.entries[0].request.body.text)).toMatchObject({username: 'fieldworker'});
  expect(journal.entries[1]).toMatchObject({dialect: RELEASE_TAG, rules: ['health-always-ok']});
  const har = (await (await control('GET', '/har')).json()) as {log: {entries: unknown[]}};
  expect(harProblems(har)).toEqual([]);
  expect(har.log.entries).toHaveLength(2);
  expect((await control('DELETE', '/journal')).status).toBe(200);
  expect(((await (await control('GET', '/journal')).json()) as {entries: unknown[]}).entries).toEqual([]);
});

for (const [what, method, path, body, status, error] of [
  ['an unknown call', 'POST', '/teleport', undefined, 404, 'no control call POST /__synkronus/teleport'],
  ['a known path with another method', 'GET', '/reset', undefined, 405, 'no control call GET /__synkronus/reset'],
  ['a bad seed', 'POST', '/reset', {seed: 'half'}, 400, '"seed" is "full" or "empty"'],
  ['a database call without down', 'PUT', '/database', {}, 400, 'give {"down": true} or {"down": false}'],
  [
    'a disk call with a negative room',
    'PUT',
    '/disk',
    {bytesLeft: -1},
    400,
    'give {"bytesLeft": <a whole number of bytes, 0 or more>} or {"bytesLeft": null}',
  ],
  ['a clock that is not a time', 'PUT', '/clock', {now: 'tomorrow'}, 400, 'give {"now": "<ISO 8601 time>"}'],
] as const) {
  test(`refuses ${what} with ${status}, saying why`, async () => {
    const answer = await control(method, path, body);
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as {error: string}).error).toContain(error);
  });
}

test('without --control, and in the engine the console calls, the prefix is no route: 404, and nothing changes', async () => {
  const plain = await startSynkronusServer({data: ENGINE_DATA});
  try {
    const answer = await fetch(`${plain.origin}${CONTROL_PREFIX}/reset`, {method: 'POST'});
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-synkronus-dialect')).toBe(RELEASE_TAG);
  } finally {
    await plain.close();
  }
  for (const dialect of ['description', RELEASE_TAG] as const) {
    const engine = newSynkronus(dialect);
    const before = engine.currentVersion();
    engine.failDatabase(false);
    for (const call of CONTROL_CALLS) {
      const response = await engine.handle(
        new Request(`http://localhost:8080${CONTROL_PREFIX}${call.path}`, {method: call.method}),
      );
      expect(response.status, `${dialect}: ${call.method} ${call.path}`).toBe(404);
    }
    expect(engine.currentVersion()).toBe(before);
  }
});
