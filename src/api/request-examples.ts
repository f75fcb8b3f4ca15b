/**
 * The site's own example requests, for the calls whose parameters or JSON body ODE's description gives no
 * example of. They are the site's words, not the contract's: the model uses one only where the description
 * has no example of its own (./model/build.ts), and the reference says so. Each value names what the
 * description dialect's seed holds (packages/synkronus-mock/src/seed.ts), so every curl sample and "Try it" request
 * works as shown; tests/unit/api-validation.spec.ts checks each one against the description's schemas.
 */
export type RequestExample = {
  /** Path and query parameters, by name. */
  parameters?: Record<string, string | number | boolean>;
  /** The JSON request body. */
  body?: unknown;
};

const PASSWORD = 's3cret-passphrase';
const NEW_PASSWORD = 'n3w-s3cret-passphrase';
const CLIENT_ID = 'formulus-4f8c2a91';

export const REQUEST_EXAMPLES: Record<string, RequestExample> = {
  login: {body: {username: 'fieldworker', password: PASSWORD}},
  refreshToken: {
    body: {refreshToken: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0eXBlIjoicmVmcmVzaCJ9.c2lnbmF0dXJl'},
  },
  createUser: {body: {username: 'enumerator', password: PASSWORD, role: 'read-write'}},
  deleteUser: {parameters: {username: 'fieldworker'}},
  resetUserPassword: {body: {username: 'fieldworker', newPassword: NEW_PASSWORD}},
  changePassword: {body: {currentPassword: PASSWORD, newPassword: NEW_PASSWORD}},
  syncPull: {
    parameters: {schemaType: 'household_survey', limit: 50},
    body: {client_id: CLIENT_ID, since: {version: 1041, id: 'obs-2025-06-11-0017'}, schema_types: ['household_survey']},
  },
  syncPush: {
    body: {
      transmission_id: '6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f',
      client_id: CLIENT_ID,
      records: [
        {
          observation_id: 'obs-2025-06-12-0004',
          form_type: 'household_survey',
          form_version: '1.0',
          data: {household_size: 3, village: 'Kisumu West'},
          created_at: '2025-06-12T09:02:44Z',
          updated_at: '2025-06-12T09:02:44Z',
          synced_at: null,
          deleted: false,
          geolocation: {latitude: -0.1022, longitude: 34.7617, accuracy: 12, altitude: null, altitude_accuracy: null},
        },
      ],
    },
  },
  getAttachmentManifest: {body: {client_id: CLIENT_ID, since_version: 1041}},
  downloadAppBundleFile: {parameters: {path: 'app/index.html'}},
  getAppBundleChanges: {parameters: {current: '20250605-143000', target: '20250612-091000'}},
  switchAppBundleVersion: {parameters: {version: '20250612-091000'}},
};
