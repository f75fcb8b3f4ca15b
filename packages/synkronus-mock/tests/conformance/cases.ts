/**
 * The shape of a conformance case: one expectation of a Go test of the Synkronus server, ported to HTTP
 * requests sent to the engine's release dialect over a real socket. Cases are data; the runner is
 * packages/synkronus-mock/tests/synkronus-conformance.spec.ts.
 */
import type {RuleId} from '../../src';

/**
 * Whose token a request carries: a seeded user's (logged in just before the request), none, a string the
 * server cannot parse as a token, or a seeded user's token whose lifetime has passed.
 */
export type As = 'admin' | 'fieldworker' | 'viewer' | 'none' | 'not-a-token' | 'expired';

export type Send = {
  method: string;
  /** As sent on the wire; `{{name}}` is replaced by what an earlier step kept, `{{host}}` by the server's host. */
  path: string;
  as?: As;
  headers?: Record<string, string>;
  /** The body, byte for byte as the Go test's `json.Marshal` writes it, sent as `application/json`. */
  json?: string;
  /** A multipart form: an app bundle (a ZIP of these files) in the part `bundle`, or a file in the part `file`. */
  bundle?: Record<string, string>;
  file?: string;
};

/** A check of one value of a JSON answer, with what it says for the failure message. */
export type Matcher = {says: string; ok: (value: unknown, kept: Record<string, string>) => boolean};

export type Expect = {
  status: number;
  /** The Content-Type header, exactly. */
  contentType?: string;
  /** Header values exactly, or `null` for a header that must be absent. */
  headers?: Record<string, string | null>;
  /** Headers that must be there, whatever their value. */
  has?: string[];
  /** The whole body. */
  text?: string;
  /** Texts the body contains (Go's `assert.Contains`). */
  contains?: string[];
  /** Checks of top-level fields of a JSON body (Go's field assertions after decoding). */
  json?: Record<string, Matcher>;
  /** The first bytes of the body, as Latin-1 text (a ZIP's signature). */
  startsWith?: string;
};

export type Step = {
  /** Makes the database unreachable before the request, as a failing service of the Go test's mock. */
  database?: 'down';
  send: Send;
  expect: Expect;
  /** Values of the answer kept for later steps: a header (`header:etag`) or a JSON field (`json:manifest.version`). */
  keep?: Record<string, `header:${string}` | `json:${string}`>;
};

export type ConformanceCase = {
  /** The Go test as `go test -run` names it (spaces of subtest names become underscores). */
  test: string;
  /** The file and line of the expectation at the tag, from the module root `synkronus/`. */
  at: string;
  /** Where the server's own code does otherwise than its test: the Known issues entry that says so. */
  entry?: RuleId;
  /** How the test's mock state or values map to the release's (its mocks accept what the server refuses). */
  mapped?: string;
  /** Starts from an empty database, as the tests that use `sync.SetupTestDatabase` do. */
  empty?: boolean;
  steps: Step[];
};

/** A case that cannot be ported to HTTP requests, and why. */
export type Unportable = {test: string; at: string; why: string};

export const nonEmpty: Matcher = {
  says: 'non-empty',
  ok: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && v !== 0),
};
export const present: Matcher = {says: 'present', ok: (v) => v !== undefined};
export const atLeast = (n: number): Matcher => ({says: `a number >= ${n}`, ok: (v) => typeof v === 'number' && v >= n});
export const equals = (expected: unknown): Matcher => ({
  says: JSON.stringify(expected),
  ok: (v) => JSON.stringify(v) === JSON.stringify(expected),
});
export const length = (n: number): Matcher => ({says: `a list of ${n}`, ok: (v) => Array.isArray(v) && v.length === n});
export const atLeastItems = (n: number): Matcher => ({
  says: `a list of ${n} or more`,
  ok: (v) => Array.isArray(v) && v.length >= n,
});
export const greaterThanKept = (name: string): Matcher => ({
  says: `greater than the kept ${name}`,
  ok: (v, kept) => typeof v === 'number' && v > Number(kept[name]),
});
export const listWith = (field: string, value: unknown): Matcher => ({
  says: `a list with an item whose ${field} is ${JSON.stringify(value)}`,
  ok: (v) => Array.isArray(v) && v.some((item) => (item as Record<string, unknown>)?.[field] === value),
});
export const everyItem = (field: string, value: unknown): Matcher => ({
  says: `a non-empty list whose items all have ${field} ${JSON.stringify(value)}`,
  ok: (v) =>
    Array.isArray(v) && v.length > 0 && v.every((item) => (item as Record<string, unknown>)?.[field] === value),
});
