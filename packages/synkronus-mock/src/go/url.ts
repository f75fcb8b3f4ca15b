/**
 * How Go's server reads a request target (net/url), and the path chi routes on: the decoded path, unless the
 * target holds an escape that re-encoding the decoded path would not give back (`%2F`, `%41`), in which case
 * chi routes on the raw text and hands the raw segment to the handler. Node's http server keeps the raw
 * target; a browser's Request has already resolved `.` and `..` segments.
 */
import {goUtf8} from './json-scan';

export type GoTarget = {
  /** url.URL.Path: the path, percent-decoded. */
  path: string;
  /** The same path as its bytes, one char per byte (Go's string holds them whatever they are). */
  pathBytes: string;
  /** What chi routes on: RawPath when set, else Path. */
  routePath: string;
  query: URLSearchParams;
  rawQuery: string;
};

const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * url.PathUnescape / the path mode of net/url's unescape, as bytes: a byte string (one char per byte), which
 * keeps what does not decode as UTF-8 (`%c0%ae`, `%ff`). `%` must start two hex digits.
 */
export function pathUnescapeBytes(text: string): string | {error: string} {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '%') {
      for (const byte of new TextEncoder().encode(text[i])) out += String.fromCharCode(byte);
      continue;
    }
    const hex = text.slice(i + 1, i + 3);
    if (!HEX.test(hex)) return {error: `invalid URL escape ${JSON.stringify(text.slice(i, i + 3))}`};
    out += String.fromCharCode(parseInt(hex, 16));
    i += 2;
  }
  return out;
}

/**
 * A Go string's bytes as text: UTF-8 decoded as Go decodes it, each byte that is not UTF-8 kept as a lone
 * surrogate (U+DC00 + the byte), which encoding/json then writes as `\ufffd` (go/json-encode.ts goString).
 */
export const goText = (bytes: string) =>
  goUtf8(
    Uint8Array.from(bytes, (c) => c.charCodeAt(0)),
    0,
    bytes.length,
    (byte) => String.fromCharCode(0xdc00 + byte),
  );

/** url.PathUnescape, read as text: a byte that does not decode as UTF-8 becomes U+FFFD. */
export function pathUnescape(text: string): string | {error: string} {
  const bytes = pathUnescapeBytes(text);
  if (typeof bytes !== 'string') return bytes;
  return new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
}

/** net/url's escaping of a path: what it leaves alone, and `%XX` in upper case for the rest, byte by byte. */
function escapePath(path: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(path)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~$&+,/:;=@]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The request target as Go parses it, or undefined when the server answers 400 Bad Request. */
export function parseTarget(sent: string): GoTarget | undefined {
  // An absolute-form target (`GET http://host/path`): Go's server reads its path and query (url.ParseRequestURI),
  // and chi routes an empty path as `/`.
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?]*/.exec(sent)?.[0];
  const target = authority === undefined ? sent : `/${sent.slice(authority.length).replace(/^\//, '')}`;
  // eslint-disable-next-line no-control-regex -- net/url refuses ASCII control characters in a URL
  if (/[\u0000-\u001f\u007f]/.test(target) || !target.startsWith('/')) return undefined;
  const mark = target.indexOf('?');
  const raw = mark < 0 ? target : target.slice(0, mark);
  const rawQuery = mark < 0 ? '' : target.slice(mark + 1);
  const pathBytes = pathUnescapeBytes(raw);
  if (typeof pathBytes !== 'string') return undefined;
  const path = new TextDecoder().decode(Uint8Array.from(pathBytes, (c) => c.charCodeAt(0)));
  const routePath = escapePath(path) === raw ? path : raw;
  return {path, pathBytes, routePath, query: new URLSearchParams(rawQuery), rawQuery};
}
