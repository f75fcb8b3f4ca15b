/**
 * The shapes the engine's parts share: what a behaviour receives (a Call) and gives back (an Answer).
 */
import type {ContractOperation} from './contract';
import type {Dialect} from './dialects';
import type {OperationId} from './operations';
import type {Release, RuleId} from './releases';
import type {ReleaseText, TextName} from './releases';
import type {Store} from './store';
import type {SchemaValidator} from './validate';

export type {DialectName} from './dialects';

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
  /** Headers of the release's handler that the description does not name: only the release dialect sends them. */
  ownHeaders?: Record<string, string>;
  reason?: string;
  unspecified?: string;
  /** A limit of this engine (not of either dialect): the request is larger or deeper than it holds. */
  limit?: string;
  /** The body's JSON, written as the handler's encoder writes it (the release's `GET /version` indents). */
  indent?: boolean;
};

export type Call = {
  op: ContractOperation;
  url: URL;
  /** The path parameters: percent-decoded in the description dialect, as chi hands them in the release. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body: as parsed (description), or as decoded into the handler's Go struct (release). */
  body: unknown;
  /** The JSON body as sent. */
  rawJson?: string;
  form?: FormData;
  /** The user of the bearer token. */
  user?: {username: string; role: string};
  store: Store;
  dialect: Dialect;
  /** The release, when rule `id` applies in this dialect; the answer then names the rule. */
  when: (id: RuleId) => Release | undefined;
  /** Whether rule `id` applies in this dialect, without naming it. */
  has: (id: RuleId) => boolean;
  /** An error: the description dialect says only its status; the release sends `text` when given. */
  fail: (status: number, reason: string, text?: TextName | ReleaseText) => Answer;
  /** An answer the description leaves open (the description dialect's answer where it is silent). */
  unspecified: (what: string, status?: number) => Answer;
  /** What the engine chose where the description is silent: the description dialect says it in X-Synkronus-Reason. */
  note: (text: string) => void;
  /** Checks a value against a contract schema. */
  validate: SchemaValidator;
  /** The description's version (`info.version`). */
  apiVersion: string;
  now: () => number;
  /** The key the engine signs its tokens with. */
  jwtSecret: string;
};

export type Behaviour = (call: Call) => Answer | Promise<Answer>;
export type Behaviours = Record<OperationId, Behaviour>;
