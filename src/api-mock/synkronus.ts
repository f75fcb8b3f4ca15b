/**
 * The in-browser Synkronus: a function from a Request to a Response that answers as the API
 * description says (the contract made from it at build time, ./contract.ts), and keeps state for the
 * session (./seed.ts). No network and no service worker: the console calls `handle()` in the page.
 *
 * Every request goes through the same steps, all read from the contract:
 * 1. the operation whose method and path template match (else 404);
 * 2. header, path and query parameters against their schemas (the `x-api-version` pattern…) → 400;
 * 3. for a call that is not public, the bearer token (missing, unknown or expired) → 401;
 * 4. the role of the token's user against the operation's `x-roles` → 403 (a role the description
 *    leaves unspecified, `x-roles-unspecified`, is refused too: the mock allows only what it says);
 * 5. the body: JSON parsed and checked against the request schema, multipart file fields present → 400;
 * 6. the operation's behaviour (below), which answers 200/201/304/404/409/413 where documented.
 * A 400 is a ProblemDetail naming each wrong field (`errors: [{field, message}]`); other errors are an
 * Error object (`{error}`). An answer with a status the operation does not document is a bug of the
 * mock: it becomes a 500 (documented for every call) naming the status.
 */
import type {Contract, ContractOperation, ContractParameter} from './contract';
import {schemaValidator, type FieldError} from './validate';
import {listZip, writeZip} from './zip';
import {
  MAX_BUNDLE_BYTES,
  SEED_ATTACHMENTS,
  SEED_BUNDLES,
  SEED_CURRENT_VERSION,
  SEED_USERS,
  seedObservations,
  seedObservationVersion,
  TOKEN_LIFETIME_SECONDS,
  type SeedUser,
} from './seed';

type Json = unknown;
type Observation = Record<string, unknown> & {observation_id: string; form_type: string; version: number};
type Attachment = {
  id: string;
  bytes: Uint8Array;
  contentType: string;
  version: number;
  deleted: boolean;
  deletedVersion?: number;
};
type BundleFile = {path: string; bytes: Uint8Array; mimeType: string; hash: string; modTime: string};
type Bundle = {version: string; files: BundleFile[]; generatedAt: string; hash: string};
type Token = {username: string; role: SeedUser['role']; expiresAt: number};

/** What an operation's behaviour answers. */
/** `body` is a JSON value, or a Uint8Array of bytes sent as they are. */
type Answer = {status: number; body?: Json; headers?: Record<string, string>};
type Call = {
  op: ContractOperation;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  form?: FormData;
  user?: Token;
};

const encoder = new TextEncoder();
const json = (status: number, body: Json, headers?: Record<string, string>): Answer => ({status, body, headers});
const error = (status: number, message: string): Answer => json(status, {error: message});
const badRequest = (errors: FieldError[], detail = 'The request is not valid.'): Answer =>
  json(400, {type: 'about:blank', title: 'Bad Request', status: 400, detail, errors});

/** A short content hash (FNV-1a, 64 bits as two 32-bit halves), hex. */
function hash(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const byte of bytes) {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte ^ (a & 0xff), 0x0100019d) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

const isoSeconds = (millis: number) => new Date(millis).toISOString().replace(/\.\d{3}Z$/, 'Z');
const mimeOf = (path: string) =>
  /\.html?$/.test(path)
    ? 'text/html'
    : /\.json$/.test(path)
      ? 'application/json'
      : /\.js$/.test(path)
        ? 'text/javascript'
        : /\.css$/.test(path)
          ? 'text/css'
          : 'application/octet-stream';

function bundleOf(version: string, files: {path: string; bytes: Uint8Array}[], time: number): Bundle {
  const modTime = isoSeconds(time);
  const entries = files.map(({path, bytes}) => ({path, bytes, mimeType: mimeOf(path), hash: hash(bytes), modTime}));
  const all = entries.map((file) => `${file.path}:${file.hash}`).join('\n');
  return {version, files: entries, generatedAt: modTime, hash: hash(encoder.encode(all))};
}

function randomId(): string {
  return Array.from({length: 4}, () =>
    Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
}

/** The path template `/users/{username}` as a regular expression; the last parameter may hold slashes. */
function templatePattern(path: string): {pattern: RegExp; names: string[]} {
  const names: string[] = [];
  const source = path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]+)\}(\/?)/g, (_match, name: string, slash: string, offset: number, whole: string) => {
      names.push(name);
      const last = offset + name.length + 2 + slash.length === whole.length;
      return `(${last ? '.+' : '[^/]+'})${slash}`;
    });
  return {pattern: new RegExp(`^${source}$`), names};
}

/** A parameter's text as the value its schema expects (integer, number, boolean), or the text itself. */
function typed(parameter: ContractParameter, value: string): unknown {
  const type = parameter.schema?.type;
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export type Synkronus = {
  /** Answers one request, as a Synkronus server would. */
  handle: (request: Request) => Promise<Response>;
  /** Back to the seeded state (./seed.ts): users, observations, attachments, app bundles; every token forgotten. */
  reset: () => void;
  /** Makes every access and refresh token issued so far expired (to try the 401 of an expired token). */
  expireTokens: () => void;
  /** The newest version of the stored observations and attachments. */
  currentVersion: () => number;
  /** The user and role an access token was issued to, while it is valid. */
  whoIs: (token: string) => {username: string; role: string} | undefined;
  contract: Contract;
};

export function createSynkronus(contract: Contract): Synkronus {
  const validate = schemaValidator(contract.schemas);
  const routes = contract.operations.map((op) => ({op, ...templatePattern(op.path)}));
  // Literal paths first, so /users/reset-password is not read as /users/{username}.
  routes.sort((a, b) => a.names.length - b.names.length);

  let users = new Map<string, SeedUser>();
  let observations = new Map<string, Observation>();
  let attachments = new Map<string, Attachment>();
  let bundles: Bundle[] = [];
  let activeBundle = '';
  let counter = 0;
  let tokens = new Map<string, Token>();
  let refreshTokens = new Map<string, Token & {used?: boolean}>();
  let transmissions = new Map<string, Answer>();
  /** The mock's clock, in milliseconds: real time, plus what `expireTokens` moved it on by. */
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;

  function reset() {
    users = new Map(SEED_USERS.map((user) => [user.username, {...user}]));
    observations = new Map();
    seedObservations().forEach((record, index) =>
      observations.set(record.observation_id, {...record, version: seedObservationVersion(index)}),
    );
    attachments = new Map();
    for (const seed of SEED_ATTACHMENTS) {
      attachments.set(seed.id, {
        id: seed.id,
        bytes: encoder.encode(seed.text),
        contentType: seed.contentType,
        version: seed.version,
        deleted: seed.deletedVersion !== undefined,
        deletedVersion: seed.deletedVersion,
      });
    }
    counter = SEED_CURRENT_VERSION;
    bundles = SEED_BUNDLES.map(({version, files}) =>
      bundleOf(
        version,
        Object.entries(files).map(([path, text]) => ({path, bytes: encoder.encode(text)})),
        Date.UTC(
          +version.slice(0, 4),
          +version.slice(4, 6) - 1,
          +version.slice(6, 8),
          +version.slice(9, 11),
          +version.slice(11, 13),
        ),
      ),
    );
    activeBundle = bundles[bundles.length - 1].version;
    tokens = new Map();
    refreshTokens = new Map();
    transmissions = new Map();
    clockOffset = 0;
  }
  reset();

  function issueTokens(user: SeedUser): Answer {
    const expiresAt = Math.floor(now() / 1000) + TOKEN_LIFETIME_SECONDS;
    const token = `mock-access.${user.username}.${randomId()}`;
    const refreshToken = `mock-refresh.${user.username}.${randomId()}`;
    tokens.set(token, {username: user.username, role: user.role, expiresAt});
    refreshTokens.set(refreshToken, {username: user.username, role: user.role, expiresAt: expiresAt + 7 * 24 * 3600});
    return json(200, {token, refreshToken, expiresAt});
  }

  const liveBundle = (version: string) => bundles.find((bundle) => bundle.version === version);

  function manifestOf(bundle: Bundle) {
    return {
      files: bundle.files.map(({path, bytes, hash: fileHash, mimeType, modTime}) => ({
        path,
        size: bytes.length,
        hash: fileHash,
        mimeType,
        modTime,
      })),
      version: bundle.version,
      generatedAt: bundle.generatedAt,
      hash: bundle.hash,
    };
  }

  function formFields(bundle: Bundle): Map<string, Record<string, string>> {
    const forms = new Map<string, Record<string, string>>();
    for (const file of bundle.files) {
      const match = /^forms\/([^/]+)\/schema\.json$/.exec(file.path);
      if (!match) continue;
      let properties: Record<string, {type?: string}> = {};
      try {
        const schema = JSON.parse(new TextDecoder().decode(file.bytes)) as {properties?: typeof properties};
        properties = schema.properties ?? {};
      } catch {
        // A form schema that is not JSON has no fields to compare.
      }
      forms.set(
        match[1],
        Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, String(p?.type ?? 'unknown')])),
      );
    }
    return forms;
  }

  function changeLog(a: Bundle, b: Bundle) {
    const before = formFields(a);
    const after = formFields(b);
    const modified = [...after].flatMap(([form, fields]) => {
      const old = before.get(form);
      if (!old) return [];
      const added = Object.entries(fields)
        .filter(([name]) => !(name in old))
        .map(([field, type]) => ({field, type}));
      const removed = Object.entries(old)
        .filter(([name]) => !(name in fields))
        .map(([field, type]) => ({field, type}));
      const fileOf = (bundle: Bundle, path: string) => bundle.files.find((f) => f.path === path)?.hash;
      const schemaChanged = fileOf(a, `forms/${form}/schema.json`) !== fileOf(b, `forms/${form}/schema.json`);
      const uiChanged = fileOf(a, `forms/${form}/ui.json`) !== fileOf(b, `forms/${form}/ui.json`);
      if (!schemaChanged && !uiChanged) return [];
      return [
        {
          form,
          schema_changed: schemaChanged,
          ui_changed: uiChanged,
          core_changed: added.length + removed.length > 0,
          added_fields: added,
          removed_fields: removed,
        },
      ];
    });
    const appFiles = (bundle: Bundle) =>
      bundle.files
        .filter((f) => f.path.startsWith('app/'))
        .map((f) => `${f.path}:${f.hash}`)
        .sort()
        .join('\n');
    const newForms = [...after.keys()].filter((form) => !before.has(form)).map((form) => ({form}));
    const removedForms = [...before.keys()].filter((form) => !after.has(form)).map((form) => ({form}));
    return {
      compare_version_a: a.version,
      compare_version_b: b.version,
      form_changes: newForms.length + removedForms.length + modified.length > 0,
      ui_changes: appFiles(a) !== appFiles(b),
      new_forms: newForms,
      removed_forms: removedForms,
      modified_forms: modified,
    };
  }

  const pullRecord = (record: Observation) => ({...record});

  /** The behaviour of each operation, by operationId. */
  const behaviours: Record<string, (call: Call) => Answer | Promise<Answer>> = {
    getHealth: () => json(200, {status: 'ok', timestamp: isoSeconds(now()), version: contract.version}),
    getVersion: () =>
      json(200, {
        server: {version: contract.version},
        database: {type: 'in-browser', version: 'memory', database_name: 'synkronus'},
        system: {os: 'browser', architecture: 'javascript', cpus: 1},
        build: {commit: 'in-browser', build_time: isoSeconds(now()), go_version: 'none'},
      }),
    login: ({body}) => {
      const {username, password} = body as {username: string; password: string};
      const user = users.get(username);
      return user && user.password === password ? issueTokens(user) : error(401, 'invalid username or password');
    },
    refreshToken: ({body}) => {
      const {refreshToken} = (body ?? {}) as {refreshToken?: string};
      if (!refreshToken) return badRequest([{field: 'refreshToken', message: 'refreshToken is required'}]);
      const entry = refreshTokens.get(refreshToken);
      const user = entry && users.get(entry.username);
      if (!entry || !user || entry.used || entry.expiresAt * 1000 <= now())
        return error(401, 'invalid or expired refresh token');
      entry.used = true;
      return issueTokens(user);
    },
    listUsers: () =>
      json(
        200,
        [...users.values()].map(({username, role, createdAt}) => ({username, role, createdAt})),
      ),
    createUser: ({body}) => {
      const {username, password, role} = body as SeedUser;
      if (users.has(username)) return error(409, 'username already exists');
      const user = {username, password, role, createdAt: isoSeconds(now())};
      users.set(username, user);
      return json(201, {username, role, createdAt: user.createdAt});
    },
    deleteUser: ({params}) => {
      if (!users.delete(params.username)) return error(404, 'user not found');
      for (const map of [tokens, refreshTokens])
        for (const [key, token] of map) if (token.username === params.username) map.delete(key);
      return json(200, {message: 'User deleted successfully'});
    },
    resetUserPassword: ({body}) => {
      const {username, newPassword} = body as {username: string; newPassword: string};
      const user = users.get(username);
      if (!user) return error(404, 'user not found');
      user.password = newPassword;
      return json(200, {message: 'Password reset successfully'});
    },
    changePassword: ({body, user}) => {
      const {currentPassword, newPassword} = body as {currentPassword: string; newPassword: string};
      const account = users.get(user!.username)!;
      if (account.password !== currentPassword) return error(401, 'current password is incorrect');
      account.password = newPassword;
      return json(200, {message: 'Password changed successfully'});
    },
    syncPull: ({body, query, op}) => {
      const request = body as {since?: {version?: number}; schema_types?: string[]};
      const limitParameter = op.parameters.find((p) => p.name === 'limit');
      const limit = Number(query.get('limit') ?? (limitParameter?.schema?.default as number | undefined) ?? 50);
      const since = request.since?.version ?? 0;
      const types = new Set([
        ...(request.schema_types ?? []),
        ...(query.get('schemaType') ? [query.get('schemaType')!] : []),
      ]);
      const changed = [...observations.values()]
        .filter((record) => record.version > since && (types.size === 0 || types.has(record.form_type)))
        .sort((a, b) => a.version - b.version);
      const page = changed.slice(0, limit);
      const hasMore = changed.length > page.length;
      return json(200, {
        current_version: counter,
        records: page.map(pullRecord),
        // Never ahead of current_version, even for a since.version beyond it: an empty page covers every
        // change up to now.
        change_cutoff: page.length ? page[page.length - 1].version : counter,
        has_more: hasMore,
        sync_format_version: '1.0',
      });
    },
    syncPush: ({body}) => {
      const request = body as {transmission_id: string; records: Record<string, unknown>[]};
      const replay = transmissions.get(request.transmission_id);
      if (replay) return replay;
      let success = 0;
      const failed: Record<string, unknown>[] = [];
      const warnings: {id: string; code: string; message: string}[] = [];
      request.records.forEach((record, index) => {
        const problems = validate({$ref: '#/$defs/Observation'}, record, `records[${index}]`);
        if (problems.length) {
          failed.push(record);
          const id = typeof record.observation_id === 'string' ? record.observation_id : `records[${index}]`;
          for (const problem of problems) warnings.push({id, code: 'INVALID_RECORD', message: problem.message});
          return;
        }
        const stored = {...record, synced_at: isoSeconds(now()), version: ++counter} as unknown as Observation;
        observations.set(stored.observation_id, stored);
        success++;
      });
      const answer = json(200, {current_version: counter, success_count: success, failed_records: failed, warnings});
      transmissions.set(request.transmission_id, answer);
      return answer;
    },
    getAttachmentManifest: ({body, url}) => {
      const {since_version: since} = body as {since_version: number};
      const operations: Record<string, unknown>[] = [];
      for (const attachment of attachments.values()) {
        if (attachment.deleted) {
          if ((attachment.deletedVersion ?? 0) > since)
            operations.push({operation: 'delete', attachment_id: attachment.id, version: attachment.deletedVersion});
        } else if (attachment.version > since) {
          operations.push({
            operation: 'download',
            attachment_id: attachment.id,
            download_url: `${url.origin}/attachments/${encodeURIComponent(attachment.id)}`,
            size: attachment.bytes.length,
            content_type: attachment.contentType,
            version: attachment.version,
          });
        }
      }
      operations.sort((a, b) => (a.version as number) - (b.version as number));
      const downloads = operations.filter((o) => o.operation === 'download');
      return json(200, {
        current_version: counter,
        operations,
        total_download_size: downloads.reduce((sum, o) => sum + (o.size as number), 0),
        operation_count: {download: downloads.length, delete: operations.length - downloads.length},
      });
    },
    uploadAttachment: async ({params, form}) => {
      const file = form?.get('file');
      if (!file || typeof file === 'string') return badRequest([{field: 'file', message: 'file is required'}]);
      const existing = attachments.get(params.attachment_id);
      if (existing && !existing.deleted) return error(409, 'attachment already exists');
      const bytes = new Uint8Array(await file.arrayBuffer());
      attachments.set(params.attachment_id, {
        id: params.attachment_id,
        bytes,
        contentType: file.type || 'application/octet-stream',
        version: ++counter,
        deleted: false,
      });
      return json(200, {status: 'success'});
    },
    downloadAttachment: ({params}) => {
      const attachment = attachments.get(params.attachment_id);
      if (!attachment || attachment.deleted) return error(404, 'attachment not found');
      return {
        status: 200,
        body: attachment.bytes,
        headers: {'Content-Type': 'application/octet-stream', 'Content-Length': String(attachment.bytes.length)},
      };
    },
    checkAttachmentExists: ({params}) => {
      const attachment = attachments.get(params.attachment_id);
      if (!attachment || attachment.deleted) return {status: 404};
      return {
        status: 200,
        headers: {'Content-Length': String(attachment.bytes.length), 'Content-Type': 'application/octet-stream'},
      };
    },
    getAppBundleManifest: () => {
      const bundle = liveBundle(activeBundle)!;
      return json(200, manifestOf(bundle), {ETag: `"${bundle.hash.slice(0, 12)}"`});
    },
    downloadAppBundleFile: ({params, query, headers}) => {
      const bundle = query.get('preview') === 'true' ? bundles[bundles.length - 1] : liveBundle(activeBundle)!;
      const file = bundle.files.find((f) => f.path === params.path);
      if (!file) return error(404, 'file not found');
      const etag = `"${file.hash}"`;
      const match = headers.get('If-None-Match');
      if (match && match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*'))
        return {status: 304, headers: {ETag: etag}};
      return {status: 200, body: file.bytes, headers: {ETag: etag, 'Content-Type': 'application/octet-stream'}};
    },
    listAppBundleVersions: () => json(200, {versions: bundles.map((b) => b.version).reverse()}),
    getAppBundleChanges: ({query}) => {
      const current = query.get('current') ?? activeBundle;
      const target = query.get('target') ?? bundles[bundles.length - 1].version;
      const a = liveBundle(current);
      const b = liveBundle(target);
      if (!a || !b) return error(404, `version not found: ${!a ? current : target}`);
      return json(200, changeLog(a, b));
    },
    pushAppBundle: async ({form}) => {
      const file = form?.get('bundle');
      if (!file || typeof file === 'string') return badRequest([{field: 'bundle', message: 'bundle is required'}]);
      if (file.size > MAX_BUNDLE_BYTES)
        return error(413, `bundle file too large (the in-browser Synkronus takes up to ${MAX_BUNDLE_BYTES} bytes)`);
      const entries = listZip(new Uint8Array(await file.arrayBuffer()));
      if (!entries || entries.length === 0)
        return badRequest([{field: 'bundle', message: 'bundle must be a ZIP file with at least one file'}]);
      const files = await Promise.all(entries.map(async (entry) => ({path: entry.name, bytes: await entry.read()})));
      let time = now();
      let version: string;
      do {
        version = isoSeconds(time).replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
        time += 1000;
      } while (liveBundle(version));
      const bundle = bundleOf(version, files, now());
      bundles.push(bundle);
      return json(200, {
        message: `App bundle version ${version} uploaded; switch to it to make it active`,
        manifest: manifestOf(bundle),
      });
    },
    switchAppBundleVersion: ({params}) => {
      if (!/^\d{8}-\d{6}$/.test(params.version)) return error(400, 'invalid version');
      if (!liveBundle(params.version)) return error(404, 'version not found');
      activeBundle = params.version;
      return json(200, {message: `Switched to app bundle version ${params.version}`});
    },
    exportParquet: () => {
      const byType = new Map<string, string[]>();
      for (const record of [...observations.values()].sort((a, b) => a.version - b.version)) {
        if (!byType.has(record.form_type)) byType.set(record.form_type, []);
        byType.get(record.form_type)!.push(JSON.stringify(record));
      }
      const zip = writeZip(
        [...byType].map(([formType, lines]) => ({
          name: `${formType}.parquet`,
          data: encoder.encode(`${lines.join('\n')}\n`),
        })),
      );
      return {
        status: 200,
        body: zip,
        headers: {'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="observations.zip"'},
      };
    },
  };

  async function answer(request: Request): Promise<Answer & {op?: ContractOperation}> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return error(404, 'not found');
    }
    const matches = routes.map((route) => ({route, match: route.pattern.exec(pathname)})).filter(({match}) => match);
    const found = matches.find(({route}) => route.op.method === method);
    if (!found)
      return error(404, matches.length ? `${method} is not a method of ${pathname}` : `no operation at ${pathname}`);
    const {op} = found.route;
    const params = Object.fromEntries(found.route.names.map((name, i) => [name, found.match![i + 1]]));

    // 2. Parameters.
    const problems: FieldError[] = [];
    for (const parameter of op.parameters) {
      const value =
        parameter.in === 'path'
          ? params[parameter.name]
          : parameter.in === 'query'
            ? url.searchParams.get(parameter.name)
            : parameter.in === 'header'
              ? request.headers.get(parameter.name)
              : null;
      if (value === null || value === undefined) {
        if (parameter.required) problems.push({field: parameter.name, message: `${parameter.name} is required`});
        continue;
      }
      if (parameter.schema) problems.push(...validate(parameter.schema, typed(parameter, value), parameter.name));
    }
    if (problems.length) return {...badRequest(problems, 'A parameter is not valid.'), op};

    // 3. Token, 4. role.
    let user: Token | undefined;
    if (!op.isPublic) {
      const authorization = request.headers.get('Authorization') ?? '';
      const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
      if (!token) return {...error(401, 'missing bearer token'), op};
      user = tokens.get(token);
      if (!user || !users.has(user.username)) return {...error(401, 'invalid token'), op};
      if (user.expiresAt * 1000 <= now()) return {...error(401, 'token expired'), op};
      if (!op.roles.includes(user.role)) {
        const needed =
          op.roles.length === 1 ? `${op.roles[0]} role required` : `one of the roles ${op.roles.join(', ')} required`;
        return {...error(403, needed), op};
      }
    }

    // 5. Body.
    let body: unknown;
    let form: FormData | undefined;
    if (op.body && method !== 'GET' && method !== 'HEAD') {
      const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
      const raw = await request.clone().text();
      if (op.body.mediaType === 'application/json') {
        if (raw.trim() === '') {
          if (op.body.required) return {...badRequest([{field: 'body', message: 'a JSON body is required'}]), op};
          body = undefined;
        } else {
          try {
            body = JSON.parse(raw);
          } catch (e) {
            return {...badRequest([{field: 'body', message: `the body is not JSON: ${(e as Error).message}`}]), op};
          }
          if (op.body.schema) {
            const errors = validate(op.body.schema, body);
            if (errors.length) return {...badRequest(errors, 'The request body is not valid.'), op};
          }
        }
      } else if (op.body.mediaType === 'multipart/form-data') {
        if (!type.startsWith('multipart/form-data')) {
          return {
            ...badRequest([{field: op.body.files?.[0] ?? 'body', message: 'the body must be multipart/form-data'}]),
            op,
          };
        }
        try {
          form = await request.formData();
        } catch {
          return {...badRequest([{field: 'body', message: 'the multipart body cannot be read'}]), op};
        }
      }
    }
    return {
      ...((await behaviours[op.operationId]?.({
        op,
        url,
        params,
        query: url.searchParams,
        headers: request.headers,
        body,
        form,
        user,
      })) ?? error(500, `the in-browser Synkronus does not implement ${op.operationId}`)),
      op,
    };
  }

  async function handle(request: Request): Promise<Response> {
    let result: Answer & {op?: ContractOperation};
    try {
      result = await answer(request);
    } catch (e) {
      result = error(500, `internal error of the in-browser Synkronus: ${(e as Error).message}`);
    }
    if (result.op && !result.op.responses.some((r) => r.status === String(result.status))) {
      result = error(
        500,
        `the in-browser Synkronus answered ${result.status}, which ${result.op.operationId} does not document`,
      );
    }
    const headers = new Headers(result.headers);
    let payload: BodyInit | null = null;
    if (result.body instanceof Uint8Array) payload = new Blob([result.body as Uint8Array<ArrayBuffer>]);
    else if (result.body !== undefined) {
      payload = JSON.stringify(result.body);
      headers.set('Content-Type', 'application/json');
    }
    if (request.method.toUpperCase() === 'HEAD' || result.status === 304) payload = null;
    headers.set('X-Served-By', 'in-browser Synkronus');
    return new Response(payload, {status: result.status, headers});
  }

  return {
    handle,
    reset,
    expireTokens: () => {
      clockOffset += (TOKEN_LIFETIME_SECONDS + 8 * 24 * 3600) * 1000;
    },
    currentVersion: () => counter,
    whoIs: (token) => {
      const entry = tokens.get(token);
      return entry && users.has(entry.username) && entry.expiresAt * 1000 > now()
        ? {username: entry.username, role: entry.role}
        : undefined;
    },
    contract,
  };
}

/** The users of the seed, for the console's page text. */
export {
  SEED_USERS,
  SEED_FORM_TYPES,
  SEED_OBSERVATION_COUNT,
  SEED_ATTACHMENTS,
  SEED_CURRENT_VERSION,
  seedObservationVersion,
  MAX_BUNDLE_BYTES,
} from './seed';
