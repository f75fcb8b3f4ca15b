/**
 * One request of the scenario on the wire, sent the same way to the real server and to the engine: node:http
 * with the target, headers and body exactly as the step gives them (no URL normalisation, so hostile paths reach
 * the router as written), one connection per request, and a fixed Host, so a redirect's Location does not
 * depend on the port either server listens on.
 */
import http from 'node:http';

/** The Host every request carries; the recording and a replay then see the same redirects. */
export const HOST = 'synkronus.test:8080';

export type WireRequest = {method: string; target: string; headers: [string, string][]; body?: Uint8Array};
export type WireResponse = {status: number; headers: [string, string][]; body: Uint8Array};

/** A server that never answers is the only one that waits this long: both answer in milliseconds. */
const ANSWER_TIMEOUT_MS = 60_000;

export function send(origin: string, request: WireRequest): Promise<WireResponse> {
  const {hostname, port} = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: hostname,
      port,
      method: request.method,
      path: request.target,
      agent: false,
      // A redirect's Location may carry the raw bytes of the path it was given (invalid UTF-8, control characters).
      insecureHTTPParser: true,
      setHost: false,
      headers: [
        ['Host', HOST],
        ...request.headers,
        ...(request.body ? [['Content-Length', String(request.body.length)]] : []),
      ].flat(),
    });
    outgoing.setTimeout(ANSWER_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`${request.method} ${request.target}: no answer within ${ANSWER_TIMEOUT_MS} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2)
          headers.push([incoming.rawHeaders[i], incoming.rawHeaders[i + 1]]);
        resolve({status: incoming.statusCode ?? 0, headers, body: new Uint8Array(Buffer.concat(chunks))});
      });
    });
    outgoing.end(request.body ? Buffer.from(request.body) : undefined);
  });
}
