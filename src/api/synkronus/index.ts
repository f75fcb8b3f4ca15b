/**
 * The Synkronus engine: `createSynkronus(contract, {dialect})` answers HTTP requests as a Synkronus server
 * would, in one of two dialects: "description" (API 1.0.3 as described) and "v1.0.0-alpha.6" (as the server of
 * that release does: each difference a rule of ./rules.ts, linked to its Known issues entry). The browser's
 * "Try it" console and sync playground call it in the page; ./node.ts serves it over HTTP for tests and for
 * integrators. See ./README.md.
 */
import type {Contract} from './contract';
import {typesValidator} from './go-decoding';
import {BEHAVIOURS} from './behaviours';
import {createPipeline, type Outcome} from './pipeline';
import {ruleInfo, type RuleInfo} from './rules';
import {Store, type Seed} from './store';
import {ACCESS_SECONDS, REFRESH_SECONDS} from './behaviours/auth';
import {DEFAULT_DIALECT, DIALECTS, type Answer, type DialectName} from './types';
import {schemaValidator} from './validate';

export type {Contract, ContractOperation} from './contract';
export {DEFAULT_DIALECT, DIALECTS, type DialectName} from './types';
export {RELEASE_RULES, ruleInfo, type RuleId, type RuleInfo} from './rules';
export {KNOWN_ISSUES_PATH, knownIssueHref, type KnownIssueId} from './known-issues';
export {
  SEED_USERS,
  SEED_FORM_TYPES,
  SEED_OBSERVATION_COUNT,
  SEED_ATTACHMENTS,
  SEED_CURRENT_VERSION,
  seedObservationVersion,
  MAX_BUNDLE_BYTES,
} from './seed';
export type {Seed} from './store';

/** Headers with which the engine says what gave its answer (the console reads them). */
export const ENGINE_HEADERS = {
  dialect: 'X-Synkronus-Dialect',
  rules: 'X-Synkronus-Rules',
  reason: 'X-Synkronus-Reason',
  unspecified: 'X-Synkronus-Unspecified',
  limit: 'X-Synkronus-Limit',
} as const;

/** One answer with what the console says about it. */
export type Exchange = {
  response: Response;
  dialect: DialectName;
  operationId?: string;
  /** The rules of the release dialect that shaped this answer. */
  rules: RuleInfo[];
  /** The description leaves this answer open. */
  unspecified?: string;
  /** A limit of the engine itself. */
  limit?: string;
  /** The engine's explanation of an error. */
  reason?: string;
  /** The other dialect's answer to the same request on a copy of the state, when it differs. */
  other?: {dialect: DialectName; status: number; rules: RuleInfo[]};
};

export type Synkronus = {
  dialect: DialectName;
  contract: Contract;
  store: Store;
  /** Answers one request. */
  handle: (request: Request) => Promise<Response>;
  /** Answers one request and says what gave the answer; with `compare`, also how the other dialect would answer. */
  exchange: (request: Request, options?: {compare?: boolean}) => Promise<Exchange>;
  /** Back to the seeded state; every token forgotten. */
  reset: () => void;
  /** Moves the clock past the lifetime of every token issued so far. */
  expireTokens: () => void;
  /** What a restart of the server loses: what it keeps in memory only. */
  restart: () => void;
  /** Makes the database unreachable (true) or reachable again. */
  failDatabase: (down: boolean) => void;
  currentVersion: () => number;
  /** The user and role an access token was issued to, while it is valid. */
  whoIs: (token: string) => {username: string; role: string} | undefined;
};


function toResponse(request: Request, outcome: Outcome, dialect: DialectName): Response {
  const {answer} = outcome;
  const headers = new Headers(answer.headers);
  let payload: BodyInit | null = null;
  if (answer.bytes) payload = new Blob([answer.bytes.slice()]);
  else if (answer.text !== undefined) payload = answer.text;
  else if (answer.body !== undefined) payload = `${JSON.stringify(answer.body)}\n`;
  const contentType = answer.contentType ?? (answer.body !== undefined ? 'application/json' : undefined);
  if (contentType && payload !== null) headers.set('Content-Type', contentType);
  if (request.method.toUpperCase() === 'HEAD' || answer.status === 304) payload = null;
  headers.set(ENGINE_HEADERS.dialect, dialect);
  if (outcome.rules.length) headers.set(ENGINE_HEADERS.rules, outcome.rules.join(', '));
  // Header values must be Latin-1: the reasons are the engine's own ASCII sentences, values quoted with JSON.
  const latin1 = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
  if (answer.reason) headers.set(ENGINE_HEADERS.reason, latin1(answer.reason));
  if (answer.unspecified) headers.set(ENGINE_HEADERS.unspecified, latin1(answer.unspecified));
  if (answer.limit) headers.set(ENGINE_HEADERS.limit, latin1(answer.limit));
  return new Response(payload, {status: answer.status, headers});
}

/** The undocumented status of a dialect-true answer is a bug of the engine: say so instead. */
function checked(outcome: Outcome, dialect: DialectName): Outcome {
  const {answer, op, rules} = outcome;
  if (!op || answer.unspecified || answer.limit || rules.length) return outcome;
  if (dialect === 'v1.0.0-alpha.6' && answer.status >= 500) return outcome;
  if (op.responses.some((r) => r.status === String(answer.status))) return outcome;
  return {
    ...outcome,
    answer: {status: 500, body: {error: 'internal error of the engine'}, reason: `answered ${answer.status}, which ${op.operationId} does not document`},
  };
}

export function createSynkronus(contract: Contract, options: {dialect?: DialectName; seed?: Seed} = {}): Synkronus {
  const dialect = options.dialect ?? DEFAULT_DIALECT;
  if (!DIALECTS.includes(dialect)) throw new Error(`unknown dialect ${String(dialect)}: one of ${DIALECTS.join(', ')}`);
  const run = createPipeline({
    contract,
    behaviours: BEHAVIOURS,
    validate: schemaValidator(contract.schemas),
    validateTypes: typesValidator(contract.schemas),
  });
  const store = new Store(options.seed);

  async function outcomeOf(request: Request, on: Store, as: DialectName): Promise<Outcome> {
    try {
      return checked(await run(request, on, as), as);
    } catch (error) {
      const answer: Answer = {status: 500, body: {error: 'internal error of the engine'}, reason: (error as Error).message};
      return {answer, rules: []};
    }
  }

  async function exchange(request: Request, {compare = false} = {}): Promise<Exchange> {
    const other = DIALECTS.find((d) => d !== dialect)!;
    const shadow = compare ? {request: request.clone(), store: store.copy()} : undefined;
    const outcome = await outcomeOf(request, store, dialect);
    const result: Exchange = {
      response: toResponse(request, outcome, dialect),
      dialect,
      operationId: outcome.op?.operationId,
      rules: outcome.rules.map(ruleInfo),
      unspecified: outcome.answer.unspecified,
      limit: outcome.answer.limit,
      reason: outcome.answer.reason,
    };
    if (shadow) {
      const theirs = await outcomeOf(shadow.request, shadow.store, other);
      const rules = [...new Set([...outcome.rules, ...theirs.rules])].map(ruleInfo);
      if (rules.length || theirs.answer.status !== outcome.answer.status)
        result.other = {dialect: other, status: theirs.answer.status, rules};
    }
    return result;
  }

  return {
    dialect,
    contract,
    store,
    handle: async (request) => (await exchange(request)).response,
    exchange,
    reset: () => store.reset(),
    expireTokens: () => {
      store.state.clockOffset += (ACCESS_SECONDS + REFRESH_SECONDS + 3600) * 1000;
    },
    restart: () => {
      store.state.restarted = true;
    },
    failDatabase: (down) => {
      store.state.databaseDown = down;
    },
    currentVersion: () => store.state.counter,
    whoIs: (token) => {
      const entry = store.tokenUser(token);
      return entry && store.state.users.has(entry.username) ? {username: entry.username, role: entry.role} : undefined;
    },
  };
}

