/**
 * The engine's export against the release's own: packages/synkronus-mock/tests/fixtures/real-server/export.zip is what a server of
 * v1.0.0-alpha.6 answered `GET /dataexport/parquet` after the two pushes beside it. The engine gets the same
 * pushes; each Parquet file must then hold the same rows and the same footer (schema, logical types, the
 * `ARROW:schema` metadata byte for byte, created_by, column orders, codec, value counts, statistics), except the
 * fields that come from how the pages are laid out, which the engine's writer decides (see withoutPageLayout).
 */
import {readFileSync} from 'node:fs';
import {test, expect} from '@playwright/test';
import {deserializeTCompactProtocol} from 'hyparquet/src/thrift.js';
import {createSynkronus} from '../src';
import {listZip} from '../src/zip';
import {ENGINE_DATA} from '../../../tests/support/api-console';
import {parquetRows} from './support/parquet';
import {RELEASE_TAG} from '../../../tests/support/release';

const DIR = 'packages/synkronus-mock/tests/fixtures/real-server';
const BASE = 'http://127.0.0.1:8080';

/** The entries of an export's ZIP, in order, with their bytes. */
async function entriesOf(zip: Uint8Array): Promise<[string, Uint8Array][]> {
  const listing = listZip(zip);
  if (listing.kind !== 'zip') throw new Error(`the export is not a ZIP file: ${listing.kind}`);
  return Promise.all(
    listing.entries.map(async (entry): Promise<[string, Uint8Array]> => [entry.name, (await entry.read())!]),
  );
}

type Thrift = Record<string, unknown>;

/** The footer as its Thrift fields (`field_<id>`), every field kept, whether hyparquet reads it or not. */
function rawFooter(file: Uint8Array): Thrift {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const length = view.getUint32(file.byteLength - 8, true);
  const footer = new DataView(file.buffer, file.byteOffset + file.byteLength - 8 - length, length);
  return deserializeTCompactProtocol({view: footer, offset: 0});
}

/**
 * The footer without what follows from the page layout. Arrow Go writes version 1 data pages with the levels
 * RLE encoded, so it lists [RLE_DICTIONARY, PLAIN, RLE] or [PLAIN, RLE]; hyparquet-writer writes version 2 data
 * pages only, so the encodings, the page encoding stats, the sizes and the offsets differ. Arrow Go also writes
 * a chunk's file_offset as where the chunk ends, a row group's file_offset and ordinal, distinct_count 0 and the
 * deprecated min and max of the columns that sort signed, where hyparquet-writer writes a nan_count of the
 * doubles; it has no option for any of them.
 */
function withoutPageLayout(footer: Thrift): Thrift {
  const rowGroups = (footer.field_4 as Thrift[]).map((group) => {
    const {field_1: chunks, field_2: _size, field_5: _offset, field_6: _compressed, field_7: _ordinal, ...kept} = group;
    const columns = (chunks as Thrift[]).map((chunk) => {
      const {field_2: _fileOffset, field_3: meta, ...chunkKept} = chunk;
      const {
        field_2: _encodings,
        field_6: _uncompressed,
        field_7: _compressedSize,
        field_9: _data,
        field_11: dictionary,
        field_12: stats,
        field_13: _pageStats,
        ...metaKept
      } = meta as Thrift;
      const {field_1: _max, field_2: _min, field_4: _distinct, field_9: _nans, ...statsKept} = stats as Thrift;
      return {...chunkKept, meta: {...metaKept, dictionaryPage: dictionary !== undefined, statistics: statsKept}};
    });
    return {...kept, columns};
  });
  return {...footer, field_4: rowGroups};
}

test('the engine exports the records the release exported with the release\u2019s Parquet footer', async () => {
  const recorded = await entriesOf(new Uint8Array(readFileSync(`${DIR}/export.zip`)));
  const engine = createSynkronus(ENGINE_DATA, {dialect: RELEASE_TAG, seed: {content: false}});
  const json = (path: string, body: unknown, token?: string) =>
    engine.handle(
      new Request(BASE + path, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', ...(token ? {Authorization: `Bearer ${token}`} : {})},
        body: JSON.stringify(body),
      }),
    );
  const {token} = (await (await json('/auth/login', {username: 'admin', password: 'admin-passphrase'})).json()) as {
    token: string;
  };
  for (const name of ['push-household.json', 'push-visit.json']) {
    const pushed = await json('/sync/push', JSON.parse(readFileSync(`${DIR}/${name}`, 'utf8')), token);
    expect(pushed.status, name).toBe(200);
  }
  // The only value from the clock: updated_at is the server's time of the push, to the microsecond, which the
  // engine's millisecond clock cannot give. The stored rows take the recorded values.
  const recordedRows = (await Promise.all(recorded.map(([, bytes]) => parquetRows(bytes)))).flat();
  for (const row of engine.store.state.observations.values())
    row.updated_at = recordedRows.find((r) => r.observation_id === row.observation_id)?.updated_at;

  const answer = await engine.handle(
    new Request(BASE + '/dataexport/parquet', {headers: {Authorization: `Bearer ${token}`}}),
  );
  expect(answer.status).toBe(200);
  const made = await entriesOf(new Uint8Array(await answer.arrayBuffer()));
  expect(made.map(([name]) => name)).toEqual(['household.parquet', 'visit.parquet']);
  expect(made.map(([name]) => name)).toEqual(recorded.map(([name]) => name));

  for (const [[name, mine], [, theirs]] of made.map((entry, i) => [entry, recorded[i]])) {
    expect(await parquetRows(mine), `${name}: the rows`).toEqual(await parquetRows(theirs));
    const [ours, release] = [rawFooter(mine), rawFooter(theirs)];
    // The root REPEATED, the logical and converted types, the ARROW:schema value and created_by, field by field.
    expect(ours.field_2, `${name}: the schema`).toEqual(release.field_2);
    expect(ours.field_5, `${name}: the key-value metadata`).toEqual(release.field_5);
    expect(ours.field_6, `${name}: created_by`).toEqual(release.field_6);
    expect(withoutPageLayout(ours), `${name}: the rest of the footer`).toEqual(withoutPageLayout(release));
  }
});
