/**
 * Tag Data export: a ZIP of one Parquet file per form type, with the columns the release writes
 * (pkg/dataexport at the tag): the record's own fields, then `data_<key>` for each key of the form type's data,
 * typed from the JSON types found (numbers, booleans, else text), and each file's footer as Arrow Go v14.0.2's
 * pqarrow writes it. The Parquet writer is loaded only when an export is made, so no page carries it.
 */
import type {SchemaElement} from 'hyparquet';
import {arrowSchemaBase64, type ArrowField} from '../go/arrow-schema';
import {jsonbText} from '../go/json-encode';
import type {Observation} from '../store';
import type {Answer, Behaviour, Call} from '../types';
import {writeZip} from '../zip';
import {DRIVER_ERROR} from './fields';
import {citeStoredRules} from './records';

type SqlType = 'numeric' | 'boolean' | 'text';
type Column = ArrowField & {data: unknown[]};

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'boolean' : 'object';

/** The form type's keys, each with the SQL type GetFormTypeSchema gives it, in key order. */
function formSchema(rows: Observation[]): [string, SqlType][] {
  const types = new Map<string, Set<string>>();
  for (const row of rows)
    for (const [key, value] of jsonType(row.data) === 'object' ? Object.entries(row.data as object) : []) (types.get(key) ?? types.set(key, new Set()).get(key)!).add(jsonType(value));
  return [...types]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, found]): [string, SqlType] => {
      const only = found.size === 1 ? [...found][0] : undefined;
      return [key, only === 'number' ? 'numeric' : only === 'boolean' ? 'boolean' : 'text'];
    });
}

/** What `(data ->> 'key')::<type>` gives for one record, once lib/pq and the export have read it. */
function cell(call: Call, row: Observation, key: string, type: SqlType): unknown {
  const value = (row.data as Record<string, unknown>)[key];
  if (value === undefined || value === null) return null;
  // lib/pq hands a numeric over as text, which the export does not take for a number: the cell is empty.
  if (type === 'numeric') return call.when('export-numbers-empty') ? null : value;
  if (type === 'boolean') return value;
  // `->>` gives a string's text, and any other value as PostgreSQL writes jsonb.
  return typeof value === 'string' ? value : jsonbText(value);
}

/** Why the release's queries fail for these records, if they do: data that is not an object, a key that breaks the SQL. */
function queryProblem(call: Call, rows: Observation[]): string | undefined {
  if (!call.has('export-breaks-on-one-record')) return undefined;
  if (rows.some((row) => jsonType(row.data) !== 'object')) return 'a record whose data is not a JSON object';
  // The keys are written into the SQL as they are: inside quotes and as part of a column name.
  const key = rows.flatMap((row) => Object.keys(row.data as object)).find((k) => /[^A-Za-z0-9_$\u0080-\uffff]/.test(k));
  return key === undefined ? undefined : `a field named ${JSON.stringify(key)}`;
}

/**
 * The Parquet schema `pqarrow.ToParquet` makes of the export's Arrow schema (Arrow Go v14.0.2,
 * parquet/pqarrow/schema.go:270-301, 448): the root named `schema` and REPEATED (parquet/writer_properties.go:50,
 * 333), strings as UTF8 byte arrays with the STRING logical type, int64 with INTEGER(64, signed), booleans and
 * doubles with no logical type.
 */
function parquetSchema(columns: Column[]): SchemaElement[] {
  const leaf = ({name, type, nullable}: Column): SchemaElement => {
    const repetition_type = nullable ? 'OPTIONAL' : 'REQUIRED';
    if (type === 'utf8') return {name, repetition_type, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: {type: 'STRING'}};
    if (type === 'int64') return {name, repetition_type, type: 'INT64', converted_type: 'INT_64', logical_type: {type: 'INTEGER', bitWidth: 64, isSigned: true}};
    return {name, repetition_type, type: type === 'bool' ? 'BOOLEAN' : 'DOUBLE'};
  };
  return [{name: 'schema', repetition_type: 'REPEATED', num_children: columns.length}, ...columns.map(leaf)];
}

async function parquetOf(call: Call, rows: Observation[]): Promise<Uint8Array> {
  const {parquetWriteBuffer} = await import('hyparquet-writer');
  const column = (name: string, type: Column['type'], nullable: boolean, get: (row: Observation) => unknown): Column => ({name, type, nullable, data: rows.map(get)});
  // pkg/dataexport/service.go:132-161 at the tag: the record's fields, then one nullable column per data key.
  const columns: Column[] = [
    column('observation_id', 'utf8', false, (r) => r.observation_id),
    column('form_type', 'utf8', false, (r) => r.form_type),
    column('form_version', 'utf8', false, (r) => r.form_version),
    column('created_at', 'utf8', false, (r) => r.created_at),
    column('updated_at', 'utf8', false, (r) => r.updated_at),
    column('synced_at', 'utf8', true, (r) => r.synced_at ?? null),
    column('deleted', 'bool', false, (r) => Boolean(r.deleted)),
    column('version', 'int64', false, (r) => BigInt(r.version)),
    column('geolocation', 'utf8', true, (r) => (r.geolocation ? JSON.stringify(r.geolocation) : null)),
    ...formSchema(rows).map(([key, type]) =>
      column(`data_${key}`, type === 'numeric' ? 'float64' : type === 'boolean' ? 'bool' : 'utf8', true, (row) => cell(call, row, key, type)),
    ),
  ];
  const buffer = parquetWriteBuffer({
    schema: parquetSchema(columns),
    // Arrow Go's defaults (parquet/writer_properties.go:30-49): every column but the booleans dictionary encoded
    // up to a 1 MiB dictionary, booleans plain, no compression, one row group of up to 64 Mi rows, 1 MiB pages,
    // statistics with whole values (Arrow Go leaves out a min or a max longer than 4 KiB,
    // parquet/metadata/statistics.go:69, which hyparquet-writer cannot: the engine keeps it).
    columnData: columns.map(({name, type, data}) => ({name, data, encoding: type === 'bool' ? 'PLAIN' : 'RLE_DICTIONARY'})),
    codec: 'UNCOMPRESSED',
    dictionarySize: 1024 * 1024,
    statisticsTruncateLength: Infinity,
    rowGroupSize: 64 * 1024 * 1024,
    pageSize: 1024 * 1024,
    createdBy: 'parquet-go version 14.0.2',
    kvMetadata: [{key: 'ARROW:schema', value: arrowSchemaBase64(columns)}],
  });
  return new Uint8Array(buffer);
}

/** The entry's name: the form type with the characters a file name cannot hold replaced, at most 100 bytes. */
const entryName = (formType: string) => `${formType.replace(/[/\\:*?"<>|]/g, '_').slice(0, 100)}.parquet`;

const getParquetExportZip: Behaviour = async (call) => {
  const {state} = call.store;
  if (state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {error: `failed to get form types: failed to query form types: ${DRIVER_ERROR}`, message: 'Failed to export parquet data'});
  const rows = [...state.observations.values()].filter((row) => !row.deleted);
  const problem = queryProblem(call, rows);
  if (problem) {
    call.when('export-breaks-on-one-record');
    return call.fail(500, `the release's export query fails on ${problem}`, {error: null, message: 'Failed to export parquet data'});
  }
  citeStoredRules(call, rows);
  const types = [...new Set(rows.map((row) => row.form_type))].sort();
  const entries = [];
  for (const formType of types) {
    const ofType = rows.filter((row) => row.form_type === formType).sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    entries.push({name: entryName(formType), data: await parquetOf(call, ofType)});
  }
  call.note('the description does not list the columns: these are the release\u2019s');
  const answer: Answer = {status: 200, bytes: writeZip(entries), contentType: 'application/zip'};
  answer.ownHeaders = {'Content-Disposition': 'attachment; filename="observations_export.zip"'};
  return answer;
};

export const exportBehaviours = {getParquetExportZip};
