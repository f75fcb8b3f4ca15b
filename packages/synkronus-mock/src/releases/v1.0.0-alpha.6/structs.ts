/**
 * The Go structs the release's handlers decode request bodies into, by operationId: field names are the
 * `json:` tags, types as declared (internal/handlers/auth.go, user.go, sync.go; pkg/sync/interface.go;
 * pkg/attachment/manifest.go at the tag).
 */
import type {GoType} from '../../go/json-decode';

type Struct = GoType & {kind: 'struct'};

const text: GoType = {kind: 'string'};
const struct = (name: string, fields: Record<string, GoType>): Struct => ({kind: 'struct', name, fields});

const geolocation = struct('sync.Geolocation', {
  latitude: {kind: 'float64'},
  longitude: {kind: 'float64'},
  accuracy: {kind: 'float64'},
  altitude: {kind: 'pointer', elem: {kind: 'float64'}},
  altitude_accuracy: {kind: 'pointer', elem: {kind: 'float64'}},
});

/** sync.Observation: a pushed record. */
export const OBSERVATION = struct('sync.Observation', {
  observation_id: text,
  form_type: text,
  form_version: text,
  data: {kind: 'raw'},
  created_at: text,
  updated_at: text,
  synced_at: {kind: 'pointer', elem: text},
  deleted: {kind: 'bool'},
  version: {kind: 'int64'},
  geolocation: {kind: 'pointer', elem: geolocation},
});

export const REQUEST_STRUCTS: Record<string, Struct> = {
  login: struct('handlers.LoginRequest', {username: text, password: text}),
  refreshToken: struct('handlers.RefreshRequest', {refreshToken: text}),
  createUser: struct('handlers.UserCreateRequest', {
    username: text,
    password: text,
    role: {kind: 'string', name: 'models.Role'},
  }),
  resetUserPassword: struct('handlers.ResetPasswordRequest', {username: text, newPassword: text}),
  changePassword: struct('handlers.ChangePasswordRequest', {currentPassword: text, newPassword: text}),
  syncPull: struct('handlers.SyncPullRequest', {
    client_id: text,
    since: {kind: 'pointer', elem: struct('handlers.SyncPullRequestSince', {version: {kind: 'int64'}, id: text})},
    schema_types: {kind: 'slice', elem: text},
  }),
  syncPush: struct('handlers.SyncPushRequest', {
    transmission_id: text,
    client_id: text,
    records: {kind: 'slice', elem: OBSERVATION},
  }),
  getAttachmentManifest: struct('attachment.AttachmentManifestRequest', {
    client_id: text,
    since_version: {kind: 'int64'},
  }),
};
