/**
 * Tag Sync: pull and push. The dialect "v1.0.0-alpha.6" follows internal/handlers/sync.go and
 * pkg/sync/service.go at the tag, with the observations table's trigger (migration
 * 20250625000001_create_observations_table.sql): one transaction per push, every written row takes the
 * next value of the global counter (an update two: the BEFORE INSERT trigger has already taken one).
 */
import {databaseRefusal, storedTexts, timestampMillis, type DatabaseRow} from '../postgres';
import {isoSeconds, type Observation, type Store} from '../store';
import type {Answer, Behaviour, Call} from '../types';

/** Pull page size at the tag: 100 by default, at most 1000 (pkg/sync/service.go; handlers/sync.go). */
const RELEASE_DEFAULT_LIMIT = 100;
const RELEASE_MAX_LIMIT = 1000;

/** Go formats a timestamptz read back as RFC 3339 with the fraction trimmed (database/sql, time.RFC3339Nano). */
const goTime = (millis: number) =>
  new Date(millis)
    .toISOString()
    .replace(/\.?0+Z$/, 'Z')
    .replace(/\.Z$/, 'Z');

/** A record decoded into the Go struct sync.Observation: a missing field or a null takes the zero value. */
type GoObservation = DatabaseRow & {deleted: boolean; geolocation?: unknown};

/**
 * Go's name for a JSON key: encoding/json matches a key to a field without regard to case, with Unicode's simple
 * folding, under which the field names' letters have only one more form: ſ (U+017F) for s.
 */
const goKey = (key: string) => key.toLowerCase().replace(/\u017f/g, 's');

const jsonKind = (value: unknown) =>
  Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value;
const isInt64 = (value: unknown) => Number.isInteger(value) && (value as number) >= -(2 ** 63) && (value as number) < 2 ** 63;

/** The Go type of each field of sync.Observation and Geolocation (pkg/sync/interface.go), and what JSON it takes. */
const TEXT: [string, (v: unknown) => boolean] = ['string', (v) => typeof v === 'string'];
const FLOAT: [string, (v: unknown) => boolean] = ['float64', (v) => typeof v === 'number'];
const OBSERVATION_FIELDS: Record<string, [string, (v: unknown) => boolean]> = {
  observation_id: TEXT,
  form_type: TEXT,
  form_version: TEXT,
  data: ['json.RawMessage', () => true],
  created_at: TEXT,
  updated_at: TEXT,
  synced_at: TEXT,
  deleted: ['bool', (v) => typeof v === 'boolean'],
  version: ['int64', isInt64],
  geolocation: ['sync.Geolocation', (v) => jsonKind(v) === 'object'],
};
const GEOLOCATION_FIELDS: Record<string, [string, (v: unknown) => boolean]> = {
  latitude: FLOAT,
  longitude: FLOAT,
  accuracy: FLOAT,
  altitude: FLOAT,
  altitude_accuracy: FLOAT,
};

/**
 * encoding/json's error for the first field of a JSON type its Go field cannot take, as Push answers it with 400
 * (`json: cannot unmarshal number into Go struct field Observation.records.deleted of type bool`, as Go words
 * it). A null is never an error. A number for an int64 is read as parsed, so `1e3` passes here and not in Go.
 */
function goTypeError(records: unknown[]): string | undefined {
  const check = (value: Record<string, unknown>, fields: typeof OBSERVATION_FIELDS, struct: string, path: string): string | undefined => {
    for (const [key, item] of Object.entries(value)) {
      const name = goKey(key);
      const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
      if (!field || item === null) continue;
      const [type, takes] = field;
      if (!takes(item)) {
        const kind = typeof item === 'number' && type === 'int64' ? `number ${item}` : jsonKind(item);
        return `json: cannot unmarshal ${kind} into Go struct field ${struct}.${path}.${name} of type ${type}`;
      }
      if (name === 'geolocation') {
        const inner = check(item as Record<string, unknown>, GEOLOCATION_FIELDS, 'Geolocation', `${path}.geolocation`);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  for (const record of records) {
    const error = jsonKind(record) === 'object' ? check(record as Record<string, unknown>, OBSERVATION_FIELDS, 'Observation', 'records') : undefined;
    if (error) return error;
  }
  return undefined;
}

/** A record as Go decodes it (after goTypeError found none): keys matched by goKey, the last one winning. */
function decodeObservation(raw: unknown): GoObservation {
  const decoded: GoObservation = {observation_id: '', form_type: '', form_version: '', data: undefined, created_at: '', updated_at: '', deleted: false};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const name = goKey(key);
    // A JSON null leaves a Go value as it is, except json.RawMessage, which holds the text `null`.
    if (name === 'data') decoded.data = value;
    else if (value === null || !Object.hasOwn(OBSERVATION_FIELDS, name)) continue;
    else if (name === 'deleted') decoded.deleted = value as boolean;
    else if (name === 'geolocation') decoded.geolocation = value;
    else if (name !== 'synced_at' && name !== 'version') decoded[name as keyof DatabaseRow] = value as string;
  }
  return decoded;
}

/** The release's upsert of one row (pkg/sync/service.go ProcessPushedRecords and the table's trigger). */
function releaseUpsert(call: Call, rows: Map<string, Observation>, record: GoObservation, txTime: number) {
  const {state} = call.store;
  // The varchar columns store the texts (cut where the excess is spaces) before the conflict on observation_id.
  const {cut, ...texts} = storedTexts(record);
  if (cut) call.when('text-excess-spaces-cut');
  const existing = rows.get(texts.observation_id);
  const serverTime = call.when('updated-at-server-time') ? goTime(txTime) : record.updated_at;
  if (record.geolocation !== undefined) call.when('geolocation-not-stored');
  state.counter += existing ? 2 : 1;
  rows.set(texts.observation_id, {
    ...texts,
    data: record.data,
    created_at: existing ? existing.created_at : goTime(timestampMillis(record.created_at, txTime)),
    updated_at: serverTime,
    deleted: record.deleted,
    version: state.counter,
  });
}

function releasePush(call: Call, request: {records?: unknown}): Answer {
  const {state} = call.store;
  const records = Array.isArray(request.records) ? request.records : [];
  const decoded = records.map(decodeObservation);
  const rows = new Map(state.observations);
  const counterBefore = state.counter;
  const txTime = call.now();
  const failed: {index: number; error: string; record: GoObservation}[] = [];
  const warnings: {id: string; code: string; message: string}[] = [];
  let refused = false;
  decoded.forEach((record, index) => {
    if (record.observation_id === '') {
      call.when('push-failed-records-shape');
      failed.push({index, error: 'observation_id is required', record});
      return;
    }
    if (record.form_type === '')
      warnings.push({id: record.observation_id, code: 'MISSING_FORM_TYPE', message: 'form_type is empty but record was processed'});
    // After a refused statement PostgreSQL refuses every further one in the transaction.
    if (refused || databaseRefusal(record, txTime)) {
      refused = true;
      return;
    }
    releaseUpsert(call, rows, record, txTime);
  });
  if (refused && call.when('push-db-error-fails-batch')) {
    // Reading the current version fails in the aborted transaction; the deferred rollback undoes the push.
    state.counter = counterBefore;
    return call.fail(500, 'the database refused a record, so the whole transaction was rolled back', {
      error: 'failed to get current version: pq: current transaction is aborted, commands ignored until end of transaction block',
      message: 'Failed to process sync data',
    });
  }
  state.observations = rows;
  const answer: Record<string, unknown> = {current_version: state.counter, success_count: decoded.length - failed.length};
  // omitempty: both lists are left out when empty.
  if (failed.length > 0) answer.failed_records = failed;
  if (warnings.length > 0) answer.warnings = warnings;
  return {status: 200, body: answer};
}

const syncPush: Behaviour = (call) => {
  const request = call.body as {transmission_id?: string; client_id?: string; records?: unknown[]};
  const {state} = call.store;
  const release = call.dialect === 'v1.0.0-alpha.6';
  if (release) {
    // Push decodes the whole body first: one record field of the wrong JSON type refuses the push.
    const typeError = goTypeError(Array.isArray(request.records) ? request.records : []);
    if (typeError && call.when('push-wrong-json-type-400'))
      return call.fail(400, 'a record has a field of a JSON type its Go field cannot take', {error: typeError, message: 'Invalid request format'});
    if (!request.transmission_id) return call.fail(400, 'transmission_id is empty', {message: 'transmission_id is required'});
    if (!request.client_id) return call.fail(400, 'client_id is empty', {message: 'client_id is required'});
    if (request.records == null) return call.fail(400, 'records is missing', {message: 'records array is required'});
  }
  if (call.store.state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {
      error: 'failed to begin transaction: dial tcp 127.0.0.1:5432: connect: connection refused',
      message: 'Failed to process sync data',
    });
  if (release && request.transmission_id) {
    if (state.transmissions.has(request.transmission_id)) call.when('transmission-id-not-idempotent');
    state.transmissions.add(request.transmission_id);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(request.transmission_id))
      call.when('transmission-id-any-text');
    return releasePush(call, request);
  }
  const transmission = request.transmission_id!;
  if (state.transmissions.has(transmission))
    return call.unspecified(`what a server does with a transmission_id it has seen (${transmission})`);
  state.transmissions.add(transmission);
  const time = isoSeconds(call.now());
  const failed: unknown[] = [];
  const warnings: {id: string; code: string; message: string}[] = [];
  (request.records as Record<string, unknown>[]).forEach((record, index) => {
    // Each record is checked against Observation on its own: a bad one is listed, the others are stored.
    const problems = call.validate({$ref: '#/$defs/Observation'}, record, `records[${index}]`);
    if (problems.length) {
      failed.push(record);
      const id = typeof record.observation_id === 'string' ? record.observation_id : `records[${index}]`;
      for (const problem of problems) warnings.push({id, code: 'INVALID_RECORD', message: problem.message});
      return;
    }
    const stored = {...record, synced_at: time, version: ++state.counter} as unknown as Observation;
    state.observations.set(stored.observation_id, stored);
  });
  return {
    status: 200,
    body: {current_version: state.counter, success_count: request.records!.length - failed.length, failed_records: failed, warnings},
  };
};

function pullLimit(call: Call): number {
  const text = call.query.get('limit');
  if (call.dialect === 'description') {
    const parameter = call.op.parameters.find((p) => p.name === 'limit');
    return text === null ? Number(parameter?.schema?.default ?? 50) : Number(text);
  }
  // strconv.Atoi and "> 0", else the default; the service caps it.
  let limit = text !== null && /^[+-]?\d+$/.test(text) && Number(text) > 0 ? Number(text) : RELEASE_DEFAULT_LIMIT;
  if (limit > RELEASE_MAX_LIMIT) limit = RELEASE_MAX_LIMIT;
  const valid = text !== null && /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 500;
  if (!valid) call.when('pull-limit-not-checked');
  return limit;
}

/** The records changed after `since`, in version order, then by id (the cursor of pkg/sync/service.go). */
function changedSince(store: Store, since: {version?: number; id?: string} | undefined, types: string[]) {
  const version = since?.version ?? 0;
  const id = since?.id ?? '';
  return [...store.state.observations.values()]
    .filter((row) => row.version > version || (since?.id !== undefined && row.version === version && row.observation_id > id))
    .filter((row) => types.length === 0 || types.includes(row.form_type))
    .sort((a, b) => a.version - b.version || (a.observation_id < b.observation_id ? -1 : a.observation_id > b.observation_id ? 1 : 0));
}

const syncPull: Behaviour = (call) => {
  const request = (call.body ?? {}) as {client_id?: string; since?: {version?: number; id?: string}; schema_types?: string[]};
  const release = call.dialect === 'v1.0.0-alpha.6';
  if (release && !request.client_id) return call.fail(400, 'client_id is empty', {message: 'client_id is required'});
  if (call.store.state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {
      error: 'failed to get current version: dial tcp 127.0.0.1:5432: connect: connection refused',
      message: 'Failed to retrieve sync data',
    });
  const limit = pullLimit(call);
  const types = [...(call.query.get('schemaType') ? [call.query.get('schemaType')!] : []), ...(request.schema_types ?? [])];
  const matching = changedSince(call.store, request.since, types);
  const page = matching.slice(0, limit);
  const sinceVersion = request.since?.version ?? 0;
  let records: unknown[] | null = page.map((row) => {
    if (!release || row.geolocation === undefined) return {...row};
    call.when('geolocation-not-stored');
    const {geolocation: _dropped, ...rest} = row;
    return rest;
  });
  if (records.length === 0 && call.when('empty-lists-null')) records = null;
  return {
    status: 200,
    body: {
      current_version: call.store.state.counter,
      records,
      // An empty page covers every change up to now: never ahead of current_version, even for a since.version
      // beyond it. The release answers the since.version it was given (pkg/sync/service.go).
      change_cutoff: page.length ? page[page.length - 1].version : release ? sinceVersion : call.store.state.counter,
      has_more: matching.length > page.length,
      sync_format_version: '1.0',
    },
  };
};

export const syncBehaviours = {syncPull, syncPush};
