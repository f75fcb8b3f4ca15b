/**
 * The scenario recorded against a real Synkronus server and replayed against the engine: one session from an
 * empty server (only the administrator of ADMIN_USERNAME/ADMIN_PASSWORD), in order, each request built to the
 * byte so both see the same. It covers every operation and every status the release gives, every app bundle
 * check failing once, sync edge cases, users at their limits, attachments, the export and the records that break
 * it, a restart, the database down and hostile paths. Tokens are named, not written: a step says whose token it
 * carries and the recorder or replayer puts in the one its server gave.
 */
import {writeZip} from '../../src/zip';
import {JSON_LITERALS, MALFORMED_JSON, record} from '../../../../tests/support/sample-bodies';

export type Who = 'admin' | 'fieldworker' | 'viewer' | 'longpass' | 'spare';

/** A token a step carries: the access or refresh token of a user's latest login, or a token sent as it is. */
export type TokenRef = {access: Who} | {refresh: Who} | {raw: string};

export type RequestStep = {
  kind: 'request';
  label: string;
  method: string;
  target: string;
  token?: TokenRef;
  headers?: [string, string][];
  body?: Uint8Array;
  /** The user whose tokens a 200 answer to this login carries from now on. */
  loginOf?: Who;
  /** Sends the ETag of the previous answer as If-None-Match (APP_INFO.json holds the time it was written). */
  ifNoneMatchPrevious?: true;
};

/** What happens to the server between two requests: the recorder runs the command given for it. */
export type ControlStep = {kind: 'control'; label: string; control: 'restart' | 'database-down' | 'database-up'};

export type Step = RequestStep | ControlStep;

/** The recorded server's ADMIN_USERNAME and ADMIN_PASSWORD. */
export const ADMIN = {username: 'admin', password: 'admin-passphrase'};

/** The recorded server's JWT_SECRET: the hand-made tokens are signed with it, and the replay signs with it too. */
export const RECORDING_JWT_SECRET = 'recording-secret-0123456789abcdef';

export const PASSWORDS: Record<Who, string> = {
  admin: ADMIN.password,
  fieldworker: 's3cret-passphrase',
  viewer: 'viewer-passphrase',
  // 72 bytes, bcrypt's limit: a login with one byte more is compared on these 72 only.
  longpass: 'p'.repeat(72),
  spare: 'spare-passphrase',
};

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const BOUNDARY = 'synkronus-oracle-boundary';

type Part = {name: string; filename?: string; type?: string; data: Uint8Array};

/** A multipart/form-data body, written to the byte. */
function multipart(parts: Part[], boundary = BOUNDARY): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(bytes(head), part.data, bytes('\r\n'));
  }
  chunks.push(bytes(`--${boundary}--\r\n`));
  return concat(chunks);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const multipartType = (boundary = BOUNDARY): [string, string] => [
  'Content-Type',
  `multipart/form-data; boundary=${boundary}`,
];

/** Every file the scenario puts in a bundle: a SHA-256 of one of them is the same on any server. */
const bundleFiles = new Set<string>();

const zip = (files: Record<string, string>) => {
  Object.values(files).forEach((text) => bundleFiles.add(text));
  return writeZip(Object.entries(files).map(([name, text]) => ({name, data: bytes(text)})));
};

/** The SHA-256 of each file the scenario's bundles hold, in hex. */
export const fileHashes = (hash: (text: string) => string) => new Set([...bundleFiles].map(hash));

/** A form's schema with its fields; `core_`-prefixed names are core fields. */
const schema = (fields: Record<string, unknown>) => JSON.stringify({type: 'object', properties: fields});
const UI = JSON.stringify({type: 'VerticalLayout', elements: [{type: 'Control', scope: '#/properties/weight'}]});

const BUNDLE_V1 = {
  'app/index.html': '<!doctype html><title>Clinic app</title>',
  'app/app.js': 'console.log("clinic");',
  'app/style.css': 'body{margin:0}',
  'forms/clinic_visit/schema.json': schema({weight: {type: 'number'}, core_id: {type: 'string'}}),
  'forms/clinic_visit/ui.json': UI,
};

/** Version 2: a file changed, one added, one removed; a renderer; the core field of the form unchanged. */
const BUNDLE_V2 = {
  'app/index.html': '<!doctype html><title>Clinic app, second</title>',
  'app/app.js': 'console.log("clinic 2");',
  'app/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'forms/water_point/schema.json': schema({depth: {type: 'number', 'x-renderer': 'gauge'}}),
  'forms/water_point/ui.json': UI,
  'renderers/gauge/renderer.jsx': 'export default function Gauge() { return null; }',
};

const steps: Step[] = [];
const control = (label: string, what: ControlStep['control']) => steps.push({kind: 'control', label, control: what});

function step(
  label: string,
  method: string,
  target: string,
  options: Omit<RequestStep, 'kind' | 'label' | 'method' | 'target'> = {},
) {
  steps.push({kind: 'request', label, method, target, ...options});
}

const json = (value: unknown) => ({headers: [JSON_TYPE], body: bytes(JSON.stringify(value))});
const rawJson = (text: string) => ({headers: [JSON_TYPE], body: bytes(text)});

function login(who: Who, label = `login of ${who}`) {
  step(label, 'POST', '/auth/login', {...json({username: who, password: PASSWORDS[who]}), loginOf: who});
}

const as = (who: Who): {token: TokenRef} => ({token: {access: who}});

function uploadBundle(label: string, body: Uint8Array, who: Who = 'admin', filename = 'bundle.zip') {
  step(label, 'POST', '/app-bundle/push', {
    ...as(who),
    headers: [multipartType()],
    body: multipart([{name: 'bundle', filename, type: 'application/zip', data: body}]),
  });
}

function uploadAttachment(label: string, id: string, data: Uint8Array, who: Who = 'fieldworker', field = 'file') {
  step(label, 'PUT', `/attachments/${id}`, {
    ...as(who),
    headers: [multipartType()],
    body: multipart([{name: field, filename: 'photo.jpg', type: 'image/jpeg', data}]),
  });
}

/** An HS256 token signed with `secret`, for the token checks: fixed claims, so both servers see the same. */
export type TokenMaker = (claims: Record<string, unknown>, secret?: string, header?: Record<string, unknown>) => string;

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const obs = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const att = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const push = (transmission: string, records: unknown[], client = 'client-a') => ({
  transmission_id: transmission,
  client_id: client,
  records,
});

/** Builds the steps; `token` makes the hand-made tokens (the recorder and the replayer share its secret). */
export function scenario(token: TokenMaker): Step[] {
  steps.length = 0;
  bundleFiles.clear();
  const later = 4102444800; // 2100-01-01: a token that has not expired
  const adminClaims = {username: 'admin', role: 'admin', sub: 'not-a-user-id', iat: 1735689600};

  // System and public routes.
  step('health', 'GET', '/health');
  step('health, HEAD', 'HEAD', '/health');
  step('health, POST', 'POST', '/health');
  step('health, trailing slash', 'GET', '/health/');
  step('health, query', 'GET', '/health?probe=1');
  step('version without a token', 'GET', '/version');
  step('api versions without a token', 'GET', '/api/versions');
  step('favicon', 'GET', '/favicon.ico');
  step('static', 'GET', '/static');
  step('static folder', 'GET', '/static/');
  step('static file', 'GET', '/static/app.js');
  step('static, POST', 'POST', '/static');
  step('root', 'GET', '/');
  step('unknown path', 'GET', '/no-such-path');
  step('unknown path, DELETE', 'DELETE', '/no-such-path');
  step('openapi path', 'GET', '/openapi/synkronus.yaml');
  step('preflight from a browser', 'OPTIONS', '/sync/pull', {
    headers: [
      ['Origin', 'https://app.example.org'],
      ['Access-Control-Request-Method', 'POST'],
      ['Access-Control-Request-Headers', 'authorization,content-type'],
    ],
  });
  step('preflight with x-api-version', 'OPTIONS', '/sync/pull', {
    headers: [
      ['Origin', 'https://app.example.org'],
      ['Access-Control-Request-Method', 'POST'],
      ['Access-Control-Request-Headers', 'x-api-version'],
    ],
  });
  step('preflight for PATCH', 'OPTIONS', '/users', {
    headers: [
      ['Origin', 'https://app.example.org'],
      ['Access-Control-Request-Method', 'PATCH'],
    ],
  });
  step('health from a browser', 'GET', '/health', {headers: [['Origin', 'https://app.example.org']]});

  // Logins and tokens.
  login('admin');
  step('login, wrong password', 'POST', '/auth/login', json({username: 'admin', password: 'wrong'}));
  step('login, unknown user', 'POST', '/auth/login', json({username: 'nobody', password: 'whatever'}));
  step('login, empty username', 'POST', '/auth/login', json({username: '', password: 'x'}));
  step('login, empty password', 'POST', '/auth/login', json({username: 'admin', password: ''}));
  step('login, no fields', 'POST', '/auth/login', json({}));
  step('login, number username', 'POST', '/auth/login', json({username: 1, password: 'x'}));
  step('login, extra field', 'POST', '/auth/login', json({...ADMIN, remember: true}));
  step('login, no body', 'POST', '/auth/login', {headers: [JSON_TYPE]});
  step('login, form body', 'POST', '/auth/login', {
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    body: bytes('username=admin&password=admin-passphrase'),
  });
  JSON_LITERALS.forEach((literal) => step(`login, body ${literal}`, 'POST', '/auth/login', rawJson(literal)));
  MALFORMED_JSON.slice(0, 8).forEach((text, i) =>
    step(`login, malformed body ${i + 1}`, 'POST', '/auth/login', rawJson(text)),
  );
  step('login, GET', 'GET', '/auth/login');
  step('refresh', 'POST', '/auth/refresh', {token: {refresh: 'admin'}, headers: [JSON_TYPE]});
  step('version', 'GET', '/version', as('admin'));
  step('api versions', 'GET', '/api/versions', as('admin'));
  step('api versions, x-api-version', 'GET', '/api/versions', {...as('admin'), headers: [['x-api-version', '2.0.0']]});
  step('version, refresh token as bearer', 'GET', '/version', {token: {refresh: 'admin'}});
  step('version, bearer of nothing', 'GET', '/version', {headers: [['Authorization', 'Bearer']]});
  step('version, basic', 'GET', '/version', {headers: [['Authorization', 'Basic YWRtaW46YWRtaW4tcGFzc3BocmFzZQ==']]});
  step('version, not a token', 'GET', '/version', {token: {raw: 'not.a.token'}});
  step('version, expired token', 'GET', '/version', {token: {raw: token({...adminClaims, exp: 1735693200})}});
  step('version, other key', 'GET', '/version', {token: {raw: token({...adminClaims, exp: later}, 'another-secret')}});
  step('version, alg none', 'GET', '/version', {
    token: {raw: token({...adminClaims, exp: later}, '', {alg: 'none', typ: 'JWT'})},
  });
  step('version, hand-made token', 'GET', '/version', {token: {raw: token({...adminClaims, exp: later})}});
  step('version, token without exp', 'GET', '/version', {token: {raw: token(adminClaims)}});
  step('formspecs', 'GET', '/formspecs/clinic_visit/1', as('admin'));
  step('formspecs without a token', 'GET', '/formspecs/clinic_visit/1');

  // Users.
  const create = (label: string, body: unknown, who: Who = 'admin') =>
    step(label, 'POST', '/users', {...as(who), ...json(body)});
  create('create fieldworker', {username: 'fieldworker', password: PASSWORDS.fieldworker, role: 'read-write'});
  create('create viewer', {username: 'viewer', password: PASSWORDS.viewer, role: 'read-only'});
  create('create spare', {username: 'spare', password: PASSWORDS.spare, role: 'read-write'});
  create('create longpass (72 bytes)', {username: 'longpass', password: PASSWORDS.longpass, role: 'read-only'});
  create('create, 73-byte password', {username: 'toolong', password: 'p'.repeat(73), role: 'read-only'});
  create('create, duplicate', {username: 'viewer', password: 'other-passphrase', role: 'read-only'});
  create('create, unknown role', {username: 'roleless', password: 'x-passphrase', role: 'superuser'});
  create('create, empty username', {username: '', password: 'x-passphrase', role: 'read-only'});
  create('create, empty password', {username: 'nopass', password: '', role: 'read-only'});
  create('create, empty role', {username: 'norole', password: 'x-passphrase', role: ''});
  create('create, 255-character username', {username: 'u'.repeat(255), password: 'x-passphrase', role: 'read-only'});
  create('create, 256-character username', {username: 'v'.repeat(256), password: 'x-passphrase', role: 'read-only'});
  create('create, 300-character username', {username: 'w'.repeat(300), password: 'x-passphrase', role: 'read-only'});
  create('create, 200 two-byte characters', {username: 'é'.repeat(200), password: 'x-passphrase', role: 'read-only'});
  create('create, username with spaces', {username: '  spaced  ', password: 'x-passphrase', role: 'read-only'});
  create('create, by fieldworker', {username: 'x1', password: 'x-passphrase', role: 'read-only'}, 'fieldworker');
  step('create, no token', 'POST', '/users', json({username: 'x2', password: 'x-passphrase', role: 'read-only'}));
  step('create, with a trailing slash', 'POST', '/users/', {
    ...as('admin'),
    ...json({username: 'x3', password: 'x', role: 'read-only'}),
  });
  step('create, as the description has it', 'POST', '/users/create', {
    ...as('admin'),
    ...json({username: 'x4', password: 'x', role: 'read-only'}),
  });
  JSON_LITERALS.forEach((literal) =>
    step(`create, body ${literal}`, 'POST', '/users', {...as('admin'), ...rawJson(literal)}),
  );
  create('create, number role', {username: 'x5', password: 'x-passphrase', role: 1});
  login('fieldworker');
  login('viewer');
  login('spare');
  login('longpass');
  step(
    'login, 73 bytes matching 72',
    'POST',
    '/auth/login',
    json({username: 'longpass', password: `${PASSWORDS.longpass}q`}),
  );
  step('login, 71 bytes', 'POST', '/auth/login', json({username: 'longpass', password: 'p'.repeat(71)}));
  step('login, 255-character user', 'POST', '/auth/login', json({username: 'u'.repeat(255), password: 'x-passphrase'}));
  step('login, 300-character user', 'POST', '/auth/login', json({username: 'w'.repeat(300), password: 'x-passphrase'}));
  step('list users', 'GET', '/users', as('admin'));
  step('list users, trailing slash', 'GET', '/users/', as('admin'));
  step('list users, fieldworker', 'GET', '/users', as('fieldworker'));
  step('list users, viewer', 'GET', '/users', as('viewer'));
  step('list users, no token', 'GET', '/users');
  const reset = (label: string, body: unknown, who: Who = 'admin') =>
    step(label, 'POST', '/users/reset-password', {...as(who), ...json(body)});
  reset('reset password', {username: 'spare', newPassword: 'spare-passphrase-2'});
  reset('reset password, unknown user', {username: 'nobody', newPassword: 'x-passphrase'});
  reset('reset password, empty', {username: 'spare', newPassword: ''});
  reset('reset password, 73 bytes', {username: 'spare', newPassword: 'r'.repeat(73)});
  reset('reset password, 300-character user', {username: 'w'.repeat(300), newPassword: 'x-passphrase'});
  reset('reset password, by viewer', {username: 'spare', newPassword: 'x-passphrase'}, 'viewer');
  step('login with the old password', 'POST', '/auth/login', json({username: 'spare', password: PASSWORDS.spare}));
  step(
    'login with the reset password',
    'POST',
    '/auth/login',
    json({username: 'spare', password: 'spare-passphrase-2'}),
  );
  const change = (label: string, body: unknown, who: Who) =>
    step(label, 'POST', '/users/change-password', {...as(who), ...json(body)});
  change('change password', {currentPassword: PASSWORDS.viewer, newPassword: 'viewer-passphrase-2'}, 'viewer');
  change('change password, wrong current', {currentPassword: 'wrong', newPassword: 'viewer-passphrase-3'}, 'viewer');
  change('change password, empty new', {currentPassword: PASSWORDS.viewer, newPassword: ''}, 'viewer');
  change('change password, admin', {currentPassword: ADMIN.password, newPassword: ADMIN.password}, 'admin');
  step('change password, no token', 'POST', '/users/change-password', json({currentPassword: 'a', newPassword: 'b'}));
  step(
    'login of viewer after the change',
    'POST',
    '/auth/login',
    json({username: 'viewer', password: PASSWORDS.viewer}),
  );
  const remove = (label: string, username: string, who: Who = 'admin') =>
    step(label, 'DELETE', `/users/delete/${username}`, as(who));
  remove('delete, unknown user', 'nobody');
  remove('delete, by fieldworker', 'viewer', 'fieldworker');
  remove('delete the 255-character user', 'u'.repeat(255));
  remove('delete, 300 characters', 'w'.repeat(300));
  remove('delete, encoded name', '%C3%A9t%C3%A9');
  step('delete, as the description has it', 'DELETE', '/users/viewer', as('admin'));
  step('delete, no name', 'DELETE', '/users/delete/', as('admin'));
  step('list users after the changes', 'GET', '/users', as('admin'));

  // Sync.
  const pushAs = (label: string, body: unknown, who: Who = 'fieldworker') =>
    step(label, 'POST', '/sync/push', {...as(who), ...json(body)});
  const pull = (label: string, body: unknown, who: Who = 'fieldworker', query = '') =>
    step(label, 'POST', `/sync/pull${query}`, {...as(who), ...json(body)});
  pull('pull from an empty server', {client_id: 'client-a'});
  const first = Array.from({length: 6}, (_, i) =>
    record(obs(i + 1), {
      form_type: i % 2 ? 'water_point' : 'household_survey',
      data: {household_size: i + 1, village: 'Maseno'},
    }),
  );
  pushAs('push six records', push('t-0001', first));
  pushAs('push the same transmission again', push('t-0001', first));
  step('export', 'GET', '/dataexport/parquet', as('viewer'));
  step('export, by fieldworker', 'GET', '/dataexport/parquet', as('fieldworker'));
  step('export, no token', 'GET', '/dataexport/parquet');
  step('export, POST', 'POST', '/dataexport/parquet', as('admin'));
  pushAs('push, by admin', push('t-0002', [record(obs(7))]), 'admin');
  pushAs('push, by viewer', push('t-0003', [record(obs(8))]), 'viewer');
  step('push, no token', 'POST', '/sync/push', json(push('t-0004', [record(obs(9))])));
  pushAs('push, no records', push('t-0005', []));
  pushAs('push, records null', {transmission_id: 't-0006', client_id: 'client-a', records: null});
  pushAs('push, no transmission id', {client_id: 'client-a', records: [record(obs(10))]});
  pushAs('push, no client id', {transmission_id: 't-0007', records: [record(obs(10))]});
  pushAs('push, empty observation id', push('t-0008', [record('')]));
  pushAs('push, empty form type', push('t-0009', [record(obs(11), {form_type: ''})]));
  pushAs('push, no form version', push('t-0010', [record(obs(12), {form_version: undefined})]));
  pushAs('push, data not an object', push('t-0011', [record(obs(13), {data: 'text'})]));
  // From now on the export fails: it reads the keys of every record's data.
  step('export, broken by a scalar', 'GET', '/dataexport/parquet', as('admin'));
  pushAs('push, data null', push('t-0012', [record(obs(14), {data: null})]));
  pushAs('push, bad created_at', push('t-0013', [record(obs(15), {created_at: 'yesterday'})]));
  pushAs('push, version as text', push('t-0014', [record(obs(16), {version: '3'})]));
  pushAs('push, deleted as text', push('t-0015', [record(obs(17), {deleted: 'no'})]));
  pushAs('push, records an object', {transmission_id: 't-0016', client_id: 'client-a', records: {}});
  pushAs(
    'push, with geolocation',
    push('t-0017', [record(obs(18), {geolocation: {latitude: -0.1, longitude: 34.6, accuracy: 5}})]),
  );
  pushAs('push, with synced_at', push('t-0018', [record(obs(19), {synced_at: '2025-06-21T09:00:00Z'})]));
  pushAs(
    'push, spaces around text',
    push('t-0019', [record(obs(20), {form_type: '  household_survey  ', form_version: ' 1.0 '})]),
  );
  pushAs(
    'push, an update',
    push('t-0020', [
      record(obs(1), {data: {household_size: 9, village: 'Kisumu'}, updated_at: '2025-06-22T09:00:00Z'}),
    ]),
  );
  pushAs('push, a deletion', push('t-0021', [record(obs(2), {deleted: true, updated_at: '2025-06-22T10:00:00Z'})]));
  pushAs('push, one good one bad', push('t-0022', [record(obs(21)), record(obs(22), {form_type: ''})]));
  pushAs(
    'push, unicode data',
    push('t-0023', [record(obs(23), {data: {village: 'Kisumu – “north”', note: '\u00e9\u4e2d'}})]),
  );
  // An integer past 2^53, as a client's JSON text carries it.
  step('push, big numbers', 'POST', '/sync/push', {
    ...as('fieldworker'),
    ...rawJson(
      JSON.stringify(push('t-0024', [record(obs(24), {data: {count: 0, small: 1e-7, whole: 1.0}})])).replace(
        '"count":0',
        '"count":9007199254740993',
      ),
    ),
  });
  pushAs('push, nested data', push('t-0025', [record(obs(25), {data: {a: {b: {c: [1, 2, {d: null}]}}}})]));
  pushAs(
    'push, duplicate ids in one batch',
    push('t-0026', [record(obs(26)), record(obs(26), {data: {household_size: 2}})]),
  );
  JSON_LITERALS.forEach((literal) =>
    step(`push, body ${literal}`, 'POST', '/sync/push', {...as('fieldworker'), ...rawJson(literal)}),
  );
  MALFORMED_JSON.slice(0, 6).forEach((text, i) =>
    step(`push, malformed body ${i + 1}`, 'POST', '/sync/push', {...as('fieldworker'), ...rawJson(text)}),
  );
  step('push, no body', 'POST', '/sync/push', {...as('fieldworker'), headers: [JSON_TYPE]});
  step('push, GET', 'GET', '/sync/push', as('fieldworker'));
  const many = Array.from({length: 105}, (_, i) => record(obs(100 + i), {form_type: 'water_point', data: {depth: i}}));
  pushAs('push 105 records', push('t-0027', many));
  pull('pull everything', {client_id: 'client-a'});
  pull('pull as viewer', {client_id: 'client-b'}, 'viewer');
  pull('pull as admin', {client_id: 'client-c'}, 'admin');
  step('pull, no token', 'POST', '/sync/pull', json({client_id: 'client-a'}));
  pull('pull since version 3', {client_id: 'client-a', since: {version: 3}});
  pull('pull since version 100', {client_id: 'client-a', since: {version: 100}});
  pull('pull since a future version', {client_id: 'client-a', since: {version: 100000}});
  pull('pull since with an id', {client_id: 'client-a', since: {version: 3, id: obs(4)}});
  pull('pull one schema type', {client_id: 'client-a', schema_types: ['household_survey']});
  pull('pull an unknown schema type', {client_id: 'client-a', schema_types: ['nothing']});
  pull('pull, limit 2', {client_id: 'client-a'}, 'fieldworker', '?limit=2');
  pull('pull, limit 0', {client_id: 'client-a'}, 'fieldworker', '?limit=0');
  pull('pull, limit -5', {client_id: 'client-a'}, 'fieldworker', '?limit=-5');
  pull('pull, limit text', {client_id: 'client-a'}, 'fieldworker', '?limit=ten');
  pull('pull, limit 1000', {client_id: 'client-a'}, 'fieldworker', '?limit=1000');
  pull('pull, schemaType query', {client_id: 'client-a'}, 'fieldworker', '?schemaType=water_point');
  pull('pull, no client id', {});
  pull('pull, since not an object', {client_id: 'client-a', since: 5});
  pull('pull, since.version text', {client_id: 'client-a', since: {version: 'x'}});
  pull('pull, schema_types text', {client_id: 'client-a', schema_types: 'household_survey'});
  JSON_LITERALS.forEach((literal) =>
    step(`pull, body ${literal}`, 'POST', '/sync/pull', {...as('fieldworker'), ...rawJson(literal)}),
  );
  MALFORMED_JSON.slice(0, 6).forEach((text, i) =>
    step(`pull, malformed body ${i + 1}`, 'POST', '/sync/pull', {...as('fieldworker'), ...rawJson(text)}),
  );
  step('pull, no body', 'POST', '/sync/pull', {...as('fieldworker'), headers: [JSON_TYPE]});

  // Attachments.
  const manifest = (label: string, body: unknown, who: Who = 'fieldworker') =>
    step(label, 'POST', '/attachments/manifest', {...as(who), ...json(body)});
  manifest('attachment manifest, empty server', {client_id: 'client-a', since_version: 0});
  uploadAttachment('upload an attachment', att(1), JPEG);
  uploadAttachment('upload the same attachment again', att(1), JPEG);
  uploadAttachment('upload a PNG', att(2), PNG);
  uploadAttachment('upload, by viewer', att(3), JPEG, 'viewer');
  uploadAttachment('upload, wrong field name', att(4), JPEG, 'fieldworker', 'photo');
  uploadAttachment('upload, empty file', att(5), new Uint8Array());
  step('upload, no token', 'PUT', `/attachments/${att(6)}`, {
    headers: [multipartType()],
    body: multipart([{name: 'file', filename: 'a.jpg', data: JPEG}]),
  });
  step('upload, not multipart', 'PUT', `/attachments/${att(7)}`, {
    ...as('fieldworker'),
    headers: [['Content-Type', 'image/jpeg']],
    body: JPEG,
  });
  step('upload, no body', 'PUT', `/attachments/${att(8)}`, as('fieldworker'));
  step('upload, trailing slash', 'PUT', `/attachments/${att(9)}/`, {
    ...as('fieldworker'),
    headers: [multipartType()],
    body: multipart([{name: 'file', filename: 'a.jpg', data: JPEG}]),
  });
  uploadAttachment('upload, id with a dot', 'photo.one.jpg', JPEG);
  uploadAttachment('upload, id with encoded characters', 'photo%20two', JPEG);
  uploadAttachment('upload, 255-byte id', 'i'.repeat(255), JPEG);
  uploadAttachment('upload, 256-byte id', 'j'.repeat(256), JPEG);
  step('download', 'GET', `/attachments/${att(1)}`, as('viewer'));
  step('download, trailing slash', 'GET', `/attachments/${att(1)}/`, as('viewer'));
  step('download a PNG', 'GET', `/attachments/${att(2)}`, as('fieldworker'));
  step('download, missing', 'GET', `/attachments/${att(99)}`, as('fieldworker'));
  step('download, no token', 'GET', `/attachments/${att(1)}`);
  step('download, encoded id', 'GET', '/attachments/photo%20two', as('fieldworker'));
  step('download, id with a dot', 'GET', '/attachments/photo.one.jpg', as('fieldworker'));
  step('exists', 'HEAD', `/attachments/${att(1)}`, as('fieldworker'));
  step('exists, missing', 'HEAD', `/attachments/${att(99)}`, as('fieldworker'));
  step('exists, no token', 'HEAD', `/attachments/${att(1)}`);
  step('attachments, DELETE', 'DELETE', `/attachments/${att(1)}`, as('admin'));
  manifest('attachment manifest', {client_id: 'client-a', since_version: 0});
  manifest('attachment manifest since 2', {client_id: 'client-a', since_version: 2});
  manifest('attachment manifest, far ahead', {client_id: 'client-a', since_version: 99999});
  manifest('attachment manifest, no client id', {since_version: 0});
  manifest('attachment manifest, negative', {client_id: 'client-a', since_version: -1});
  manifest('attachment manifest, text version', {client_id: 'client-a', since_version: '0'});
  manifest('attachment manifest, viewer', {client_id: 'client-b', since_version: 0}, 'viewer');
  JSON_LITERALS.forEach((literal) =>
    step(`attachment manifest, body ${literal}`, 'POST', '/attachments/manifest', {
      ...as('fieldworker'),
      ...rawJson(literal),
    }),
  );
  step('attachment manifest, GET', 'GET', '/attachments/manifest', as('fieldworker'));

  // App bundles: an empty server, then each check failing once, then versions, changes and switches.
  step('bundle manifest, empty server', 'GET', '/app-bundle/manifest', as('fieldworker'));
  step('bundle versions, empty server', 'GET', '/app-bundle/versions', as('fieldworker'));
  step('bundle changes, empty server', 'GET', '/app-bundle/changes', as('fieldworker'));
  step('bundle download, empty server', 'GET', '/app-bundle/download/app/index.html', as('fieldworker'));
  uploadBundle('bundle push, first version', zip(BUNDLE_V1));
  step('bundle manifest after the upload', 'GET', '/app-bundle/manifest', as('fieldworker'));
  step('bundle versions after the upload', 'GET', '/app-bundle/versions', as('fieldworker'));
  uploadBundle('bundle push, by fieldworker', zip(BUNDLE_V1), 'fieldworker');
  uploadBundle('bundle push, by viewer', zip(BUNDLE_V1), 'viewer');
  step('bundle push, no token', 'POST', '/app-bundle/push', {
    headers: [multipartType()],
    body: multipart([{name: 'bundle', filename: 'b.zip', data: zip(BUNDLE_V1)}]),
  });
  uploadBundle('bundle push, unexpected top-level folder', zip({...BUNDLE_V1, 'docs/readme.txt': 'x'}));
  uploadBundle(
    'bundle push, no app/index.html',
    zip({'app/app.js': 'x', 'forms/clinic_visit/schema.json': schema({}), 'forms/clinic_visit/ui.json': UI}),
  );
  uploadBundle('bundle push, bad form file path', zip({...BUNDLE_V1, 'forms/clinic_visit/extra.json': '{}'}));
  uploadBundle(
    'bundle push, form without ui.json',
    zip({'app/index.html': 'x', 'forms/survey/schema.json': schema({})}),
  );
  uploadBundle(
    'bundle push, schema not JSON',
    zip({'app/index.html': 'x', 'forms/survey/schema.json': '{not json', 'forms/survey/ui.json': UI}),
  );
  uploadBundle('bundle push, bad renderer path', zip({...BUNDLE_V1, 'renderers/gauge/index.js': 'x'}));
  uploadBundle(
    'bundle push, missing renderer',
    zip({
      'app/index.html': 'x',
      'forms/survey/schema.json': schema({a: {type: 'number', 'x-renderer': 'dial'}}),
      'forms/survey/ui.json': UI,
    }),
  );
  uploadBundle(
    'bundle push, core field changed',
    zip({
      ...BUNDLE_V1,
      'forms/clinic_visit/schema.json': schema({weight: {type: 'number'}, core_id: {type: 'integer'}}),
    }),
  );
  uploadBundle(
    'bundle push, ui.json not JSON',
    zip({'app/index.html': 'x', 'forms/survey/schema.json': schema({}), 'forms/survey/ui.json': '{oops'}),
  );
  step('bundle versions after a refused ui.json', 'GET', '/app-bundle/versions', as('fieldworker'));
  step(
    'bundle changes against the refused version',
    'GET',
    '/app-bundle/changes?current=0002&target=0001',
    as('fieldworker'),
  );
  uploadBundle('bundle push, entry climbing out', zip({...BUNDLE_V1, 'app/../../escape.txt': 'escaped'}));
  const damaged = zip(BUNDLE_V1);
  // The first entry's data starts after its 30-byte header and its name: one byte changed, its CRC-32 no longer matches.
  damaged[30 + 'app/index.html'.length] ^= 0xff;
  uploadBundle('bundle push, damaged entry', damaged);
  step('bundle versions after the damaged upload', 'GET', '/app-bundle/versions', as('fieldworker'));
  uploadBundle('bundle push, not a zip', bytes('plain text, not a zip'));
  uploadBundle('bundle push, empty file', new Uint8Array());
  uploadBundle('bundle push, truncated zip', zip(BUNDLE_V1).slice(0, 40));
  step('bundle push, wrong field', 'POST', '/app-bundle/push', {
    ...as('admin'),
    headers: [multipartType()],
    body: multipart([{name: 'file', filename: 'b.zip', data: zip(BUNDLE_V1)}]),
  });
  step('bundle push, not multipart', 'POST', '/app-bundle/push', {
    ...as('admin'),
    headers: [['Content-Type', 'application/zip']],
    body: zip(BUNDLE_V1),
  });
  step('bundle push, no body', 'POST', '/app-bundle/push', {...as('admin'), headers: [multipartType()]});
  step('bundle push, no boundary', 'POST', '/app-bundle/push', {
    ...as('admin'),
    headers: [['Content-Type', 'multipart/form-data']],
    body: multipart([{name: 'bundle', data: zip(BUNDLE_V1)}]),
  });
  step('bundle push, cut short', 'POST', '/app-bundle/push', {
    ...as('admin'),
    headers: [multipartType()],
    body: multipart([{name: 'bundle', filename: 'b.zip', data: zip(BUNDLE_V1)}]).slice(0, 120),
  });
  step('bundle push, header without a colon', 'POST', '/app-bundle/push', {
    ...as('admin'),
    headers: [multipartType()],
    body: bytes(`--${BOUNDARY}\r\nContent-Type\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
  });
  step('bundle push, only the closing boundary', 'POST', '/app-bundle/push', {
    ...as('admin'),
    headers: [multipartType()],
    body: bytes(`--${BOUNDARY}--\r\n`),
  });
  uploadBundle('bundle push, second version', zip(BUNDLE_V2));
  step('bundle manifest after the second upload', 'GET', '/app-bundle/manifest', as('fieldworker'));
  step('bundle versions', 'GET', '/app-bundle/versions', as('viewer'));
  step('bundle changes', 'GET', '/app-bundle/changes', as('fieldworker'));
  step('bundle changes, current 0001 target latest', 'GET', '/app-bundle/changes?current=0001', as('fieldworker'));
  step('bundle changes, current and target', 'GET', '/app-bundle/changes?current=0001&target=0005', as('fieldworker'));
  step('bundle changes, unknown current', 'GET', '/app-bundle/changes?current=9999', as('fieldworker'));
  step('bundle changes, preview', 'GET', '/app-bundle/changes?preview=true', as('fieldworker'));
  step('bundle changes, no token', 'GET', '/app-bundle/changes');
  step('bundle download index', 'GET', '/app-bundle/download/app/index.html', as('fieldworker'));
  step('bundle download script', 'GET', '/app-bundle/download/app/app.js', as('fieldworker'));
  step('bundle download svg', 'GET', '/app-bundle/download/app/logo.svg', as('fieldworker'));
  step('bundle download schema', 'GET', '/app-bundle/download/forms/water_point/schema.json', as('fieldworker'));
  step('bundle download renderer', 'GET', '/app-bundle/download/renderers/gauge/renderer.jsx', as('fieldworker'));
  step('bundle download app info', 'GET', '/app-bundle/download/APP_INFO.json', as('fieldworker'));
  step('bundle download, missing file', 'GET', '/app-bundle/download/app/missing.js', as('fieldworker'));
  step('bundle download, preview', 'GET', '/app-bundle/download/app/index.html?preview=true', as('fieldworker'));
  step('bundle download, climbing out', 'GET', '/app-bundle/download/..%2f..%2fescape.txt', as('fieldworker'));
  step('bundle download, no token', 'GET', '/app-bundle/download/app/index.html');
  step('bundle manifest, If-None-Match', 'GET', '/app-bundle/manifest', {
    ...as('fieldworker'),
    headers: [['If-None-Match', '"not-the-etag"']],
  });
  const switchTo = (label: string, version: string, who: Who = 'admin') =>
    step(label, 'POST', `/app-bundle/switch/${version}`, as(who));
  switchTo('bundle switch to 0001', '0001');
  step('bundle manifest after the switch', 'GET', '/app-bundle/manifest', as('fieldworker'));
  step('bundle download after the switch', 'GET', '/app-bundle/download/app/index.html', as('fieldworker'));
  // {path} matches one segment only: a file at the top of the bundle, such as APP_INFO.json, can be fetched.
  step('bundle download app info after the switch', 'GET', '/app-bundle/download/APP_INFO.json', as('fieldworker'));
  step('bundle download app info, its ETag', 'GET', '/app-bundle/download/APP_INFO.json', {
    ...as('fieldworker'),
    ifNoneMatchPrevious: true,
  });
  step('bundle download app info, encoded slash', 'GET', '/app-bundle/download/app%2Findex.html', as('fieldworker'));
  switchTo('bundle switch to the refused version', '0002');
  switchTo('bundle switch to a missing version', '0042');
  switchTo('bundle switch, not a version', 'latest');
  switchTo('bundle switch, by fieldworker', '0001', 'fieldworker');
  step('bundle switch, GET', 'GET', '/app-bundle/switch/0001', as('admin'));
  for (let n = 0; n < 4; n++)
    uploadBundle(
      `bundle push, version ${n + 3} of the run`,
      zip({...BUNDLE_V2, 'app/index.html': `<!doctype html><title>Clinic app ${n}</title>`}),
    );
  step('bundle versions after six uploads', 'GET', '/app-bundle/versions', as('fieldworker'));
  step('bundle manifest before the restart', 'GET', '/app-bundle/manifest', as('fieldworker'));

  // A restart: what the server keeps and what it forgets.
  control('restart the server', 'restart');
  step('health after the restart', 'GET', '/health');
  step('version with a token from before the restart', 'GET', '/version', as('fieldworker'));
  step('bundle manifest after the restart', 'GET', '/app-bundle/manifest', as('fieldworker'));
  step('bundle versions after the restart', 'GET', '/app-bundle/versions', as('fieldworker'));
  step('bundle changes after the restart', 'GET', '/app-bundle/changes', as('fieldworker'));
  step('bundle download after the restart', 'GET', '/app-bundle/download/app/index.html', as('fieldworker'));
  pull('pull after the restart', {client_id: 'client-a', since: {version: 100}});
  login('fieldworker', 'login of fieldworker after the restart');
  switchTo('bundle switch after the restart', '0006');
  step('bundle manifest after a switch after the restart', 'GET', '/app-bundle/manifest', as('fieldworker'));

  // The database down, one request of each kind, and back.
  control('stop the database', 'database-down');
  step('health, database down', 'GET', '/health');
  step('login, database down', 'POST', '/auth/login', json(ADMIN));
  step('version, database down', 'GET', '/version', as('admin'));
  pushAs('push, database down', push('t-0100', [record(obs(300))]));
  pull('pull, database down', {client_id: 'client-a'});
  step('list users, database down', 'GET', '/users', as('admin'));
  create('create, database down', {username: 'late', password: 'x-passphrase', role: 'read-only'});
  reset('reset password, database down', {username: 'spare', newPassword: 'x-passphrase'});
  change(
    'change password, database down',
    {currentPassword: PASSWORDS.fieldworker, newPassword: 'y-passphrase'},
    'fieldworker',
  );
  remove('delete, database down', 'spare');
  manifest('attachment manifest, database down', {client_id: 'client-a', since_version: 0});
  uploadAttachment('upload, database down', att(50), JPEG);
  step('download, database down', 'GET', `/attachments/${att(1)}`, as('fieldworker'));
  step('exists, database down', 'HEAD', `/attachments/${att(1)}`, as('fieldworker'));
  step('export, database down', 'GET', '/dataexport/parquet', as('admin'));
  step('bundle manifest, database down', 'GET', '/app-bundle/manifest', as('fieldworker'));
  control('start the database', 'database-up');
  step('login, database back', 'POST', '/auth/login', json(ADMIN));
  pull('pull, database back', {client_id: 'client-a', since: {version: 100}});

  // A key with a space breaks the export too (its query names the column unquoted), in a form type exported
  // before the scalar's.
  pushAs(
    'push, a key with a space',
    push('t-0200', [record(obs(400), {form_type: 'a_spaced', data: {'my field': 1}})]),
  );
  step('export, broken by a key', 'GET', '/dataexport/parquet', as('admin'));

  // Hostile paths: invalid UTF-8, overlong forms, encoded dots and slashes, on every route.
  const routes = [
    '/health',
    '/version',
    '/users',
    '/auth/login',
    '/sync/pull',
    '/attachments',
    '/app-bundle/download',
    '/app-bundle/switch',
    '/dataexport/parquet',
    '/static',
  ];
  const hostile = ['%c0%ae%c0%ae/', '%ff/', '%e2%82/', '%2e%2e/', '%2f%2f/', '%00/', '..%2f..%2f/', '%c0%af/'];
  for (const route of routes)
    for (const tail of hostile) step(`hostile ${route}/${tail}`, 'GET', `${route}/${tail}`, as('admin'));
  step('hostile, double slash', 'GET', '//health', as('admin'));
  step('hostile, dot segment', 'GET', '/sync/../health', as('admin'));
  step('hostile, encoded query', 'GET', '/health?%ff=%c0%ae', as('admin'));
  step('hostile, long path', 'GET', `/${'a'.repeat(4000)}/`, as('admin'));
  step('hostile, absolute target', 'GET', 'http://other.example/health', as('admin'));

  // Last, the users deleted, so the earlier steps had them.
  remove('delete spare', 'spare');
  step('login of a deleted user', 'POST', '/auth/login', json({username: 'spare', password: 'spare-passphrase-2'}));
  step("version with a deleted user's token", 'GET', '/version', as('spare'));
  step('list users at the end', 'GET', '/users', as('admin'));
  return [...steps];
}
