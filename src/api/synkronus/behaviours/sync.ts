/**
 * Tag Sync: pull and push. The dialect "v1.0.0-alpha.6" follows internal/handlers/sync.go and
 * pkg/sync/service.go at the tag, with the observations table's trigger (migration
 * 20250625000001_create_observations_table.sql): one transaction per push, every written row takes the
 * next value of the global counter (an update two: the BEFORE INSERT trigger has already taken one).
 */
import {databaseRefusal, timestampMillis, type DatabaseRow} from '../postgres';
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

function decodeObservation(raw: unknown): GoObservation {
  const record = (raw ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof record[name] === 'string' ? (record[name]) : '');
  return {
    observation_id: text('observation_id'),
    form_type: text('form_type'),
    form_version: text('form_version'),
    data: record.data,
    created_at: text('created_at'),
    updated_at: text('updated_at'),
    deleted: record.deleted === true,
    ...(record.geolocation == null ? {} : {geolocation: record.geolocation}),
  };
}

/** The release's upsert of one row (pkg/sync/service.go ProcessPushedRecords and the table's trigger). */
function releaseUpsert(call: Call, rows: Map<string, Observation>, record: GoObservation, txTime: number) {
  const {state} = call.store;
  const existing = rows.get(record.observation_id);
  const serverTime = call.when('updated-at-server-time') ? goTime(txTime) : record.updated_at;
  if (record.geolocation !== undefined) call.when('geolocation-not-stored');
  state.counter += existing ? 2 : 1;
  rows.set(record.observation_id, {
    observation_id: record.observation_id,
    form_type: record.form_type,
    form_version: record.form_version,
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
  if (call.store.state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {
      error: 'failed to begin transaction: dial tcp 127.0.0.1:5432: connect: connection refused',
      message: 'Failed to process sync data',
    });
  if (call.dialect === 'v1.0.0-alpha.6') {
    if (!request.transmission_id) return call.fail(400, 'transmission_id is empty', {message: 'transmission_id is required'});
    if (!request.client_id) return call.fail(400, 'client_id is empty', {message: 'client_id is required'});
    if (request.records == null) return call.fail(400, 'records is missing', {message: 'records array is required'});
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
