/**
 * Go's mime.ParseMediaType (Go 1.19, mime/mediatype.go), as net/http reads a request's Content-Type and
 * mime/multipart a part's Content-Disposition. Values are byte strings (one char per byte, as a header reaches
 * the engine), so the token and space tests are Go's byte tests: a byte over 0x7f is never a token or a space.
 */

export type MediaType = {mediatype: string; params: Map<string, string>} | {error: string};

const TSPECIALS = '()<>@,;:\\"/[]?=';
const isTokenChar = (c: string) => c > ' ' && c < '\x7f' && !TSPECIALS.includes(c);
// unicode.IsSpace on the ASCII range; a lone byte over 0x7f decodes to U+FFFD, which is not a space.
const trimLeftSpace = (text: string) => text.replace(/^[\t\n\v\f\r ]+/, '');
const trimSpace = (text: string) => trimLeftSpace(text).replace(/[\t\n\v\f\r ]+$/, '');

function consumeToken(v: string): [string, string] {
  let i = 0;
  while (i < v.length && isTokenChar(v[i])) i++;
  return [v.slice(0, i), v.slice(i)];
}

function consumeValue(v: string): [string, string] {
  if (v === '') return ['', ''];
  if (v[0] !== '"') return consumeToken(v);
  let out = '';
  for (let i = 1; i < v.length; i++) {
    const c = v[i];
    if (c === '"') return [out, v.slice(i + 1)];
    if (c === '\\' && i + 1 < v.length && TSPECIALS.includes(v[i + 1])) {
      out += v[++i];
      continue;
    }
    if (c === '\r' || c === '\n') return ['', v];
    out += c;
  }
  return ['', v];
}

function consumeMediaParam(v: string): [string, string, string] {
  let rest = trimLeftSpace(v);
  if (!rest.startsWith(';')) return ['', '', v];
  rest = trimLeftSpace(rest.slice(1));
  let param: string;
  [param, rest] = consumeToken(rest);
  param = param.toLowerCase();
  if (param === '') return ['', '', v];
  rest = trimLeftSpace(rest);
  if (!rest.startsWith('=')) return ['', '', v];
  rest = trimLeftSpace(rest.slice(1));
  const [value, after] = consumeValue(rest);
  if (value === '' && after === rest) return ['', '', v];
  return [param, value, after];
}

function checkMediaTypeDisposition(s: string): string | undefined {
  const [type, rest] = consumeToken(s);
  if (type === '') return 'mime: no media type';
  if (rest === '') return undefined;
  if (!rest.startsWith('/')) return 'mime: expected slash after first token';
  const [subtype, after] = consumeToken(rest.slice(1));
  if (subtype === '') return 'mime: expected token after slash';
  if (after !== '') return 'mime: unexpected content after media subtype';
  return undefined;
}

/** mime's percentHexUnescape: undefined where a `%` is not followed by two hex digits. */
function percentHexUnescape(s: string): string | undefined {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '%') out += s[i];
    else if (/^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else return undefined;
  }
  return out;
}

/** RFC 2231's `charset'language'value`, for us-ascii and utf-8 only. */
function decode2231(v: string): string | undefined {
  const parts = v.split("'");
  if (parts.length < 3) return undefined;
  const charset = parts[0].toLowerCase();
  if (charset !== 'us-ascii' && charset !== 'utf-8') return undefined;
  return percentHexUnescape(parts.slice(2).join("'"));
}

export function parseMediaType(v: string): MediaType {
  const base = v.split(';')[0];
  const mediatype = trimSpace(base.toLowerCase());
  const invalid = checkMediaTypeDisposition(mediatype);
  if (invalid) return {error: invalid};
  const params = new Map<string, string>();
  const continuation = new Map<string, Map<string, string>>();
  let rest = v.slice(base.length);
  while (rest.length > 0) {
    rest = trimLeftSpace(rest);
    if (rest.length === 0) break;
    const [key, value, after] = consumeMediaParam(rest);
    if (key === '') {
      if (trimSpace(after) === ';') break;
      return {error: 'mime: invalid media parameter'};
    }
    let map = params;
    const star = key.indexOf('*');
    if (star >= 0) {
      const baseName = key.slice(0, star);
      if (!continuation.has(baseName)) continuation.set(baseName, new Map());
      map = continuation.get(baseName)!;
    }
    if (map.has(key)) return {error: 'mime: duplicate parameter name'};
    map.set(key, value);
    rest = after;
  }
  for (const [key, pieces] of continuation) {
    const single = pieces.get(`${key}*`);
    if (single !== undefined) {
      const decoded = decode2231(single);
      if (decoded !== undefined) params.set(key, decoded);
      continue;
    }
    let joined = '';
    let valid = false;
    for (let n = 0; ; n++) {
      const simple = pieces.get(`${key}*${n}`);
      if (simple !== undefined) {
        valid = true;
        joined += simple;
        continue;
      }
      const encoded = pieces.get(`${key}*${n}*`);
      if (encoded === undefined) break;
      valid = true;
      joined += (n === 0 ? decode2231(encoded) : percentHexUnescape(encoded)) ?? '';
    }
    if (valid) params.set(key, joined);
  }
  return {mediatype, params};
}
