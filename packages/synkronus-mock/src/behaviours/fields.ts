/**
 * What behaviours share about the release's handlers: a required field left empty (the handlers test for
 * `""`, which is also what a missing field decodes to), and the text of an error that wraps the database
 * driver's, whose words depend on the deployment.
 */
import type {Call} from '../types';

/** Stands where a Go error ends with the database driver's own text. */
export const DRIVER_ERROR = '<the database driver\u2019s error>';

/** What PostgreSQL answers a text parameter that holds U+0000, before any row is read. */
export const NUL_REFUSED = 'pq: invalid byte sequence for encoding "UTF8": 0x00';

/** The JSON body as sent, where it is an object (to tell a field sent empty from one left out). */
function sentFields(call: Call): Record<string, unknown> {
  try {
    const value = JSON.parse(call.rawJson ?? '') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The first of `names` whose decoded value is empty, in the release; undefined in the description dialect,
 * whose schema has already refused a missing field and takes an empty one. Where a field was sent as `""`,
 * the description would have taken it: the answer names the rule.
 */
export function emptyField(call: Call, ...names: string[]): string | undefined {
  if (!call.has('empty-fields-refused')) return undefined;
  const body = call.body as Record<string, unknown>;
  const empty = names.find((name) => body[name] === '');
  if (empty === undefined) return undefined;
  const sent = sentFields(call);
  const key = Object.keys(sent).find((k) => k.toLowerCase() === empty.toLowerCase());
  if (key !== undefined && sent[key] === '') call.when('empty-fields-refused');
  return empty;
}
