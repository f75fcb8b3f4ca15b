/**
 * The engine over HTTP, for Node: a `node:http` server on 127.0.0.1 that hands every request to one engine.
 * The site's tests serve it to the guide's sync client; integrators serve it to their own client's tests
 * (`npm run synkronus-mock -- --dialect v1.0.0-alpha.6 --port 8080`). Node only: it builds the contract from
 * the description file's API model (src/api/load.ts), as the build does.
 */
import {STATUS_CODES} from 'node:http';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {readKnownIssues} from '../../known-issues/read';
import {loadApiModel} from '../load';
import {buildContract} from '../model/toContract';
import type {Contract} from './contract';
import {createSynkronus, type DialectName, type EngineData, type Exchange, type Seed, type Synkronus} from './index';

/** The description the site documents, relative to the repository. */
export const DESCRIPTION_FILE = 'api/synkronus.yaml';
const ROOT = path.resolve(__dirname, '../../..');

export function contractFromFile(file = DESCRIPTION_FILE, root = ROOT): Contract {
  return buildContract(loadApiModel(file, root), STATUS_CODES);
}

/** What the engine is made from, read from the repository as the build reads it. */
export function engineDataFromFiles(root = ROOT): EngineData {
  return {contract: contractFromFile(DESCRIPTION_FILE, root), knownIssues: readKnownIssues(root)};
}

/** What happens to one request before the engine sees it, for tests of a client's failure handling. */
export type Intercept = (request: {method: string; path: string; body: Buffer}) =>
  | undefined
  /** The connection closes before the server reads the request (a network failure). */
  | 'drop-before'
  /** The engine answers, then the connection closes before the answer arrives (a lost answer). */
  | 'drop-after'
  /** Something in front of the server (a proxy) answers instead, and the engine never sees the request. */
  | {status: number; contentType: string; body: string};

export type SynkronusServerOptions = {
  dialect?: DialectName;
  /** 0 (the default) takes a free port. */
  port?: number;
  seed?: Seed;
  data?: EngineData;
  intercept?: Intercept;
  /** Called with every exchange the engine answered, before the answer is sent (its body still unread). */
  onExchange?: (
    request: {method: string; path: string; query: string; headers: Headers; body: Buffer},
    exchange: Exchange,
  ) => void | Promise<void>;
};

export type SynkronusServer = {origin: string; engine: Synkronus; close: () => Promise<void>};

export async function startSynkronusServer(options: SynkronusServerOptions = {}): Promise<SynkronusServer> {
  const engine = createSynkronus(options.data ?? engineDataFromFiles(), {dialect: options.dialect, seed: options.seed});
  let origin = '';

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', origin);
    const method = (req.method ?? 'GET').toUpperCase();
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
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
    const request = new Request(url, {method, headers, body: hasBody ? new Uint8Array(body) : undefined});
    // The target as sent: Go routes on it before any `.` or `..` is resolved.
    const exchange = await engine.exchange(request, {target: req.url});
    await options.onExchange?.({method, path: url.pathname, query: url.search, headers, body}, exchange);
    if (verdict === 'drop-after') {
      req.socket.destroy();
      return;
    }
    const {response} = exchange;
    const payload = Buffer.from(await response.arrayBuffer());
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    if (payload.length && method !== 'HEAD') out['content-length'] = String(payload.length);
    res.writeHead(response.status, out);
    res.end(method === 'HEAD' ? undefined : payload);
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
