/**
 * Requests as Formulus v1.0.0-alpha.6 sends them (packages/synkronus-mock/tests/fixtures/formulus-requests, read from its code at the
 * tag: each fixture names its source files), sent in order to one engine per dialect, as a device would in
 * one session: login, app bundle, pull, attachments, push, refresh. The release dialect answers each as the
 * server at the tag does; the description dialect as API 1.0.3 says, which refuses Formulus's push because
 * its transmission_id is not a UUID.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type {DialectName, Synkronus} from '../src';
import {newSynkronus} from '../../../tests/support/api-console';
import {RELEASE_TAG} from '../../../tests/support/release';

const DIR = 'packages/synkronus-mock/tests/fixtures/formulus-requests';
const BASE = 'http://127.0.0.1:8080';

type Fixture = {
  what: string;
  sources: string[];
  request: {
    method: string;
    path: string;
    /** Which token the request carries: the access token of the fixture 01-login's answer, or none. */
    auth: 'access' | 'none';
    headers: Record<string, string>;
    json?: unknown;
    multipart?: {field: string; filename: string; contentType: string; text: string};
  };
};

/** The files of the ODE repository at the tag. */
const ODE_FILES = new Set(readFileSync(`tests/fixtures/ode-tree/${RELEASE_TAG}.txt`, 'utf8').split('\n'));

function readFixtures(): [string, Fixture][] {
  return readdirSync(DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(DIR, name);
      const fixture = JSON.parse(readFileSync(file, 'utf8')) as Fixture;
      const problems = [
        !fixture.what && 'no "what"',
        !fixture.sources?.length && 'no "sources"',
        fixture.sources?.some((s) => !s.startsWith('formulus/src/')) && 'a source outside formulus/src/',
        ...(fixture.sources ?? [])
          .filter((s) => !ODE_FILES.has(s))
          .map((s) => `the source ${s} is not a file at the tag`),
        !['access', 'none'].includes(fixture.request?.auth) && 'request.auth is neither "access" nor "none"',
        !/^\//.test(fixture.request?.path ?? '') && 'request.path does not start with /',
      ].filter(Boolean);
      if (problems.length) throw new Error(`${file}: ${problems.join(', ')}`);
      return [name.replace(/\.json$/, ''), fixture];
    });
}

function requestOf(
  fixture: Fixture,
  token: string | undefined,
  change?: (json: Record<string, unknown>) => void,
): Request {
  const {method, path: where, auth, headers, json, multipart} = fixture.request;
  const h = new Headers(headers);
  if (auth === 'access') h.set('Authorization', `Bearer ${token ?? ''}`);
  let body: BodyInit | undefined;
  if (json !== undefined) {
    const copy = structuredClone(json) as Record<string, unknown>;
    change?.(copy);
    body = JSON.stringify(copy);
  } else if (multipart) {
    const form = new FormData();
    form.append(multipart.field, new Blob([multipart.text], {type: multipart.contentType}), multipart.filename);
    body = form;
    // The multipart boundary comes from the body, as React Native's FormData sets it.
    h.delete('Content-Type');
  }
  return new Request(BASE + where, {method, headers: h, body});
}

type Answer = {
  status: number;
  contentType: string;
  text: string;
  json: Record<string, unknown>;
  rules: string[];
  reason: string;
};

type Expected = {status: number; check?: (answer: Answer) => void};

const uploaded = (fixtures: Map<string, Fixture>) => fixtures.get('06-attachment-upload')!.request.multipart!.text;
const pushed = (fixtures: Map<string, Fixture>) =>
  (fixtures.get('09-push')!.request.json as {records: {observation_id: string}[]}).records;

/** Each fixture's answer in each dialect. The release answers follow the server's handlers at the tag. */
const EXPECTED: Record<string, (f: Map<string, Fixture>) => Record<DialectName, Expected>> = {
  '01-login': () => {
    const tokens: Expected = {
      status: 200,
      check: (a) => expect(Object.keys(a.json).sort()).toEqual(['expiresAt', 'refreshToken', 'token']),
    };
    return {description: tokens, [RELEASE_TAG]: tokens};
  },
  '02-app-bundle-manifest': () => {
    const listed: Expected = {
      status: 200,
      check: (a) => expect((a.json.files as {path: string}[]).map((f) => f.path)).toContain('app/index.html'),
    };
    return {description: listed, [RELEASE_TAG]: listed};
  },
  '03-app-bundle-download': () => {
    // internal/handlers/appbundle.go GetAppBundleFile unescapes the one-segment {path} (url.PathUnescape).
    const file: Expected = {status: 200, check: (a) => expect(a.text).toContain('Version of 12 June')};
    return {description: file, [RELEASE_TAG]: file};
  },
  '04-app-bundle-download-form': () => {
    const file: Expected = {status: 200, check: (a) => expect(JSON.parse(a.text)).toHaveProperty('properties.village')};
    return {description: file, [RELEASE_TAG]: file};
  },
  '05-pull': () => ({
    description: {
      status: 200,
      check: (a) => expect(a.json).toMatchObject({has_more: true, records: expect.any(Array)}),
    },
    [RELEASE_TAG]: {
      status: 200,
      // No limit: the default of pkg/sync/service.go, 100; pulled records have no geolocation.
      check: (a) => {
        expect(a.json.records).toHaveLength(100);
        expect(a.json.has_more).toBe(true);
        expect(a.rules).toEqual(expect.arrayContaining(['pull-limit-not-checked']));
        // The release never stores a geolocation, and never writes synced_at: its records have neither.
        for (const field of ['geolocation', 'synced_at'])
          expect((a.json.records as object[])[0]).not.toHaveProperty(field);
      },
    },
  }),
  '06-attachment-upload': () => {
    const saved: Expected = {status: 200, check: (a) => expect(a.json).toEqual({status: 'success'})};
    return {description: saved, [RELEASE_TAG]: saved};
  },
  '07-attachment-head': () => {
    const exists: Expected = {status: 200, check: (a) => expect(a.text).toBe('')};
    return {description: exists, [RELEASE_TAG]: exists};
  },
  '08-attachment-download': (f) => {
    const bytes: Expected = {status: 200, check: (a) => expect(a.text).toBe(uploaded(f))};
    return {description: bytes, [RELEASE_TAG]: bytes};
  },
  '09-push': (f) => ({
    // format: uuid refuses the WatermelonDB id; geolocation null is not what is refused (the description
    // writes the field as a nullable object).
    description: {
      status: 400,
      // The body says only that the description gives no text; the engine's reason names the fields.
      check: (a) => {
        expect(a.reason).toContain('transmission_id');
        expect(a.reason, 'geolocation: null is refused').not.toContain('geolocation');
      },
    },
    // internal/handlers/sync.go Push checks only that transmission_id is not empty.
    [RELEASE_TAG]: {
      status: 200,
      check: (a) => {
        expect(a.json).toMatchObject({success_count: pushed(f).length});
        expect(a.json).not.toHaveProperty('failed_records');
        expect(a.rules).toContain('transmission-id-any-text');
        // What the push stored without its geolocation, a pull of the record names; the push's answer does not show it.
        expect(a.rules).not.toContain('geolocation-not-stored');
      },
    },
  }),
  '10-attachment-manifest': () => ({
    description: {status: 200, check: (a) => expect(a.json.operations).toEqual(expect.any(Array))},
    // Nothing records an attachment operation at the tag; the never-filled slice is encoded as null.
    [RELEASE_TAG]: {
      status: 200,
      check: (a) => expect(a.json).toMatchObject({operations: null, total_download_size: 0}),
    },
  }),
  '11-refresh-empty-token': () => ({
    // An empty text is a string the description takes: a refresh token that is not valid.
    description: {status: 401},
    // internal/handlers/auth.go RefreshToken: SendErrorResponse(w, 400, nil, "Refresh token is required").
    [RELEASE_TAG]: {
      status: 400,
      check: (a) => {
        expect(a.json).toEqual({error: 'An error occurred', message: 'Refresh token is required'});
        expect(a.rules).toContain('empty-fields-refused');
      },
    },
  }),
};

async function answerOf(engine: Synkronus, request: Request): Promise<Answer> {
  const exchange = await engine.exchange(request);
  const text = await exchange.response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON: the checks read the text.
  }
  return {
    status: exchange.response.status,
    contentType: exchange.response.headers.get('content-type') ?? '',
    text,
    json,
    rules: exchange.rules.map((r) => r.id),
    reason: exchange.reason ?? '',
  };
}

test('every Formulus request fixture has its expected answers, and every expectation a fixture', () => {
  const names = readFixtures().map(([name]) => name);
  const missing = names
    .filter((name) => !(name in EXPECTED))
    .map((name) => `${DIR}/${name}.json has no expected answers in this test`);
  const stale = Object.keys(EXPECTED)
    .filter((name) => !names.includes(name))
    .map((name) => `expected answers for ${DIR}/${name}.json, which does not exist`);
  expect([...missing, ...stale], [...missing, ...stale].join('\n')).toEqual([]);
  expect(names.length).toBeGreaterThanOrEqual(10);
});

test(`each dialect answers the requests of Formulus ${RELEASE_TAG} in one device session`, async () => {
  const fixtures = readFixtures();
  const byName = new Map(fixtures);
  const table: string[] = [];
  const statuses = new Map<string, Partial<Record<DialectName, number>>>();
  for (const dialect of ['description', RELEASE_TAG] as const) {
    const engine = newSynkronus(dialect);
    let token: string | undefined;
    for (const [name, fixture] of fixtures) {
      const answer = await answerOf(engine, requestOf(fixture, token));
      if (name === '01-login') token = answer.json.token as string;
      const expected = EXPECTED[name](byName)[dialect];
      const where = `${DIR}/${name}.json, dialect ${dialect}`;
      expect(answer.status, `${where}: status (body ${answer.text.slice(0, 300)})`).toBe(expected.status);
      await test.step(where, () => expected.check?.(answer));
      statuses.set(name, {...statuses.get(name), [dialect]: answer.status});
    }
  }
  for (const [name, s] of statuses)
    table.push(`${name}: description ${s.description}, ${RELEASE_TAG} ${s[RELEASE_TAG]}`);
  console.log(`formulus requests:\n${table.join('\n')}`);
});

test("the description accepts Formulus's push once its transmission_id is a UUID: geolocation null included", async () => {
  const fixtures = new Map(readFixtures());
  const engine = newSynkronus('description');
  const login = await answerOf(engine, requestOf(fixtures.get('01-login')!, undefined));
  // Only the transmission_id changes: geolocation null, ISO times with milliseconds and record ids that are
  // not UUIDs stay as Formulus sends them.
  const answer = await answerOf(
    engine,
    requestOf(fixtures.get('09-push')!, login.json.token as string, (json) => {
      json.transmission_id = '3b241101-e2bb-4255-8caf-4136c566a962';
    }),
  );
  expect(answer.status, `${DIR}/09-push.json with a UUID transmission_id: ${answer.text.slice(0, 300)}`).toBe(200);
  expect(answer.json, `${DIR}/09-push.json: every record is stored`).toMatchObject({
    success_count: pushed(fixtures).length,
    failed_records: [],
  });
});
