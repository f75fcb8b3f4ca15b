/**
 * A stateful mock of the sync part of Synkronus, for the test of the "Write a sync client" guide
 * (tests/unit/sync-client.spec.ts). Prism (./mock-api.ts) answers the description's static examples and
 * cannot page through records or remember a push; this mock keeps observations, attachments and tokens,
 * and answers as the server of ODE v1.0.0-alpha.6 does. Each behaviour names the source file at that tag
 * it imitates (SRC below).
 *
 * It covers login and refresh, pull, push, the attachment manifest, and attachment upload, existence
 * check and download. Every request and every answer is checked against api/synkronus.yaml with Ajv:
 * what does not match lands in `violations`, except where the server at the tag differs from the
 * description on purpose (SERVER_DIFFERENCES): those answers are sent as the server sends them and
 * counted in `differences`. It listens on 127.0.0.1 only.
 */
import {randomBytes} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {
  listOperations,
  resolveRef,
  type OperationEntry,
  type Response as ApiResponse,
} from '../../src/plugins/api-description/openapi';
import {API, schemaValidator} from './api-description';

/** The ODE source at the release the guide documents. */
const SRC = 'https://github.com/OpenDataEnsemble/ode/blob/v1.0.0-alpha.6';

/**
 * Where the server at the tag answers otherwise than the description. The mock answers as the server,
 * skips the description check for these answers, and counts them.
 */
export const SERVER_DIFFERENCES = {
  /** 401 from the authentication middleware: plain text `Unauthorized`, not JSON. */
  'plain-text-401': `${SRC}/synkronus/pkg/middleware/auth/middleware.go#L17-L41`,
  /** 403 from the role check: plain text `Forbidden`, not JSON. */
  'plain-text-403': `${SRC}/synkronus/pkg/middleware/auth/jwt.go#L71-L96`,
  /** An empty pull page has `records: null` (a nil Go slice), not `[]`. */
  'null-records': `${SRC}/synkronus/pkg/sync/service.go#L140-L160`,
  /** An empty attachment manifest has `operations: null`, not `[]`. */
  'null-operations': `${SRC}/synkronus/pkg/attachment/manifest.go#L141-L200`,
} as const;
export type ServerDifference = keyof typeof SERVER_DIFFERENCES;

/** An observation as the database holds it. */
export type StoredObservation = {
  observation_id: string;
  form_type: string;
  form_version: string;
  data: unknown;
  created_at: string;
  updated_at: string;
  deleted: boolean;
  version: number;
};

/** A record as a client sends it (any JSON; the mock decodes it as the Go server does). */
export type PushedRecord = Record<string, unknown>;

export type MockUser = {username: string; password: string; role: 'read-only' | 'read-write' | 'admin'};

/** How the next request to a route fails. */
export type Failure =
  /** The connection closes before the server reads the request (a network failure). */
  | 'drop-before'
  /** The server does its work, then the connection closes before the answer arrives (a lost answer). */
  | 'drop-after'
  /** The server cannot reach its database: it answers 500 as its handlers do. */
  | 'database-down';

export type LoggedCall = {method: string; path: string; query: string; body: unknown; status: number};

export type SyncMock = {
  origin: string;
  /** Every request answered (or dropped), in order. */
  log: LoggedCall[];
  /** Requests and answers that do not match api/synkronus.yaml, outside SERVER_DIFFERENCES. */
  violations: string[];
  /** How often each server difference was answered. */
  differences: Partial<Record<ServerDifference, number>>;
  /** The observations as stored, in version order. */
  stored(): StoredObservation[];
  /** The attachments as stored. */
  attachment(id: string): Buffer | undefined;
  /** The global change counter (`sync_version.current_version`). */
  currentVersion(): number;
  /** Writes records as another device's push would (same upsert, same versions). */
  write(records: PushedRecord[]): void;
  /** Stores an attachment as another device's upload would. */
  putAttachment(id: string, content: Buffer): void;
  /**
   * Records an attachment operation as the description documents. The server at the tag never records
   * one (nothing calls RecordOperation), so its manifest is always empty; this lets a test check that a
   * client applies the operations the description defines.
   */
  recordAttachmentOperation(id: string, operation: 'create' | 'delete', size?: number): void;
  /** Makes every access token issued so far expire, as 24 hours would. */
  expireAccessTokens(): void;
  /** The next `count` requests to `route` (for example `POST /sync/push`) fail as `failure` says. */
  failNext(route: string, failure: Failure, count?: number): void;
  /** Runs `action` just before the mock handles the next request to `route`. */
  beforeNext(route: string, action: () => void): void;
  stop(): Promise<void>;
};

export const DEFAULT_USERS: MockUser[] = [
  {username: 'fieldworker', password: 'field-pass-1', role: 'read-write'},
  {username: 'viewer', password: 'viewer-pass-1', role: 'read-only'},
];

/** Token lifetimes of the server: 24 hours and 7 days, not configurable (pkg/auth/auth.go DefaultConfig). */
const ACCESS_SECONDS = 24 * 3600;
const REFRESH_SECONDS = 7 * 24 * 3600;

/** Pull page size: 100 by default, at most 1000 (pkg/sync/service.go DefaultConfig; handlers/sync.go). */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

const operations = listOperations(API);
const validate = schemaValidator(API);

type Answer = {
  status: number;
  contentType?: string;
  body?: unknown;
  headers?: Record<string, string>;
  difference?: ServerDifference;
};

/** The server's JSON error body: `{"error": <Go error or "An error occurred">, "message": <text>}` (handlers/common.go). */
const errorAnswer = (status: number, message: string, goError?: string): Answer => ({
  status,
  body: {error: goError ?? 'An error occurred', message},
});

/** Go formats a timestamptz read into a string as RFC 3339 with the fraction trimmed (database/sql, time.RFC3339Nano). */
function goTime(millis: number): string {
  return new Date(millis)
    .toISOString()
    .replace(/\.?0+Z$/, 'Z')
    .replace(/\.Z$/, 'Z');
}

/** Characters as PostgreSQL counts them for VARCHAR(n). */
const chars = (text: string) => [...text].length;

/** The operation of the description that `method path` belongs to. */
function operationFor(method: string, pathname: string): OperationEntry | undefined {
  return operations.find(
    (entry) =>
      entry.method === method.toLowerCase() &&
      new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
}

export async function startSyncMock(
  options: {
    port?: number;
    users?: MockUser[];
    seed?: PushedRecord[];
    /**
     * A reverse proxy's body limit in front of the server, as nginx's client_max_body_size (the Docker Compose
     * example's synkronus/nginx.conf sets 100M): a larger request is answered 413 by the proxy, in HTML, and
     * never reaches the server.
     */
    proxyMaxBodyBytes?: number;
  } = {},
): Promise<SyncMock> {
  const users = options.users ?? DEFAULT_USERS;
  // The database: observations keyed by observation_id, and the single-row global counter, which starts at 1
  // (migration 20250625000001_create_observations_table.sql).
  let rows = new Map<string, StoredObservation>();
  let counter = 1;
  const attachments = new Map<string, Buffer>();
  const attachmentOps: {
    attachment_id: string;
    operation: 'create' | 'delete';
    client_id: null;
    version: number;
    size: number | null;
  }[] = [];
  // Tokens: at the tag access and refresh tokens are the same kind of JWT (same claims, same key), so
  // either is accepted where the other is expected (pkg/auth/auth.go GenerateToken, GenerateRefreshToken).
  const tokens = new Map<string, {username: string; role: MockUser['role']; exp: number; access: boolean}>();
  const failures: {route: string; failure: Failure}[] = [];
  const hooks: {route: string; action: () => void}[] = [];
  const log: LoggedCall[] = [];
  const violations: string[] = [];
  const differences: Partial<Record<ServerDifference, number>> = {};
  let port = 0;

  const now = () => Math.floor(Date.now() / 1000);

  function issueTokens(user: {username: string; role: MockUser['role']}) {
    const token = randomBytes(24).toString('hex');
    const refreshToken = randomBytes(24).toString('hex');
    tokens.set(token, {...user, exp: now() + ACCESS_SECONDS, access: true});
    tokens.set(refreshToken, {...user, exp: now() + REFRESH_SECONDS, access: false});
    // handlers/auth.go: expiresAt is now + the access token's lifetime, in Unix seconds.
    return {token, refreshToken, expiresAt: now() + ACCESS_SECONDS};
  }

  function validToken(token: string) {
    const entry = tokens.get(token);
    return entry && entry.exp > now() ? entry : undefined;
  }

  /**
   * The upsert of pkg/sync/service.go ProcessPushedRecords with the trigger of the observations table:
   * every written row takes the next value of the global counter and updated_at = NOW() (the transaction's
   * time); on a conflict the BEFORE INSERT trigger has already taken one value, and the update takes
   * another. created_at is set on insert only. Returns the database error, if the database refuses the row.
   */
  function upsert(table: Map<string, StoredObservation>, record: GoObservation, txTime: number): string | undefined {
    const refusal = databaseRefusal(record);
    if (refusal) return refusal;
    const existing = table.get(record.observation_id);
    if (existing) {
      counter += 2;
      table.set(record.observation_id, {
        ...existing,
        form_type: record.form_type,
        form_version: record.form_version,
        data: record.data,
        updated_at: goTime(txTime),
        deleted: record.deleted,
        version: counter,
      });
    } else {
      counter += 1;
      table.set(record.observation_id, {
        observation_id: record.observation_id,
        form_type: record.form_type,
        form_version: record.form_version,
        data: record.data,
        created_at: goTime(timestampMillis(record.created_at)),
        updated_at: goTime(txTime),
        deleted: record.deleted,
        version: counter,
      });
    }
    return undefined;
  }

  function write(records: PushedRecord[]) {
    const txTime = Date.now();
    for (const raw of records) {
      const decoded = decodeObservation(raw);
      if (typeof decoded === 'string') throw new Error(`mock write: ${decoded}`);
      const refusal = upsert(rows, decoded, txTime);
      if (refusal) throw new Error(`mock write: ${refusal}`);
    }
  }

  // --- the handlers -----------------------------------------------------------------------------------

  /** handlers/auth.go Login. */
  function login(body: unknown): Answer {
    const {username, password} = (body ?? {}) as {username?: unknown; password?: unknown};
    if (typeof username !== 'string' || username === '') return errorAnswer(400, 'Username is required');
    if (typeof password !== 'string' || password === '') return errorAnswer(400, 'Password is required');
    const user = users.find((u) => u.username === username && u.password === password);
    if (!user) return errorAnswer(401, 'Invalid credentials', 'invalid credentials');
    return {status: 200, body: issueTokens(user)};
  }

  /** handlers/auth.go RefreshToken: any valid token signed by the server is accepted; new tokens each time. */
  function refresh(body: unknown): Answer {
    const {refreshToken} = (body ?? {}) as {refreshToken?: unknown};
    if (typeof refreshToken !== 'string' || refreshToken === '') return errorAnswer(400, 'Refresh token is required');
    const entry = validToken(refreshToken);
    if (!entry)
      return errorAnswer(
        401,
        'Invalid refresh token',
        'invalid refresh token: failed to parse token: token is expired',
      );
    return {status: 200, body: issueTokens(entry)};
  }

  /** handlers/sync.go Pull with pkg/sync/service.go GetRecordsSinceVersion. */
  function pull(body: unknown, query: URLSearchParams): Answer {
    const request = body as {client_id?: string; since?: {version?: number; id?: string}; schema_types?: string[]};
    if (!request.client_id) return errorAnswer(400, 'client_id is required');
    // strconv.Atoi and "> 0", else the default; the service caps it.
    const limitText = query.get('limit') ?? '';
    let limit = /^[+-]?\d+$/.test(limitText) && Number(limitText) > 0 ? Number(limitText) : DEFAULT_LIMIT;
    if (limit > MAX_LIMIT) limit = MAX_LIMIT;
    const types = [...(query.get('schemaType') ? [query.get('schemaType')!] : []), ...(request.schema_types ?? [])];
    const sinceVersion = request.since?.version ?? 0;
    const cursor = request.since ? {version: request.since.version ?? 0, id: request.since.id ?? ''} : undefined;
    const currentVersion = counter;
    const matching = [...rows.values()]
      .filter((row) => row.version > sinceVersion)
      .filter((row) => types.length === 0 || types.includes(row.form_type))
      .filter(
        (row) =>
          !cursor || row.version > cursor.version || (row.version === cursor.version && row.observation_id > cursor.id),
      )
      .sort(
        (a, b) =>
          a.version - b.version ||
          (a.observation_id < b.observation_id ? -1 : a.observation_id > b.observation_id ? 1 : 0),
      )
      .slice(0, limit + 1);
    const hasMore = matching.length > limit;
    const page = matching.slice(0, limit);
    const answer = {
      current_version: currentVersion,
      // A nil slice when no row matched: JSON null.
      records: page.length === 0 ? null : page.map((row) => ({...row})),
      change_cutoff: page.length === 0 ? sinceVersion : page[page.length - 1].version,
      has_more: hasMore,
      sync_format_version: '1.0',
    };
    return {status: 200, body: answer, difference: answer.records === null ? 'null-records' : undefined};
  }

  /** handlers/sync.go Push with pkg/sync/service.go ProcessPushedRecords: one transaction for the whole push. */
  function push(body: unknown): Answer {
    const request = body as {transmission_id?: unknown; client_id?: unknown; records?: unknown};
    if (typeof request.transmission_id !== 'string' || request.transmission_id === '')
      return errorAnswer(400, 'transmission_id is required');
    if (typeof request.client_id !== 'string' || request.client_id === '')
      return errorAnswer(400, 'client_id is required');
    if (request.records === undefined || request.records === null) return errorAnswer(400, 'records array is required');
    if (!Array.isArray(request.records))
      return errorAnswer(
        400,
        'Invalid request format',
        'json: cannot unmarshal into Go struct field SyncPushRequest.records',
      );
    const decoded: GoObservation[] = [];
    for (const raw of request.records) {
      const record = decodeObservation(raw);
      if (typeof record === 'string') return errorAnswer(400, 'Invalid request format', record);
      decoded.push(record);
    }
    // The transaction works on a copy; it is kept only if it commits.
    const tx = new Map(rows);
    const counterBefore = counter;
    const txTime = Date.now();
    const failed: {index: number; error: string; record: GoObservation}[] = [];
    const warnings: {id: string; code: string; message: string}[] = [];
    let aborted = false;
    decoded.forEach((record, index) => {
      if (record.observation_id === '') {
        failed.push({index, error: 'observation_id is required', record});
        return;
      }
      if (record.form_type === '')
        warnings.push({
          id: record.observation_id,
          code: 'MISSING_FORM_TYPE',
          message: 'form_type is empty but record was processed',
        });
      // After a failed statement PostgreSQL refuses every further one in the transaction.
      const refusal = aborted
        ? 'pq: current transaction is aborted, commands ignored until end of transaction block'
        : upsert(tx, record, txTime);
      if (refusal) {
        aborted = true;
        failed.push({index, error: `database error: ${refusal}`, record});
      }
    });
    if (aborted) {
      // Reading the current version fails in the aborted transaction: the handler answers 500 and the
      // deferred rollback undoes every row of the push.
      counter = counterBefore;
      return errorAnswer(
        500,
        'Failed to process sync data',
        'failed to get current version: pq: current transaction is aborted, commands ignored until end of transaction block',
      );
    }
    rows = tx;
    const answer: Record<string, unknown> = {current_version: counter, success_count: decoded.length - failed.length};
    // omitempty: both lists are left out when empty.
    if (failed.length > 0) answer.failed_records = failed;
    if (warnings.length > 0) answer.warnings = warnings;
    return {status: 200, body: answer};
  }

  /** handlers/attachment_manifest.go with pkg/attachment/manifest.go GetManifest. */
  function manifest(body: unknown, clientId: string): Answer {
    const request = body as {client_id?: unknown; since_version?: unknown};
    if (typeof request.client_id !== 'string' || request.client_id === '')
      return errorAnswer(400, 'client_id is required');
    const since = typeof request.since_version === 'number' ? request.since_version : 0;
    if (since < 0) return errorAnswer(400, 'since_version must be non-negative');
    const latest = new Map<string, (typeof attachmentOps)[number]>();
    for (const op of attachmentOps) {
      if (op.version > since && (op.client_id === null || op.client_id === clientId)) latest.set(op.attachment_id, op);
    }
    const ops = [...latest.values()]
      .sort((a, b) => a.version - b.version)
      .map((op) =>
        op.operation === 'delete'
          ? {operation: 'delete', attachment_id: op.attachment_id, version: op.version}
          : {
              operation: 'download',
              attachment_id: op.attachment_id,
              // Built from the configured port with host localhost (manifest.go NewManifestService).
              download_url: `http://localhost:${port}/attachments/${encodeURIComponent(op.attachment_id)}`,
              ...(op.size === null ? {} : {size: op.size}),
              version: op.version,
            },
      );
    const answer = {
      current_version: counter,
      operations: ops.length === 0 ? null : ops,
      total_download_size: ops.reduce((sum, op) => sum + ('size' in op && op.size ? op.size : 0), 0),
      operation_count: {
        download: ops.filter((op) => op.operation === 'download').length,
        delete: ops.filter((op) => op.operation === 'delete').length,
      },
    };
    return {status: 200, body: answer, difference: answer.operations === null ? 'null-operations' : undefined};
  }

  /** handlers/attachment.go UploadAttachment with pkg/attachment/service.go Save: no role check, never overwrites. */
  async function upload(id: string, raw: Buffer, contentType: string): Promise<Answer> {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), {headers: {'content-type': contentType}}).formData();
    } catch (error) {
      return errorAnswer(400, 'Failed to parse multipart form', (error as Error).message);
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) return errorAnswer(400, 'file is required');
    if (attachments.has(id)) return errorAnswer(409, 'Attachment already exists', 'file already exists');
    attachments.set(id, Buffer.from(await file.arrayBuffer()));
    return {status: 200, body: {status: 'success'}};
  }

  /** handlers/attachment.go DownloadAttachment: the bytes as application/octet-stream. */
  function download(id: string): Answer {
    const content = attachments.get(id);
    if (!content) return errorAnswer(404, 'Attachment not found');
    return {
      status: 200,
      contentType: 'application/octet-stream',
      body: content,
      headers: {'content-disposition': `attachment; filename=${id}`},
    };
  }

  // --- routing, authentication, failures and the description check --------------------------------------

  async function route(
    method: string,
    pathname: string,
    query: URLSearchParams,
    headers: http.IncomingHttpHeaders,
    raw: Buffer,
    body: unknown,
  ): Promise<Answer> {
    if (method === 'POST' && pathname === '/auth/login') return login(body);
    if (method === 'POST' && pathname === '/auth/refresh') return refresh(body);
    const known =
      (method === 'POST' && ['/sync/pull', '/sync/push', '/attachments/manifest'].includes(pathname)) ||
      (['PUT', 'GET', 'HEAD'].includes(method) && /^\/attachments\/[^/]+$/.test(pathname));
    if (!known) return {status: 404, contentType: 'text/plain; charset=utf-8', body: '404 page not found\n'};
    // pkg/middleware/auth/middleware.go: a missing, malformed, invalid or expired token is refused in plain text.
    const authorization = headers.authorization ?? '';
    const user = authorization.startsWith('Bearer ') ? validToken(authorization.slice('Bearer '.length)) : undefined;
    if (!user)
      return {
        status: 401,
        contentType: 'text/plain; charset=utf-8',
        body: 'Unauthorized\n',
        difference: 'plain-text-401',
      };
    if (pathname === '/sync/pull') return pull(body, query);
    if (pathname === '/sync/push') {
      // internal/api/api.go: push needs read-write or admin.
      if (user.role !== 'read-write' && user.role !== 'admin')
        return {
          status: 403,
          contentType: 'text/plain; charset=utf-8',
          body: 'Forbidden\n',
          difference: 'plain-text-403',
        };
      return push(body);
    }
    if (pathname === '/attachments/manifest') return manifest(body, (body as {client_id?: string}).client_id ?? '');
    const id = decodeURIComponent(pathname.slice('/attachments/'.length));
    if (method === 'PUT') return upload(id, raw, headers['content-type'] ?? '');
    if (method === 'HEAD') return {status: attachments.has(id) ? 200 : 404};
    return download(id);
  }

  function checkRequest(
    entry: OperationEntry,
    query: URLSearchParams,
    contentType: string,
    body: unknown,
    raw: Buffer,
  ) {
    const where = `${entry.method.toUpperCase()} ${entry.path} request`;
    for (const parameter of entry.parameters.filter((p) => p.in === 'query')) {
      const value = query.get(parameter.name);
      if (value === null || !parameter.schema) continue;
      const typed = parameter.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      for (const error of validate(parameter.schema, typed))
        violations.push(`${where}: query ${parameter.name} ${error}`);
    }
    const requestBody = entry.operation.requestBody && resolveRef(API, entry.operation.requestBody);
    if (!requestBody) return;
    if (contentType.startsWith('application/json')) {
      const schema = requestBody.content['application/json']?.schema;
      if (!schema) violations.push(`${where}: JSON body not described`);
      else for (const error of validate(schema, body)) violations.push(`${where}: ${error}`);
    } else if (contentType.startsWith('multipart/form-data')) {
      if (!requestBody.content['multipart/form-data']) violations.push(`${where}: multipart body not described`);
      else if (!raw.includes('name="file"')) violations.push(`${where}: multipart body without its required part file`);
    } else if (requestBody.required) {
      violations.push(`${where}: body of type ${JSON.stringify(contentType)} where the description requires one`);
    }
  }

  function checkAnswer(entry: OperationEntry, answer: Answer) {
    const where = `${entry.method.toUpperCase()} ${entry.path} ${answer.status}`;
    if (answer.difference) {
      differences[answer.difference] = (differences[answer.difference] ?? 0) + 1;
      return;
    }
    const raw = entry.operation.responses[String(answer.status)];
    if (!raw) {
      violations.push(`${where}: status not documented`);
      return;
    }
    const response = resolveRef<ApiResponse>(API, raw);
    const contentType = answer.contentType ?? (answer.body === undefined ? undefined : 'application/json');
    if (!response.content) {
      if (answer.body !== undefined) violations.push(`${where}: a body where the description documents none`);
      return;
    }
    const media = contentType && response.content[contentType.split(';')[0]];
    if (!media) {
      violations.push(
        `${where}: content type ${contentType} is not one of ${Object.keys(response.content).join(', ')}`,
      );
      return;
    }
    if (contentType === 'application/json' && media.schema) {
      for (const error of validate(media.schema, answer.body)) violations.push(`${where}: ${error}`);
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch((error: Error) => {
        violations.push(`mock failure: ${error.stack ?? error.message}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (options.proxyMaxBodyBytes !== undefined && raw.length > options.proxyMaxBodyBytes) {
      const title = '413 Request Entity Too Large';
      const page = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
      // The proxy's answer, not the server's: no description check.
      return send(
        res,
        {method, path: url.pathname, query: url.search, body: undefined, status: 0},
        {status: 413, contentType: 'text/html', body: page},
        undefined,
      );
    }
    const routeName = `${method} ${url.pathname.startsWith('/attachments/') && url.pathname !== '/attachments/manifest' ? '/attachments/{attachment_id}' : url.pathname}`;
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown;
    if (contentType.startsWith('application/json')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        const answer = errorAnswer(400, 'Invalid request format', (error as Error).message);
        return send(
          res,
          {method, path: url.pathname, query: url.search, body: raw.toString('utf8'), status: 400},
          answer,
          undefined,
        );
      }
    }
    const call: LoggedCall = {method, path: url.pathname, query: url.search, body, status: 0};
    const hook = hooks.findIndex((h) => h.route === routeName);
    if (hook >= 0) hooks.splice(hook, 1)[0].action();
    const failureAt = failures.findIndex((f) => f.route === routeName);
    const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0].failure : undefined;
    if (failure === 'drop-before') {
      log.push({...call, status: -1});
      req.socket.destroy();
      return;
    }
    const entry = operationFor(method, url.pathname);
    if (entry) checkRequest(entry, url.searchParams, contentType, body, raw);
    let answer: Answer;
    if (failure === 'database-down' && url.pathname === '/sync/pull') {
      answer = errorAnswer(
        500,
        'Failed to retrieve sync data',
        'failed to get current version: dial tcp 127.0.0.1:5432: connect: connection refused',
      );
    } else if (failure === 'database-down' && url.pathname === '/sync/push') {
      answer = errorAnswer(
        500,
        'Failed to process sync data',
        'failed to begin transaction: dial tcp 127.0.0.1:5432: connect: connection refused',
      );
    } else {
      answer = await route(method, url.pathname, url.searchParams, req.headers, raw, body);
    }
    if (failure === 'drop-after') {
      log.push({...call, status: -1});
      req.socket.destroy();
      return;
    }
    return send(res, call, answer, entry);
  }

  function send(res: http.ServerResponse, call: LoggedCall, answer: Answer, entry: OperationEntry | undefined) {
    call.status = answer.status;
    log.push(call);
    if (entry) checkAnswer(entry, answer);
    const isJson = answer.contentType === undefined && answer.body !== undefined;
    const payload =
      answer.body === undefined
        ? undefined
        : Buffer.isBuffer(answer.body)
          ? answer.body
          : isJson
            ? `${JSON.stringify(answer.body)}\n`
            : (answer.body as string);
    const headers: Record<string, string> = {...answer.headers};
    if (payload !== undefined) headers['content-type'] = answer.contentType ?? 'application/json';
    res.writeHead(answer.status, headers);
    res.end(call.method === 'HEAD' ? undefined : payload);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  if (options.seed) write(options.seed);

  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    violations,
    differences,
    stored: () => [...rows.values()].sort((a, b) => a.version - b.version),
    attachment: (id) => attachments.get(id),
    currentVersion: () => counter,
    write,
    putAttachment: (id, content) => void attachments.set(id, content),
    recordAttachmentOperation(id, operation, size) {
      // The attachment_operations trigger takes the next value of the same global counter.
      counter += 1;
      attachmentOps.push({attachment_id: id, operation, client_id: null, version: counter, size: size ?? null});
    },
    expireAccessTokens() {
      for (const entry of tokens.values()) if (entry.access) entry.exp = 0;
    },
    failNext(routeName, failure, count = 1) {
      for (let i = 0; i < count; i++) failures.push({route: routeName, failure});
    },
    beforeNext(routeName, action) {
      hooks.push({route: routeName, action});
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A record decoded into the Go struct sync.Observation: missing fields take their zero value. */
type GoObservation = {
  observation_id: string;
  form_type: string;
  form_version: string;
  data: unknown;
  created_at: string;
  updated_at: string;
  synced_at?: string | null;
  deleted: boolean;
  version: number;
  geolocation?: unknown;
};

/** Decodes one pushed record as encoding/json would into sync.Observation; a string is the decoding error. */
function decodeObservation(raw: unknown): GoObservation | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return 'json: cannot unmarshal into Go struct field of type sync.Observation';
  const record = raw as Record<string, unknown>;
  const text = (name: string) => {
    const value = record[name];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string')
      throw new Error(`json: cannot unmarshal ${typeof value} into Go struct field Observation.${name} of type string`);
    return value;
  };
  try {
    const deleted = record.deleted ?? false;
    if (typeof deleted !== 'boolean')
      return `json: cannot unmarshal ${typeof deleted} into Go struct field Observation.deleted of type bool`;
    const version = record.version ?? 0;
    if (typeof version !== 'number')
      return `json: cannot unmarshal ${typeof version} into Go struct field Observation.version of type int64`;
    return {
      observation_id: text('observation_id'),
      form_type: text('form_type'),
      form_version: text('form_version'),
      // json.RawMessage: any JSON value, kept as sent; a missing one is nil.
      data: record.data,
      created_at: text('created_at'),
      updated_at: text('updated_at'),
      ...(record.synced_at === undefined || record.synced_at === null ? {} : {synced_at: text('synced_at')}),
      deleted,
      version,
      ...(record.geolocation === undefined || record.geolocation === null ? {} : {geolocation: record.geolocation}),
    };
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Why PostgreSQL refuses the INSERT of this record, if it does (column types of migration
 * 20250625000001_create_observations_table.sql; messages as PostgreSQL 15 words them). The texts arrive as
 * parameters, which PostgreSQL checks for NUL before anything else; `data` is JSON text for jsonb.
 */
function databaseRefusal(record: GoObservation): string | undefined {
  const texts = [record.observation_id, record.form_type, record.form_version, record.created_at, record.updated_at];
  if (texts.some((text) => text.includes('\u0000'))) return 'pq: invalid byte sequence for encoding "UTF8": 0x00';
  for (const [column, max] of [
    ['observation_id', 255],
    ['form_type', 255],
    ['form_version', 50],
  ] as const) {
    if (chars(record[column]) > max) return `pq: value too long for type character varying(${max})`;
  }
  if (record.data === undefined)
    return 'pq: null value in column "data" of relation "observations" violates not-null constraint';
  // JSON.stringify writes a NUL as \u0000 and half a surrogate pair as an escape such as \ud800.
  const json = JSON.stringify(record.data);
  if (/(?<!\\)(?:\\\\)*\\u0000/.test(json)) return 'pq: unsupported Unicode escape sequence';
  if (/(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/.test(json)) return 'pq: invalid input syntax for type json';
  for (const column of ['created_at', 'updated_at'] as const) {
    const refusal = timestampRefusal(record[column]);
    if (refusal) return `pq: ${refusal}: ${JSON.stringify(record[column])}`;
  }
  return undefined;
}

const ISO_TIMESTAMP = /^(\d{4,})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d*)?(?:[Zz]|([+-])(\d{2}):?(\d{2})?)?$/;

/**
 * Why timestamptz refuses this text, if it does. The ISO 8601 spelling is checked field by field as PostgreSQL
 * does (no year 0, days the month has, 24:00:00 and a leap second 60 allowed, offsets under 16 hours); any other
 * spelling is approximated with Date.parse. PostgreSQL's special words (yesterday, now...) are accepted, but for
 * infinity, which Go could not read back.
 */
function timestampRefusal(text: string): string | undefined {
  if (specialTimestamp(text) !== undefined) return undefined;
  const match = ISO_TIMESTAMP.exec(text);
  if (!match)
    return text === '' || Number.isNaN(Date.parse(text))
      ? 'invalid input syntax for type timestamp with time zone'
      : undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const time = hour < 24 ? minute <= 59 && second <= 60 : hour === 24 && minute === 0 && second === 0;
  if (year < 1 || days === undefined || day < 1 || day > days || !time) return 'date/time field value out of range';
  if (Number(match[9] ?? 0) > 15 || Number(match[10] ?? 0) > 59) return 'time zone displacement out of range';
  return undefined;
}

/** The instant of a timestamp text the database accepts; 24:00:00 and a leap second roll over, as in PostgreSQL. */
function timestampMillis(text: string): number {
  const special = specialTimestamp(text);
  if (special !== undefined) return special;
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return Date.parse(text);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Math.round(Number(`0${match[7] ?? ''}`) * 1000));
  const offsetMinutes = Number(match[9] ?? 0) * 60 + Number(match[10] ?? 0);
  return date.getTime() - (match[8] === '-' ? -1 : 1) * offsetMinutes * 60_000;
}

/** The instant of one of PostgreSQL's special timestamp words, in a UTC session; undefined for other texts. */
function specialTimestamp(text: string): number | undefined {
  const today = new Date().setUTCHours(0, 0, 0, 0);
  const day = 24 * 3600_000;
  const words = new Map([
    ['epoch', 0],
    ['now', Date.now()],
    ['today', today],
    ['tomorrow', today + day],
    ['yesterday', today - day],
  ]);
  return words.get(text.trim().toLowerCase());
}
