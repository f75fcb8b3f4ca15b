/**
 * The next release is a folder: packages/synkronus-mock/tests/fixtures/test-release/ exports a release value (v1.0.0-alpha.6's data
 * under the tag v9.9.9-test, four rules removed) and the engine answers as it when handed it, with no edit of
 * the engine. Each removed rule's absence is asserted here beside the documented release's answer: the release
 * does what the description says there, on the release's own path (its steps, its push), and words no error
 * it does not know. The dialect probes and the conformance cases also run against it
 * (synkronus-dialects.spec.ts, synkronus-conformance.spec.ts).
 */
import {test, expect} from '@playwright/test';
import {createSynkronus, DIALECTS} from '../src';
import {RELEASE as TEST_RELEASE, REMOVED_RULES, TEST_RELEASE_TAG} from './fixtures/test-release';
import {ENGINE_DATA} from '../../../tests/support/api-console';
import {answerOf, jsonBody, PASSWORDS, push, record, request, session, type Session} from './support/engine-session';
import {RELEASE_TAG} from '../../../tests/support/release';

const NOT_VERIFIED = {error: `not verified against the server at ${TEST_RELEASE_TAG}`};

/** A session with the documented release and one with the tests' release, each on its own engine. */
async function both(): Promise<[documented: Session, tests: Session]> {
  const engine = createSynkronus(ENGINE_DATA, {dialect: TEST_RELEASE_TAG, releases: [TEST_RELEASE]});
  return [await session(RELEASE_TAG), await session(TEST_RELEASE_TAG, engine)];
}

const rulesOf = (s: Session, method: string, path: string, options: Parameters<typeof request>[2]) =>
  s.engine
    .exchange(request(method, path, options))
    .then(async (e) => ({...(await answerOf(e.response)), rules: e.rules.map((r) => r.id)}));

test('a release handed to the engine as a value answers as its own dialect, and is not registered', async () => {
  expect(DIALECTS).not.toContain(TEST_RELEASE_TAG);
  expect(() => createSynkronus(ENGINE_DATA, {dialect: TEST_RELEASE_TAG})).toThrow(/unknown dialect v9\.9\.9-test/);
  const engine = createSynkronus(ENGINE_DATA, {dialect: TEST_RELEASE_TAG, releases: [TEST_RELEASE]});
  expect(engine.dialect).toBe(TEST_RELEASE_TAG);
  const exchange = await engine.exchange(new Request('http://localhost:8080/health'), {compare: true});
  expect(exchange.response.headers.get('X-Synkronus-Dialect')).toBe(TEST_RELEASE_TAG);
  expect(exchange.rules.map((r) => r.id)).toEqual(['health-always-ok']);
  expect(exchange.other?.dialect).toBe('description');
  for (const id of Object.keys(REMOVED_RULES))
    expect(TEST_RELEASE.rules.has(id as keyof typeof REMOVED_RULES)).toBe(false);
  expect(TEST_RELEASE.rules.size).toBe(60 - Object.keys(REMOVED_RULES).length);
});

test('without #bodies-checked-for-types-only a body the description refuses is refused, and a push still goes the release’s way', async () => {
  const [documented, tests] = await both();
  // The description asks for a UUID; the release's own tests push any text.
  const loose = {token: documented.access.fieldworker, json: push([record('obs-loose')], 'not-a-uuid')};
  const theirs = await rulesOf(documented, 'POST', '/sync/push', loose);
  expect(theirs.status).toBe(200);
  expect(theirs.rules).toContain('bodies-checked-for-types-only');
  const ours = await rulesOf(tests, 'POST', '/sync/push', {...loose, token: tests.access.fieldworker});
  expect(ours.status).toBe(400);
  expect(ours.json).toEqual(NOT_VERIFIED);
  expect(ours.headers.get('X-Synkronus-Reason')).toMatch(/^the body does not match the description: transmission_id/);
  // A body the description takes is pushed as the release pushes: Go's encoder, omitempty lists, its counter.
  const [documentedAgain, testsAgain] = await both();
  const strict = {json: push([record('obs-strict')], '6f1c2b9e-8d4a-4c7e-9b2f-3a5d7e9c1b0a')};
  const sent = await Promise.all(
    [documentedAgain, testsAgain].map((s) =>
      rulesOf(s, 'POST', '/sync/push', {...strict, token: s.access.fieldworker}),
    ),
  );
  expect(sent[1].status).toBe(200);
  expect(sent[1].text).toBe(sent[0].text);
  expect(Object.keys(jsonBody(sent[1]))).toEqual(['current_version', 'success_count']);
  expect(sent[1].rules).toEqual(sent[0].rules);
});

test('without #password-72-bytes a password is kept whole: longer ones are taken, and their first 72 bytes do not log in', async () => {
  const [documented, tests] = await both();
  const long = 'p'.repeat(72);
  const reset = (s: Session) =>
    rulesOf(s, 'POST', '/users/reset-password', {
      token: s.access.admin,
      json: {username: 'viewer', newPassword: `${long}-and-more`},
    });
  expect((await reset(documented)).status).toBe(400);
  const ours = await reset(tests);
  expect(ours.status).toBe(200);
  expect(ours.rules).not.toContain('password-72-bytes');
  const login = (s: Session, password: string) =>
    rulesOf(s, 'POST', '/auth/login', {json: {username: 'viewer', password}});
  expect((await login(tests, `${long}-and-more`)).status).toBe(200);
  expect((await login(tests, `${long}-otherwise`)).status).toBe(401);
  // The documented release kept the old password; 72 bytes of it and more log in there.
  expect((await login(documented, `${PASSWORDS.viewer}`)).status).toBe(200);
});

test('without #refresh-token-as-bearer tokens keep to their kind', async () => {
  const [documented, tests] = await both();
  const asBearer = (s: Session) => rulesOf(s, 'GET', '/app-bundle/versions', {token: s.refresh.viewer});
  const theirs = await asBearer(documented);
  expect(theirs.status).toBe(200);
  expect(theirs.rules).toContain('refresh-token-as-bearer');
  expect(await asBearer(tests)).toMatchObject({status: 401, text: 'Unauthorized\n', rules: ['auth-errors-plain-text']});
  const refreshWithAccess = (s: Session) =>
    rulesOf(s, 'POST', '/auth/refresh', {json: {refreshToken: s.access.viewer}});
  const refreshed = await refreshWithAccess(documented);
  expect(refreshed.status).toBe(200);
  expect(refreshed.rules).toContain('refresh-token-as-bearer');
  const refused = await refreshWithAccess(tests);
  expect(refused).toMatchObject({status: 401, json: NOT_VERIFIED});
  expect(refused.rules).not.toContain('refresh-token-as-bearer');
});

test('without #empty-lists-null an empty list is written []', async () => {
  const [documented, tests] = await both();
  const pullNothing = (s: Session) =>
    rulesOf(s, 'POST', '/sync/pull', {
      token: s.access.viewer,
      json: {client_id: 'client-tests', schema_types: ['no_such_form']},
    });
  const theirs = await pullNothing(documented);
  expect(theirs.status).toBe(200);
  expect(jsonBody(theirs).records).toBeNull();
  expect(theirs.rules).toContain('empty-lists-null');
  const ours = await pullNothing(tests);
  expect(ours.status).toBe(200);
  expect(jsonBody(ours).records).toEqual([]);
  expect(ours.rules).not.toContain('empty-lists-null');
});
