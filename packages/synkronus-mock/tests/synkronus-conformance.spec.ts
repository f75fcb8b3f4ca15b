/**
 * The release dialect against the Synkronus server's own HTTP tests at the tag: each case of
 * packages/synkronus-mock/tests/conformance/<release>.ts is sent over a socket to the engine served by packages/synkronus-mock/src/node.ts, on a
 * fresh state, and must get what the Go test expects, or, where the server's own code does otherwise, what
 * the server does, with the answer naming that Known issues entry among its rules.
 */
import {test, expect} from '@playwright/test';
import type {RuleId} from '../src';
import {RELEASE_TAG} from '../../../tests/support/release';
import {RELEASE as TEST_RELEASE, REMOVED_RULES} from './fixtures/test-release';
import {engineDataFromFiles} from '../../../src/api/engine-data';
import {startSynkronusServer, type SynkronusServer} from '../src/node';
import type {Release} from '../src';
import type {As, ConformanceCase, Expect, Step} from './conformance/cases';
import {CASES, UNPORTABLE} from './conformance/v1.0.0-alpha.6';
import {answerOf, PASSWORDS, zipOf, type Answer, type Who} from './support/engine-session';

const DATA = engineDataFromFiles();
/** Past the release's 24-hour access token lifetime (pkg/auth/auth.go). */
const PAST_ACCESS_LIFETIME_MS = (24 * 3600 + 60) * 1000;

type Reply = Answer;

const fill = (text: string, kept: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in kept)) throw new Error(`{{${name}}} was not kept by an earlier step`);
    return kept[name];
  });

async function login(server: SynkronusServer<string>, who: Who): Promise<string> {
  const response = await fetch(`${server.origin}/auth/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({username: who, password: PASSWORDS[who]}),
  });
  expect(response.status, `login of ${who}`).toBe(200);
  return ((await response.json()) as {token: string}).token;
}

async function tokenOf(server: SynkronusServer<string>, as: As): Promise<string | undefined> {
  if (as === 'none') return undefined;
  if (as === 'not-a-token') return 'invalid-token';
  if (as !== 'expired') return login(server, as);
  const token = await login(server, 'fieldworker');
  server.engine.advanceClock(PAST_ACCESS_LIFETIME_MS);
  return token;
}

async function sendStep(server: SynkronusServer<string>, step: Step, kept: Record<string, string>): Promise<Reply> {
  const {send} = step;
  const headers = new Headers(
    Object.entries(send.headers ?? {}).map(([name, value]): [string, string] => [name, fill(value, kept)]),
  );
  const token = await tokenOf(server, send.as ?? 'none');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // After the login: the token check needs no database, the login does.
  if (step.database === 'down') server.engine.failDatabase(true);
  let body: BodyInit | undefined;
  if (send.json !== undefined) {
    body = fill(send.json, kept);
    headers.set('Content-Type', 'application/json');
  } else if (send.bundle || send.file !== undefined) {
    const form = new FormData();
    if (send.bundle) form.append('bundle', zipOf(send.bundle), 'test-bundle.zip');
    else form.append('file', new Blob([send.file!]), 'test.txt');
    body = form;
  }
  const url = server.origin + fill(send.path, kept);
  return answerOf(await fetch(url, {method: send.method, headers, body, redirect: 'manual'}));
}

function field(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

function check(got: Reply, want: Expect, kept: Record<string, string>, where: string) {
  expect(got.status, `${where}: status (body ${got.text.slice(0, 300)})`).toBe(want.status);
  if (want.contentType !== undefined)
    expect(got.headers.get('content-type'), `${where}: Content-Type`).toBe(want.contentType);
  for (const [name, value] of Object.entries(want.headers ?? {}))
    expect(got.headers.get(name), `${where}: header ${name}`).toBe(value === null ? null : fill(value, kept));
  for (const name of want.has ?? []) expect(got.headers.get(name), `${where}: header ${name} present`).toBeTruthy();
  if (want.text !== undefined) expect(got.text, `${where}: body`).toBe(want.text);
  for (const part of want.contains ?? []) expect(got.text, `${where}: body contains`).toContain(part);
  if (want.startsWith !== undefined)
    expect(String.fromCharCode(...got.bytes.slice(0, want.startsWith.length)), `${where}: first bytes`).toBe(
      want.startsWith,
    );
  for (const [name, matcher] of Object.entries(want.json ?? {})) {
    expect(got.json, `${where}: a JSON body`).toBeInstanceOf(Object);
    const value = field(got.json, name);
    expect(matcher.ok(value, kept), `${where}: ${name} is ${JSON.stringify(value)}, not ${matcher.says}`).toBe(true);
  }
}

function keepFrom(got: Reply, keep: Step['keep'], kept: Record<string, string>) {
  for (const [name, from] of Object.entries(keep ?? {})) {
    const [kind, key] = from.split(/:(.*)/s);
    const value = kind === 'header' ? got.headers.get(key) : field(got.json, key);
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`nothing to keep as ${name} from ${from}`);
    kept[name] = String(value);
  }
}

/** Sends the case's steps and checks each answer; the rules its answers named. */
async function run(server: SynkronusServer<string>, c: ConformanceCase): Promise<Set<string>> {
  const kept: Record<string, string> = {host: new URL(server.origin).host};
  const named = new Set<string>();
  let last: Reply | undefined;
  for (const [index, step] of c.steps.entries()) {
    const where = `${c.test} (${c.at}), step ${index + 1} ${step.send.method} ${step.send.path}`;
    last = await sendStep(server, step, kept);
    for (const rule of last.headers.get('x-synkronus-rules')?.split(/\s*,\s*/) ?? []) if (rule) named.add(rule);
    check(last, step.expect, kept, where);
    keepFrom(last, step.keep, kept);
  }
  if (c.entry) {
    const rules = last!.headers.get('x-synkronus-rules')?.split(/\s*,\s*/) ?? [];
    expect(rules, `${c.test}: the answer names the entry the server's code follows`).toContain(
      c.entry satisfies RuleId,
    );
  }
  return named;
}

async function runOn(tag: string, releases: readonly Release<string>[], c: ConformanceCase) {
  const server = await startSynkronusServer({
    dialect: tag,
    releases,
    data: DATA,
    seed: c.empty ? {content: false} : {},
  });
  try {
    return await run(server, c);
  } finally {
    await server.close();
  }
}

test.describe(`conformance of the dialect ${RELEASE_TAG} with the server's own tests`, () => {
  for (const c of CASES) test(`${c.test} (${c.at})`, () => runOn(RELEASE_TAG, [], c).then(() => undefined));
});

/**
 * The tests' release (packages/synkronus-mock/tests/fixtures/test-release/): v1.0.0-alpha.6's data with four rules removed, handed to the
 * engine as a value. A case whose answers in the documented release name none of the removed rules must pass
 * as it does there. One whose answers name a removed rule may fail, since that rule is part of how the server
 * passed it (the pushes of the Go tests send transmission ids that are no UUID); whatever it answers names no
 * removed rule. packages/synkronus-mock/tests/synkronus-test-release.spec.ts asserts what the release does instead of each rule.
 */
test.describe(`conformance of the dialect ${TEST_RELEASE.tag} (the tests' release) with the server's own tests`, () => {
  for (const c of CASES)
    test(`${c.test} (${c.at})`, async () => {
      const named = await runOn(RELEASE_TAG, [], c);
      const removed = [...named].filter((rule) => rule in REMOVED_RULES);
      if (removed.length === 0) return void (await runOn(TEST_RELEASE.tag, [TEST_RELEASE], c));
      const ours = await runOn(TEST_RELEASE.tag, [TEST_RELEASE], c).catch(() => undefined);
      if (ours)
        expect(
          [...ours].filter((rule) => rule in REMOVED_RULES),
          c.test,
        ).toEqual([]);
    });
});

test('every case names its Go test once, at a line of a test file, and the unportable cases say why', () => {
  const names = [...CASES, ...UNPORTABLE].map((c) => c.test);
  expect(
    names.filter((name, i) => names.indexOf(name) !== i),
    'Go tests ported twice',
  ).toEqual([]);
  for (const c of [...CASES, ...UNPORTABLE])
    expect(c.at, c.test).toMatch(/^internal\/(handlers|api)\/\w+_test\.go:\d+$/);
  for (const u of UNPORTABLE) expect(u.why.length, u.test).toBeGreaterThan(20);
  const functions = new Set(names.map((name) => name.split('/')[0]));
  const entries = CASES.filter((c) => c.entry).length;
  console.log(
    `conformance (${RELEASE_TAG}): ${CASES.length + UNPORTABLE.length} cases of ${functions.size} Go test functions; ` +
      `${CASES.length} ported (${entries} assert the server where its code differs from its test), ${UNPORTABLE.length} not portable`,
  );
});
