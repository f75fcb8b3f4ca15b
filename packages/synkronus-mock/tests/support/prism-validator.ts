/**
 * Prism's validator of answers, as `prism proxy` runs it, with the Synkronus engine in place of the upstream
 * server: the public `createInstance` of @stoplight/prism-http in proxy mode, given a `forward` component that
 * hands the request to a function in this process instead of the network. Prism routes the request to an
 * operation of the effective description (api/synkronus.yaml with its overlay, read by the site's one reader:
 * tests/support/api-description.ts), checks the request (security, parameters, body: kept for the report) and checks the
 * answer: the status is one the operation documents, the documented headers, the media type and the body
 * against the schema (Ajv).
 *
 * Two checks are added where Prism is lenient, each marked `[exact]` in the messages:
 * - Prism matches media types on type and subtype with the structured-syntax suffix dropped, so it takes
 *   `application/json` for `application/problem+json` and back: the essence of Content-Type must be one the
 *   response documents, exactly;
 * - Prism says nothing of a body where the response documents no content: a non-empty body there is flagged.
 */
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpProxyConfig,
  type IHttpRequest,
  type IHttpResponse,
  type PrismHttpComponents,
} from '@stoplight/prism-http';
import {API} from '../../../../tests/support/api-description';

export type PrismOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];

/** One answer and what the validator found in it. */
export type Checked = {
  method: string;
  /** Path and query, as sent. */
  target: string;
  /** The operation Prism routed the request to; none when the description has no operation there. */
  operationId?: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  /** What makes the answer differ from the description; [] when it conforms. */
  violations: string[];
  /** What Prism found wrong in the request (not counted: the corpus sends bad requests on purpose). */
  requestProblems: string[];
};

let operations: Promise<PrismOperation[]> | undefined;

/** The operations of the effective description, as Prism reads them (a copy: the shared document stays as it is). */
export function prismOperations(): Promise<PrismOperation[]> {
  operations ??= getHttpOperationsFromSpec(structuredClone(API));
  return operations;
}

const PROXY_CONFIG: IHttpProxyConfig = {
  isProxy: true,
  // Never fetched: the forward component below answers instead.
  upstream: new URL('http://engine.invalid'),
  upstreamProxy: undefined,
  errors: false,
  checkSecurity: true,
  validateRequest: true,
  validateResponse: true,
  mock: {dynamic: false},
};

/** Prism logs only when it re-mocks an upstream's 501, which this forward never answers. */
const SILENT_LOGGER: {child: () => unknown} = {child: () => SILENT_LOGGER};

/** Headers as an object of lower-case names, as Prism reads them. */
function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
}

const essence = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/** A request as Prism's HTTP server hands it on: lower-case method and headers, query by name, JSON parsed. */
async function prismRequest(request: Request): Promise<IHttpRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  const headers = headerObject(request.headers);
  if (text) headers['content-length'] = String(new TextEncoder().encode(text).length);
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0] : values;
  }
  return {
    method: request.method.toLowerCase() as IHttpRequest['method'],
    url: {path: url.pathname, query},
    headers,
    body: text ? parseBody(headers['content-type'] ?? '', text).body : null,
  };
}

/**
 * A body as Prism's proxy reads an upstream's: JSON for `application/json` and `application/*+json`, else text;
 * an empty one (HEAD, 304) as it is.
 */
function parseBody(contentType: string, text: string): {body: unknown; problem?: string} {
  if (!text || !/^application\/([^;/]+\+)?json$/.test(essence(contentType))) return {body: text};
  try {
    return {body: JSON.parse(text) as unknown};
  } catch {
    return {body: text, problem: `[exact] the body is typed ${essence(contentType)} and is not JSON`};
  }
}

/** Prism's message when the media types differ beyond the suffix: the exact check then adds nothing. */
const PRISM_MEDIA_TYPE = /^The received media type /;

/** The checks Prism leaves out (module comment), after Prism's own `messages`. */
function exactProblems(
  operation: PrismOperation,
  {status, contentType, bytes}: {status: number; contentType: string; bytes: number},
  messages: string[],
): string[] {
  const documented = operation.responses.find((r) => r.code === String(status));
  if (!documented) return [];
  const types = (documented.contents ?? []).map((c) => c.mediaType.toLowerCase());
  if (types.length === 0)
    return bytes > 0
      ? [`[exact] a body of ${bytes} bytes (${contentType || 'no Content-Type'}); ${status} documents none`]
      : [];
  if (types.includes(essence(contentType)) || messages.some((m) => PRISM_MEDIA_TYPE.test(m))) return [];
  return [`[exact] Content-Type ${contentType || '(none)'}; ${status} documents ${types.join(', ')}`];
}

async function prismResponse(response: Response): Promise<{output: IHttpResponse; bytes: number; problem?: string}> {
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  const headers = headerObject(response.headers);
  const text = new TextDecoder().decode(bytes);
  const {body, problem} = response.status === 204 ? {body: text} : parseBody(headers['content-type'] ?? '', text);
  return {output: {statusCode: response.status, headers, body}, bytes: bytes.length, problem};
}

/** What `checkedExchange` throws when the engine threw: the exchange as far as it went, and the engine's error. */
export class EngineThrew extends Error {
  constructor(
    readonly checked: Checked,
    readonly error: unknown,
  ) {
    super(`the engine threw: ${(error as Error).message}`);
  }
}

function threw(request: Request, operation: PrismOperation | undefined, error: unknown): EngineThrew {
  const url = new URL(request.url);
  const checked: Checked = {
    method: request.method,
    target: url.pathname + url.search,
    operationId: operation?.iid,
    status: 0,
    contentType: '',
    headers: {},
    violations: [],
    requestProblems: [],
  };
  const thrown = new EngineThrew(checked, error);
  checked.violations.push(thrown.message);
  return thrown;
}

const messagesOf = (diagnostics: {message: string}[]) => diagnostics.map((d) => d.message);

/**
 * Sends `request` through Prism's proxy flow to `answer` (the engine) and checks the answer. When `answer`
 * throws, this throws an EngineThrew.
 */
export async function checkedExchange(
  request: Request,
  answer: (request: Request) => Promise<Response>,
): Promise<{response: Response; checked: Checked}> {
  const input = await prismRequest(request);
  let seen: {response: Response; operation?: PrismOperation; bytes: number; problem?: string} | undefined;
  const forward: PrismHttpComponents['forward'] = (_input, _upstream, _proxy, operation) => () => async () => {
    const response = await answer(request).catch((error: unknown) => {
      throw threw(request, operation, error);
    });
    const {output, bytes, problem} = await prismResponse(response);
    seen = {response, operation, bytes, problem};
    return {_tag: 'Right', right: output};
  };
  const result = await createInstance(PROXY_CONFIG, {logger: SILENT_LOGGER, forward}).request(
    input,
    await prismOperations(),
  )();
  if (result._tag === 'Left' || !seen) throw new Error(`Prism did not forward ${request.method} ${request.url}`);
  const {response, operation, bytes, problem} = seen;
  const contentType = response.headers.get('content-type') ?? '';
  const url = new URL(request.url);
  const prism = messagesOf(result.right.validations.output);
  const violations = operation
    ? [...prism, ...exactProblems(operation, {status: response.status, contentType, bytes}, prism)]
    : [`the description has no operation ${request.method} ${url.pathname}`];
  if (problem) violations.push(problem);
  return {
    response,
    checked: {
      method: request.method,
      target: url.pathname + url.search,
      operationId: operation?.iid,
      status: response.status,
      contentType,
      headers: headerObject(response.headers),
      violations,
      requestProblems: operation ? messagesOf(result.right.validations.input) : [],
    },
  };
}
