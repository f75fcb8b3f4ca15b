/**
 * JSON as Go's encoding/json writes it: a struct's fields in their order (here: a plain object's key
 * order), a map's keys sorted (a `GoMap`), strings with `<`, `>`, `&`, U+2028 and U+2029 escaped, and
 * MarshalIndent's layout. The release hashes what it marshals (pkg/appbundle), so the bytes matter.
 */

/** A Go map: encoded with its keys in sorted order. */
export class GoMap {
  constructor(readonly entries: Record<string, unknown>) {}
}

/** An object whose keys keep the order given (JavaScript would put keys like "10" first). */
export class Ordered {
  constructor(readonly entries: [string, unknown][]) {}
}

/**
 * A JSON value as PostgreSQL's jsonb gives it back: each object's keys shortest first, then in byte order,
 * a key given twice kept once (the last).
 */
export function jsonbValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbValue);
  if (!value || typeof value !== 'object') return value;
  const bytes = (key: string) => new TextEncoder().encode(key);
  const compare = (a: string, b: string) => {
    const [x, y] = [bytes(a), bytes(b)];
    if (x.length !== y.length) return x.length - y.length;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  };
  const keys = Object.keys(value).sort(compare);
  return new Ordered(keys.map((key) => [key, jsonbValue((value as Record<string, unknown>)[key])]));
}

/** A JSON number as PostgreSQL's numeric writes it: never with an exponent. */
function numericText(n: number): string {
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, first, rest = '', exponent] = match;
  const digits = first + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return sign + digits.padEnd(point, '0');
}

/**
 * A JSON value as PostgreSQL writes a jsonb as text (what `->>` gives for an object or an array): jsonb's key
 * order, `": "` and `", "` between items (jsonb.c, JsonbToCStringWorker), strings escaped by escape_json (json.c:
 * `"`, `\` and the control characters only). The release's export writes this text into the Parquet cell.
 */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return numericText(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    const named: Record<string, string> = {
      '\b': '\\b',
      '\f': '\\f',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
      '"': '\\"',
      '\\': '\\\\',
    };
    // eslint-disable-next-line no-control-regex
    return `"${value.replace(/["\\\u0000-\u001f]/g, (c) => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  const keys = (jsonbValue(value) as Ordered).entries.map(([key]) => key);
  return `{${keys.map((key) => `${jsonbText(key)}: ${jsonbText((value as Record<string, unknown>)[key])}`).join(', ')}}`;
}

/** JSON text kept as it was sent (json.RawMessage): written compacted, with `<`, `>` and `&` escaped. */
export class RawText {
  constructor(readonly text: string) {}
}

function compact(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') out += c + text[++i];
      else {
        if (c === '"') inString = false;
        out += /[<>&\u2028\u2029]/.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c;
      }
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!/[ \t\n\r]/.test(c)) out += c;
  }
  return out;
}

/** A value decoded from JSON into Go's `any`: every object a map. */
export function asGoMap(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asGoMap);
  if (value && typeof value === 'object' && !(value instanceof GoMap))
    return new GoMap(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asGoMap(v)])));
  return value;
}

const SHORT: Record<string, string> = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t'};

/** A lone surrogate: a byte of a Go string that is not UTF-8, as goText keeps it (see go/url.ts). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function goString(text: string): string {
  const escaped = text.replace(
    // eslint-disable-next-line no-control-regex -- Go escapes every control character, and these for HTML
    /["\\\u0000-\u001f<>&\u2028\u2029]/g,
    (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // encoding/json writes each byte that is not UTF-8 as the escape \ufffd.
  return `"${escaped.replace(LONE_SURROGATE, '\\ufffd')}"`;
}

/** Go's float64 formatting: the shortest text that reads back the same, with an exponent below 1e-6 and from 1e21. */
const goNumber = (n: number) => (Object.is(n, -0) ? '-0' : String(n));

/** json.Marshal of `value`. */
export function goMarshal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goString(value);
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Uint8Array) {
    // A []byte is written as base64.
    let binary = '';
    for (const byte of value) binary += String.fromCharCode(byte);
    return `"${btoa(binary)}"`;
  }
  if (Array.isArray(value)) return `[${value.map(goMarshal).join(',')}]`;
  if (value instanceof RawText) return compact(value.text);
  if (value instanceof Ordered) return `{${value.entries.map(([k, v]) => `${goString(k)}:${goMarshal(v)}`).join(',')}}`;
  if (value instanceof GoMap) {
    const keys = Object.keys(value.entries).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${goString(k)}:${goMarshal(value.entries[k])}`).join(',')}}`;
  }
  // A plain object is a struct; a field left undefined is one the struct omits (omitempty).
  return `{${Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${goString(k)}:${goMarshal(v)}`)
    .join(',')}}`;
}

/** json.MarshalIndent(value, "", "  "). */
export function goMarshalIndent(value: unknown): string {
  const compact = goMarshal(value);
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < compact.length; i++) {
    const c = compact[i];
    if (inString) {
      out += c;
      if (c === '\\') out += compact[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if ((c === '{' || c === '[') && (compact[i + 1] === '}' || compact[i + 1] === ']')) {
      out += c + compact[++i];
      continue;
    }
    if (c === '{' || c === '[') {
      depth++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') out += `,${newline()}`;
    else if (c === ':') out += ': ';
    else out += c;
  }
  return out;
}
