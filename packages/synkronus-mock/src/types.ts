/**
 * The shapes the engine's parts share: a dialect and a release, what a request's steps share (a
 * RequestContext), what a behaviour receives (that context, routed: a Call) and gives back (an Answer). This file sits at the
 * bottom of the engine: it imports only types of files that import nothing above them (the contract, the
 * operationIds, the rule ids, the store, the validator, the Go types), so that no import, type-only
 * included, comes back to it (packages/synkronus-mock/tests/synkronus-imports.spec.ts).
 */
import type {ContractOperation} from './contract';
import type {ChiTable} from './go/chi';
import type {GoType} from './go/json-decode';
import type {GoTarget} from './go/url';
import type {OperationId} from './operations';
import type {RuleId} from './rule-ids';
import type {Seed, State, Store} from './store';
import type {FieldError, SchemaValidator} from './validate';

export type {RuleId} from './rule-ids';

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
  /** Headers of the release's handler that the description does not name: only a release dialect sends them. */
  ownHeaders?: Record<string, string>;
  reason?: string;
  unspecified?: string;
  /** A limit of this engine (not of either dialect): the request is larger or deeper than it holds. */
  limit?: string;
  /** The body's JSON, written as the handler's encoder writes it (the release's `GET /version` indents). */
  indent?: boolean;
};

/**
 * An error text of a release, as its handler writes it: `{"error": <the Go error's text, or "An error
 * occurred">, "message": <the handler's>}`. `error` left out is the handler's nil error; `null` is an error
 * whose text the engine does not know, which the answer then says instead of pretending.
 */
export type ReleaseText = {error?: string | null; message: string};

/** The names the behaviours give the texts of a release's errors; each release words every one (releases/<tag>/texts.ts). */
export type TextName =
  | 'usernameRequired'
  | 'passwordRequired'
  | 'invalidCredentials'
  | 'refreshTokenRequired'
  | 'missingFields'
  | 'userExists'
  | 'invalidRole'
  | 'userNotFound'
  | 'invalidPassword'
  | 'clientIdRequired'
  | 'transmissionIdRequired'
  | 'recordsRequired'
  | 'sinceVersionNegative'
  | 'fileRequired'
  | 'attachmentExists'
  | 'attachmentNotFound'
  | 'fileNotFound'
  | 'noBundleField';

/** What a route of a release's router reaches: an operation of the description, or a handler the description does not have. */
export type ReleaseHandler = {
  op?: OperationId;
  /** `api-versions`: handlers/versions.go; `panic`: a route registered with a nil handler; `not-found`: a file server with no files. */
  own?: 'api-versions' | 'panic' | 'not-found' | 'static-redirect';
  /** RequireRole's roles; none: any user the token check let through. */
  roles?: string[];
  /** The rule that names this route, where its path is not the description's. */
  rule?: RuleId;
};

/** The options of a release's CORS handler (go-chi/cors). */
export type CorsOptions = {
  allowedMethods: readonly string[];
  allowedHeaders: readonly string[];
  exposedHeaders: readonly string[];
  maxAge: number;
};

/** The constants of a release's server that the behaviours read. */
export type ReleaseFacts = {
  pullDefaultLimit: number;
  pullMaxLimit: number;
  accessSeconds: number;
  refreshSeconds: number;
  bcryptMaxBytes: number;
  maxVersionsKept: number;
  /** What `GET /version` reports. */
  serverVersion: string;
  goVersion: string;
};

/**
 * Everything the engine knows of one ODE release, as data (releases/<tag>/): its rules, seed, texts, structs,
 * router and constants. `Tag` keeps the tag's literal type, so that the list of releases types the dialect names.
 */
export type Release<Tag extends string = string> = {
  tag: Tag;
  /** The rules (Known issues entries) that apply to this release. */
  rules: ReadonlySet<RuleId>;
  /** By operationId: the rule that names an error where the description lists none for its status. */
  undocumentedErrors: Readonly<Partial<Record<string, RuleId>>>;
  seed: (seed: Seed) => State;
  texts: Readonly<Record<TextName, ReleaseText>>;
  /** By operationId: the handler's message where decoding the JSON body failed. */
  decodeMessage: Readonly<Record<string, string>>;
  /** By operationId: the handler's message where net/http could not read a multipart form. */
  multipartMessage: Readonly<Record<string, string>>;
  /** By operationId: the Go struct the handler decodes the body into. */
  structs: Readonly<Record<string, GoType & {kind: 'struct'}>>;
  routes: ChiTable<ReleaseHandler>;
  /** Where chi's 405 is the consequence a Known issues entry describes. */
  methodRules: readonly {method: string; path: string; rule: RuleId}[];
  cors: CorsOptions;
  /** `GET /api/versions`' answer. */
  apiVersions: unknown;
  facts: ReleaseFacts;
};

export type Step = (ctx: RequestContext) => Answer | undefined | Promise<Answer | undefined>;

/**
 * A dialect the engine answers in: the description, or a release. Code that needs the release's data narrows
 * on `kind`; which way a request goes (its steps, a behaviour's path) follows from the kind, never from a rule.
 */
export type Dialect =
  | {kind: 'description'; name: 'description'; steps: readonly Step[]; seed: (seed: Seed) => State}
  | {kind: 'release'; name: string; release: Release; steps: readonly Step[]; seed: (seed: Seed) => State};

export type ReleaseDialect = Extract<Dialect, {kind: 'release'}>;

/**
 * What the steps of a request share: the request as read, the dialect and its state, what the steps found
 * (operation, parameters, user, body), the rules that shaped the answer, and how the dialect words an error.
 */
export type RequestContext = {
  request: Request;
  method: string;
  url: URL;
  /** The raw request target (Node keeps it; a browser's Request has normalised it). */
  target: string;
  /** The target as Go reads it (release dialect). */
  goTarget?: GoTarget;
  /** The query: the URL's, or as Go parses the target (release dialect). */
  query: URLSearchParams;
  dialect: Dialect;
  store: Store;
  contract: {operations: ContractOperation[]; version: string};
  validate: SchemaValidator;
  jwtSecret: string;
  op?: ContractOperation;
  /** The release route chosen, and the middleware on its way. */
  route?: ReleaseHandler;
  middleware: string[];
  params: Record<string, string>;
  user?: {username: string; role: string};
  body?: unknown;
  /** The JSON body as sent (release dialect: beside what Go decoded of it). */
  rawJson?: string;
  form?: FormData;
  /** Headers the release's middleware adds to whatever answers (CORS). */
  headers: Record<string, string>;
  rules: RuleId[];
  /** The release, when rule `id` applies in this dialect; the answer then names the rule. */
  when: (id: RuleId) => Release | undefined;
  /** Whether rule `id` applies in this dialect, without naming it. */
  has: (id: RuleId) => boolean;
  /** An error: the description dialect says only its status; the release sends `text` (a name or a text) when given. */
  fail: (status: number, reason: string, text?: TextName | ReleaseText) => Answer;
  /** An answer the description leaves open. */
  unspecified: (what: string, status?: number) => Answer;
  /** What the engine chose where the description is silent (said in the description dialect's reason). */
  note: (text: string) => void;
  notes: string[];
  /** The description dialect's 400: a ProblemDetail with the fields at fault where the operation documents one. */
  problem: (errors: FieldError[], detail: string) => Answer;
};

/**
 * What a behaviour receives: the request's context once a step has routed it to an operation. The same object
 * the steps shared, not a copy of it.
 */
export type Call = RequestContext & {op: ContractOperation};

export type Behaviour = (call: Call) => Answer | Promise<Answer>;
export type Behaviours = Record<OperationId, Behaviour>;
