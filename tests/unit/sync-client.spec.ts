/**
 * The code of the guide "Write a sync client", on its own page (docs/documentation/synkronus/sync-client-code.mdx),
 * taken from that page itself, runs against a stateful mock of the Synkronus server of ODE v1.0.0-alpha.6 (tests/support/sync-mock.ts):
 * the code a reader copies is the code tested.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import ts from 'typescript';
import {readRepoFile} from '../support/content';
import {DIALECTS, type DialectName} from '../../src/api/synkronus';
import {startSyncMock, type PushedRecord, type SyncMock} from '../support/sync-mock';

const GUIDE = 'docs/documentation/synkronus/sync-client-code.mdx';

/**
 * The page's one code block titled sync-client.ts, compiled by TypeScript (type errors fail the test, naming
 * the page and line) into a temporary CommonJS module.
 */
function guideModulePath(): string {
  const blocks = [...readRepoFile(GUIDE).matchAll(/^```ts title="sync-client\.ts"\n([\s\S]*?)^```$/gm)];
  if (blocks.length !== 1)
    throw new Error(`${GUIDE}: expected one \`\`\`ts title="sync-client.ts" block, found ${blocks.length}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sync-client-'));
  const source = path.join(dir, 'sync-client.ts');
  writeFileSync(source, blocks[0][1]);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    strict: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    outDir: dir,
  };
  const program = ts.createProgram([source], options);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${GUIDE}: sync-client.ts line ${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
  if (problems.length) throw new Error(problems.join('\n'));
  program.emit();
  return path.join(dir, 'sync-client.js');
}

/** What the test uses of the guide's module (its own types stay on the page). */
type Guide = {
  SyncClient: new (options: Record<string, unknown>) => {
    sync(): Promise<{pulled: number; pushed: number; failed: number; uploaded: number; refusedFiles: number}>;
  };
  pushProblem(record: PushedRecord): string | undefined;
};
let guide: Guide;

test.beforeAll(() => {
  guide = createRequire(__filename)(guideModulePath()) as Guide;
});

const record = (n: number, extra: Partial<PushedRecord> = {}): PushedRecord => ({
  observation_id: `obs-${String(n).padStart(4, '0')}`,
  form_type: n % 2 ? 'household' : 'visit',
  form_version: '1.0',
  data: {n},
  created_at: '2025-12-01T09:00:00Z',
  updated_at: '2025-12-01T09:00:00Z',
  deleted: false,
  ...extra,
});

/**
 * An in-memory LocalStore that counts how often each record arrives. It keeps the pending records as local
 * records too and, as the guide's keepPage contract says, a pulled page never replaces or removes a record with
 * local changes not pushed yet (pending or set aside).
 */
function memoryStore(pending: PushedRecord[] = [], files: {id: string; file: Blob}[] = []) {
  const kept = new Map<string, unknown>(
    pending.filter((r) => typeof r.observation_id === 'string').map((r) => [r.observation_id as string, r]),
  );
  const arrivals = new Map<string, number>();
  const state = {
    since: 0,
    pending: [...pending],
    failed: [] as {record: PushedRecord; error: string}[],
    uploaded: [] as string[],
    files: [...files],
    refusedFiles: new Map<string, string>(),
  };
  return {
    kept,
    arrivals,
    state,
    sinceVersion() {
      return Promise.resolve(state.since);
    },
    keepPage(records: {observation_id: string; deleted: boolean}[], changeCutoff: number) {
      const local = [...state.pending, ...state.failed.map((f) => f.record)].map((r) => r.observation_id);
      for (const r of records) {
        arrivals.set(r.observation_id, (arrivals.get(r.observation_id) ?? 0) + 1);
        if (local.includes(r.observation_id)) continue;
        if (r.deleted) kept.delete(r.observation_id);
        else kept.set(r.observation_id, r);
      }
      state.since = changeCutoff;
      return Promise.resolve();
    },
    pendingRecords() {
      return Promise.resolve(state.pending);
    },
    markPushed(ids: string[]) {
      state.pending = state.pending.filter((r) => !ids.includes(String(r.observation_id)));
      return Promise.resolve();
    },
    markFailed(record: PushedRecord, error: string) {
      // The record as pendingRecords gave it: found by identity, since its observation_id may be missing.
      if (!state.pending.includes(record))
        throw new Error(`markFailed: not a pending record: ${JSON.stringify(record)}`);
      state.failed.push({record, error});
      state.pending = state.pending.filter((r) => r !== record);
      return Promise.resolve();
    },
    pendingAttachments() {
      return Promise.resolve(state.files);
    },
    markUploaded(id: string) {
      state.uploaded.push(id);
      state.files = state.files.filter((f) => f.id !== id);
      return Promise.resolve();
    },
    markAttachmentFailed(id: string, error: string) {
      state.refusedFiles.set(id, error);
      state.files = state.files.filter((f) => f.id !== id);
      return Promise.resolve();
    },
  };
}

let mock: SyncMock;
test.afterEach(async () => {
  await mock?.stop();
});

/**
 * The dialect of the engine the current test runs against. The client's own behaviour (paging, tokens,
 * retries, batches, attachments) is tested against both: as the server of the release answers, and as the
 * description says. What only the release does (Known issues) is tested against its dialect alone.
 */
let dialect: DialectName = 'v1.0.0-alpha.6';
const startMock = (options: Parameters<typeof startSyncMock>[0] = {}) => startSyncMock({dialect, ...options});
function bothDialects(title: string, body: () => Promise<void>) {
  for (const each of DIALECTS)
    test(`${title} (${each} dialect)`, async () => {
      dialect = each;
      await body();
    });
}
function releaseOnly(title: string, body: () => Promise<void>) {
  test(`${title} (v1.0.0-alpha.6 dialect: Known issues)`, async () => {
    dialect = 'v1.0.0-alpha.6';
    await body();
  });
}

const clientFor = (store: ReturnType<typeof memoryStore>, pageSize = 50) =>
  new guide.SyncClient({
    baseUrl: mock.origin,
    clientId: 'test-laptop',
    username: 'fieldworker',
    password: 'field-pass-1',
    store,
    pageSize,
    backoffMs: 1,
  });

bothDialects(
  'pulls 120 records over three pages exactly once, applies deletions, and a second sync pulls nothing',
  async () => {
    const seed = Array.from({length: 120}, (_, i) => record(i + 1, {deleted: i % 40 === 39}));
    mock = await startMock({seed});
    const store = memoryStore();
    const result = await clientFor(store).sync();
    expect(result).toEqual({pulled: 120, pushed: 0, failed: 0, uploaded: 0, refusedFiles: 0});
    expect([...store.arrivals.values()].every((n) => n === 1)).toBe(true);
    expect(store.arrivals.size).toBe(120);
    expect(store.kept.size).toBe(117);
    expect(mock.log.filter((c) => c.path === '/sync/pull').map((c) => c.status)).toEqual([200, 200, 200]);
    expect((await clientFor(store).sync()).pulled).toBe(0);
    expect(mock.violations).toEqual([]);
  },
);

bothDialects('a token that expires between two pages is refreshed once and the pull goes on', async () => {
  mock = await startMock({seed: Array.from({length: 120}, (_, i) => record(i + 1))});
  const store = memoryStore();
  const client = clientFor(store);
  // The second page's request arrives after every access token has expired, as 24 hours would make it.
  mock.beforeNext('POST /sync/pull', () => undefined);
  mock.beforeNext('POST /sync/pull', () => mock.expireAccessTokens());
  expect((await client.sync()).pulled).toBe(120);
  expect(mock.log.filter((c) => c.path === '/auth/refresh').map((c) => c.status)).toEqual([200]);
  expect(mock.log.filter((c) => c.path === '/sync/pull').map((c) => c.status)).toEqual([200, 401, 200, 200]);
  expect([...store.arrivals.values()].every((n) => n === 1)).toBe(true);
});

releaseOnly(
  'records the server refuses for want of an observation_id are handed to the store as records; the others are stored',
  async () => {
    mock = await startMock();
    const empty = record(2, {observation_id: ''});
    // JSON.stringify leaves the undefined field out: the server reads it as empty.
    const missing = record(3, {observation_id: undefined});
    const store = memoryStore([record(1), empty, missing, record(4)]);
    const result = await clientFor(store).sync();
    expect(result).toMatchObject({pushed: 2, failed: 2});
    expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001', 'obs-0004']);
    expect(store.state.failed).toEqual([
      {record: empty, error: 'observation_id is required'},
      {record: missing, error: 'observation_id is required'},
    ]);
    expect(store.state.failed[1].record).toBe(missing);
    expect(store.state.pending).toEqual([]);
  },
);

/** A fraction of `digits` digits in a date-time otherwise valid. */
const fraction = (digits: number, zone = 'Z') => `2025-01-01T00:00:00.${'0'.repeat(digits)}${zone}`;

/** Records PostgreSQL refuses, each with the reason the guide's check gives for it. */
const REFUSED: [string, PushedRecord, string][] = [
  [
    'a created_at that is not a date',
    record(2, {created_at: 'not a date'}),
    'created_at is not an RFC 3339 date-time that exists',
  ],
  [
    'an impossible date',
    record(3, {created_at: '2025-02-30T09:00:00Z'}),
    'created_at is not an RFC 3339 date-time that exists',
  ],
  [
    'February 29 of a common year',
    record(4, {updated_at: '2023-02-29T09:00:00Z'}),
    'updated_at is not an RFC 3339 date-time that exists',
  ],
  [
    'a form_version longer than 50',
    record(5, {form_version: 'v'.repeat(51)}),
    'form_version is longer than 50 characters',
  ],
  ['no data', record(6, {data: undefined}), 'data is missing'],
  ['a NUL character in form_type', record(7, {form_type: 'house\u0000hold'}), 'form_type contains a NUL character'],
  [
    'a NUL character in observation_id',
    record(8, {observation_id: 'obs-\u00008'}),
    'observation_id contains a NUL character',
  ],
  ['a NUL character in a text of data', record(9, {data: {note: 'a\u0000b'}}), 'data contains a NUL character'],
  ['a NUL character in a key of data', record(10, {data: {list: [{'\u0000': 1}]}}), 'data contains a NUL character'],
  ['half a surrogate pair in data', record(11, {data: {note: 'x\ud800'}}), 'data contains half of a surrogate pair'],
  [
    'a fraction of 129 digits, too long for its work buffer',
    record(16, {updated_at: fraction(129)}),
    'updated_at is not an RFC 3339 date-time that exists',
  ],
];

/**
 * Records the server cannot decode into its Go struct sync.Observation (pkg/sync/interface.go): it refuses the
 * whole push with 400. Each with the reason the guide's check gives for it.
 */
const WRONG_TYPES: [string, PushedRecord, string][] = [
  ['deleted as 0, as SQLite stores it', record(20, {deleted: 0}), 'deleted is not a boolean'],
  ['deleted as 1', record(21, {deleted: 1}), 'deleted is not a boolean'],
  ['deleted as the text "false"', record(22, {deleted: 'false'}), 'deleted is not a boolean'],
  ['a numeric form_version', record(23, {form_version: 2}), 'form_version is not a string'],
  ['a numeric observation_id', record(24, {observation_id: 24}), 'observation_id is not a string'],
  ['a form_type that is a list', record(25, {form_type: ['household']}), 'form_type is not a string'],
  ['a numeric created_at', record(26, {created_at: 1764579600}), 'created_at is not a string'],
  ['a numeric synced_at', record(27, {synced_at: 1764579600}), 'synced_at is not a string'],
  ['a version with a fraction', record(28, {version: 1.5}), 'version is not a 64-bit integer'],
  [
    'a geolocation that is text',
    record(29, {geolocation: '-0.1, 34.7'}),
    'geolocation is not an object whose coordinates are numbers',
  ],
  [
    'a latitude that is text',
    record(30, {geolocation: {latitude: '-0.1', longitude: 34.7, accuracy: 5}}),
    'geolocation is not an object whose coordinates are numbers',
  ],
  ['a key Deleted, which Go reads as deleted', record(31, {Deleted: 0}), 'Deleted is not a boolean'],
];

/** Records the server would store changed: PostgreSQL cuts a text whose excess is spaces. The check sets them aside. */
const CUT: [string, PushedRecord, string][] = [
  [
    'an observation_id of 255 characters and trailing spaces',
    record(40, {observation_id: `obs-${'x'.repeat(251)}   `}),
    'observation_id is longer than 255 characters',
  ],
  [
    'a form_version with 60 trailing spaces',
    record(41, {form_version: `1.0${' '.repeat(60)}`}),
    'form_version is longer than 50 characters',
  ],
];

bothDialects(
  'each record the server would refuse, or store cut, is set aside before the push, and the others are stored',
  async () => {
    mock = await startMock();
    const accepted = [
      record(1),
      record(12, {created_at: '2024-02-29T09:00:00.123+05:30', updated_at: '2000-02-29 23:59:59-03:00'}),
      record(13, {data: {note: 'emoji \ud83d\ude00, and the six characters \\u0000'}}),
      record(14, {created_at: '2025-01-01T00:00:00.123456789Z', synced_at: null}),
      record(15, {geolocation: {latitude: -0.1, longitude: 34.7, accuracy: 5, altitude: null}, version: 1188}),
    ];
    const bad = [...REFUSED, ...WRONG_TYPES, ...CUT];
    const store = memoryStore([...bad.map(([, r]) => r), ...accepted]);
    const result = await clientFor(store).sync();
    expect(result).toMatchObject({pushed: accepted.length, failed: bad.length});
    expect(mock.stored().map((r) => r.observation_id)).toEqual(accepted.map((r) => r.observation_id));
    expect(store.state.failed.map(({error}) => error)).toEqual(bad.map(([, , error]) => error));
    expect(mock.log.filter((c) => c.path === '/sync/push').map((c) => c.status)).toEqual([200]);
    expect(mock.violations).toEqual([]);
  },
);

/** Pushes `records` in one request, as any client could, and returns the answer. */
async function pushDirectly(records: PushedRecord[]): Promise<{status: number; body: Record<string, unknown>}> {
  const login = await fetch(`${mock.origin}/auth/login`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({username: 'fieldworker', password: 'field-pass-1'}),
  });
  const {token} = (await login.json()) as {token: string};
  const push = await fetch(`${mock.origin}/sync/push`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
    body: JSON.stringify({transmission_id: crypto.randomUUID(), client_id: 'x', records}),
  });
  return {status: push.status, body: (await push.json()) as Record<string, unknown>};
}

for (const [what, refused] of [...REFUSED, ['an empty updated_at', record(14, {updated_at: ''}), ''] as const]) {
  releaseOnly(
    `the server fails a whole push with 500 and stores nothing when its database refuses ${what} (what the page warns of)`,
    async () => {
      mock = await startMock();
      expect((await pushDirectly([record(1), refused, record(15)])).status).toBe(500);
      expect(mock.stored()).toEqual([]);
    },
  );
}

for (const [what, wrong] of WRONG_TYPES) {
  releaseOnly(
    `the server refuses a whole push with 400 and stores nothing for ${what} (what the page warns of)`,
    async () => {
      mock = await startMock();
      const {status, body} = await pushDirectly([record(1), wrong, record(15)]);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        message: 'Invalid request format',
        error: expect.stringMatching(/^json: cannot unmarshal /),
      });
      expect(mock.stored()).toEqual([]);
    },
  );
}

releaseOnly('a null in any field is taken by the server, and by the check', async () => {
  mock = await startMock();
  const nulls = record(50, {deleted: null, synced_at: null, data: null, version: null, geolocation: null});
  const store = memoryStore([nulls]);
  expect(await clientFor(store).sync()).toMatchObject({pushed: 1, failed: 0});
  expect(mock.stored()).toEqual([expect.objectContaining({observation_id: 'obs-0050', deleted: false, data: null})]);
});

releaseOnly('the server stores a text whose excess is spaces cut to its column (what the check avoids)', async () => {
  mock = await startMock();
  const [[, id], [, version]] = CUT;
  expect((await pushDirectly([id, version])).status).toBe(200);
  expect(mock.stored().map((r) => [r.observation_id, r.form_version])).toEqual([
    [`obs-${'x'.repeat(251)}`, '1.0'],
    ['obs-0041', `1.0${' '.repeat(47)}`],
  ]);
});

/**
 * Date-times with PostgreSQL's verdict, measured on PostgreSQL 15.18 with the tag's migrations (an INSERT of the
 * release's ProcessPushedRecords, prepared, the text as its parameter). The engine must give the same verdicts.
 */
const POSTGRES_VERDICTS: [string, 'accepted' | 'refused'][] = [
  ['yesterday', 'accepted'],
  ['12/01/2025', 'accepted'],
  ['2025-01-01T24:00:00Z', 'accepted'],
  ['2016-12-31T23:59:60Z', 'accepted'],
  ['2025-01-01T10:00:00.Z', 'accepted'],
  ['2025-01-01T10:00:00+0530', 'accepted'],
  ['2025-12-01T09:00:00Z', 'accepted'],
  ['2025-12-01t09:00:00z', 'accepted'],
  ['2025-12-01 09:00:00+01:00', 'accepted'],
  ['0001-01-01T00:00:00Z', 'accepted'],
  ['9999-12-31T23:59:59.999999Z', 'accepted'],
  ['2025-01-01T10:00:00+15:59', 'accepted'],
  ['2025-01-01T10:00:00-15:59', 'accepted'],
  ['2025-01-01T00:00:00.123456789Z', 'accepted'],
  ['2025-01-01T00:00:00.1234567891Z', 'accepted'],
  [fraction(120), 'accepted'],
  [fraction(128), 'accepted'],
  [fraction(129), 'refused'],
  [fraction(130), 'refused'],
  [fraction(123, '+05:30'), 'accepted'],
  [fraction(124, '+05:30'), 'refused'],
  [fraction(130, '').replace('T', ' ') + 'Z', 'accepted'],
  [fraction(131, '').replace('T', ' ') + 'Z', 'refused'],
  ['0000-01-01T00:00:00Z', 'refused'],
  ['2025-13-01T10:00:00Z', 'refused'],
  ['2025-00-01T10:00:00Z', 'refused'],
  ['2025-01-00T10:00:00Z', 'refused'],
  ['2025-04-31T10:00:00Z', 'refused'],
  ['2100-02-29T10:00:00Z', 'refused'],
  ['2025-01-01T25:00:00Z', 'refused'],
  ['2025-01-01T23:60:00Z', 'refused'],
  ['2025-01-01T10:00:00+16:00', 'refused'],
  ['2025-01-01T10:00:00+05:60', 'refused'],
  ['not a date', 'refused'],
  ['', 'refused'],
];

releaseOnly(
  "the engine's date-time verdicts are PostgreSQL's, and the check refuses every date-time the database refuses",
  async () => {
    mock = await startMock();
    // The database accepts these, the check does not: it takes only RFC 3339 date-times that exist, with at most
    // 9 digits of fraction.
    const stricter = new Set([
      'yesterday',
      '12/01/2025',
      '2025-01-01T24:00:00Z',
      '2016-12-31T23:59:60Z',
      '2025-01-01T10:00:00.Z',
      '2025-01-01T10:00:00+0530',
      '2025-01-01T00:00:00.1234567891Z',
      fraction(120),
      fraction(128),
      fraction(123, '+05:30'),
      fraction(130, '').replace('T', ' ') + 'Z',
    ]);
    const problems: string[] = [];
    for (const [n, [value, verdict]] of POSTGRES_VERDICTS.entries()) {
      const candidate = record(100 + n, {created_at: value});
      const shown = value.length > 40 ? `${value.slice(0, 24)}…(${value.length} characters)` : value;
      const refusedByDatabase = (await pushDirectly([candidate])).status === 500;
      const refusedByCheck = guide.pushProblem(candidate) !== undefined;
      if (refusedByDatabase !== (verdict === 'refused'))
        problems.push(`${shown}: PostgreSQL ${verdict} it, the engine did not`);
      if (verdict === 'refused' && !refusedByCheck)
        problems.push(`${shown}: the database refuses it, the check lets it through`);
      if (verdict === 'accepted' && refusedByCheck !== stricter.has(value))
        problems.push(`${shown}: the check ${refusedByCheck ? 'refuses' : 'takes'} it, expected otherwise`);
    }
    expect(problems).toEqual([]);
  },
);

bothDialects('pending records are pushed in batches of 100, each with its own transmission_id', async () => {
  mock = await startMock();
  const store = memoryStore(Array.from({length: 250}, (_, i) => record(i + 1)));
  expect(await clientFor(store).sync()).toMatchObject({pushed: 250, failed: 0});
  const pushes = mock.log.filter((c) => c.path === '/sync/push');
  expect(pushes.map((c) => (c.body as {records: unknown[]}).records.length)).toEqual([100, 100, 50]);
  expect(new Set(pushes.map((c) => (c.body as {transmission_id: string}).transmission_id)).size).toBe(3);
  expect(mock.stored()).toHaveLength(250);
  expect(store.state.pending).toEqual([]);
  expect(mock.violations).toEqual([]);
});

bothDialects(
  'a batch that keeps failing stops the sync; the batches before it stay stored and marked as pushed',
  async () => {
    mock = await startMock();
    const store = memoryStore(Array.from({length: 250}, (_, i) => record(i + 1)));
    mock.beforeNext('POST /sync/push', () => undefined);
    // The second batch and its four retries meet a database that is down.
    mock.beforeNext('POST /sync/push', () => mock.failNext('POST /sync/push', 'database-down', 5));
    await expect(clientFor(store).sync()).rejects.toThrow(/Synkronus answered 500/);
    expect(mock.log.filter((c) => c.path === '/sync/push').map((c) => c.status)).toEqual([
      200, 500, 500, 500, 500, 500,
    ]);
    expect(mock.stored()).toHaveLength(100);
    expect(store.state.pending.map((r) => r.observation_id)).toEqual(
      Array.from({length: 150}, (_, i) => `obs-${String(i + 101).padStart(4, '0')}`),
    );
  },
);

releaseOnly('a push whose answer is lost, and a server error, are retried; the records are stored', async () => {
  mock = await startMock();
  mock.failNext('POST /sync/push', 'database-down');
  mock.failNext('POST /sync/push', 'drop-after');
  const store = memoryStore([record(1), record(2)]);
  expect((await clientFor(store).sync()).pushed).toBe(2);
  expect(mock.log.filter((c) => c.path === '/sync/push').map((c) => c.status)).toEqual([500, -1, 200]);
  expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001', 'obs-0002']);
});

bothDialects('an attachment the server already has (409) counts as uploaded; a new one is uploaded', async () => {
  mock = await startMock();
  await mock.putAttachment('photo-1.jpg', Buffer.from('first copy'));
  const files = [
    {id: 'photo-1.jpg', file: new Blob(['second copy'], {type: 'image/jpeg'})},
    {id: 'photo-2.jpg', file: new Blob(['new photo'], {type: 'image/jpeg'})},
  ];
  const store = memoryStore([], files);
  expect((await clientFor(store).sync()).uploaded).toBe(2);
  expect(store.state.uploaded).toEqual(['photo-1.jpg', 'photo-2.jpg']);
  expect(mock.attachment('photo-1.jpg')?.toString()).toBe('first copy');
  expect(mock.attachment('photo-2.jpg')?.toString()).toBe('new photo');
  expect(mock.log.filter((c) => c.method === 'PUT').map((c) => c.status)).toEqual([409, 200]);
});

bothDialects(
  'an attachment refused with a 4xx is set aside, and the other files and the records still go',
  async () => {
    // A proxy in front of the server lets bodies of at most 2000 bytes through.
    mock = await startMock({proxyMaxBodyBytes: 2000});
    const files = [
      {id: 'video-1.mp4', file: new Blob([new Uint8Array(3000)], {type: 'video/mp4'})},
      {id: 'photo-2.jpg', file: new Blob(['small photo'], {type: 'image/jpeg'})},
    ];
    const store = memoryStore([record(1, {data: {video: 'video-1.mp4', photo: 'photo-2.jpg'}})], files);
    expect(await clientFor(store).sync()).toEqual({pulled: 0, pushed: 1, failed: 0, uploaded: 1, refusedFiles: 1});
    expect(mock.log.filter((c) => c.method === 'PUT').map((c) => c.status)).toEqual([413, 200]);
    expect([...store.state.refusedFiles.keys()]).toEqual(['video-1.mp4']);
    expect(store.state.refusedFiles.get('video-1.mp4')).toMatch(/^413: <html>/);
    expect(store.state.uploaded).toEqual(['photo-2.jpg']);
    expect(store.state.files).toEqual([]);
    expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001']);
    expect(mock.violations).toEqual([]);
  },
);

releaseOnly(
  'an attachment id over 255 bytes, which the server fails with 500 at every try, is set aside once the push went through',
  async () => {
    mock = await startMock();
    const longId = `${'é'.repeat(126)}.jpg`;
    const files = [
      {id: longId, file: new Blob(['photo'], {type: 'image/jpeg'})},
      {id: 'photo-2.jpg', file: new Blob(['small photo'], {type: 'image/jpeg'})},
    ];
    const store = memoryStore([record(1, {data: {photo: longId}})], files);
    expect(await clientFor(store).sync()).toEqual({pulled: 0, pushed: 1, failed: 0, uploaded: 1, refusedFiles: 1});
    // The first try and the four retries of the long id, then the other file; then the push.
    expect(mock.log.filter((c) => c.method === 'PUT').map((c) => c.status)).toEqual([500, 500, 500, 500, 500, 200]);
    expect(mock.log.filter((c) => c.path === '/sync/push').map((c) => c.status)).toEqual([200]);
    expect(store.state.refusedFiles.get(longId)).toMatch(
      /^500: \{"error":"stat attachments\/é+\.jpg: file name too long"/,
    );
    expect(store.state.files).toEqual([]);
    expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001']);
    // The next sync does not try it again.
    await clientFor(store).sync();
    expect(mock.log.filter((c) => c.method === 'PUT')).toHaveLength(6);
  },
);

bothDialects(
  'an upload that answers 5xx at every try does not stop the push, and is set aside once the push went through',
  async () => {
    mock = await startMock();
    // The proxy in front of the server fails every try of the first file.
    mock.failNext('PUT /attachments/{attachment_id}', 'bad-gateway', 5);
    const files = [
      {id: 'photo-1.jpg', file: new Blob(['photo'], {type: 'image/jpeg'})},
      {id: 'photo-2.jpg', file: new Blob(['small photo'], {type: 'image/jpeg'})},
    ];
    const store = memoryStore([record(1), record(2)], files);
    expect(await clientFor(store).sync()).toEqual({pulled: 0, pushed: 2, failed: 0, uploaded: 1, refusedFiles: 1});
    expect(mock.log.filter((c) => c.method === 'PUT').map((c) => c.status)).toEqual([502, 502, 502, 502, 502, 200]);
    expect([...store.state.refusedFiles.keys()]).toEqual(['photo-1.jpg']);
    expect(store.state.refusedFiles.get('photo-1.jpg')).toMatch(/^502: <html>/);
    expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001', 'obs-0002']);
    expect(mock.violations).toEqual([]);
  },
);

bothDialects('when the push fails too, the server is failing: the file is kept for the next sync', async () => {
  mock = await startMock();
  mock.failNext('PUT /attachments/{attachment_id}', 'bad-gateway', 5);
  mock.failNext('POST /sync/push', 'bad-gateway', 5);
  const store = memoryStore([record(1)], [{id: 'photo-1.jpg', file: new Blob(['photo'], {type: 'image/jpeg'})}]);
  await expect(clientFor(store).sync()).rejects.toThrow(/Synkronus answered 502/);
  expect(store.state.refusedFiles.size).toBe(0);
  expect(store.state.files.map((f) => f.id)).toEqual(['photo-1.jpg']);
  // The server is back: the next sync uploads the file and pushes the record.
  expect(await clientFor(store).sync()).toMatchObject({pushed: 1, uploaded: 1, refusedFiles: 0});
  expect(mock.attachment('photo-1.jpg')?.toString()).toBe('photo');
});

bothDialects(
  'a record changed on both sides keeps its local version, which the push sends (the contract of keepPage)',
  async () => {
    mock = await startMock();
    await mock.write([record(1, {data: {n: 'server'}}), record(2, {data: {n: 'server'}})]);
    await mock.write([record(2, {deleted: true})]);
    // Both records were changed on this device too, and are waiting to be pushed.
    const local1 = record(1, {data: {n: 'local'}});
    const local2 = record(2, {data: {n: 'local'}});
    const store = memoryStore([local1, local2]);
    expect(await clientFor(store).sync()).toMatchObject({pulled: 2, pushed: 2});
    expect(store.kept.get('obs-0001')).toBe(local1);
    expect(store.kept.get('obs-0002'), 'a pulled deletion does not remove a local change').toBe(local2);
    expect(mock.stored().map((r) => [r.observation_id, r.data, r.deleted])).toEqual([
      ['obs-0001', {n: 'local'}, false],
      ['obs-0002', {n: 'local'}, false],
    ]);
  },
);

bothDialects('a refused request is not retried and says why', async () => {
  mock = await startMock();
  const store = memoryStore();
  const client = new guide.SyncClient({
    baseUrl: mock.origin,
    clientId: 'x',
    username: 'fieldworker',
    password: 'wrong',
    store,
    backoffMs: 1,
  });
  await expect(client.sync()).rejects.toThrow(/Synkronus answered 401/);
  expect(mock.log.filter((c) => c.path === '/auth/login')).toHaveLength(1);
});
