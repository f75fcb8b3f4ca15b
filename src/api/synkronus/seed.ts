/**
 * The seeded state of the in-browser Synkronus, which the console states on the page and "Reset"
 * returns to. Small on purpose: 120 observations of two form types (so pulling with the default
 * limit of 50 takes three pages), three users, two attachments and three app bundle versions. The
 * names and numbers the description's examples use (the user `fieldworker`, the attachment
 * `3f2b9c1e-…-1d2e3f4a5b6c.jpg`, the versions of `GET /app-bundle/versions`, the file
 * `app/index.html`, the change versions 1041 to 1187) are seeded, so each operation's documented
 * example works as it is.
 */

export type SeedUser = {
  username: string;
  password: string;
  role: 'read-only' | 'read-write' | 'admin';
  createdAt: string;
};

export const SEED_USERS: SeedUser[] = [
  {username: 'admin', password: 'admin-passphrase', role: 'admin', createdAt: '2025-06-01T08:00:00Z'},
  {username: 'fieldworker', password: 's3cret-passphrase', role: 'read-write', createdAt: '2025-06-02T10:30:00Z'},
  {username: 'viewer', password: 'viewer-passphrase', role: 'read-only', createdAt: '2025-06-03T07:45:00Z'},
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

/** The app bundle versions, oldest first; the newest is active. Each maps file paths to their content. */
export const SEED_BUNDLES: {version: string; files: Record<string, string>}[] = [
  {
    version: '20250601-080000',
    files: {
      'app/index.html': '<!doctype html><title>Survey app</title><p>Version of 1 June.</p>',
      'forms/household_survey/schema.json': schemaFile({household_size: 'integer'}),
    },
  },
  {
    version: '20250605-143000',
    files: {
      'app/index.html': '<!doctype html><title>Survey app</title><p>Version of 5 June.</p>',
      'forms/household_survey/schema.json': schemaFile({household_size: 'integer'}),
      'forms/water_point/schema.json': schemaFile({source: 'string', functional: 'boolean'}),
    },
  },
  {
    version: '20250612-091000',
    files: {
      'app/index.html': '<!doctype html><title>Survey app</title><p>Version of 12 June.</p>',
      'forms/household_survey/schema.json': schemaFile({household_size: 'integer', village: 'string'}),
      'forms/water_point/schema.json': schemaFile({source: 'string', functional: 'boolean'}),
    },
  },
];

/** The largest app bundle the in-browser Synkronus accepts (413 above it). */
export const MAX_BUNDLE_BYTES = 1024 * 1024;
