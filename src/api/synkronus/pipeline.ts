/**
 * The request pipeline: every request goes through the same steps, each read from the contract, and
 * each dialect rule that changes a step is named where it applies (`call.when`):
 * 1. route: the operation whose method and path template match;
 * 2. parameters: header, path and query values against their schemas → 400;
 * 3. token: for a call that is not public, the bearer token → 401;
 * 4. role: the token's role against the operation's `x-roles` → 403;
 * 5. body: size and depth within the engine's limits (413), JSON parsed and checked against the request
 *    schema, multipart fields read → 400;
 * 6. the operation's behaviour (./behaviours), by operationId.
 */
import type {Contract, ContractOperation, ContractParameter, JsonSchema} from './contract';
import {parseJson} from './json';
import type {RuleId} from './rules';
import type {Store} from './store';
import type {Answer, Behaviours, Call, DialectName, ReleaseError} from './types';
import type {SchemaValidator, FieldError} from './validate';

/** The largest body of any kind the engine reads, in bytes (an app bundle's limit is its own). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

type Route = {op: ContractOperation; pattern: RegExp; names: string[]};

/** The path template `/users/{username}` as a regular expression; a last parameter may hold slashes. */
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

export type PipelineParts = {
  contract: Contract;
  behaviours: Behaviours;
  validate: SchemaValidator;
  /** The release server's JSON decoding: types only, as encoding/json refuses them (./go-decoding.ts). */
  validateTypes: SchemaValidator;
};

export type Outcome = {answer: Answer; op?: ContractOperation; rules: RuleId[]};

const PLAIN_TEXT = 'text/plain; charset=utf-8';
/** chi's answer when no route matches (net/http NotFound). */
const CHI_NOT_FOUND: Answer = {status: 404, text: '404 page not found\n', contentType: PLAIN_TEXT};
/** chi's answer when the path matches with another method: 405 and no body. */
const CHI_METHOD_NOT_ALLOWED: Answer = {status: 405};

export function createPipeline({contract, behaviours, validate, validateTypes}: PipelineParts) {
  const routes: Route[] = contract.operations.map((op) => ({op, ...templatePattern(op.path)}));
  // Literal paths first, so /users/reset-password is not read as /users/{username}.
  routes.sort((a, b) => a.names.length - b.names.length);
  const byId = new Map(contract.operations.map((op) => [op.operationId, op]));

  return async function run(request: Request, store: Store, dialect: DialectName): Promise<Outcome> {
    const rules: RuleId[] = [];
    const release = dialect === 'v1.0.0-alpha.6';
    const when = (id: RuleId) => {
      if (!release) return false;
      if (!rules.includes(id)) rules.push(id);
      return true;
    };
    const fail = (status: number, reason: string, releaseError?: ReleaseError): Answer => {
      if (!release) return {status, body: {error: 'not specified by the description'}, reason};
      if (releaseError)
        return {status, body: {error: releaseError.error ?? 'An error occurred', message: releaseError.message}, reason};
      return {status, body: {error: 'not verified against the server at v1.0.0-alpha.6'}, reason};
    };
    const unspecified = (what: string, status = 501): Answer => ({
      status,
      body: {error: 'not specified by the description'},
      unspecified: what,
    });
    const badRequest = (errors: FieldError[], detail: string): Answer =>
      release
        ? fail(400, detail, {error: errors.map((e) => e.message).join('; '), message: 'Invalid request format'})
        : {
            status: 400,
            body: {type: 'about:blank', title: 'Bad Request', status: 400, detail, errors},
            reason: detail,
          };
    const done = (answer: Answer, op?: ContractOperation): Outcome => ({answer, op, rules});

    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return done(release ? CHI_NOT_FOUND : unspecified(`the path ${url.pathname} is not valid percent-encoding`, 404));
    }

    // 1. Route.
    let op: ContractOperation | undefined;
    let params: Record<string, string> = {};
    if (method === 'POST' && pathname === '/users' && when('create-user-path')) op = byId.get('createUser');
    else if (method === 'POST' && pathname === '/users/create' && when('create-user-path')) return done(CHI_NOT_FOUND);
    else if (method === 'DELETE' && /^\/users\/delete\/[^/]+$/.test(pathname) && when('delete-user-path')) {
      op = byId.get('deleteUser');
      params = {username: pathname.slice('/users/delete/'.length)};
    } else if (method === 'DELETE' && /^\/users\/[^/]+$/.test(pathname) && when('delete-user-path'))
      return done(CHI_METHOD_NOT_ALLOWED);
    else if (method === 'HEAD' && pathname === '/health' && when('image-healthcheck-unhealthy'))
      return done(CHI_METHOD_NOT_ALLOWED);
    else if (method === 'OPTIONS' && request.headers.has('Access-Control-Request-Method')) {
      const asked = (request.headers.get('Access-Control-Request-Headers') ?? '').toLowerCase();
      if (asked.includes('x-api-version') && when('api-version-header-cors')) return done({status: 200});
      return done(
        release
          ? {status: 200}
          : unspecified('the description says nothing about cross-origin requests (CORS preflight)'),
      );
    }
    if (!op) {
      const matches = routes.map((route) => ({route, match: route.pattern.exec(pathname)})).filter(({match}) => match);
      const found = matches.find(({route}) => route.op.method === method);
      if (!found) {
        if (release) return done(matches.length ? CHI_METHOD_NOT_ALLOWED : CHI_NOT_FOUND);
        return done(
          unspecified(
            matches.length ? `${method} is not a method of ${pathname}` : `the description has no operation at ${pathname}`,
            matches.length ? 405 : 404,
          ),
        );
      }
      op = found.route.op;
      params = Object.fromEntries(found.route.names.map((name, i) => [name, found.match![i + 1]]));
    }

    // 2. Parameters.
    const problems: FieldError[] = [];
    for (const parameter of op.parameters) {
      if (release && parameter.name.toLowerCase() === 'x-api-version') {
        // The server never checks the header: the rule shapes the answer only where the description refuses the value.
        const value = request.headers.get(parameter.name);
        if (value !== null && parameter.schema && validate(parameter.schema, value, parameter.name).length)
          when('api-version-header-ignored');
        continue;
      }
      // The release reads `limit` its own way; the behaviour names the rule where that differs (sync.ts pullLimit).
      if (release && parameter.name === 'limit' && op.operationId === 'syncPull') continue;
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
    if (problems.length) return done(badRequest(problems, 'A parameter is not valid.'), op);

    // 3. Token, 4. role.
    let user: Call['user'];
    const isPublic = op.isPublic && !(op.operationId === 'getVersion' && when('version-needs-token'));
    if (!isPublic) {
      const plain = (status: 401 | 403): Answer | undefined =>
        when('auth-errors-plain-text')
          ? {status, text: status === 401 ? 'Unauthorized\n' : 'Forbidden\n', contentType: PLAIN_TEXT}
          : undefined;
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
      const entry = token ? store.tokenUser(token, ['access', 'refresh']) : undefined;
      let valid = entry?.kind === 'access' || (entry?.kind === 'refresh' && when('refresh-token-as-bearer'));
      // The server reads the role from the token, without looking the user up.
      if (valid && entry && !store.state.users.has(entry.username) && !when('refresh-token-as-bearer')) valid = false;
      if (!valid || !entry) {
        const reason = !token ? 'no bearer token' : 'the token is unknown, expired or not an access token';
        return done(plain(401) ?? fail(401, reason), op);
      }
      user = {username: entry.username, role: entry.role};
      const roleFree = op.operationId === 'uploadAttachment' && when('attachment-upload-any-role');
      if (!roleFree && !op.roles.includes(user.role)) {
        if (release) {
          // Where the description leaves the admin role unspecified, the server's route for a push allows it
          // (internal/api/api.go: RequireRole(RoleReadWrite, RoleAdmin) on /sync/push).
          const allowedAtTag = op.operationId === 'syncPush' && user.role === 'admin';
          if (!allowedAtTag) return done(plain(403) ?? fail(403, `the role ${user.role} may not call this`), op);
        } else if (op.rolesUnspecified?.includes(user.role)) {
          return done(unspecified(`whether the role ${user.role} may call ${op.operationId}`), op);
        } else {
          return done(fail(403, `the role ${user.role} may not call ${op.operationId}`), op);
        }
      }
    }

    // 5. Body.
    let body: unknown;
    let form: FormData | undefined;
    if (op.body && method !== 'GET' && method !== 'HEAD') {
      const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
      const declared = Number(request.headers.get('Content-Length') ?? '0');
      if (declared > MAX_BODY_BYTES)
        return done({status: 413, body: {error: 'too large for the in-browser engine'}, limit: `bodies over ${MAX_BODY_BYTES} bytes`}, op);
      const bytes = new Uint8Array(await request.clone().arrayBuffer());
      if (bytes.length > MAX_BODY_BYTES)
        return done({status: 413, body: {error: 'too large for the in-browser engine'}, limit: `bodies over ${MAX_BODY_BYTES} bytes`}, op);
      if (op.body.mediaType === 'application/json') {
        const raw = new TextDecoder().decode(bytes);
        if (raw.trim() === '') {
          if (op.body.required) return done(badRequest([{field: 'body', message: 'a JSON body is required'}], 'The body is empty.'), op);
        } else {
          const parsed = parseJson(raw);
          if ('limit' in parsed)
            return done({status: 413, body: {error: 'too large for the in-browser engine'}, limit: parsed.limit}, op);
          if ('error' in parsed)
            return done(badRequest([{field: 'body', message: `the body is not JSON: ${parsed.error}`}], 'The body is not JSON.'), op);
          body = parsed.value;
          if (op.body.schema) {
            const schema: JsonSchema = op.body.schema;
            const errors = release
              ? validateTypes(schema, body)
              : validate(schema, body);
            if (errors.length) return done(badRequest(errors, 'The request body is not valid.'), op);
          }
        }
      } else if (op.body.mediaType === 'multipart/form-data') {
        if (!type.startsWith('multipart/form-data'))
          return done(badRequest([{field: op.body.files?.[0] ?? 'body', message: 'the body must be multipart/form-data'}], 'The body is not a multipart form.'), op);
        try {
          form = await request.clone().formData();
        } catch {
          return done(badRequest([{field: 'body', message: 'the multipart body cannot be read'}], 'The multipart body cannot be read.'), op);
        }
      }
    }

    // 6. Behaviour.
    const call: Call = {
      op,
      url,
      params,
      query: url.searchParams,
      headers: request.headers,
      body,
      form,
      user,
      store,
      dialect,
      when,
      fail,
      unspecified,
      apiVersion: contract.version,
      validate,
      now: () => store.now(),
    };
    return done(await behaviours[op.operationId as keyof Behaviours](call), op);
  };
}
