/**
 * HTTP/1.1 over a bare TCP socket: the request line and headers go out byte for byte, so paths
 * like "/../x" or "%2e%2e" reach nginx as written (an HTTP client would normalise them).
 */
import net from 'node:net';
import {STATE_TIMEOUT_MS} from '../support/limits';

export type RawResponse = {
  /** 0 when the server closed the connection without a status line. */
  status: number;
  statusLine: string;
  /** Lower-case header names. */
  headers: Map<string, string>;
  /** Everything after the header block, as received (chunk sizes included). */
  body: string;
  raw: string;
};

function parseRawResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  const head = end >= 0 ? raw.slice(0, end) : raw;
  const [statusLine = '', ...lines] = head.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return {status: match ? Number(match[1]) : 0, statusLine, headers, body: end >= 0 ? raw.slice(end + 4) : '', raw};
}

/** Only a server that never answers waits this long (it answers in milliseconds, even on a busy machine). */
const TIMEOUT_MS = STATE_TIMEOUT_MS;

/** Sends `request` as Latin-1 bytes and reads until the server closes. */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    // A reset after the answer (nginx closing on a bad request) still leaves that answer.
    socket.on('error', (error) => chunks.length === 0 && reject(error));
    socket.on('close', () => resolve(parseRawResponse(Buffer.concat(chunks).toString('latin1'))));
    socket.end(Buffer.from(request, 'latin1'));
  });
}

/** A GET-style request with `Connection: close`, so the answer ends with the connection. */
export function requestText(method: string, target: string, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
