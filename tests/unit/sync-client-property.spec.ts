/**
 * The guide's sync client (docs/documentation/synkronus/sync-client-code.mdx) under fast-check, against the
 * Synkronus engine as the server of the release answers. Each run sends a random mix of good records and hostile
 * ones, through a proxy whose body limit is random (413), with dropped connections, server and database errors
 * and a disk that fills up. Whatever the server answers, the client must end, every good record must arrive, and
 * no file may count as uploaded unless the server holds all its bytes.
 *
 * The seed is printed; FC_SEED=<seed> replays a run.
 */
import {test, expect} from '@playwright/test';
import fc from 'fast-check';
import {startSyncMock, type Failure, type PushedRecord} from '../support/sync-mock';
import {loadGuide, memoryStore, record, type Guide} from '../support/sync-guide';
import {RELEASE_TAG} from '../support/release';

let guide: Guide;
test.beforeAll(() => {
  guide = loadGuide();
});

/** Records the client must set aside, each a way a store can go wrong; `huge` is larger than any proxy limit here. */
const HOSTILE: Record<string, (n: number) => PushedRecord | null> = {
  null: () => null,
  'version -(2 ** 63)': (n) => record(n, {version: -(2 ** 63)}),
  'version 1e21': (n) => record(n, {version: 1e21}),
  'deleted as 1': (n) => record(n, {deleted: 1}),
  'form_version over 50': (n) => record(n, {form_version: 'v'.repeat(51)}),
  'NUL in data': (n) => record(n, {data: {note: 'a\u0000b'}}),
  'a day February lacks': (n) => record(n, {created_at: '2025-02-30T09:00:00Z'}),
  'observation_id over 255': (n) => ({...record(n), observation_id: `obs-${'o'.repeat(252)}`}),
  huge: (n) => record(n, {data: {notes: 'x'.repeat(30_000)}}),
};

const ROUTES = [
  'POST /sync/pull',
  'POST /sync/push',
  'PUT /attachments/{attachment_id}',
  'GET /attachments/{attachment_id}',
];
const FAILURES: Failure[] = ['drop-before', 'drop-after', 'database-down', 'bad-gateway'];

const scenario = fc.record({
  good: fc.array(fc.integer({min: 0, max: 1500}), {maxLength: 30}),
  hostile: fc.array(fc.constantFrom(...Object.keys(HOSTILE)), {maxLength: 6}),
  // Where each hostile record goes among the good ones.
  order: fc.array(fc.nat(), {maxLength: 40}),
  files: fc.array(fc.integer({min: 1, max: 2000}), {maxLength: 5}),
  proxyMaxBodyBytes: fc.integer({min: 3000, max: 20_000}),
  diskBytesLeft: fc.option(fc.integer({min: 0, max: 4000}), {nil: undefined}),
  faults: fc.array(
    fc.record({
      route: fc.constantFrom(...ROUTES),
      failure: fc.constantFrom(...FAILURES),
      count: fc.integer({min: 1, max: 6}),
    }),
    {maxLength: 4},
  ),
  pushBatchSize: fc.integer({min: 1, max: 20}),
});

/** At most this many syncs: each failing one uses up at least one fault, and there are at most 24. */
const MOST_SYNCS = 30;

test('whatever the server answers, the client ends, every good record arrives, and no file counts as uploaded unless whole', async () => {
  test.setTimeout(600_000);
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  let runs = 0;
  let setAside = 0;
  let refusedFiles = 0;
  let uploaded = 0;
  let syncs = 0;
  console.log(`sync client property: seed ${seed} (FC_SEED=${seed} replays it)`);
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      runs++;
      const mock = await startSyncMock({dialect: RELEASE_TAG, proxyMaxBodyBytes: s.proxyMaxBodyBytes});
      try {
        const good = s.good.map((size, i) => record(i + 1, {data: {n: i + 1, notes: 'x'.repeat(size)}}));
        const pending: (PushedRecord | null)[] = [...good];
        s.hostile.forEach((kind, i) =>
          pending.splice((s.order[i] ?? 0) % (pending.length + 1), 0, HOSTILE[kind](5000 + i)),
        );
        const files = s.files.map((size, i) => ({
          id: `file-${i}.jpg`,
          bytes: new Uint8Array(size).map((_, j) => (j * 7 + i) % 256),
        }));
        const store = memoryStore(
          pending,
          files.map(({id, bytes}) => ({id, file: new Blob([bytes], {type: 'image/jpeg'})})),
        );
        if (s.diskBytesLeft !== undefined) mock.fillDisk(s.diskBytesLeft);
        for (const {route, failure, count} of s.faults) mock.failNext(route, failure, count);
        const client = new guide.SyncClient({
          baseUrl: mock.origin,
          clientId: 'property-test',
          username: 'fieldworker',
          password: 'field-pass-1',
          store,
          pushBatchSize: s.pushBatchSize,
          backoffMs: 1,
        });

        // The loop ends: a sync that fails (every try of a call failed) is followed by another, as a device does.
        let ended = false;
        for (let tries = 0; tries < MOST_SYNCS && !ended; tries++) {
          syncs++;
          ended = await client.sync().then(
            () => store.state.pending.length === 0 && store.state.files.length === 0,
            () => false,
          );
        }
        expect(ended, 'the client syncs everything within a bounded number of syncs').toBe(true);

        const stored = new Map(mock.stored().map((r) => [r.observation_id, r]));
        for (const r of good) {
          expect(stored.get(r.observation_id as string)?.data, `good record ${String(r.observation_id)}`).toEqual(
            r.data,
          );
        }
        const goodIds = new Set(good.map((r) => r.observation_id));
        expect(
          store.state.failed.filter((f) => goodIds.has(f.record?.observation_id)),
          'good records set aside',
        ).toEqual([]);
        expect(store.state.failed).toHaveLength(s.hostile.length);
        for (const id of store.state.uploaded) {
          const local = files.find((f) => f.id === id)!.bytes;
          expect(
            mock.attachment(id)?.equals(Buffer.from(local)),
            `${id} counted as uploaded: the server holds it whole`,
          ).toBe(true);
        }
        setAside += store.state.failed.length;
        refusedFiles += store.state.refusedFiles.size;
        uploaded += store.state.uploaded.length;
      } finally {
        await mock.stop();
      }
    }),
    {seed, numRuns: 40},
  );
  console.log(
    `sync client property: ${runs} runs, ${syncs} syncs, ${setAside} hostile records set aside, ${uploaded} files uploaded whole, ${refusedFiles} set aside`,
  );
});
