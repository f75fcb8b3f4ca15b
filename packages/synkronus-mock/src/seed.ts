/**
 * The seeded state of the in-browser Synkronus, which the console states on the page and "Reset"
 * returns to. Small on purpose: 120 observations of two form types (so pulling with the default
 * limit of 50 takes three pages), three users, two attachments and three app bundle versions. The
 * names and numbers the description's examples use (the user `fieldworker`, the attachment
 * `3f2b9c1e-…-1d2e3f4a5b6c.jpg`, the versions of `GET /app-bundle/versions`, the file
 * `app/index.html`, the change versions 1041 to 1187) are seeded, so each operation's documented
 * example works as it is.
 */

import {fileOf, isoSeconds, manifestOf, type Role, type Seed, type State, type User} from './store';

export type SeedUser = {username: string; password: string; role: Role; id: string; createdAt: string};

/** The accounts, with the ids and creation times a server gave them. */
export const SEED_USERS: SeedUser[] = [
  {
    username: 'admin',
    password: 'admin-passphrase',
    role: 'admin',
    id: '5f0c9a3e-2b7d-4c1e-9a8f-3d6b2e1c7a40',
    createdAt: '2025-06-01T08:00:00Z',
  },
  {
    username: 'fieldworker',
    password: 's3cret-passphrase',
    role: 'read-write',
    id: 'b2e4d6f8-1a3c-4e5b-8d7f-9c0e2a4b6d81',
    createdAt: '2025-06-02T10:30:00Z',
  },
  {
    username: 'viewer',
    password: 'viewer-passphrase',
    role: 'read-only',
    id: 'c7a1e3b5-9d2f-4a6c-b8e0-1f3d5b7a9c22',
    createdAt: '2025-06-03T07:45:00Z',
  },
];

export const SEED_FORM_TYPES = ['household_survey', 'water_point'] as const;
export const SEED_OBSERVATION_COUNT = 120;

/**
 * The seed is the state of a server that has been in use: every change took the next number of one
 * counter, and only the newest version of each record is kept, so the versions have gaps. They end at
 * 1187, the `current_version` of the description's pull and manifest examples, so those examples,
 * which ask for the changes since version 1041, get records and attachment operations, and a push
 * answers 1188 as the push example does.
 */
export const SEED_CURRENT_VERSION = 1187;
/** Versions between two seeded observations. */
const OBSERVATION_VERSION_STEP = 9;

/** The version of the seeded observation at `index` (0 to 119): 116, 125, … 1187. */
export function seedObservationVersion(index: number): number {
  return SEED_CURRENT_VERSION - (SEED_OBSERVATION_COUNT - 1 - index) * OBSERVATION_VERSION_STEP;
}

const VILLAGES = ['Kisumu East', 'Kisumu West', 'Maseno', 'Ahero', 'Kombewa'];
const SOURCES = ['borehole', 'spring', 'well', 'tap'];

/** The seeded observations, in the order they were stored (`seedObservationVersion`); the two form types alternate. */
export function seedObservations() {
  return Array.from({length: SEED_OBSERVATION_COUNT}, (_, i) => {
    const formType = SEED_FORM_TYPES[i % 2];
    const time = new Date(Date.UTC(2025, 5, 1, 8) + i * 37 * 60_000).toISOString().replace('.000Z', 'Z');
    return {
      observation_id: `obs-seed-${String(i + 1).padStart(3, '0')}`,
      form_type: formType,
      form_version: '1.0',
      data:
        formType === 'household_survey'
          ? {household_size: 1 + (i % 7), village: VILLAGES[i % VILLAGES.length]}
          : {source: SOURCES[i % SOURCES.length], functional: i % 3 !== 0},
      created_at: time,
      updated_at: time,
      synced_at: time,
      deleted: false,
      geolocation: {
        latitude: -0.09 - i / 1000,
        longitude: 34.76 + i / 1000,
        accuracy: 5 + (i % 10),
        altitude: null,
        altitude_accuracy: null,
      },
    };
  });
}

/**
 * The attachments, with the versions of the description's manifest example: the first stored at 1150,
 * the second stored at 1100 and deleted at 1163 (no observation has these versions).
 */
export const SEED_ATTACHMENTS: {
  id: string;
  contentType: string;
  text: string;
  version: number;
  deletedVersion?: number;
}[] = [
  {
    id: '3f2b9c1e-7d4a-4e8b-a6c5-1d2e3f4a5b6c.jpg',
    contentType: 'image/jpeg',
    text: 'Stand-in for a photo of a water point (the in-browser Synkronus stores these bytes).',
    version: 1150,
  },
  {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.jpg',
    contentType: 'image/jpeg',
    text: 'A photo deleted since.',
    version: 1100,
    deletedVersion: 1163,
  },
];

const schemaFile = (fields: Record<string, string>) =>
  JSON.stringify(
    {type: 'object', properties: Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, {type}]))},
    null,
    2,
  );
/** A form's ui.json: one control per field, as JSON Forms reads it. */
const uiFile = (fields: string[]) =>
  JSON.stringify(
    {type: 'VerticalLayout', elements: fields.map((field) => ({type: 'Control', scope: `#/properties/${field}`}))},
    null,
    2,
  );

/**
 * The app bundle versions, oldest first; the newest is active. Each maps file paths to their content; the
 * version's name is the time it was uploaded, as the description's examples name versions.
 */
export const SEED_BUNDLES: {version: string; files: Record<string, string>}[] = [
  {
    version: '20250601-080000',
    files: {
      'app/index.html': '<!doctype html><title>Survey app</title><p>Version of 1 June.</p>',
      'forms/household_survey/schema.json': schemaFile({household_size: 'integer'}),
      'forms/household_survey/ui.json': uiFile(['household_size']),
    },
  },
  {
    version: '20250605-143000',
    files: {
      'app/index.html': '<!doctype html><title>Survey app</title><p>Version of 5 June.</p>',
      'forms/household_survey/schema.json': schemaFile({household_size: 'integer'}),
      'forms/household_survey/ui.json': uiFile(['household_size']),
      'forms/water_point/schema.json': schemaFile({source: 'string', functional: 'boolean'}),
      'forms/water_point/ui.json': uiFile(['source', 'functional']),
    },
  },
  {
    version: '20250612-091000',
    files: {
      'app/index.html': '<!doctype html><title>Survey app</title><p>Version of 12 June.</p>',
      'forms/household_survey/schema.json': schemaFile({household_size: 'integer', village: 'string'}),
      'forms/household_survey/ui.json': uiFile(['household_size', 'village']),
      'forms/water_point/schema.json': schemaFile({source: 'string', functional: 'boolean'}),
      'forms/water_point/ui.json': uiFile(['source', 'functional']),
    },
  },
];

/** The largest app bundle the in-browser Synkronus accepts (413 above it). */
export const MAX_BUNDLE_BYTES = 1024 * 1024;

const encoder = new TextEncoder();

/** The time of a dated version name `YYYYMMDD-HHMMSS`. */
export const versionTime = (version: string) =>
  Date.UTC(
    +version.slice(0, 4),
    +version.slice(4, 6) - 1,
    +version.slice(6, 8),
    +version.slice(9, 11),
    +version.slice(11, 13),
  );

/** A user as stored: never updated since created. */
export const userOf = (user: Omit<SeedUser, 'id' | 'createdAt'> & Partial<SeedUser>, index: number): User => {
  const seeded = SEED_USERS.find((u) => u.username === user.username);
  const id = user.id ?? seeded?.id ?? `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`;
  const createdAt = user.createdAt ?? seeded?.createdAt ?? SEED_USERS[0].createdAt;
  return {id, username: user.username, password: user.password, role: user.role, createdAt, updatedAt: createdAt};
};

/** A state with the seed's accounts and nothing else, its counter at `counter`. */
export function emptyState(seed: Seed, counter: number): State {
  return {
    users: new Map((seed.users ?? SEED_USERS).map((user, i) => [user.username, userOf(user, i)])),
    observations: new Map(),
    attachments: new Map(),
    attachmentOperations: [],
    bundles: [],
    active: {version: '', files: []},
    coreHashes: {},
    counter,
    tokens: new Map(),
    transmissions: new Set(),
    clockOffset: 0,
    databaseDown: false,
  };
}

/** The seeded attachments, stored with their create and delete operations. */
export function seedAttachments(state: State, attachments = SEED_ATTACHMENTS) {
  for (const attachment of attachments) {
    const deleted = attachment.deletedVersion !== undefined;
    state.attachments.set(attachment.id, {
      id: attachment.id,
      bytes: encoder.encode(attachment.text),
      contentType: attachment.contentType,
      version: attachment.version,
      deleted,
    });
    state.attachmentOperations.push({attachment_id: attachment.id, operation: 'create', version: attachment.version});
    if (deleted)
      state.attachmentOperations.push({
        attachment_id: attachment.id,
        operation: 'delete',
        version: attachment.deletedVersion!,
      });
  }
  state.attachmentOperations.sort((a, b) => a.version - b.version);
}

/** The description's type of an app bundle file: `GET /app-bundle/download/{path}` documents `application/octet-stream`. */
export const descriptionFileType = (): string => 'application/octet-stream';

/** The description dialect's seed: dated version names, files typed by their extension, the newest active. */
export function descriptionSeed(seed: Seed, typeOf: (path: string) => string): State {
  const state = emptyState(seed, 0);
  if (seed.content === false) return state;
  seedObservations().forEach((record, index) =>
    state.observations.set(record.observation_id, {...record, version: seedObservationVersion(index)}),
  );
  seedAttachments(state);
  state.counter = SEED_CURRENT_VERSION;
  state.bundles = SEED_BUNDLES.map(({version, files}) => {
    const storedAt = isoSeconds(versionTime(version));
    const stored = Object.entries(files).map(([path, text]) => fileOf(path, encoder.encode(text), storedAt, typeOf));
    return {version, files: stored, storedAt};
  });
  const newest = state.bundles[state.bundles.length - 1];
  state.active = {version: newest.version, files: newest.files};
  state.manifest = manifestOf(newest.version, newest.files, newest.storedAt);
  return state;
}
