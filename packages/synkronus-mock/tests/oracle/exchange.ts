/**
 * What the recorder writes and the replay compares: each exchange of the scenario as a HAR 1.2 entry, with the
 * values that change from run to run or from deployment to deployment replaced by a name in angle brackets, the
 * same way on both sides (the README lists them). A request's token is written as whose it is.
 */
import {createHash} from 'node:crypto';
import {footerOf, parquetRows} from '../support/parquet';
import {listZip} from '../../src/zip';
import {fileHashes, type RequestStep, type Step, type TokenRef} from './scenario';
import {HOST, type WireRequest, type WireResponse} from './wire';

/** The response headers compared; the others (Date, Content-Length, the engine's X-Synkronus-*) say nothing of the contract. */
export const COMPARED_HEADERS = [
  'content-type',
  'location',
  'etag',
  'content-disposition',
  'x-is-preview',
  'vary',
  'allow',
  'cache-control',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-max-age',
];

export type HarHeader = {name: string; value: string};

export type HarEntry = {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: 'HTTP/1.1';
    headers: HarHeader[];
    queryString: {name: string; value: string}[];
    cookies: [];
    headersSize: -1;
    bodySize: number;
    postData?: {mimeType: string; text: string; _base64: string};
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: 'HTTP/1.1';
    headers: HarHeader[];
    cookies: [];
    content: {size: number; mimeType: string; text: string; encoding?: 'base64'; comment?: string};
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: {send: 0; wait: number; receive: 0};
  /** The scenario's name for the step. */
  _step: string;
  /** What was done to the server just before this request: a restart, the database stopped or started. */
  _before?: string[];
};

export type Har = {
  log: {version: '1.2'; creator: {name: string; version: string}; comment: string; entries: HarEntry[]};
};

/** A run's clock: a time within it, or within a token's lifetime after it, came from the server's clock. */
export type Window = {from: number; to: number};

const DAY_MS = 86_400_000;
const inWindow = (ms: number, w: Window) => ms >= w.from - DAY_MS && ms <= w.to + 8 * DAY_MS;

/** Replaces what differs between runs and deployments, in any text an answer carries. */
export function normalise(
  text: string,
  window: Window,
  ids: Map<string, string>,
  fixedHashes: Set<string> = new Set(),
): string {
  return (
    text
      // SHA-256 hashes of what holds a time (a manifest, an APP_INFO.json), to the second: two made in the same
      // second are equal, so not even their equality is the same from run to run. A hash of a file the scenario
      // sent stays.
      .replace(/\b[0-9a-f]{64}\b/g, (hash) => (fixedHashes.has(hash) ? hash : '<sha256>'))
      .replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '<jwt>')
      // RFC 3339 times from the server's clock (Go's time.Time, PostgreSQL's timestamptz), to the second or finer.
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, (t) =>
        inWindow(Date.parse(t), window) ? '<time>' : t,
      )
      // Unix seconds from that clock (a login's expiresAt).
      .replace(/\b1[7-9]\d{8}\b/g, (n) => (inWindow(Number(n) * 1000, window) ? '<unix time>' : n))
      // Identities the server draws (user ids): numbered by first appearance, so equal ones stay equal.
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/g, (id) => {
        if (id.startsWith('00000000-') || id.startsWith('a0000000-')) return id; // the scenario's own
        if (!ids.has(id)) ids.set(id, `<uuid ${[...ids.values()].filter((v) => v.startsWith('<uuid')).length + 1}>`);
        return ids.get(id)!;
      })
      // The deployment: PostgreSQL's version string, Go's version, the machine, where the database listens.
      .replace(/PostgreSQL \d+\.\d+[^"]*/g, '<database version>')
      .replace(/"go_version": ?"[^"]*"/g, (m) => m.replace(/"[^"]*"$/, '"<go version>"'))
      .replace(/"cpus": ?\d+/g, (m) => m.replace(/\d+$/, '"<cpus>"'))
      .replace(/dial tcp [^:\s]+:\d+/g, 'dial tcp <database address>')
  );
}

export type Tokens = Map<string, {access: string; refresh: string}>;

function tokenOf(ref: TokenRef, tokens: Tokens): {wire: string; written: string} {
  if ('raw' in ref) return {wire: ref.raw, written: ref.raw};
  const [kind, who] = 'access' in ref ? (['access', ref.access] as const) : (['refresh', ref.refresh] as const);
  const held = tokens.get(who);
  // A user never logged in: the step sends a token that is no token, and says so.
  return {wire: held?.[kind] ?? `no-${kind}-token-of-${who}`, written: `<${kind} token of ${who}>`};
}

/** The request of a step on the wire, and as the HAR writes it. */
export function wireRequestOf(
  step: RequestStep,
  tokens: Tokens,
  previous?: WireResponse,
): {wire: WireRequest; written: HarHeader[]} {
  const headers: [string, string][] = [...(step.headers ?? [])];
  const written = headers.map(([name, value]) => ({name, value}));
  if (step.ifNoneMatchPrevious) {
    headers.push(['If-None-Match', (previous && header(previous.headers, 'etag')) ?? '"no-etag"']);
    written.push({name: 'If-None-Match', value: '<ETag of the previous answer>'});
  }
  if (step.token) {
    const token = tokenOf(step.token, tokens);
    headers.push(['Authorization', `Bearer ${token.wire}`]);
    written.push({name: 'Authorization', value: `Bearer ${token.written}`});
  }
  return {wire: {method: step.method, target: step.target, headers, body: step.body}, written};
}

/** After an answer: a login's tokens are that user's from now on. */
export function keepTokens(step: RequestStep, response: WireResponse, tokens: Tokens) {
  if (!step.loginOf || response.status !== 200) return;
  const body = JSON.parse(Buffer.from(response.body).toString('utf8')) as {token: string; refreshToken: string};
  tokens.set(step.loginOf, {access: body.token, refresh: body.refreshToken});
}

const header = (headers: [string, string][], name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];

/** A body is text when it decodes as UTF-8 and its type says text or JSON; anything else is kept as base64. */
export function isText(contentType: string, body: Uint8Array): boolean {
  if (!/^(text\/|application\/(json|problem\+json|javascript|xml)|image\/svg)/.test(contentType) && body.length)
    return false;
  try {
    new TextDecoder('utf-8', {fatal: true}).decode(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * A JSON text whose lists of form fields (APP_INFO.json's `forms.*.fields`) are sorted by name, or undefined when
 * it has none: the release walks a Go map to write them (pkg/appbundle/appinfo.go extractFields), so their order
 * changes from run to run.
 */
function withFieldsByName(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  let found = false;
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'fields' && Array.isArray(child) && child.every((f) => f && typeof f === 'object' && 'name' in f)) {
        found = true;
        (child as {name: string}[]).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      }
      visit(child);
    }
  };
  visit(value);
  return found ? `${JSON.stringify(value, null, 2)}\n` : undefined;
}

/** A response body as the HAR keeps it: text normalised, an export read back, other bytes in base64. */
async function contentOf(
  type: string,
  body: Uint8Array,
  n: (text: string) => string,
): Promise<HarEntry['response']['content']> {
  const sized = (text: string) => ({size: Buffer.byteLength(text), mimeType: type, text});
  if (type === 'application/zip')
    return {...sized(n(await exportView(body))), comment: 'the Parquet files of the ZIP, read back: footer and rows'};
  if (isText(type, body)) {
    const text = n(Buffer.from(body).toString('utf8'));
    const ordered = withFieldsByName(text);
    return ordered === undefined
      ? sized(text)
      : {
          ...sized(ordered),
          comment: 'each list of fields sorted by name: the server lists them in the order of a Go map',
        };
  }
  return {size: body.length, mimeType: type, text: Buffer.from(body).toString('base64'), encoding: 'base64'};
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Keeps what a reader of a Parquet file sees: its footer (schema, key-value metadata, writer, codecs) and rows. */
async function parquetView(data: Uint8Array) {
  const metadata = footerOf(data);
  return {
    schema: metadata.schema,
    key_value_metadata: metadata.key_value_metadata,
    created_by: metadata.created_by,
    // How pages are laid out (encodings, sizes, offsets) is the writer's own: packages/synkronus-mock/tests/synkronus-export-parquet.spec.ts
    // lists the fields where the engine's writer and Arrow Go part.
    row_groups: metadata.row_groups.map((g) => ({
      num_rows: g.num_rows,
      columns: g.columns.map((c) => ({codec: c.meta_data?.codec})),
    })),
    rows: await parquetRows(data),
  };
}

/**
 * An export's ZIP as the HAR keeps it: each Parquet file read back, since its bytes hold the server's times and
 * would differ from run to run. The `comment` says so.
 */
export async function exportView(body: Uint8Array): Promise<string> {
  const listing = listZip(body);
  if (listing.kind !== 'zip') return JSON.stringify({notAZip: listing.reason});
  const files: Record<string, unknown> = {};
  for (const entry of listing.entries) {
    const data = await entry.read();
    files[entry.name] = data ? await parquetView(data) : null;
  }
  return JSON.stringify(files, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 1);
}

/** One exchange as a HAR entry, normalised. */
export async function harEntryOf(
  step: RequestStep,
  written: HarHeader[],
  response: WireResponse,
  before: string[],
  window: Window,
  ids: Map<string, string>,
  fixedHashes: Set<string>,
): Promise<HarEntry> {
  const n = (text: string) => normalise(text, window, ids, fixedHashes);
  const requestType = header(step.headers ?? [], 'content-type') ?? '';
  const responseType = header(response.headers, 'content-type') ?? '';
  const url = /^https?:/.test(step.target) ? step.target : `http://${HOST}${step.target}`;
  const body = step.body ?? new Uint8Array();
  const location = header(response.headers, 'location');
  return {
    startedDateTime: '1970-01-01T00:00:00.000Z',
    time: 0,
    request: {
      method: step.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [{name: 'Host', value: HOST}, ...written],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: body.length,
      ...(step.body
        ? {
            postData: {
              mimeType: requestType,
              text: Buffer.from(body).toString('utf8'),
              _base64: Buffer.from(body).toString('base64'),
            },
          }
        : {}),
    },
    response: {
      status: response.status,
      statusText: STATUS_TEXT[response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      // Sorted: chi writes a 405's Allow headers in the order of a Go map, which changes from run to run.
      headers: response.headers
        .filter(([name]) => COMPARED_HEADERS.includes(name.toLowerCase()))
        .map(([name, value]) => ({name, value: n(value)}))
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.value.localeCompare(b.value)),
      cookies: [],
      content: await contentOf(responseType, response.body, n),
      redirectURL: location ? n(location) : '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: {send: 0, wait: 0, receive: 0},
    _step: step.label,
    ...(before.length ? {_before: before} : {}),
  };
}

/** The hashes that stay as they are: those of the files the scenario's bundles hold (after `scenario()` ran). */
export const scenarioHashes = () => fileHashes((text) => createHash('sha256').update(text).digest('hex'));

/** Runs the scenario against a server at `origin`: the recorder and the replay share this loop. */
export async function runScenario(
  steps: Step[],
  fixedHashes: Set<string>,
  sendTo: (request: WireRequest) => Promise<WireResponse>,
  onControl: (what: string) => Promise<void>,
): Promise<HarEntry[]> {
  const tokens: Tokens = new Map();
  const ids = new Map<string, string>();
  const answers: {step: RequestStep; written: HarHeader[]; response: WireResponse; before: string[]}[] = [];
  let before: string[] = [];
  const from = Date.now();
  for (const step of steps) {
    if (step.kind === 'control') {
      await onControl(step.control);
      before.push(step.control);
      continue;
    }
    const {wire, written} = wireRequestOf(step, tokens, answers.at(-1)?.response);
    const response = await sendTo(wire);
    keepTokens(step, response, tokens);
    answers.push({step, written, response, before});
    before = [];
  }
  const window = {from, to: Date.now()};
  const entries: HarEntry[] = [];
  for (const a of answers)
    entries.push(await harEntryOf(a.step, a.written, a.response, a.before, window, ids, fixedHashes));
  return entries;
}

export function harOf(entries: HarEntry[], comment = ''): Har {
  return {log: {version: '1.2', creator: {name: 'synkronus-oracle', version: '1'}, comment, entries}};
}

/** The HAR file as the recorder writes it. */
export const harText = (har: Har) => `${JSON.stringify(har, null, 1)}\n`;
