/**
 * The engine never fails on input: a seeded, deterministic generator (no library: a PRNG and a few lists are
 * enough, and every failing request is printed whole) makes 600 hostile requests per dialect: bad JSON, wrong
 * types, nesting 20,000 deep, bodies over 2 MiB, malformed ZIPs (bad offsets, an unknown compression method,
 * truncated), a 64 KiB ZIP that expands to 64 MiB, `..` and `%2e%2e` in ids and paths, bad, forged and expired
 * tokens, wrong methods, and random operations. Every request must be answered (a throw or a request left
 * unanswered fails the test), with no 5xx except the 501 of an answer the description leaves open, or, in
 * the release dialect, a 5xx a named rule gives. Every JSON literal is sent as the whole body of every operation
 * that takes JSON. Afterwards the same engine still logs in, pulls and exports, and stores no attachment under a
 * name that leaves its folder. Apart from the 600, every route of both dialects gets bytes that are not UTF-8 in its
 * path (as parameters, after it, before a trailing slash, in the query): no throw, no header a socket cannot
 * carry, no unexplained 5xx.
 */
import {deflateRawSync} from 'node:zlib';
import {test, expect} from '@playwright/test';
import {DOCUMENTED_RELEASE, ENGINE_HEADERS, type DialectName, type RuleId, type Synkronus} from '../src';
import type {ChiTable} from '../src/go/chi';
import {writeZip} from '../src/zip';
import {CONTRACT, newSynkronus} from '../../../tests/support/api-console';
import {STATE_TIMEOUT_MS} from '../../../tests/support/limits';
import {JSON_LITERALS, MALFORMED_JSON} from '../../../tests/support/sample-bodies';
import {RELEASE_TAG} from '../../../tests/support/release';

const REQUESTS_PER_DIALECT = 600;
const BASE = 'http://127.0.0.1:8080';
const MIB = 1024 * 1024;

/** mulberry32: a small seeded PRNG, so each run sends the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)], chance: (p: number) => next() < p};
}
type Random = ReturnType<typeof prng>;

// ---------------------------------------------------------------------------------------------------------
// Hostile pieces

/** Path segments: climbing out (`..`, encoded or double-encoded), bad percent-encoding, odd characters. */
const SEGMENTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '%252e%252e',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fsecret',
  '..%5C..%5Cwindows',
  '.',
  '%2e',
  'app%2F..%2F..%2Fconfig',
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  '%C0%AE%C0%AE',
  ...['%ff', '%e2%82', '%c0%af', '%e0%80%af', '%f0%80%80%af', '%ed%a0%80', '%fe%ff%c0%80'],
  'x'.repeat(4096),
  '%20',
  '~',
  'con',
  '%2F',
  "'; DROP TABLE observations;--",
  '<script>alert(1)</script>',
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'NaN',
  'null',
  '0009',
  '0001 *',
  '20250612-091000',
  '20991301-256199',
  'app/index.html',
  '3f2b9c1e-7d4a-4e8b-a6c5-1d2e3f4a5b6c.jpg',
];

/**
 * Bytes that are not UTF-8, as a path carries them: a lone byte over 0x7f, a sequence cut short, overlong forms
 * of `.`, `/` and NUL, a surrogate, and what no UTF-8 has (`%fe`, `%ff`), with encoded slashes and NUL beside them,
 * and an escaped `%`.
 */
const NOT_UTF8 = [
  '%c0%ae%c0%ae',
  '%C0%AE',
  '%ff',
  '%fe%ff',
  '%e2%82',
  '%e2%82x',
  '%c0%af',
  '%c0%80',
  '%e0%80%af',
  '%f0%80%80%af',
  '%f8%88%80%80%80',
  '%ed%a0%80',
  '%80',
  '%c3%28',
  '%c0%ae%c0%ae%2f%c0%ae%c0%ae',
  '%00%ff',
  '%2f%ff',
  // An escaped `%`: what chi decodes to a `%` a handler unescapes again.
  '%25',
  '%25ff',
];

/** Query strings. */
const QUERIES = [
  '',
  '?limit=0',
  '?limit=-5',
  '?limit=abc',
  '?limit=1e3',
  '?limit=99999999999999999999',
  '?limit=501',
  '?limit=1&limit=2',
  '?schemaType=%00',
  '?schemaType=' + 'y'.repeat(3000),
  '?preview=maybe',
  '?preview=true',
  '?current=..&target=%2e%2e',
  '?current=0001&preview=true',
  '?current=20250601-080000&target=nope',
  '?%=%',
  '?a=%ZZ',
];

/** Values of the wrong type (or of the right type and absurd). */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '\u0000',
  '\ud800',
  'é'.repeat(100),
  'x'.repeat(100_000),
  [],
  [null],
  {},
  {__proto__: {admin: true}},
  {constructor: {prototype: {}}},
  '2025-02-30T25:61:00Z',
  'yesterday',
];

function randomJson(r: Random, depth = 0): unknown {
  if (depth > 3 || r.chance(0.4)) return r.pick(VALUES);
  if (r.chance(0.5)) return Array.from({length: r.int(4)}, () => randomJson(r, depth + 1));
  const keys = [
    'username',
    'password',
    'role',
    'since',
    'version',
    'id',
    'records',
    'client_id',
    'transmission_id',
    'observation_id',
    'data',
    'geolocation',
    'since_version',
    'refreshToken',
    'newPassword',
    'currentPassword',
    '__proto__',
    'form_type',
    'created_at',
    'updated_at',
    'deleted',
  ];
  return Object.fromEntries(Array.from({length: r.int(6)}, () => [r.pick(keys), randomJson(r, depth + 1)]));
}

/** A push valid but for its one record's data, which nests 20,000 objects deep. */
function deepPush(observationId: string): string {
  return JSON.stringify({
    transmission_id: '0b8f6a52-3c1d-4e7f-9a2b-6c5d4e3f2a1b',
    client_id: 'fuzz',
    records: [
      {
        observation_id: observationId,
        form_type: 't',
        form_version: '1',
        created_at: '2025-06-20T09:00:00Z',
        updated_at: '2025-06-20T09:00:00Z',
        deleted: false,
        data: 'DEEP',
      },
    ],
  }).replace('"DEEP"', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`);
}
const deep = (levels: number, open: string, close: string) => open.repeat(levels) + close.repeat(levels);

/** A body for a JSON operation: its example with a field broken, random JSON, bad JSON, too deep, too large. */
function jsonBody(r: Random, example: string | undefined): string {
  switch (r.int(12)) {
    case 0:
      return deep(20_000, '[', ']');
    case 1:
      return `{"records":${deep(20_000, '[', ']')}}`;
    case 2:
      // A record nested 20,000 levels deep inside an otherwise valid push.
      return deepPush('deep');
    case 3:
      return `"${'x'.repeat(2 * MIB + 16)}"`;
    case 4:
      return r.pick(MALFORMED_JSON);
    case 5:
      return '';
    case 6:
    case 7:
      return JSON.stringify(randomJson(r));
    default: {
      // The documented example with one field replaced by a wrong value.
      let value: unknown;
      try {
        value = JSON.parse(example ?? '{}');
      } catch {
        value = {};
      }
      if (value && typeof value === 'object') {
        const keys = Object.keys(value);
        const key = keys.length ? r.pick(keys) : 'x';
        (value as Record<string, unknown>)[key] = randomJson(r);
      }
      return JSON.stringify(value);
    }
  }
}

function zipWith(entries: {name: string; data: Uint8Array}[]): Uint8Array {
  return writeZip(entries);
}

/** A ZIP whose one entry is `deflated` (raw deflate), declaring `size` expanded bytes. */
function deflatedZip(name: string, deflated: Uint8Array, size: number): Uint8Array {
  // writeZip writes stored entries; rewrite its headers: method 8, compressed and expanded sizes.
  const zip = writeZip([{name, data: deflated}]);
  const view = new DataView(zip.buffer);
  view.setUint16(8, 8, true);
  view.setUint32(22, size, true);
  const central = 30 + name.length + deflated.length;
  view.setUint16(central + 10, 8, true);
  view.setUint32(central + 24, size, true);
  return zip;
}

function zips(): Record<string, Uint8Array> {
  const text = new TextEncoder();
  const valid = zipWith([
    {name: 'app/index.html', data: text.encode('<p>fuzz</p>')},
    {name: 'forms/fuzz_form/schema.json', data: text.encode('{"type":"object","properties":{"a":{"type":"string"}}}')},
  ]);
  const zeros = deflateRawSync(new Uint8Array(64 * MIB), {level: 9});
  const end = valid.length - 22;
  const centralStart = new DataView(valid.buffer).getUint32(end + 16, true);
  const edit = (change: (view: DataView) => void) => {
    const copy = valid.slice();
    change(new DataView(copy.buffer));
    return copy;
  };
  const badOffset = edit((v) => v.setUint32(end + 16, 0xfffffff0, true));
  const badLocal = edit((v) => v.setUint32(centralStart + 42, 0x7fffffff, true));
  const unknownMethod = edit((v) => {
    v.setUint16(8, 99, true);
    v.setUint16(centralStart + 10, 99, true);
  });
  const manyEntries = edit((v) => v.setUint16(end + 10, 0xffff, true));
  return {
    valid,
    truncated: valid.slice(0, valid.length - 30),
    'truncated-half': valid.slice(0, valid.length >> 1),
    'bad-central-offset': badOffset,
    'bad-local-offset': badLocal,
    'unknown-method': unknownMethod,
    'many-entries': manyEntries,
    'bomb-declared': deflatedZip('app/zeros.bin', zeros, 64 * MIB),
    'bomb-lying': deflatedZip('app/zeros.bin', zeros, 1024),
    'garbage-deflate': deflatedZip('app/noise.bin', new Uint8Array(512).fill(0xff), 4096),
    'climbing-names': zipWith([
      {name: '../../etc/evil', data: text.encode('x')},
      {name: 'app/%2e%2e/x', data: text.encode('y')},
    ]),
    'absolute-name': zipWith([{name: '/etc/passwd', data: text.encode('x')}]),
    'no-entries': zipWith([]),
    'only-signature': new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...(new Array(18).fill(0) as number[])]),
    'not-a-zip': text.encode('PK but not really'),
    empty: new Uint8Array(0),
  };
}

// ---------------------------------------------------------------------------------------------------------

type Tokens = {access: string[]; refresh: string[]; expired: string[]};

async function login(engine: Synkronus, username: string, password: string) {
  const response = await engine.handle(
    new Request(`${BASE}/auth/login`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({username, password}),
    }),
  );
  expect(response.status, `login of ${username}`).toBe(200);
  return (await response.json()) as {token: string; refreshToken: string};
}

const USERS: [string, string][] = [
  ['admin', 'admin-passphrase'],
  ['fieldworker', 's3cret-passphrase'],
  ['viewer', 'viewer-passphrase'],
];

async function tokensOf(engine: Synkronus): Promise<Tokens> {
  const old = await Promise.all(USERS.map(([u, p]) => login(engine, u, p)));
  engine.expireTokens();
  const fresh = await Promise.all(USERS.map(([u, p]) => login(engine, u, p)));
  return {
    access: fresh.map((t) => t.token),
    refresh: fresh.map((t) => t.refreshToken),
    expired: old.flatMap((t) => [t.token, t.refreshToken]),
  };
}

function authorization(r: Random, tokens: Tokens): string | undefined {
  switch (r.int(10)) {
    case 0:
      return undefined;
    case 1:
      return `Bearer ${r.pick(tokens.expired)}`;
    case 2:
      return `Bearer ${r.pick(tokens.refresh)}`;
    case 3:
      return r.pick([
        'Bearer',
        'Bearer ',
        'Basic YWRtaW46YWRtaW4=',
        'Bearer a b',
        'bearer  x',
        `Bearer ${'A'.repeat(8000)}`,
        'Bearer access.admin.forged',
        'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.',
      ]);
    default:
      return `Bearer ${r.pick(tokens.access)}`;
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'PROPFIND'];

/** The seeded accounts stay as they are, so the checks after the fuzz can log in. */
const KEEP_USERS = new Set(USERS.map(([u]) => u));

type Made = {label: string; request: Request};

function makeRequest(r: Random, tokens: Tokens, zipFiles: Record<string, Uint8Array>): Made {
  const op = r.pick(CONTRACT.operations);
  let method = r.chance(0.12) ? r.pick(METHODS) : op.method;
  let path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = r.chance(0.8)
      ? r.pick(SEGMENTS)
      : encodeURIComponent(
          String(r.pick(VALUES))
            .slice(0, 200)
            .replace(/[\ud800-\udfff]/g, '?'),
        );
    return name === 'username' && KEEP_USERS.has(value) ? 'someone-else' : value;
  });
  if (r.chance(0.05))
    path = r.pick([
      '/',
      '//',
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/',
      '/users/',
      '/sync',
      '/app-bundle/download/',
      '/attachments/',
      `/${'a/'.repeat(500)}`,
    ]);
  const headers = new Headers();
  const auth = authorization(r, tokens);
  if (auth) headers.set('Authorization', auth);
  if (r.chance(0.15))
    headers.set('x-api-version', r.pick(['1.0.3', '', 'latest', '1.0', '99.99.99', '1.0.3-beta', 'x'.repeat(300)]));
  if (r.chance(0.05)) headers.set('If-None-Match', r.pick(['*', '"x", *', 'W/"1"', '""', ',,,']));
  let body: BodyInit | undefined;
  let bodyLabel = '';
  if (method !== 'GET' && method !== 'HEAD') {
    if (op.body?.mediaType === 'multipart/form-data' && !r.chance(0.1)) {
      const field = r.chance(0.9) ? (op.body.files?.[0] ?? 'file') : r.pick(['', 'File', 'bundle[]', 'x']);
      const kind = r.pick([...Object.keys(zipFiles), 'text', 'broken-multipart']);
      bodyLabel = `multipart ${field}=${kind}`;
      if (kind === 'broken-multipart') {
        headers.set(
          'Content-Type',
          r.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=zz']),
        );
        body = r.pick([
          '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
          '--zz--',
          'garbage',
          '--zz\r\n\r\n\r\n--zz--\r\n',
        ]);
      } else {
        const form = new FormData();
        const bytes = kind === 'text' ? new TextEncoder().encode('plain text') : zipFiles[kind];
        form.append(
          field,
          new Blob([bytes.slice()], {type: r.pick(['application/zip', 'image/jpeg', '', 'text/html'])}),
          r.pick(['bundle.zip', '../../evil.zip', '%2e%2e', 'a"b.jpg']),
        );
        body = form;
      }
    } else if (op.body || r.chance(0.3)) {
      const text = jsonBody(r, op.body?.example);
      bodyLabel = `json ${text.length > 120 ? `${text.slice(0, 60)}… (${text.length} characters)` : text}`;
      body = text;
      headers.set(
        'Content-Type',
        r.chance(0.9)
          ? 'application/json'
          : r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']),
      );
    }
  }
  if (method === 'OPTIONS' && r.chance(0.5)) {
    headers.set('Access-Control-Request-Method', r.pick(['POST', 'GET', 'FOO']));
    headers.set('Access-Control-Request-Headers', r.pick(['x-api-version', 'authorization', '']));
  }
  if ((method === 'GET' || method === 'HEAD') && body) method = 'POST';
  const url = BASE + path + (r.chance(0.3) ? r.pick(QUERIES) : '');
  return {
    label: `${method} ${url.slice(0, 160)}${bodyLabel ? ` [${bodyLabel.slice(0, 160)}]` : ''}`,
    request: new Request(url, {method, headers, body}),
  };
}

/**
 * Requests that must be in every run, each the hostile input of one category sent where it is read (with a
 * token of a role that may call the operation), with the answers the engine must give: none stores or
 * serves what it should refuse.
 */
function targeted(tokens: Tokens, zipFiles: Record<string, Uint8Array>): Targeted[] {
  const [admin, fieldworker] = tokens.access;
  const json = (path: string, token: string, body: string) =>
    new Request(BASE + path, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
      body,
    });
  const refused = (status: number) => status >= 400 && status < 500;
  const refusedOrRuled = (status: number) => refused(status) || status === 500;
  const deepRecord = deepPush('deep-1');
  const made: Targeted[] = [
    ...literalBodies(tokens),
    {
      what: 'a push whose record nests 20,000 levels',
      label: 'POST /sync/push [deep record]',
      request: json('/sync/push', fieldworker, deepRecord),
      expect: refused,
    },
    {
      what: 'a pull body nested 20,000 levels',
      label: 'POST /sync/pull [deep]',
      request: json('/sync/pull', fieldworker, deep(20_000, '[', ']')),
      expect: refused,
    },
    {
      what: 'a body over 2 MiB',
      label: 'POST /sync/push [2 MiB]',
      request: json('/sync/push', fieldworker, `"${'x'.repeat(2 * MIB + 16)}"`),
      expect: refused,
    },
    {
      what: 'bad JSON',
      label: 'POST /auth/login [bad JSON]',
      request: json('/auth/login', admin, '{"username":'),
      expect: refused,
    },
  ];
  for (const [kind, bytes] of Object.entries(zipFiles)) {
    if (kind === 'valid') continue;
    const form = new FormData();
    form.append('bundle', new Blob([bytes.slice()], {type: 'application/zip'}), 'bundle.zip');
    made.push({
      what: `an app bundle ZIP: ${kind}`,
      label: `POST /app-bundle/push [${kind}]`,
      request: new Request(`${BASE}/app-bundle/push`, {
        method: 'POST',
        headers: {Authorization: `Bearer ${admin}`},
        body: form,
      }),
      // Refused: 400 or 413 as described, or 500 where the release rule bundle-push-errors-500 says so.
      expect: refusedOrRuled,
    });
  }
  for (const id of ['..%2F..%2Fetc%2Fpasswd', '%252e%252e', '%2e%2e%2fsecret', 'a%2F..%2F..%2Fb', '%5C..%5C..']) {
    const form = new FormData();
    form.append('file', new Blob(['x'], {type: 'image/jpeg'}), 'x.jpg');
    made.push({
      what: `an attachment id ${id}`,
      label: `PUT /attachments/${id}`,
      request: new Request(`${BASE}/attachments/${id}`, {
        method: 'PUT',
        headers: {Authorization: `Bearer ${fieldworker}`},
        body: form,
      }),
      // The release stores the id as sent, `%2F` and all: a name, not a path (checked after the fuzz).
      expect: (status, dialect) => status !== 200 || dialect !== 'description' || !climbs(decodeURIComponent(id)),
    });
    made.push({
      what: `a download of the attachment ${id}`,
      label: `GET /attachments/${id}`,
      request: new Request(`${BASE}/attachments/${id}`, {headers: {Authorization: `Bearer ${fieldworker}`}}),
      expect: (status, dialect) => status !== 200 || dialect !== 'description' || !climbs(decodeURIComponent(id)),
    });
  }
  for (const file of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2F%2e%2e%2Fconfig', 'app%2F..%2F..%2FAPP_INFO.json']) {
    made.push({
      what: `an app bundle path ${file}`,
      label: `GET /app-bundle/download/${file}`,
      request: new Request(`${BASE}/app-bundle/download/${file}`, {headers: {Authorization: `Bearer ${fieldworker}`}}),
      expect: (status) => status !== 200,
    });
  }
  return made;
}

/** A file name that would leave the folder it is stored in (on Linux, where the release runs, only `/` separates). */
const climbs = (id: string) => id.split('/').includes('..');

type Targeted = Made & {expect: (status: number, dialect: DialectName) => boolean; what: string};

/** Every JSON literal as the whole body of every operation that takes JSON, with a token of a role it allows. */
function literalBodies(tokens: Tokens): Targeted[] {
  const [admin, fieldworker, viewer] = tokens.access;
  return CONTRACT.operations
    .filter((op) => op.body?.mediaType === 'application/json')
    .flatMap((op) =>
      JSON_LITERALS.map((literal) => {
        const token = op.roles.includes('read-only') ? viewer : op.roles.includes('read-write') ? fieldworker : admin;
        const path = op.path.replace(/\{[^}]+\}/g, 'x');
        return {
          what: `the JSON literal ${literal} as the body of ${op.operationId}`,
          label: `${op.method} ${path} [${literal}]`,
          request: new Request(BASE + path, {
            method: op.method,
            headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
            body: literal,
          }),
          // Refused as a request, never a failure of the server (the 5xx check below names what may be one).
          expect: (status: number) => status < 500,
        };
      }),
    );
}

/** The release rules whose answer is a 5xx: the server at the tag answers 500 where the description says 4xx. */
const SERVER_ERROR_RULES = new Set<string>([
  'formspecs-route-500',
  'export-breaks-on-one-record',
  'bundle-push-errors-500',
  'core-fields-reupload-rejected',
  'bundle-bad-ui-json-leaves-version',
  'bundle-switch-500',
  'bundle-download-missing-500',
  'bundle-changes-target-ignored',
  'push-db-error-fails-batch',
  'attachment-id-over-255-bytes',
  'attachment-id-not-decoded',
] satisfies RuleId[]);

type Counts = {
  byClass: Record<string, number>;
  throws: string[];
  hangs: string[];
  bad5xx: string[];
  wrong: string[];
  fiveXX: Record<string, number>;
};

async function fuzz(dialect: DialectName, seed: number): Promise<{engine: Synkronus; counts: Counts}> {
  const engine = newSynkronus(dialect);
  const tokens = await tokensOf(engine);
  const zipFiles = zips();
  const r = prng(seed);
  const counts: Counts = {byClass: {}, throws: [], hangs: [], bad5xx: [], wrong: [], fiveXX: {}};
  const fixed = targeted(tokens, zipFiles);
  for (let i = 0; i < REQUESTS_PER_DIALECT; i++) {
    const target = fixed[i];
    const {label, request} = target ?? makeRequest(r, tokens, zipFiles);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hang = new Promise<'hang'>((resolve) => {
      // A bound on a request, so that a hang fails the test instead of stalling it: not a timing assertion.
      timer = setTimeout(() => resolve('hang'), STATE_TIMEOUT_MS);
    });
    try {
      // Every fifth request also asks how the other dialect would answer, as the console does.
      const result = await Promise.race([engine.exchange(request, {compare: i % 5 === 0}), hang]);
      if (result === 'hang') {
        counts.hangs.push(label);
        continue;
      }
      const {response} = result;
      await response.arrayBuffer();
      const status = response.status;
      const statusClass = `${Math.floor(status / 100)}xx`;
      counts.byClass[statusClass] = (counts.byClass[statusClass] ?? 0) + 1;
      if (target && !target.expect(status, dialect)) counts.wrong.push(`${target.what}: ${label} → ${status}`);
      if (status >= 500) {
        const key = `${status} ${response.headers.get(ENGINE_HEADERS.rules) ?? (response.headers.has(ENGINE_HEADERS.unspecified) ? 'not specified' : '')}`;
        counts.fiveXX[key] = (counts.fiveXX[key] ?? 0) + 1;
        const unspecified = status === 501 && response.headers.has(ENGINE_HEADERS.unspecified);
        const rules = (response.headers.get(ENGINE_HEADERS.rules) ?? '').split(', ');
        const ruled = dialect === RELEASE_TAG && rules.some((rule) => SERVER_ERROR_RULES.has(rule));
        if (!unspecified && !ruled)
          counts.bad5xx.push(`${label} → ${status} ${response.headers.get(ENGINE_HEADERS.reason) ?? ''}`);
      }
    } catch (error) {
      counts.throws.push(`${label} → ${(error as Error).stack ?? String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }
  return {engine, counts};
}

/** Every path the release routes and the description lists, as a target with `{param}` and `*` left to fill. */
function everyRoute(): {method: string; path: string}[] {
  const routes = CONTRACT.operations.map((op) => ({method: op.method, path: op.path}));
  const walk = (table: ChiTable<unknown>, prefix: string) => {
    for (const entry of table) {
      if ('mount' in entry) walk(entry.table, prefix + entry.mount);
      else routes.push({method: entry.method, path: (prefix + entry.pattern).replace(/(.)\/$/, '$1')});
    }
  };
  walk(DOCUMENTED_RELEASE.routes, '');
  return routes;
}

/**
 * Each route with each of NOT_UTF8 in its parameters, after its path, and before a trailing slash (chi's
 * RedirectSlashes writes the decoded bytes into `Location`), sent as the raw target Node's server hands over.
 */
function notUtf8Targets(): {method: string; target: string}[] {
  const made: {method: string; target: string}[] = [];
  for (const {method, path} of everyRoute())
    for (const bytes of NOT_UTF8) {
      const filled = path.replace(/\{[^}]+\}|\*/g, bytes);
      const targets = [filled, `${filled}/`, `${path.replace(/\{[^}]+\}|\*/g, 'x')}/${bytes}/`, `${filled}?q=${bytes}`];
      for (const target of targets) for (const m of new Set([method, 'GET', 'HEAD'])) made.push({method: m, target});
    }
  return made;
}

/** After the fuzz, the same engine still serves a device: login, a pull, an export. */
async function stillUsable(engine: Synkronus) {
  const {token} = await login(engine, 'fieldworker', 's3cret-passphrase');
  const pull = await engine.handle(
    new Request(`${BASE}/sync/pull`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
      body: JSON.stringify({client_id: 'after-fuzz', since: {version: 0}}),
    }),
  );
  expect(pull.status, `pull after the fuzz: ${await pull.clone().text()}`).toBe(200);
  expect(((await pull.json()) as {records: unknown[]}).records.length).toBeGreaterThan(0);
  const exported = await engine.handle(
    new Request(`${BASE}/dataexport/parquet`, {headers: {Authorization: `Bearer ${token}`}}),
  );
  expect(exported.status, `export after the fuzz: ${exported.headers.get(ENGINE_HEADERS.reason)}`).toBe(200);
  expect(exported.headers.get('content-type')).toBe('application/zip');
  expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(0);
}

for (const dialect of ['description', RELEASE_TAG] as const) {
  test(`dialect ${dialect}: bytes that are not UTF-8 in the path of every route, no throw, no unexplained 5xx`, async () => {
    const engine = newSynkronus(dialect);
    const {access} = await tokensOf(engine);
    const failures: string[] = [];
    const targets = notUtf8Targets();
    for (const {method, target} of targets) {
      const label = `${method} ${target}`;
      try {
        const request = new Request(BASE + target, {method, headers: {Authorization: `Bearer ${access[0]}`}});
        const {response} = await engine.exchange(request, {target});
        const bytes = new Uint8Array(await response.arrayBuffer());
        // Every header is a ByteString a socket can carry: no control byte but the tab.
        response.headers.forEach((value, name) => {
          // eslint-disable-next-line no-control-regex -- the bytes a header value may not hold
          if (/[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/.test(value))
            failures.push(`${label} → ${name}: ${JSON.stringify(value)}`);
        });
        const location = response.headers.get('Location');
        // RedirectSlashes' Location is ASCII: net/http escapes every byte over 0x7f.
        if (location !== null && /[^\u0020-\u007e]/.test(location))
          failures.push(`${label} → Location ${JSON.stringify(location)}`);
        const rules = (response.headers.get(ENGINE_HEADERS.rules) ?? '').split(', ');
        const unspecified = response.status === 501 && response.headers.has(ENGINE_HEADERS.unspecified);
        const ruled = dialect === RELEASE_TAG && rules.some((rule) => SERVER_ERROR_RULES.has(rule));
        if (response.status >= 500 && !unspecified && !ruled)
          failures.push(
            `${label} → ${response.status} ${response.headers.get(ENGINE_HEADERS.reason) ?? ''} ${bytes.length}`,
          );
      } catch (error) {
        failures.push(`${label} → throws ${(error as Error).message}`);
      }
    }
    expect(targets.length).toBeGreaterThan(2000);
    expect(failures.slice(0, 20)).toEqual([]);
  });
}

for (const [dialect, seed] of [
  ['description', 0x5eed0001],
  [RELEASE_TAG, 0x5eed0002],
] as const) {
  test(`fuzz, dialect ${dialect}: ${REQUESTS_PER_DIALECT} hostile requests, no throw, no hang, no unexplained 5xx`, async () => {
    test.slow();
    const {engine, counts} = await fuzz(dialect, seed);
    const classes = Object.entries(counts.byClass)
      .sort()
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.log(
      `fuzz (${dialect}): ${REQUESTS_PER_DIALECT} requests per dialect, ${classes}, ${counts.throws.length} throws, ${counts.hangs.length} hangs`,
    );
    console.log(`fuzz (${dialect}) 5xx: ${JSON.stringify(counts.fiveXX)}`);
    expect(counts.wrong, `hostile requests answered as if valid:\n${counts.wrong.join('\n')}`).toEqual([]);
    expect(counts.throws, `requests that made the engine throw:\n${counts.throws.slice(0, 5).join('\n')}`).toEqual([]);
    expect(counts.hangs, `requests left unanswered after ${STATE_TIMEOUT_MS} ms:\n${counts.hangs.join('\n')}`).toEqual(
      [],
    );
    expect(
      counts.bad5xx,
      `5xx answers neither left open by the description nor given by a release rule:\n${counts.bad5xx.slice(0, 10).join('\n')}`,
    ).toEqual([]);
    const climbing = [...engine.store.state.attachments.keys()].filter(climbs);
    expect(climbing, 'attachments stored under a name that leaves their folder').toEqual([]);
    await stillUsable(engine);
  });
}
