/**
 * The code of the guide "Write a sync client" (docs/documentation/synkronus/sync-client.mdx), taken from the page
 * itself, runs against a stateful mock of the Synkronus server of ODE v1.0.0-alpha.6 (tests/support/sync-mock.ts):
 * the code a reader copies is the code tested.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import ts from 'typescript';
import {readRepoFile} from '../support/content';
import {startSyncMock, type PushedRecord, type SyncMock} from '../support/sync-mock';

const GUIDE = 'docs/documentation/synkronus/sync-client.mdx';

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
    sync(): Promise<{pulled: number; pushed: number; failed: number; uploaded: number}>;
  };
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

/** An in-memory LocalStore that counts how often each record arrives. */
function memoryStore(pending: PushedRecord[] = [], files: {id: string; file: Blob}[] = []) {
  const kept = new Map<string, unknown>();
  const arrivals = new Map<string, number>();
  const state = {
    since: 0,
    pending: [...pending],
    failed: new Map<string, string>(),
    uploaded: [] as string[],
    files: [...files],
  };
  return {
    kept,
    arrivals,
    state,
    sinceVersion() {
      return Promise.resolve(state.since);
    },
    keepPage(records: {observation_id: string; deleted: boolean}[], changeCutoff: number) {
      for (const r of records) {
        arrivals.set(r.observation_id, (arrivals.get(r.observation_id) ?? 0) + 1);
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
    markFailed(id: string, error: string) {
      state.failed.set(id, error);
      state.pending = state.pending.filter((r) => r.observation_id !== id);
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
  };
}

let mock: SyncMock;
test.afterEach(async () => {
  await mock?.stop();
});

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

test('pulls 120 records over three pages exactly once, applies deletions, and a second sync pulls nothing', async () => {
  const seed = Array.from({length: 120}, (_, i) => record(i + 1, {deleted: i % 40 === 39}));
  mock = await startSyncMock({seed});
  const store = memoryStore();
  const result = await clientFor(store).sync();
  expect(result).toEqual({pulled: 120, pushed: 0, failed: 0, uploaded: 0});
  expect([...store.arrivals.values()].every((n) => n === 1)).toBe(true);
  expect(store.arrivals.size).toBe(120);
  expect(store.kept.size).toBe(117);
  expect(mock.log.filter((c) => c.path === '/sync/pull').map((c) => c.status)).toEqual([200, 200, 200]);
  expect((await clientFor(store).sync()).pulled).toBe(0);
  expect(mock.violations).toEqual([]);
});

test('a token that expires between two pages is refreshed once and the pull goes on', async () => {
  mock = await startSyncMock({seed: Array.from({length: 120}, (_, i) => record(i + 1))});
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

test('a push with one record the server refuses stores the others and keeps the refused one aside', async () => {
  mock = await startSyncMock();
  const store = memoryStore([record(1), record(2, {observation_id: ''}), record(3)]);
  const result = await clientFor(store).sync();
  expect(result).toMatchObject({pushed: 2, failed: 1});
  expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001', 'obs-0003']);
  expect([...store.state.failed.values()]).toEqual(['observation_id is required']);
  expect(store.state.pending).toEqual([]);
});

test('a record the database would refuse is set aside before the push, and the others are stored', async () => {
  mock = await startSyncMock();
  const store = memoryStore([
    record(1),
    record(2, {created_at: 'yesterday'}),
    record(3, {form_version: 'v'.repeat(51)}),
    record(4, {data: undefined}),
    record(5),
  ]);
  const result = await clientFor(store).sync();
  expect(result).toMatchObject({pushed: 2, failed: 3});
  expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001', 'obs-0005']);
  expect([...store.state.failed.entries()]).toEqual([
    ['obs-0002', 'created_at is not an RFC 3339 date-time'],
    ['obs-0003', 'form_version is longer than 50 characters'],
    ['obs-0004', 'data is missing'],
  ]);
  expect(mock.log.filter((c) => c.path === '/sync/push').map((c) => c.status)).toEqual([200]);
  expect(mock.violations).toEqual([]);
});

test('the server fails a whole push with 500 and stores nothing when its database refuses one record (what the page warns of)', async () => {
  mock = await startSyncMock();
  const login = await fetch(`${mock.origin}/auth/login`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({username: 'fieldworker', password: 'field-pass-1'}),
  });
  const {token} = (await login.json()) as {token: string};
  const push = await fetch(`${mock.origin}/sync/push`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
    body: JSON.stringify({
      transmission_id: crypto.randomUUID(),
      client_id: 'x',
      records: [record(1), record(2, {updated_at: ''}), record(3)],
    }),
  });
  expect(push.status).toBe(500);
  expect(mock.stored()).toEqual([]);
});

test('a push whose answer is lost, and a server error, are retried; the records are stored', async () => {
  mock = await startSyncMock();
  mock.failNext('POST /sync/push', 'database-down');
  mock.failNext('POST /sync/push', 'drop-after');
  const store = memoryStore([record(1), record(2)]);
  expect((await clientFor(store).sync()).pushed).toBe(2);
  expect(mock.log.filter((c) => c.path === '/sync/push').map((c) => c.status)).toEqual([500, -1, 200]);
  expect(mock.stored().map((r) => r.observation_id)).toEqual(['obs-0001', 'obs-0002']);
});

test('an attachment the server already has (409) counts as uploaded; a new one is uploaded', async () => {
  mock = await startSyncMock();
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

test('a refused request is not retried and says why', async () => {
  mock = await startSyncMock();
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
