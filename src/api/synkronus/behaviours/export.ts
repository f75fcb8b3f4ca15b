/**
 * Tag Data export: a ZIP of one Parquet file per form type, with the columns the release writes
 * (pkg/dataexport at the tag): the record's own fields, then `data_<key>` for each key of the form type's data,
 * typed from the JSON types found (numbers, booleans, else text). The Parquet writer is loaded only when an
 * export is made, so no page carries it.
 */
import {jsonbText} from '../go/json-encode';
import type {Observation} from '../store';
import type {Answer, Behaviour, Call} from '../types';
import {writeZip} from '../zip';
import {DRIVER_ERROR} from './fields';
import {citeStoredRules} from './records';

type SqlType = 'numeric' | 'boolean' | 'text';
type Column = {name: string; data: unknown[]; type: 'STRING' | 'BOOLEAN' | 'INT64' | 'DOUBLE'; nullable?: false};

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

async function parquetOf(call: Call, rows: Observation[]): Promise<Uint8Array> {
  const {parquetWriteBuffer} = await import('hyparquet-writer');
  const text = (name: string, get: (row: Observation) => unknown, nullable = true): Column => ({name, data: rows.map(get), type: 'STRING', ...(nullable ? {} : {nullable: false})});
  const columns: Column[] = [
    text('observation_id', (r) => r.observation_id, false),
    text('form_type', (r) => r.form_type, false),
    text('form_version', (r) => r.form_version, false),
    text('created_at', (r) => r.created_at, false),
    text('updated_at', (r) => r.updated_at, false),
    text('synced_at', (r) => r.synced_at ?? null),
    {name: 'deleted', data: rows.map((r) => Boolean(r.deleted)), type: 'BOOLEAN', nullable: false},
    {name: 'version', data: rows.map((r) => BigInt(r.version)), type: 'INT64', nullable: false},
    text('geolocation', (r) => (r.geolocation ? JSON.stringify(r.geolocation) : null)),
    ...formSchema(rows).map(([key, type]): Column => ({
      name: `data_${key}`,
      data: rows.map((row) => cell(call, row, key, type)),
      type: type === 'numeric' ? 'DOUBLE' : type === 'boolean' ? 'BOOLEAN' : 'STRING',
    })),
  ];
  return new Uint8Array(parquetWriteBuffer({columnData: columns, codec: 'UNCOMPRESSED'}));
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
