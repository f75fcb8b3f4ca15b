/**
 * How Go's `json.NewDecoder(body).Decode(&request)` reads the first JSON value of a request body, with the
 * error texts of encoding/json: the release's handlers send those texts back in a 400's `error` field
 * ("unexpected EOF", "invalid character '}' looking for beginning of value"). Written from the behaviour
 * of encoding/json, checked against Go's own answers (packages/synkronus-mock/tests/fixtures/go-json/cases.json).
 *
 * The decoder reads one value and ignores what follows it; an empty body is `EOF`, a value cut short is
 * `unexpected EOF`. Strings are decoded as Go decodes them: an invalid UTF-8 byte or a lone surrogate
 * escape becomes U+FFFD.
 */

/** A JSON value as read, with its source bytes (a json.RawMessage keeps them). */
export type JsonNode =
  | {kind: 'object'; entries: [string, JsonNode][]; start: number; end: number}
  | {kind: 'array'; items: JsonNode[]; start: number; end: number}
  | {kind: 'string'; value: string; start: number; end: number}
  | {kind: 'number'; text: string; start: number; end: number}
  | {kind: 'true' | 'false' | 'null'; start: number; end: number};

export type Scanned = {node: JsonNode} | {error: string};

class ScanError extends Error {}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

const ESCAPED: Record<number, string> = {
  7: '\\a',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
  92: '\\\\',
};

/** One byte as encoding/json quotes it in a syntax error: `'x'`, `'\n'`, `'\x00'`, `'ï'` (the byte as a rune). */
export function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  let text: string;
  if (ESCAPED[c]) text = ESCAPED[c];
  else if (c < 0x20 || c === 0x7f) text = `\\x${c.toString(16).padStart(2, '0')}`;
  // C1 controls, the no-break space and the soft hyphen are not printable to strconv.Quote.
  else if ((c >= 0x80 && c <= 0x9f) || c === 0xa0 || c === 0xad) text = `\\u${c.toString(16).padStart(4, '0')}`;
  else text = String.fromCharCode(c);
  return `'${text}'`;
}

/**
 * Go's decoding of UTF-8 bytes: each byte that does not start a valid sequence becomes U+FFFD on its own, or
 * what `invalid` makes of it.
 */
export function goUtf8(
  bytes: Uint8Array,
  from = 0,
  to = bytes.length,
  invalid: (byte: number) => string = () => '\ufffd',
): string {
  let out = '';
  let i = from;
  while (i < to) {
    const b = bytes[i];
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    const size = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b <= 0xdf ? 2 : 0;
    let cp = size === 4 ? b & 0x07 : size === 3 ? b & 0x0f : b & 0x1f;
    let valid = size > 0 && i + size <= to;
    for (let k = 1; valid && k < size; k++) {
      const next = bytes[i + k];
      if ((next & 0xc0) !== 0x80) valid = false;
      cp = (cp << 6) | (next & 0x3f);
    }
    const min = size === 4 ? 0x10000 : size === 3 ? 0x800 : 0x80;
    if (!valid || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      out += invalid(b);
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += size;
  }
  return out;
}

class Scanner {
  i = 0;
  constructor(readonly b: Uint8Array) {}

  fail(c: number, context: string): never {
    throw new ScanError(`invalid character ${quoteChar(c)} ${context}`);
  }

  /** The next byte, or the end of the body in the middle of a value. */
  peek(): number {
    if (this.i >= this.b.length) throw new ScanError('unexpected EOF');
    return this.b[this.i];
  }

  skipSpace() {
    while (this.i < this.b.length && isSpace(this.b[this.i])) this.i++;
  }

  value(context = 'looking for beginning of value'): JsonNode {
    this.skipSpace();
    const start = this.i;
    const c = this.peek();
    if (c === 0x7b) return this.object(start);
    if (c === 0x5b) return this.array(start);
    if (c === 0x22) return {kind: 'string', value: this.string(), start, end: this.i};
    if (c === 0x2d || isDigit(c)) return {kind: 'number', text: this.number(), start, end: this.i};
    for (const word of ['true', 'false', 'null'] as const) {
      if (c !== word.charCodeAt(0)) continue;
      this.i++;
      for (let k = 1; k < word.length; k++) {
        const next = this.peek();
        if (next !== word.charCodeAt(k)) this.fail(next, `in literal ${word} (expecting '${word[k]}')`);
        this.i++;
      }
      return {kind: word, start, end: this.i};
    }
    return this.fail(c, context);
  }

  object(start: number): JsonNode {
    this.i++;
    const entries: [string, JsonNode][] = [];
    this.skipSpace();
    if (this.peek() === 0x7d) {
      this.i++;
      return {kind: 'object', entries, start, end: this.i};
    }
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c !== 0x22) this.fail(c, 'looking for beginning of object key string');
      const key = this.string();
      this.skipSpace();
      const colon = this.peek();
      if (colon !== 0x3a) this.fail(colon, 'after object key');
      this.i++;
      entries.push([key, this.value()]);
      this.skipSpace();
      const next = this.peek();
      this.i++;
      if (next === 0x7d) return {kind: 'object', entries, start, end: this.i};
      if (next !== 0x2c) this.fail(next, 'after object key:value pair');
    }
  }

  array(start: number): JsonNode {
    this.i++;
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.peek() === 0x5d) {
      this.i++;
      return {kind: 'array', items, start, end: this.i};
    }
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      const next = this.peek();
      this.i++;
      if (next === 0x5d) return {kind: 'array', items, start, end: this.i};
      if (next !== 0x2c) this.fail(next, 'after array element');
    }
  }

  /** A string literal, checked byte by byte, then decoded as Go does. */
  string(): string {
    const open = ++this.i;
    for (;;) {
      const c = this.peek();
      this.i++;
      if (c === 0x22) break;
      if (c < 0x20) this.fail(c, 'in string literal');
      if (c !== 0x5c) continue;
      const e = this.peek();
      this.i++;
      if (e === 0x75) {
        for (let k = 0; k < 4; k++) {
          const h = this.peek();
          if (!isHex(h)) this.fail(h, 'in \\u hexadecimal character escape');
          this.i++;
        }
      } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) this.fail(e, 'in string escape code');
    }
    return unquote(this.b, open, this.i - 1);
  }

  number(): string {
    const start = this.i;
    if (this.b[this.i] === 0x2d) {
      this.i++;
      const c = this.peek();
      if (!isDigit(c)) this.fail(c, 'in numeric literal');
    }
    if (this.b[this.i] === 0x30) this.i++;
    else while (this.i < this.b.length && isDigit(this.b[this.i])) this.i++;
    if (this.i < this.b.length && this.b[this.i] === 0x2e) {
      this.i++;
      const c = this.peek();
      if (!isDigit(c)) this.fail(c, 'after decimal point in numeric literal');
      while (this.i < this.b.length && isDigit(this.b[this.i])) this.i++;
    }
    if (this.i < this.b.length && (this.b[this.i] === 0x65 || this.b[this.i] === 0x45)) {
      this.i++;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.i++;
      const c = this.peek();
      if (!isDigit(c)) this.fail(c, 'in exponent of numeric literal');
      while (this.i < this.b.length && isDigit(this.b[this.i])) this.i++;
    }
    return String.fromCharCode(...this.b.subarray(start, this.i));
  }
}

/** The content of a string literal (between its quotes), escapes resolved and bad UTF-8 replaced. */
function unquote(b: Uint8Array, from: number, to: number): string {
  let out = '';
  let run = from;
  const hex = (at: number) => parseInt(String.fromCharCode(...b.subarray(at, at + 4)), 16);
  for (let i = from; i < to;) {
    if (b[i] !== 0x5c) {
      i++;
      continue;
    }
    out += goUtf8(b, run, i);
    const e = b[i + 1];
    if (e !== 0x75) {
      out +=
        ({0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t'} as Record<number, string>)[e] ??
        String.fromCharCode(e);
      i += 2;
    } else {
      const first = hex(i + 2);
      i += 6;
      if (first >= 0xd800 && first < 0xdc00 && b[i] === 0x5c && b[i + 1] === 0x75) {
        const second = hex(i + 2);
        if (second >= 0xdc00 && second < 0xe000) {
          out += String.fromCharCode(first, second);
          i += 6;
          run = i;
          continue;
        }
      }
      out += first >= 0xd800 && first < 0xe000 ? '\ufffd' : String.fromCharCode(first);
    }
    run = i;
  }
  return out + goUtf8(b, run, to);
}

/** The first JSON value of `body` as Go's Decoder reads it, or the error text Decode returns. */
export function scanJson(body: Uint8Array): Scanned {
  const scanner = new Scanner(body);
  scanner.skipSpace();
  if (scanner.i >= body.length) return {error: 'EOF'};
  try {
    return {node: scanner.value()};
  } catch (error) {
    if (error instanceof ScanError) return {error: error.message};
    throw error;
  }
}

/**
 * `json.Unmarshal`: the whole text must be one JSON value, with Unmarshal's words for what is wrong ("unexpected
 * end of JSON input", "invalid character 'x' after top-level value").
 */
export function scanJsonDocument(body: Uint8Array): Scanned {
  const scanner = new Scanner(body);
  try {
    const node = scanner.value();
    scanner.skipSpace();
    if (scanner.i < body.length) scanner.fail(body[scanner.i], 'after top-level value');
    return {node};
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    return {error: error.message === 'unexpected EOF' ? 'unexpected end of JSON input' : error.message};
  }
}
