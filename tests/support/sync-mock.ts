/**
 * The site's Synkronus engine (packages/synkronus-mock/src) served over HTTP for the test of the "Write a sync client"
 * guide (tests/unit/sync-client.spec.ts), with what such a test needs around it: a log of the calls, failures
 * to inject (a dropped connection before or after the server did its work, a database that cannot be
 * reached, a proxy in front of the server that cannot reach it), and a check of every request and answer against api/synkronus.yaml with Ajv. Answers that a rule
 * of the release dialect shaped are not checked against the description: they are counted by rule in
 * `differences`. Every behaviour is the engine's; nothing here answers a request itself.
 */
import {listOperations, resolveRef, type OperationEntry, type Response as ApiResponse} from '../../src/api/openapi';
import type {DialectName, RuleId} from 'synkronus-mock/src';
import type {Observation} from 'synkronus-mock/src/store';
import {startSynkronusServer} from 'synkronus-mock/src/node';
import {API, schemaValidator} from './api-description';
import {ENGINE_DATA} from './api-console';
import {RELEASE_TAG} from './release';

/** An observation as the engine stores it. */
export type StoredObservation = Observation;
/** A record as a client sends it (any JSON). */
export type PushedRecord = Record<string, unknown>;
export type MockUser = {username: string; password: string; role: 'read-only' | 'read-write' | 'admin'};
export type Failure = 'drop-before' | 'drop-after' | 'database-down' | 'bad-gateway';
export type LoggedCall = {method: string; path: string; query: string; body: unknown; status: number};

export type SyncMock = {
  origin: string;
  dialect: DialectName;
  /** Every request answered (status) or dropped (-1), in order. */
  log: LoggedCall[];
  /** Requests and answers that do not match api/synkronus.yaml, outside the release dialect's rules. */
  violations: string[];
  /** How often each rule of the release dialect shaped an answer. */
  differences: Partial<Record<RuleId, number>>;
  /** The observations as stored, in version order. */
  stored(): StoredObservation[];
  attachment(id: string): Buffer | undefined;
  currentVersion(): number;
  /** Pushes records as another device would (not logged). */
  write(records: PushedRecord[]): Promise<void>;
  /** Uploads an attachment as another device would (not logged). */
  putAttachment(id: string, content: Buffer): Promise<void>;
  /** Records an attachment operation as the description documents it (the release never lists one). */
  recordAttachmentOperation(id: string, operation: 'create' | 'delete'): void;
  /** Leaves room for `bytesLeft` more bytes of attachments on the server's disk; `undefined` frees it. */
  fillDisk(bytesLeft: number | undefined): void;
  /** Makes every access token issued so far expire; refresh tokens stay valid. */
  expireAccessTokens(): void;
  /**
   * The next `count` requests to `route` (for example `POST /sync/push`) fail as `failure` says; `bad-gateway` is
   * a reverse proxy's 502 page, as nginx answers when the server does not.
   */
  failNext(route: string, failure: Failure, count?: number): void;
  /** Runs `action` just before the next request to `route`. */
  beforeNext(route: string, action: () => void): void;
  stop(): Promise<void>;
};

export const DEFAULT_USERS: MockUser[] = [
  {username: 'fieldworker', password: 'field-pass-1', role: 'read-write'},
  {username: 'viewer', password: 'viewer-pass-1', role: 'read-only'},
];

const operations = listOperations(API);
const validate = schemaValidator(API);

function operationFor(method: string, pathname: string): OperationEntry | undefined {
  return operations.find(
    (entry) =>
      entry.method === method.toLowerCase() &&
      new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
}

const routeOf = (method: string, path: string) =>
  `${method} ${path.startsWith('/attachments/') && path !== '/attachments/manifest' ? '/attachments/{attachment_id}' : path}`;

function requestProblems(entry: OperationEntry, query: string, headers: Headers, raw: Buffer): string[] {
  const where = `${entry.method.toUpperCase()} ${entry.path} request`;
  const problems: string[] = [];
  const params = new URLSearchParams(query);
  for (const parameter of entry.parameters.filter((p) => p.in === 'query')) {
    const value = params.get(parameter.name);
    if (value === null || !parameter.schema) continue;
    const typed = parameter.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
    for (const error of validate(parameter.schema, typed)) problems.push(`${where}: query ${parameter.name} ${error}`);
  }
  const requestBody = entry.operation.requestBody && resolveRef(API, entry.operation.requestBody);
  if (!requestBody) return problems;
  const contentType = headers.get('content-type') ?? '';
  if (contentType.startsWith('application/json')) {
    const schema = requestBody.content['application/json']?.schema;
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    if (!schema) problems.push(`${where}: JSON body not described`);
    else for (const error of validate(schema, body)) problems.push(`${where}: ${error}`);
  } else if (contentType.startsWith('multipart/form-data')) {
    if (!requestBody.content['multipart/form-data']) problems.push(`${where}: multipart body not described`);
  } else if (requestBody.required) {
    problems.push(`${where}: body of type ${JSON.stringify(contentType)} where the description requires one`);
  }
  return problems;
}

function answerProblems(entry: OperationEntry, status: number, contentType: string | null, text: string): string[] {
  const where = `${entry.method.toUpperCase()} ${entry.path} ${status}`;
  const raw = entry.operation.responses[String(status)];
  if (!raw) return [`${where}: status not documented`];
  const response = resolveRef<ApiResponse>(API, raw);
  if (!response.content)
    return text && entry.method !== 'head' ? [`${where}: a body where the description documents none`] : [];
  const media = contentType && response.content[contentType.split(';')[0]];
  if (!media)
    return [`${where}: content type ${contentType} is not one of ${Object.keys(response.content).join(', ')}`];
  if (contentType?.startsWith('application/json') && media.schema)
    return validate(media.schema, JSON.parse(text)).map((error) => `${where}: ${error}`);
  return [];
}

/** A page as nginx writes it for an error status. */
const nginxPage = (title: string) =>
  `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

export async function startSyncMock(
  options: {
    dialect?: DialectName;
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
  const dialect = options.dialect ?? (process.env.DIALECT as DialectName | undefined) ?? RELEASE_TAG;
  const users = options.users ?? DEFAULT_USERS;
  const failures: {route: string; failure: Failure}[] = [];
  const hooks: {route: string; action: () => void}[] = [];
  const log: LoggedCall[] = [];
  const violations: string[] = [];
  const differences: Partial<Record<RuleId, number>> = {};
  /** Set when the request being answered is to be dropped after the engine's work. */
  let droppedAfter = false;

  const server = await startSynkronusServer({
    dialect,
    data: ENGINE_DATA,
    seed: {users, content: false},
    intercept: ({method, path, body}) => {
      if (options.proxyMaxBodyBytes !== undefined && body.length > options.proxyMaxBodyBytes) {
        log.push({method, path, query: '', body: undefined, status: 413});
        return {status: 413, contentType: 'text/html', body: nginxPage('413 Request Entity Too Large')};
      }
      const route = routeOf(method, path);
      const hook = hooks.findIndex((h) => h.route === route);
      if (hook >= 0) hooks.splice(hook, 1)[0].action();
      const at = failures.findIndex((f) => f.route === route);
      const failure = at >= 0 ? failures.splice(at, 1)[0].failure : undefined;
      if (failure === 'drop-before') log.push({method, path, query: '', body: undefined, status: -1});
      if (failure === 'bad-gateway') {
        log.push({method, path, query: '', body: undefined, status: 502});
        return {status: 502, contentType: 'text/html', body: nginxPage('502 Bad Gateway')};
      }
      if (failure === 'database-down') server.engine.failDatabase(true);
      droppedAfter = failure === 'drop-after';
      return failure === 'database-down' ? undefined : failure;
    },
    onExchange: async ({method, path, query, headers, body: raw}, exchange) => {
      server.engine.failDatabase(false);
      let body: unknown = raw.length ? raw.toString('utf8') : undefined;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        // Not JSON: logged as text.
      }
      log.push({method, path, query, body, status: droppedAfter ? -1 : exchange.response.status});
      const entry = operationFor(method, path);
      if (!entry) return;
      violations.push(...requestProblems(entry, query, headers, raw));
      if (exchange.rules.length) {
        for (const rule of exchange.rules) differences[rule.id] = (differences[rule.id] ?? 0) + 1;
        return;
      }
      if (exchange.unspecified)
        violations.push(`${method} ${path}: not specified by the description: ${exchange.unspecified}`);
      const text = await exchange.response.clone().text();
      violations.push(
        ...answerProblems(entry, exchange.response.status, exchange.response.headers.get('content-type'), text),
      );
    },
  });
  const {engine} = server;

  async function asAnotherDevice(path: string, init: RequestInit): Promise<Response> {
    const user = users.find((u) => u.role !== 'read-only') ?? users[0];
    const login = await engine.handle(
      new Request(`${server.origin}/auth/login`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({username: user.username, password: user.password}),
      }),
    );
    const {token} = (await login.json()) as {token: string};
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const response = await engine.handle(new Request(`${server.origin}${path}`, {...init, headers}));
    if (!response.ok)
      throw new Error(`sync mock: ${path} as another device: ${response.status} ${await response.text()}`);
    return response;
  }

  async function write(records: PushedRecord[]) {
    await asAnotherDevice('/sync/push', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({transmission_id: crypto.randomUUID(), client_id: 'another-device', records}),
    });
  }

  if (options.seed) await write(options.seed);

  return {
    origin: server.origin,
    dialect,
    log,
    violations,
    differences,
    stored: () => [...engine.store.state.observations.values()].sort((a, b) => a.version - b.version),
    attachment: (id) => {
      const attachment = engine.store.state.attachments.get(id);
      return attachment && !attachment.deleted ? Buffer.from(attachment.bytes) : undefined;
    },
    currentVersion: () => engine.currentVersion(),
    write,
    async putAttachment(id, content) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(content)]), id);
      await asAnotherDevice(`/attachments/${encodeURIComponent(id)}`, {method: 'PUT', body: form});
    },
    recordAttachmentOperation(id, operation) {
      engine.store.state.attachmentOperations.push({attachment_id: id, operation, version: engine.store.nextVersion()});
    },
    fillDisk: (bytesLeft) => engine.fillDisk(bytesLeft),
    expireAccessTokens() {
      // Past an access token's 24 hours, within a refresh token's 7 days (tokens are checked against the clock).
      engine.advanceClock((24 * 3600 + 60) * 1000);
    },
    failNext(route, failure, count = 1) {
      for (let i = 0; i < count; i++) failures.push({route, failure});
    },
    beforeNext(route, action) {
      hooks.push({route, action});
    },
    stop: () => server.close(),
  };
}
