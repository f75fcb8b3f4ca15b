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
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? 'number'
        : typeof value === 'string'
          ? 'string'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'object';

/** The form type's keys, each with the SQL type GetFormTypeSchema gives it, in key order. */
function formSchema(rows: Observation[]): [string, SqlType][] {
  const types = new Map<string, Set<string>>();
  for (const row of rows)
    for (const [key, value] of jsonType(row.data) === 'object' ? Object.entries(row.data as object) : [])
      (types.get(key) ?? types.set(key, new Set()).get(key)!).add(jsonType(value));
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

/** Characters PostgreSQL's lexer continues an identifier with (scan.l ident_cont), the bytes of UTF-8 beyond ASCII included. */
const IDENT = /^[A-Za-z0-9_$\u0080-\uffff]*/;
/** Words that may follow a column label in a SELECT list, after which the error comes later than the label. */
const CONTINUING = new Set([
  'from',
  'as',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'union',
  'intersect',
  'except',
  'window',
  'for',
  'into',
  'fetch',
  'and',
  'or',
  'is',
  'not',
  'in',
  'like',
  'ilike',
  'similar',
  'between',
  'collate',
  'at',
  'overlaps',
  'isnull',
  'notnull',
  'escape',
  'uescape',
]);

/**
 * The token PostgreSQL names in its syntax error when the key `key` is written into the export's SELECT as
 * `AS data_<key>` (pkg/dataexport/postgres.go:134-138): the label ends where the key stops being an
 * identifier, and what follows is refused. Only the forms measured on the server are known: a word after
 * spaces, after `;` (a second statement), or one of `-`, `.`, `:`, `(`, `)`; else undefined.
 */
function syntaxErrorToken(key: string): string | undefined {
  if (/['"\\]/.test(key)) return undefined;
  const rest = key.slice(IDENT.exec(key)![0].length);
  const spaced = /^([\s;])\s*(.*)$/s.exec(rest);
  const after = spaced ? spaced[2] : rest;
  const word = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(after)?.[0];
  if (spaced && word !== undefined) return CONTINUING.has(word.toLowerCase()) ? undefined : word;
  if (spaced?.[1] === ';') return undefined;
  if (
    /^[()]/.test(after) ||
    /^-(?![-+*/<>=~!@#%^&|`?])/.test(after) ||
    /^\.(?!\d)/.test(after) ||
    /^:(?![:=])/.test(after)
  )
    return after[0];
  return undefined;
}

/**
 * The error of the release's export for these records, if it fails: for each form type in order, the schema
 * query refuses data that is not a JSON object (jsonb_object_keys), then the records' query refuses a key
 * that breaks its SQL. The text is null where the engine does not know PostgreSQL's words for that key.
 */
function exportError(
  call: Call,
  types: string[],
  rows: Observation[],
): {error: string | null; reason: string} | undefined {
  if (!call.has('export-breaks-on-one-record')) return undefined;
  for (const formType of types) {
    const ofType = rows.filter((row) => row.form_type === formType);
    const wrap = (step: string, driver: string) => `failed to export form type ${formType}: ${step}: pq: ${driver}`;
    const scalar = ofType.find((row) => jsonType(row.data) !== 'object');
    if (scalar) {
      const what = jsonType(scalar.data) === 'array' ? 'an array' : 'a scalar';
      const step = `failed to get schema for form type ${formType}: failed to analyze form type schema`;
      return {
        error: wrap(step, `cannot call jsonb_object_keys on ${what}`),
        reason: 'a record whose data is not a JSON object',
      };
    }
    const key = formSchema(ofType)
      .map(([name]) => name)
      .find((name) => IDENT.exec(name)![0].length < name.length);
    if (key !== undefined) {
      const token = syntaxErrorToken(key);
      const step = `failed to get observations for form type ${formType}: failed to query observations for form type ${formType}`;
      return {
        error: token === undefined ? null : wrap(step, `syntax error at or near "${token}"`),
        reason: `a field named ${JSON.stringify(key)}`,
      };
    }
  }
  return undefined;
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
    if (type === 'utf8')
      return {name, repetition_type, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: {type: 'STRING'}};
    if (type === 'int64')
      return {
        name,
        repetition_type,
        type: 'INT64',
        converted_type: 'INT_64',
        logical_type: {type: 'INTEGER', bitWidth: 64, isSigned: true},
      };
    return {name, repetition_type, type: type === 'bool' ? 'BOOLEAN' : 'DOUBLE'};
  };
  return [{name: 'schema', repetition_type: 'REPEATED', num_children: columns.length}, ...columns.map(leaf)];
}

async function parquetOf(call: Call, rows: Observation[]): Promise<Uint8Array> {
  const {parquetWriteBuffer} = await import('hyparquet-writer');
  const column = (
    name: string,
    type: Column['type'],
    nullable: boolean,
    get: (row: Observation) => unknown,
  ): Column => ({name, type, nullable, data: rows.map(get)});
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
      column(`data_${key}`, type === 'numeric' ? 'float64' : type === 'boolean' ? 'bool' : 'utf8', true, (row) =>
        cell(call, row, key, type),
      ),
    ),
  ];
  const buffer = parquetWriteBuffer({
    schema: parquetSchema(columns),
    // Arrow Go's defaults (parquet/writer_properties.go:30-49): every column but the booleans dictionary encoded
    // up to a 1 MiB dictionary, booleans plain, no compression, one row group of up to 64 Mi rows, 1 MiB pages,
    // statistics with whole values (Arrow Go leaves out a min or a max longer than 4 KiB,
    // parquet/metadata/statistics.go:69, which hyparquet-writer cannot: the engine keeps it).
    columnData: columns.map(({name, type, data}) => ({
      name,
      data,
      encoding: type === 'bool' ? 'PLAIN' : 'RLE_DICTIONARY',
    })),
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
    return call.fail(500, 'the database cannot be reached', {
      error: `failed to get form types: failed to query form types: ${DRIVER_ERROR}`,
      message: 'Failed to export parquet data',
    });
  const rows = [...state.observations.values()].filter((row) => !row.deleted);
  const types = [...new Set(rows.map((row) => row.form_type))].sort();
  const problem = exportError(call, types, rows);
  if (problem) {
    call.when('export-breaks-on-one-record');
    return call.fail(500, `the release's export query fails on ${problem.reason}`, {
      error: problem.error,
      message: 'Failed to export parquet data',
    });
  }
  citeStoredRules(call, rows);
  const entries = [];
  for (const formType of types) {
    const ofType = rows
      .filter((row) => row.form_type === formType)
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    entries.push({name: entryName(formType), data: await parquetOf(call, ofType)});
  }
  call.note('the description does not list the columns: these are the release\u2019s');
  const answer: Answer = {status: 200, bytes: writeZip(entries), contentType: 'application/zip'};
  answer.ownHeaders = {'Content-Disposition': 'attachment; filename="observations_export.zip"'};
  return answer;
};

export const exportBehaviours = {getParquetExportZip};
