/**
 * How the release's handlers read a multipart body: net/http's `ParseMultipartForm` and `FormFile`
 * (net/http/request.go), mime/multipart's Reader and ReadForm, net/textproto's part headers and
 * mime/quotedprintable, with their error texts, which the handlers send back in the 400's `error` field
 * ("multipart: NextPart: EOF", "unexpected EOF", `malformed MIME header: missing colon: "Content-Type"`).
 * Written from Go 1.19's sources and checked against the server built with it; the body is whole in memory, so
 * the reader's buffering only shows where Go's does: a line longer than its 4096-byte buffer.
 *
 * Bytes are handled as byte strings, one char per byte.
 */
import {goUtf8} from './json-scan';
import {parseMediaType} from './mime';

export type GoFile = {filename: string; contentType: string; bytes: Uint8Array};
export type GoForm = {values: Map<string, string[]>; files: Map<string, GoFile[]>};

/** ErrNotMultipart and ErrMissingBoundary (net/http/request.go). */
export const NOT_MULTIPART = "request Content-Type isn't multipart/form-data";
const MISSING_BOUNDARY = 'no multipart boundary param in Content-Type';
/** ErrMessageTooLarge: more than 1,000 parts or 10,000 part headers. */
const TOO_LARGE = 'multipart: message too large';
/** ErrMissingFile, FormFile's error for a field that holds no file. */
export const NO_SUCH_FILE = 'http: no such file';
/** bufio's buffer of the multipart reader (peekBufferSize). */
const BUFFER_SIZE = 4096;
const MAX_PARTS = 1000;
const MAX_HEADERS = 10000;

class GoError extends Error {}

const isPrintable = (char: string) => char === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(char);
const QUOTE_ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

/** strconv.Quote of bytes (fmt's %q): invalid UTF-8 bytes as `\xNN`, runes it cannot print escaped. */
export function goQuote(bytes: string): string {
  let out = '"';
  const raw = Uint8Array.from(bytes, (c) => c.charCodeAt(0));
  let i = 0;
  while (i < raw.length) {
    const b = raw[i];
    let size = 1;
    if (b >= 0x80) {
      size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      const rune = goUtf8(raw, i, Math.min(i + size, raw.length));
      if (b < 0xc2 || b > 0xf4 || i + size > raw.length || rune.includes('\ufffd')) {
        out += `\\x${b.toString(16).padStart(2, '0')}`;
        i++;
        continue;
      }
      const cp = rune.codePointAt(0)!;
      out += isPrintable(rune)
        ? rune
        : cp > 0xffff
          ? `\\U${cp.toString(16).padStart(8, '0')}`
          : `\\u${cp.toString(16).padStart(4, '0')}`;
      i += size;
      continue;
    }
    const c = String.fromCharCode(b);
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (QUOTE_ESCAPES[c]) out += QUOTE_ESCAPES[c];
    else if (b < 0x20 || b === 0x7f) out += `\\x${b.toString(16).padStart(2, '0')}`;
    else out += c;
    i += size;
  }
  return `${out}"`;
}

const isTokenByte = (c: string) => c > ' ' && c < '\x7f' && !'()<>@,;:\\"/[]?={}'.includes(c);

/** textproto's canonicalMIMEHeaderKey: a key with a byte outside a token is kept as it is. */
function canonicalKey(key: string): string {
  if (![...key].every(isTokenByte)) return key;
  let upper = true;
  let out = '';
  for (const c of key) {
    out += upper ? c.toUpperCase() : c.toLowerCase();
    upper = c === '-';
  }
  return out;
}

/** textproto's trim: ASCII spaces at both ends. */
const trimSpace = (text: string) => text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

class Reader {
  pos = 0;
  partsRead = 0;
  nl = '\r\n';
  headersLeft = MAX_HEADERS;

  constructor(
    readonly data: string,
    readonly boundary: string,
  ) {}

  get nlDashBoundary() {
    return `${this.nl}--${this.boundary}`;
  }

  /** bufio.Reader.ReadSlice('\n'): the line and whether it ended without a newline (EOF). */
  private readSlice(): {line: string; eof: boolean} {
    const end = this.data.indexOf('\n', this.pos);
    if (end < 0 || end - this.pos >= BUFFER_SIZE) {
      if (this.data.length - this.pos > BUFFER_SIZE) throw new GoError('multipart: NextPart: bufio: buffer full');
      const line = this.data.slice(this.pos);
      this.pos = this.data.length;
      return {line, eof: true};
    }
    const line = this.data.slice(this.pos, end + 1);
    this.pos = end + 1;
    return {line, eof: false};
  }

  /** bufio.Reader.ReadLine as textproto reads it: the line without its `\n` or `\r\n`, undefined at EOF. */
  private readLine(): string | undefined {
    if (this.pos >= this.data.length) return undefined;
    const end = this.data.indexOf('\n', this.pos);
    const stop = end < 0 ? this.data.length : end;
    let line = this.data.slice(this.pos, stop);
    this.pos = end < 0 ? this.data.length : end + 1;
    if (end >= 0 && line.endsWith('\r')) line = line.slice(0, -1);
    return line;
  }

  private isFinalBoundary(line: string) {
    const prefix = `--${this.boundary}--`;
    if (!line.startsWith(prefix)) return false;
    const rest = line.slice(prefix.length).replace(/^[ \t]+/, '');
    return rest === '' || rest === this.nl;
  }

  private isBoundaryDelimiterLine(line: string) {
    const prefix = `--${this.boundary}`;
    if (!line.startsWith(prefix)) return false;
    const rest = line.slice(prefix.length).replace(/^[ \t]+/, '');
    // The first boundary line ending in a bare `\n` switches the reader to `\n` line ends.
    if (this.partsRead === 0 && rest === '\n') this.nl = '\n';
    return rest === this.nl;
  }

  /** Reader.NextPart: the part's headers, or undefined at the end of the form (io.EOF). */
  nextPart(): Map<string, string[]> | undefined {
    if (this.boundary === '') throw new GoError('multipart: boundary is empty');
    let expectNewPart = false;
    for (;;) {
      const {line, eof} = this.readSlice();
      if (eof && this.isFinalBoundary(line)) return undefined;
      if (eof) throw new GoError('multipart: NextPart: EOF');
      if (this.isBoundaryDelimiterLine(line)) {
        this.partsRead++;
        return this.readHeaders();
      }
      if (this.isFinalBoundary(line)) return undefined;
      if (expectNewPart) throw new GoError(`multipart: expecting a new Part; got line ${goQuote(line)}`);
      if (this.partsRead === 0) continue;
      if (line === this.nl) {
        expectNewPart = true;
        continue;
      }
      throw new GoError(`multipart: unexpected line in Next(): ${goQuote(line)}`);
    }
  }

  /** textproto's readMIMEHeader; at EOF the part, and the form, end (NextPart returns io.EOF). */
  private readHeaders(): Map<string, string[]> | undefined {
    const headers = new Map<string, string[]>();
    const first = this.data[this.pos];
    if (first === ' ' || first === '\t') {
      const line = this.readLine();
      if (line === undefined) return undefined;
      throw new GoError(`malformed MIME header initial line: ${line}`);
    }
    for (;;) {
      const line = this.readLine();
      if (line === undefined) return undefined;
      if (line === '') return headers;
      if (!line.includes(':')) throw new GoError(`malformed MIME header: missing colon: ${goQuote(line)}`);
      let kv = trimSpace(line);
      // Continuation lines start with a space or a tab.
      while (this.data[this.pos] === ' ' || this.data[this.pos] === '\t') {
        while (this.data[this.pos] === ' ' || this.data[this.pos] === '\t') this.pos++;
        const next = this.readLine();
        if (next === undefined) break;
        kv += ` ${trimSpace(next)}`;
      }
      const colon = kv.indexOf(':');
      const key = canonicalKey(kv.slice(0, colon));
      if (key === '') continue;
      if (--this.headersLeft < 0) throw new GoError(TOO_LARGE);
      headers.set(key, [...(headers.get(key) ?? []), kv.slice(colon + 1).replace(/^[ \t]+/, '')]);
    }
  }

  /**
   * The part's body up to the next boundary (scanUntilBoundary and matchAfterPrefix with the whole body read):
   * `--boundary` right after the headers ends it empty; a body that reaches the end of the data is cut short.
   */
  readBody(): {body: string; error?: string} {
    const start = this.pos;
    const dashBoundary = `--${this.boundary}`;
    const ends = (at: number, prefix: string) => {
      const c = this.data[at + prefix.length];
      if (c === undefined || c === ' ' || c === '\t' || c === '\r' || c === '\n') return true;
      return c === '-' && this.data[at + prefix.length + 1] === '-';
    };
    if (this.data.startsWith(dashBoundary, start) && ends(start, dashBoundary)) return {body: ''};
    let from = start + (this.data.startsWith(dashBoundary, start) ? dashBoundary.length : 0);
    for (;;) {
      const at = this.data.indexOf(this.nlDashBoundary, from);
      if (at < 0) {
        this.pos = this.data.length;
        return {body: this.data.slice(start), error: 'unexpected EOF'};
      }
      if (ends(at, this.nlDashBoundary)) {
        this.pos = at;
        return {body: this.data.slice(start, at)};
      }
      from = at + this.nlDashBoundary.length;
    }
  }
}

/** mime/quotedprintable's Reader over a part's body; `end` is the error the raw body ended with. */
function quotedPrintable(raw: string, end?: string): {body: string; error?: string} {
  let out = '';
  let pos = 0;
  for (;;) {
    if (pos >= raw.length) return {body: out, error: end};
    const newline = raw.indexOf('\n', pos);
    const whole = newline < 0 ? raw.slice(pos) : raw.slice(pos, newline + 1);
    const atEnd = newline < 0;
    pos += whole.length;
    let line = whole.replace(/[ \t\r\n]+$/, '');
    let error: string | undefined;
    if (line.endsWith('=')) {
      const stripped = whole.slice(line.length);
      line = line.slice(0, -1);
      if (
        !stripped.startsWith('\n') &&
        !stripped.startsWith('\r\n') &&
        !(stripped === '' && line.length > 0 && atEnd && !end)
      )
        error = `quotedprintable: invalid bytes after =: ${goQuote(stripped)}`;
    } else if (whole.endsWith('\n')) line += whole.endsWith('\r\n') ? '\r\n' : '\n';
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '=') {
        const hex = line.slice(i + 1, i + 3);
        if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
          out += String.fromCharCode(parseInt(hex, 16));
          i += 2;
          continue;
        }
        if (line.length - i >= 2 && line[i + 1] !== '\r' && line[i + 1] !== '\n') {
          out += '=';
          continue;
        }
        if (hex.length < 2) return {body: out, error: 'unexpected EOF'};
        const bad = /^[0-9A-Fa-f]/.test(hex) ? hex[1] : hex[0];
        return {
          body: out,
          error: `quotedprintable: invalid hex byte 0x${bad.charCodeAt(0).toString(16).padStart(2, '0')}`,
        };
      }
      const code = c.charCodeAt(0);
      if (c !== '\t' && c !== '\r' && c !== '\n' && code < 0x80 && (code < 0x20 || code > 0x7e))
        return {
          body: out,
          error: `quotedprintable: invalid unescaped byte 0x${code.toString(16).padStart(2, '0')} in body`,
        };
      out += c;
    }
    if (error) return {body: out, error};
    if (atEnd) return {body: out, error: end};
  }
}

/** path/filepath.Base. */
function base(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

const toBytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/**
 * `r.ParseMultipartForm(32 << 20)` on a request with this Content-Type and body: the form, or net/http's
 * error text. `queryError` is what ParseForm found in the URL's query: Go returns it once the form is read.
 */
export function parseMultipartForm(
  contentType: string,
  body: Uint8Array,
  queryError?: string,
): GoForm | {error: string} {
  if (contentType === '') return {error: NOT_MULTIPART};
  const media = parseMediaType(contentType);
  if ('error' in media || media.mediatype !== 'multipart/form-data') return {error: NOT_MULTIPART};
  const boundary = media.params.get('boundary');
  if (boundary === undefined) return {error: MISSING_BOUNDARY};
  const reader = new Reader(byteString(body), boundary);
  const form: GoForm = {values: new Map(), files: new Map()};
  let partsLeft = MAX_PARTS;
  try {
    for (;;) {
      const headers = reader.nextPart();
      if (!headers) break;
      if (partsLeft-- <= 0) throw new GoError(TOO_LARGE);
      const raw = reader.readBody();
      const encoding = headers.get('Content-Transfer-Encoding')?.[0] ?? '';
      const read = encoding.toLowerCase() === 'quoted-printable' ? quotedPrintable(raw.body, raw.error) : raw;
      const disposition = parseMediaType(headers.get('Content-Disposition')?.[0] ?? '');
      const params = 'error' in disposition ? new Map<string, string>() : disposition.params;
      const name = 'error' in disposition || disposition.mediatype !== 'form-data' ? '' : (params.get('name') ?? '');
      // A part with no name is closed unread: an error reading it is dropped.
      if (name === '') continue;
      if (read.error) throw new GoError(read.error);
      const filename = params.get('filename') ?? '';
      if (filename === '') {
        form.values.set(name, [...(form.values.get(name) ?? []), goUtf8(toBytes(read.body))]);
        continue;
      }
      for (const values of headers.values()) reader.headersLeft -= values.length;
      const file = {
        filename: goUtf8(toBytes(base(filename))),
        contentType: headers.get('Content-Type')?.[0] ?? '',
        bytes: toBytes(read.body),
      };
      form.files.set(name, [...(form.files.get(name) ?? []), file]);
    }
  } catch (error) {
    if (error instanceof GoError) return {error: error.message};
    throw error;
  }
  return queryError ? {error: queryError} : form;
}

/** The bytes as a byte string, in slices small enough to spread into String.fromCharCode. */
function byteString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/**
 * The error ParseForm finds in the URL's query (net/url parseQuery): an escape QueryUnescape cannot read, or a
 * `;`, which Go 1.17 and later refuse as a separator.
 */
export function queryError(rawQuery: string): string | undefined {
  let error: string | undefined;
  for (const pair of rawQuery.split('&')) {
    if (pair.includes(';')) {
      error = 'invalid semicolon separator in query';
      continue;
    }
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    for (const part of equals < 0 ? [pair] : [pair.slice(0, equals), pair.slice(equals + 1)]) {
      const bad = /%(?![0-9A-Fa-f]{2})/.exec(part);
      if (bad) {
        error ??= `invalid URL escape ${goQuote(part.slice(bad.index, bad.index + 3))}`;
        break;
      }
    }
  }
  return error;
}
