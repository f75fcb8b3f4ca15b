/**
 * How Go's server reads a request target (net/url), and the path chi routes on: the decoded path, unless the
 * target holds an escape that re-encoding the decoded path would not give back (`%2F`, `%41`), in which case
 * chi routes on the raw text and hands the raw segment to the handler. Node's http server keeps the raw
 * target; a browser's Request has already resolved `.` and `..` segments.
 */

export type GoTarget = {
  /** url.URL.Path: the path, percent-decoded. */
  path: string;
  /** What chi routes on: RawPath when set, else Path. */
  routePath: string;
  query: URLSearchParams;
  rawQuery: string;
};

const HEX = /^[0-9a-fA-F]{2}$/;

/** url.PathUnescape / the path mode of net/url's unescape: `%` must start two hex digits. */
export function pathUnescape(text: string): string | {error: string} {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '%') {
      bytes.push(...new TextEncoder().encode(text[i]));
      continue;
    }
    const hex = text.slice(i + 1, i + 3);
    if (!HEX.test(hex)) return {error: `invalid URL escape ${JSON.stringify(text.slice(i, i + 3))}`};
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
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
export function parseTarget(target: string): GoTarget | undefined {
  // eslint-disable-next-line no-control-regex -- net/url refuses ASCII control characters in a URL
  if (/[\u0000-\u001f\u007f]/.test(target) || !target.startsWith('/')) return undefined;
  const mark = target.indexOf('?');
  const raw = mark < 0 ? target : target.slice(0, mark);
  const rawQuery = mark < 0 ? '' : target.slice(mark + 1);
  const path = pathUnescape(raw);
  if (typeof path !== 'string') return undefined;
  const routePath = escapePath(path) === raw ? path : raw;
  return {path, routePath, query: new URLSearchParams(rawQuery), rawQuery};
}
