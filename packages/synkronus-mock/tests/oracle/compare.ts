/**
 * Compares a replayed exchange with the recorded one: the status, the compared headers (names in any case, in any
 * order), and the body: JSON by structure (an export as its Parquet files read back, footer and rows), text as it
 * is, other bytes exactly.
 */
import {isDeepStrictEqual} from 'node:util';
import type {HarEntry} from './exchange';

export type Difference = {step: string; what: string; recorded: unknown; replayed: unknown};

/** Headers whose value is a list: one header or several, in any order, say the same. */
const LISTS = [
  'allow',
  'vary',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
];

/** The compared headers by lower-case name, a list's items (or a repeated header's values) in sorted order. */
function headersOf(entry: HarEntry): Record<string, string> {
  const byName: Record<string, string[]> = {};
  for (const {name, value} of entry.response.headers) {
    const key = name.toLowerCase();
    (byName[key] ??= []).push(...(LISTS.includes(key) ? value.split(',').map((v) => v.trim()) : [value]));
  }
  return Object.fromEntries(Object.entries(byName).map(([name, values]) => [name, values.sort().join(', ')]));
}

function bodyOf(entry: HarEntry): unknown {
  const {mimeType, text, encoding} = entry.response.content;
  if (encoding === 'base64') return {base64: text};
  if (/json|zip/.test(mimeType)) {
    try {
      return {json: JSON.parse(text) as unknown};
    } catch {
      return {text};
    }
  }
  return {text};
}

/** Where two JSON values first part: the paths of their differing leaves, at most `limit`. */
function partings(a: unknown, b: unknown, path = '', limit = 5, out: string[] = []): string[] {
  if (out.length >= limit || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys)
      partings((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`, limit, out);
    return out;
  }
  out.push(`${path || '/'}: ${JSON.stringify(a)?.slice(0, 160)} ≠ ${JSON.stringify(b)?.slice(0, 160)}`);
  return out;
}

export function differences(recorded: HarEntry, replayed: HarEntry): Difference[] {
  const step = recorded._step;
  const found: Difference[] = [];
  if (recorded.response.status !== replayed.response.status)
    found.push({step, what: 'status', recorded: recorded.response.status, replayed: replayed.response.status});
  const [a, b] = [headersOf(recorded), headersOf(replayed)];
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (a[name] !== b[name]) found.push({step, what: `header ${name}`, recorded: a[name], replayed: b[name]});
  const [x, y] = [bodyOf(recorded), bodyOf(replayed)];
  if (!isDeepStrictEqual(x, y)) found.push({step, what: 'body', recorded: x, replayed: partings(x, y)});
  return found;
}
