/**
 * What a server of this release holds when the engine starts, made from the console's seed content
 * (../../seed.ts) as this release would have stored it: versions named `0001` to `0003`, each with the
 * `APP_INFO.json` the server writes, the newest active; records without `synced_at` (the server never writes
 * it) or `geolocation` (it never stores it); one attachment (the release cannot delete one). An empty server
 * starts at version 1: the migration inserts the counter with that value.
 */
import {appInfoFile} from '../../behaviours/app-bundle/app-info';
import {fileType} from '../../go/http';
import {
  emptyState,
  SEED_ATTACHMENTS,
  SEED_BUNDLES,
  SEED_CURRENT_VERSION,
  seedAttachments,
  seedObservations,
  seedObservationVersion,
  versionTime,
} from '../../seed';
import {fileOf, isoSeconds, type Seed, type State} from '../../store';

/** pkg/migrations/sql/20250625000001_create_observations_table.sql: `INSERT INTO sync_version … VALUES (1, 1)`. */
const EMPTY_SERVER_VERSION = 1;

const encoder = new TextEncoder();

export function releaseSeed(seed: Seed): State {
  const state = emptyState(seed, EMPTY_SERVER_VERSION);
  if (seed.content === false) return state;
  seedObservations().forEach((record, index) => {
    const {synced_at: _synced, geolocation: _geolocation, ...stored} = record;
    state.observations.set(record.observation_id, {...stored, version: seedObservationVersion(index)});
  });
  seedAttachments(
    state,
    SEED_ATTACHMENTS.filter((attachment) => attachment.deletedVersion === undefined),
  );
  state.counter = SEED_CURRENT_VERSION;
  SEED_BUNDLES.forEach(({version: uploadedAs, files}, index) => {
    const storedAt = isoSeconds(versionTime(uploadedAs));
    const contents = Object.entries(files).map(([path, text]) => ({path, bytes: encoder.encode(text)}));
    const info = appInfoFile(contents, String(index + 1));
    const stored = [...contents, {path: 'APP_INFO.json', bytes: info.bytes}].map(({path, bytes}) =>
      fileOf(path, bytes, storedAt, fileType),
    );
    state.bundles.push({version: String(index + 1).padStart(4, '0'), files: stored, storedAt});
    Object.assign(state.coreHashes, info.coreHashes);
  });
  const newest = state.bundles[state.bundles.length - 1];
  // A server that was switched to its newest version, and has not restarted since.
  state.active = {version: newest.version, files: newest.files};
  state.memoryVersion = newest.version;
  return state;
}
