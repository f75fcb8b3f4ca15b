/**
 * What Go's net/http writes by itself, for the answers the release's server gives without a handler's
 * JSON: a 404 for no route, http.Error's plain text, a redirect, the 400 of an address it cannot parse, and
 * the type of a file from its extension.
 */
import type {Answer} from '../types';

export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** http.Error: the text, a newline, and nosniff. */
export const httpError = (status: number, text: string): Answer => ({
  status,
  text: `${text}\n`,
  contentType: PLAIN_TEXT,
  headers: {'X-Content-Type-Options': 'nosniff'},
});

/** http.NotFound. */
export const notFound = (): Answer => httpError(404, '404 page not found');

/** The server's answer to a request target it cannot parse (before any handler): no newline, connection closed. */
export const badRequestTarget = (): Answer => ({
  status: 400,
  text: '400 Bad Request',
  contentType: PLAIN_TEXT,
  headers: {Connection: 'close'},
});

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

/**
 * The `Location` net/http writes for `url`, a byte string: http.Redirect's hexEscapeNonASCII (`%` and the byte in
 * lower-case hex, no padding), then the header writer's newlines as spaces and the value trimmed. Go writes any
 * other control byte as it is; neither a fetch `Response` (NUL) nor Node's `http` (any of them but the tab) can
 * send one, so the engine escapes those the same way: the one place its `Location` differs from the server's.
 */
export function goLocation(url: string): string {
  let out = '';
  for (const c of url) {
    const byte = c.charCodeAt(0);
    if (byte >= 0x80) out += `%${byte.toString(16)}`;
    else if (c === '\r' || c === '\n') out += ' ';
    else if ((byte < 0x20 && c !== '\t') || byte === 0x7f) out += `%${byte.toString(16).padStart(2, '0')}`;
    else out += c;
  }
  return out.replace(/^[ \t]+|[ \t]+$/g, '');
}

/**
 * http.Redirect to `location`, a byte string: `Location`, and for GET a short HTML body with the bytes as they are
 * (HEAD gets the type without it, POST neither).
 */
export function redirect(method: string, location: string, status = 301): Answer {
  const answer: Answer = {status, headers: {Location: goLocation(location)}};
  if (method === 'GET' || method === 'HEAD') answer.contentType = 'text/html; charset=utf-8';
  if (method === 'GET')
    answer.bytes = Uint8Array.from(`<a href="${escapeHtml(location)}">Moved Permanently</a>.\n\n`, (c) =>
      c.charCodeAt(0),
    );
  return answer;
}

/**
 * mime.TypeByExtension with Go's built-in table only: the image is Alpine, with no system MIME types file for
 * Go to read. An extension it does not know gives application/octet-stream where the release serves files.
 */
const GO_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.css': 'text/css; charset=utf-8',
  '.gif': 'image/gif',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.mjs': 'text/javascript; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.webp': 'image/webp',
  '.xml': 'text/xml; charset=utf-8',
};

export function fileType(path: string): string {
  const extension = /\.[^./]*$/.exec(path)?.[0] ?? '';
  return GO_TYPES[extension] ?? GO_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The type net/http gives a body written without one: it sniffs the first bytes, and a JSON body (it starts
 * with `{` or `[` and holds no control bytes, which the encoder escapes) reads as text.
 */
export const SNIFFED_JSON = PLAIN_TEXT;
