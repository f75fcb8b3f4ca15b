/**
 * The shapes the engine's parts share: what a behaviour receives (a Call) and gives back (an Answer),
 * and the dialects.
 */
import type {ContractOperation} from './contract';
import type {OperationId} from './operations';
import type {RuleId} from './rules';
import type {Store} from './store';
import type {SchemaValidator} from './validate';

export type DialectName = 'description' | 'v1.0.0-alpha.6';
export const DIALECTS: readonly DialectName[] = ['description', 'v1.0.0-alpha.6'];
/** The dialect of the release the site documents: the console's default. */
export const DEFAULT_DIALECT: DialectName = 'v1.0.0-alpha.6';

/**
 * What the engine answers. `body` is JSON, `text` a plain-text body, `bytes` a binary one.
 * `reason` is the engine's own explanation of an error (sent in the `X-Synkronus-Reason` header, never
 * as the server's words); `unspecified` marks an answer the description does not determine.
 */
export type Answer = {
  status: number;
  body?: unknown;
  text?: string;
  bytes?: Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  reason?: string;
  unspecified?: string;
  /** A limit of this engine (not of either dialect): the request is larger or deeper than it holds. */
  limit?: string;
};

/** An error the server at the tag sends, with its texts as its handlers write them (handlers/common.go). */
export type ReleaseError = {error?: string; message: string};

export type Call = {
  op: ContractOperation;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, when the operation takes one. */
  body: unknown;
  form?: FormData;
  /** The user of the bearer token. */
  user?: {username: string; role: string};
  store: Store;
  dialect: DialectName;
  /** Whether rule `id` applies in this dialect; when it does, the answer names it. */
  when: (id: RuleId) => boolean;
  /** An error: the description dialect says only its status; the release dialect sends `release` when given. */
  fail: (status: number, reason: string, release?: ReleaseError) => Answer;
  /** An answer the description leaves open (the description dialect's answer where it is silent). */
  unspecified: (what: string, status?: number) => Answer;
  /** Checks a value against a contract schema. */
  validate: SchemaValidator;
  /** The description's version (`info.version`). */
  apiVersion: string;
  now: () => number;
};

export type Behaviour = (call: Call) => Answer | Promise<Answer>;
export type Behaviours = Record<OperationId, Behaviour>;
