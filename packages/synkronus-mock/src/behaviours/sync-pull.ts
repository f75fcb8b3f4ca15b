/**
 * Tag Sync: the pull. The release follows internal/handlers/sync.go and pkg/sync/service.go at the tag: its
 * own page size, a cursor whose id never counts, and `null` for no record.
 */
import type {Observation, Store} from '../store';
import type {Behaviour, Call} from '../types';
import {DRIVER_ERROR, emptyField} from './fields';
import {citeStoredRules, pulledRecord} from './records';

type PullRequest = {client_id: string; since?: {version?: number; id?: string} | null; schema_types?: string[] | null};

/** The page size: the description's, or the release's (strconv.Atoi and "> 0", else 100; at most 1000). */
function pageSize(call: Call): number {
  const text = call.query.get('limit');
  if (call.dialect.kind !== 'release' || !call.has('pull-limit-not-checked'))
    return text === null ? Number(call.op.parameters.find((p) => p.name === 'limit')?.schema?.default) : Number(text);
  // Where the description would refuse the limit the parameters step named the rule; its default differs too.
  if (text === null) call.when('pull-limit-not-checked');
  const {pullDefaultLimit, pullMaxLimit} = call.dialect.release.facts;
  const valid = text !== null && /^[+-]?\d+$/.test(text) && BigInt(text) > 0n && BigInt(text) < 2n ** 63n;
  return Math.min(valid ? Number(text) : pullDefaultLimit, pullMaxLimit);
}

const byVersionThenId = (a: Observation, b: Observation) =>
  a.version - b.version || (a.observation_id < b.observation_id ? -1 : a.observation_id > b.observation_id ? 1 : 0);

/** The records after the cursor, in its order: later versions, and, as the description has it, later ids at its version. */
function changedSince(call: Call, since: PullRequest['since'], types: string[]): Observation[] {
  const version = since?.version ?? 0;
  const store: Store = call.store;
  const described = [...store.state.observations.values()]
    .filter(
      (row) =>
        row.version > version || (since?.id !== undefined && row.version === version && row.observation_id > since.id),
    )
    .filter((row) => types.length === 0 || types.includes(row.form_type))
    .sort(byVersionThenId);
  if (!call.has('pull-since-id-ignored') || !described.some((row) => row.version === version)) return described;
  // The release's query also requires `version > since.version`, so the id never lets a record through.
  call.when('pull-since-id-ignored');
  return described.filter((row) => row.version > version);
}

export const syncPull: Behaviour = (call) => {
  const request = call.body as PullRequest;
  if (emptyField(call, 'client_id')) return call.fail(400, 'client_id is empty', 'clientIdRequired');
  if (call.store.state.databaseDown)
    return call.fail(500, 'the database cannot be reached', {
      error: `failed to get current version: ${DRIVER_ERROR}`,
      message: 'Failed to retrieve sync data',
    });
  const schemaType = call.query.get('schemaType');
  const types = [...(schemaType ? [schemaType] : []), ...(request.schema_types ?? [])];
  const matching = changedSince(call, request.since, types);
  const page = matching.slice(0, pageSize(call));
  citeStoredRules(call, page);
  const records = page.length === 0 && call.when('empty-lists-null') ? null : page.map(pulledRecord);
  if (page.length === 0)
    call.note('the description does not say where an empty page ends: here where it started, as the release has it');
  return {
    status: 200,
    body: {
      current_version: call.store.state.counter,
      records,
      // An empty page ends where the cursor was.
      change_cutoff: page.length ? page[page.length - 1].version : (request.since?.version ?? 0),
      has_more: matching.length > page.length,
      sync_format_version: '1.0',
    },
  };
};
