/**
 * Records as the release stores and returns them (pkg/sync/service.go, the observations table of the
 * migrations): sync.Observation's fields in order, `data` as jsonb gives it back, timestamps as Go writes a
 * timestamptz it read back, `synced_at` (never written) and `geolocation` (never stored) left out.
 */
import {jsonbValue, RawText} from '../go/json-encode';
import type {RawJson} from '../go/json-decode';
import type {Observation} from '../store';
import type {Call} from '../types';

/** Names, in the answer that returns them, the rules that changed what was stored of these records. */
export function citeStoredRules(call: Call, rows: readonly Observation[]) {
  for (const id of new Set(rows.flatMap((row) => row.shapedBy ?? []))) call.when(id);
}

/** Go formats a timestamptz read back as RFC 3339 with the fraction trimmed (database/sql, time.RFC3339Nano). */
export const goTime = (millis: number) =>
  new Date(millis)
    .toISOString()
    .replace(/\.?0+Z$/, 'Z')
    .replace(/\.Z$/, 'Z');

/** A stored row as a pull returns it, in sync.Observation's order; a field the row does not hold is left out. */
export function pulledRecord(row: Observation) {
  return {
    observation_id: row.observation_id,
    form_type: row.form_type,
    form_version: row.form_version,
    data: jsonbValue(row.data),
    created_at: row.created_at,
    updated_at: row.updated_at,
    synced_at: row.synced_at,
    deleted: row.deleted,
    version: row.version,
    geolocation: row.geolocation,
  };
}

/** A record as Go decoded it (sync.Observation), as a push's `failed_records` writes it back. */
export type GoObservation = {
  observation_id: string;
  form_type: string;
  form_version: string;
  data: RawJson | null;
  created_at: string;
  updated_at: string;
  synced_at: string | null;
  deleted: boolean;
  version: number;
  geolocation: Record<string, unknown> | null;
};

export function goRecord(record: GoObservation) {
  const {geolocation} = record;
  return {
    observation_id: record.observation_id,
    form_type: record.form_type,
    form_version: record.form_version,
    data: record.data === null ? null : new RawText(record.data.text),
    created_at: record.created_at,
    updated_at: record.updated_at,
    synced_at: record.synced_at ?? undefined,
    deleted: record.deleted,
    version: record.version,
    geolocation: geolocation
      ? {
          ...geolocation,
          altitude: geolocation.altitude ?? undefined,
          altitude_accuracy: geolocation.altitude_accuracy ?? undefined,
        }
      : undefined,
  };
}
