/**
 * The texts of the release's error answers, as its handlers write them (internal/handlers/common.go
 * SendErrorResponse: `{"error": <the Go error's text, or "An error occurred">, "message": <the handler's>}`),
 * by the name the engine's behaviours use (TextName in ../../types.ts).
 */
import type {ReleaseText, TextName} from '../../types';

const nil = (message: string): ReleaseText => ({message});

export const TEXTS = {
  // internal/handlers/auth.go
  usernameRequired: nil('Username is required'),
  passwordRequired: nil('Password is required'),
  invalidCredentials: {error: 'invalid credentials', message: 'Invalid credentials'},
  refreshTokenRequired: nil('Refresh token is required'),
  // internal/handlers/user.go
  missingFields: nil('Missing required fields'),
  userExists: {error: 'user already exists', message: 'Username already exists'},
  invalidRole: {error: 'invalid role', message: 'invalid role'},
  userNotFound: {error: 'user not found', message: 'User not found'},
  invalidPassword: {error: 'invalid password', message: 'invalid password'},
  // internal/handlers/sync.go and attachment_manifest.go
  clientIdRequired: nil('client_id is required'),
  transmissionIdRequired: nil('transmission_id is required'),
  recordsRequired: nil('records array is required'),
  sinceVersionNegative: nil('since_version must be non-negative'),
  // internal/handlers/attachment.go
  fileRequired: nil('file is required'),
  attachmentExists: {error: 'file already exists', message: 'Attachment already exists'},
  attachmentNotFound: nil('Attachment not found'),
  // internal/handlers/appbundle.go and appbundle_push.go
  fileNotFound: {error: 'file not found', message: 'File not found'},
  noBundleField: {error: 'http: no such file', message: 'Failed to get bundle file from form'},
} satisfies Record<TextName, ReleaseText>;

/** The handler's message where decoding the JSON body failed; `error` is Go's decoder text. */
export const DECODE_MESSAGE: Record<string, string> = {
  login: 'Invalid request format',
  refreshToken: 'Invalid request format',
  syncPull: 'Invalid request format',
  syncPush: 'Invalid request format',
  getAttachmentManifest: 'Invalid request body',
  createUser: 'Invalid request body',
  resetUserPassword: 'Invalid request body',
  changePassword: 'Invalid request body',
};

/** The message where net/http could not read a multipart form; `error` is net/http's text. */
export const MULTIPART_MESSAGE: Record<string, string> = {
  uploadAttachment: 'Failed to parse multipart form',
  pushAppBundle: "Invalid request format. Expected multipart form with a 'bundle' file",
};
