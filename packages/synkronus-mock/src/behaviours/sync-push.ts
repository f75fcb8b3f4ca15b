/**
 * Tag Sync: the push. The release follows internal/handlers/sync.go and pkg/sync/service.go at the tag, with
 * the observations table's trigger (migration 20250625000001_create_observations_table.sql): one transaction
 * per push, every written row takes the next value of the global counter (an update two: the BEFORE INSERT
 * trigger has already taken one), and a statement the database refuses aborts the transaction.
 */
import {GoMap} from '../go/json-encode';
import {databaseRefusal, storedTexts, timestampMillis} from '../postgres';
import {isoSeconds, type Observation} from '../store';
import type {Answer, Behaviour, Call} from '../types';
import {DRIVER_ERROR, emptyField} from './fields';
import {goRecord, goTime, type GoObservation} from './records';

type PushRequest = {transmission_id: string; client_id: string; records: GoObservation[] | null};
type Failed = {index: number; error: string; record: GoObservation};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ABORTED = 'pq: current transaction is aborted, commands ignored until end of transaction block';

/** The release's upsert of one row: its versions, its times, what it keeps of an existing row. */
function upsert(call: Call, rows: Map<string, Observation>, record: GoObservation, txTime: number) {
  const {state} = call.store;
  // The varchar columns store the texts (cut where the excess is spaces) before the conflict on observation_id.
  const {cut, ...texts} = storedTexts({...record, data: record.data?.text});
  const existing = rows.get(texts.observation_id);
  // What the release stores otherwise than it was sent: the answers that return the record name these rules.
  const shapedBy = (
    [
      [cut, 'text-excess-spaces-cut'],
      [record.geolocation !== null, 'geolocation-not-stored'],
      [record.updated_at !== goTime(txTime), 'updated-at-server-time'],
    ] as const
  ).flatMap(([applies, id]) => (applies && call.has(id) ? [id] : []));
  state.counter += existing ? 2 : 1;
  rows.set(texts.observation_id, {
    ...(shapedBy.length ? {shapedBy} : {}),
    ...texts,
    data: record.data?.value,
    created_at: existing ? existing.created_at : goTime(timestampMillis(record.created_at, txTime)),
    updated_at: goTime(txTime),
    deleted: record.deleted,
    version: state.counter,
  });
}

function releasePush(call: Call, records: GoObservation[]): Answer {
  const {state} = call.store;
  const rows = new Map(state.observations);
  const counterBefore = state.counter;
  const txTime = call.store.now();
  const failed: Failed[] = [];
  const warnings: {id: string; code: string; message: string}[] = [];
  let aborted = false;
  records.forEach((record, index) => {
    if (record.observation_id === '') {
      call.when('push-failed-records-shape');
      failed.push({index, error: 'observation_id is required', record});
      return;
    }
    if (record.form_type === '')
      warnings.push({
        id: record.observation_id,
        code: 'MISSING_FORM_TYPE',
        message: 'form_type is empty but record was processed',
      });
    const refusal = aborted ? ABORTED : databaseRefusal({...record, data: record.data?.text}, txTime);
    if (refusal) {
      aborted = true;
      failed.push({index, error: `database error: ${refusal}`, record});
      return;
    }
    upsert(call, rows, record, txTime);
  });
  if (aborted && call.when('push-db-error-fails-batch')) {
    // Reading the current version fails in the aborted transaction; the deferred rollback undoes the push.
    state.counter = counterBefore;
    return call.fail(500, 'the database refused a record, so the whole transaction was rolled back', {
      error: `failed to get current version: ${ABORTED}`,
      message: 'Failed to process sync data',
    });
  }
  state.observations = rows;
  const failedRecords = failed.map(({index, error, record}) => new GoMap({index, error, record: goRecord(record)}));
  // omitempty: both lists are left out when empty.
  return {
    status: 200,
    body: {
      current_version: state.counter,
      success_count: records.length - failed.length,
      failed_records: failedRecords.length ? failedRecords : undefined,
      warnings: warnings.length ? warnings : undefined,
    },
  };
}

/** The description's push: each record checked against Observation on its own, the valid ones stored. */
function describedPush(call: Call, records: Record<string, unknown>[]): Answer {
  const {state} = call.store;
  const time = isoSeconds(call.store.now());
  const failed: unknown[] = [];
  const problems: string[] = [];
  records.forEach((record, index) => {
    const errors = call.validate({$ref: '#/$defs/Observation'}, record, `records[${index}]`);
    if (errors.length) {
      failed.push(record);
      problems.push(...errors.map((e) => e.message));
      return;
    }
    const stored = {...record, synced_at: time, version: ++state.counter} as unknown as Observation;
    state.observations.set(stored.observation_id, stored);
  });
  if (problems.length)
    call.note(
      `the description does not say why a record fails: these do not match Observation: ${problems.join('; ')}`,
    );
  return {
    status: 200,
    body: {
      current_version: state.counter,
      success_count: records.length - failed.length,
      failed_records: failed,
      warnings: [],
    },
  };
}

export const syncPush: Behaviour = (call) => {
  const request = call.body as PushRequest;
  const {state} = call.store;
  const empty = emptyField(call, 'transmission_id', 'client_id');
  if (empty)
    return call.fail(400, `${empty} is empty`, empty === 'client_id' ? 'clientIdRequired' : 'transmissionIdRequired');
  // The description's schema has refused a push without records already.
  if (request.records === null) return call.fail(400, 'records is missing', 'recordsRequired');
  if (state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {
      error: `failed to begin transaction: ${DRIVER_ERROR}`,
      message: 'Failed to process sync data',
    });
  const transmission = request.transmission_id;
  const seen = state.transmissions.has(transmission);
  state.transmissions.add(transmission);
  // A release writes what Go decoded, record by record; the description checks each record first.
  if (call.dialect.kind === 'description') {
    if (seen) return call.unspecified(`what a server does with a transmission_id it has seen (${transmission})`);
    return describedPush(call, request.records);
  }
  if (seen) call.when('transmission-id-not-idempotent');
  if (!UUID.test(transmission)) call.when('transmission-id-any-text');
  return releasePush(call, request.records);
};
