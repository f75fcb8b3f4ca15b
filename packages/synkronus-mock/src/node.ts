/**
 * The engine over HTTP, for Node: a `node:http` server on 127.0.0.1 that hands every request to one engine,
 * keeps the journal of the exchanges, and, when asked, serves the control API (./control.ts). The site's tests
 * serve it to the guide's sync client; integrators serve it to their own client's tests through the
 * synkronus-mock command (./cli.ts). The engine's data comes from the caller: the site makes it from its files
 * (src/api/engine-data.ts), the package's bin carries it ready-made.
 */
import http, {STATUS_CODES} from 'node:http';
import type {AddressInfo} from 'node:net';
import {CONTROL_PREFIX, controlAnswer} from './control';
import type {HarCreator} from './har';
import {
  createSynkronus,
  type DialectName,
  type EngineData,
  type Exchange,
  type Release,
  type Seed,
  type Synkronus,
} from './index';
import {createJournal, type Journal, type JournalEntry} from './journal';

/** What happens to one request before the engine sees it, for tests of a client's failure handling. */
export type Intercept = (request: {method: string; path: string; body: Buffer}) =>
  | undefined
  /** The connection closes before the server reads the request (a network failure). */
  | 'drop-before'
  /** The engine answers, then the connection closes before the answer arrives (a lost answer). */
  | 'drop-after'
  /** Something in front of the server (a proxy) answers instead, and the engine never sees the request. */
  | {status: number; contentType: string; body: string};

/** `Extra`: the tags of `releases`, releases the engine answers as beside those of RELEASES (createSynkronus). */
export type SynkronusServerOptions<Extra extends string = never> = {
  data: EngineData;
  dialect?: DialectName | Extra;
  releases?: readonly Release<Extra>[];
  /** 0 (the default) takes a free port. */
  port?: number;
  seed?: Seed;
  /** The key tokens are signed with; the engine's own unless given (a replay of a recording uses the server's). */
  jwtSecret?: string;
  intercept?: Intercept;
  /** Serves the control API under CONTROL_PREFIX. */
  control?: boolean;
  /** Who wrote the HAR files of the control API. */
  creator?: HarCreator;
  /** Called with every exchange the engine answered, before the answer is sent (its body still unread). */
  onExchange?: (
    request: {method: string; path: string; query: string; headers: Headers; body: Buffer},
    exchange: Exchange<DialectName | Extra>,
  ) => void | Promise<void>;
  /** Called with each entry of the journal as it is added. */
  onJournal?: (entry: JournalEntry) => void;
};

export type SynkronusServer<Name extends string = DialectName> = {
  origin: string;
  engine: Synkronus<Name>;
  /** The journal of the exchanges (the last JOURNAL_LIMIT), which the control API reads. */
  journal: Journal;
  close: () => Promise<void>;
};

const reasonOf = (status: number) => STATUS_CODES[status] ?? '';

function requestOf(req: http.IncomingMessage, url: URL, method: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(url, {method, headers, body: hasBody ? new Uint8Array(body) : undefined});
}

/** The statuses that carry no body, and so no Content-Length (net/http's bodyAllowedForStatus). */
const bodyless = (status: number) => status < 200 || status === 204 || status === 304;

/**
 * Go's server states the length of every answer it sends whole, `Content-Length: 0` included; for HEAD, the
 * length of what the handler wrote (the engine's answer says it, its body dropped).
 */
async function send(res: http.ServerResponse, method: string, response: Response) {
  const payload = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string | string[]> = {};
  // chi adds one `Allow` line per method (tree.go, methodNotAllowedHandler); a Response joins them with commas.
  response.headers.forEach((value, name) => (out[name] = name === 'allow' ? value.split(', ') : value));
  if (method !== 'HEAD' && !bodyless(response.status)) out['content-length'] = String(payload.length);
  res.writeHead(response.status, out);
  res.end(method === 'HEAD' ? undefined : payload);
}

export async function startSynkronusServer<Extra extends string = never>(
  options: SynkronusServerOptions<Extra>,
): Promise<SynkronusServer<DialectName | Extra>> {
  const {dialect, releases, seed, jwtSecret} = options;
  const engine = createSynkronus(options.data, {dialect, releases, seed, jwtSecret});
  const journal = createJournal();
  const creator = options.creator ?? {name: 'synkronus-mock', version: options.data.contract.version};
  let origin = '';

  async function answer(req: http.IncomingMessage, url: URL, method: string, body: Buffer, started: number) {
    const request = requestOf(req, url, method, body);
    // The target as sent: Go routes on it before any `.` or `..` is resolved.
    const exchange = await engine.exchange(request.clone(), {target: req.url});
    const entry = await journal.add(
      {method, url: url.href, headers: request.headers, body: new Uint8Array(body)},
      exchange,
      started,
    );
    options.onJournal?.(entry);
    await options.onExchange?.(
      {method, path: url.pathname, query: url.search, headers: request.headers, body},
      exchange,
    );
    return exchange.response;
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const started = Date.now();
    // A target that starts with `//` is a path here, not a URL without its scheme.
    const target = req.url ?? '/';
    const url = target.startsWith('/') ? new URL(origin + target) : new URL(target, origin);
    const method = (req.method ?? 'GET').toUpperCase();
    if (options.control && (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`))) {
      const path = url.pathname.slice(CONTROL_PREFIX.length);
      await send(res, method, controlAnswer(method, path, body.toString('utf8'), {engine, journal, creator, reasonOf}));
      return;
    }
    const verdict = options.intercept?.({method, path: url.pathname, body});
    if (verdict === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (typeof verdict === 'object') {
      res.writeHead(verdict.status, {'content-type': verdict.contentType});
      res.end(verdict.body);
      return;
    }
    const response = await answer(req, url, method, body, started);
    if (verdict === 'drop-after') {
      req.socket.destroy();
      return;
    }
    await send(res, method, response);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      serve(req, res, Buffer.concat(chunks)).catch((error: Error) => {
        // The engine answers every request itself; this is a failure of the adapter.
        if (!res.headersSent) res.writeHead(500, {'content-type': 'text/plain; charset=utf-8'});
        res.end(`synkronus-mock: ${error.message}\n`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    engine,
    journal,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
