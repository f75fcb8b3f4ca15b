/**
 * The Synkronus engine: `createSynkronus({contract, knownIssues}, {dialect})` answers HTTP requests as a
 * Synkronus server would, in one of its dialects: "description" (API 1.0.3 as described) or an ODE release
 * (as the server of that release does: each difference a rule, linked to its Known issues entry). The
 * browser's "Try it" console and sync playground call it in the page; ./node.ts serves it over HTTP for tests
 * and for integrators. See ./README.md.
 */
import {checked, engineError, toResponse} from './answer';
import type {Contract} from './contract';
import {DIALECT_OF, DEFAULT_DIALECT, releaseDialect, type DialectName} from './dialects';
import {createPipeline, type Outcome} from './pipeline';
import {ruleInfoOf, type KnownIssueEntry, type RuleInfo} from './rules';
import {Store, type Seed} from './store';
import type {Dialect, Release} from './types';
import {schemaValidator} from './validate';

export type {Contract, ContractOperation} from './contract';
export {DIALECTS, DEFAULT_DIALECT, seedSummary, type DialectName, type ReleaseTag, type SeedSummary} from './dialects';
export {DOCUMENTED_RELEASE, RELEASES} from './releases';
export {RULE_IDS, type RuleId} from './rule-ids';
export type {Release} from './types';
export type {KnownIssueEntry, RuleInfo} from './rules';
export {ENGINE_HEADERS} from './answer';
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

/** The key the engine signs its JSON Web Tokens with, unless told another: stated so that tests can make tokens. */
export const ENGINE_JWT_SECRET = 'synkronus-engine-secret';

/** What the engine is made from: the API description's contract and the Known issues entries. */
export type EngineData = {contract: Contract; knownIssues: readonly KnownIssueEntry[]};

/** One answer with what the console says about it; `Name` the dialect names of the engine that answered. */
export type Exchange<Name extends string = DialectName> = {
  response: Response;
  dialect: Name;
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
  other?: {dialect: Name; status: number; rules: RuleInfo[]; sameBody: boolean};
};

export type ExchangeOptions = {
  /** Also answer in the other dialect (a release's is the description, the description's the documented release), on a copy of the state. */
  compare?: boolean;
  /** The request target as it came over the wire (Node keeps it; a Request normalises `.` and `..`). */
  target?: string;
};

/** An engine; `Name` its dialect names: those of DIALECTS, and of the releases it was given (EngineOptions). */
export type Synkronus<Name extends string = DialectName> = {
  dialect: Name;
  contract: Contract;
  store: Store;
  /** Answers one request. */
  handle: (request: Request, options?: ExchangeOptions) => Promise<Response>;
  /** Answers one request and says what gave the answer; with `compare`, also how the other dialect would answer. */
  exchange: (request: Request, options?: ExchangeOptions) => Promise<Exchange<Name>>;
  /** Back to the seeded state, or to `seed` from now on (`{content: false}`: an empty server); every token forgotten. */
  reset: (seed?: Seed) => void;
  /** Moves the clock past the lifetime of every token issued so far. */
  expireTokens: () => void;
  /** Moves the engine's clock on by `ms` milliseconds (tokens expire by it; times of writes follow it). */
  advanceClock: (ms: number) => void;
  /** Sets the engine's clock to `millis` since the epoch; it runs on from there. */
  setClock: (millis: number) => void;
  /** The engine's clock, in milliseconds since the epoch. */
  now: () => number;
  /** What a restart of the server loses: what it keeps in memory only. */
  restart: () => void;
  /** Makes the database unreachable (true) or reachable again. */
  failDatabase: (down: boolean) => void;
  /** Leaves room for `bytesLeft` more bytes of attachments (a disk filling up); `undefined` frees it again. */
  fillDisk: (bytesLeft: number | undefined) => void;
  currentVersion: () => number;
  /** The user and role an access token was issued to, while it is valid. */
  whoIs: (token: string) => {username: string; role: string} | undefined;
};

/** Token lifetimes beyond any the engine issues: the clock moves past them to expire every token. */
const EXPIRY_JUMP_MS = (8 * 24 + 1) * 3600 * 1000;

async function bodyOf(response: Response) {
  return new Uint8Array(await response.clone().arrayBuffer()).join(',');
}

/**
 * How an engine is made. `releases`: releases it answers as beside those of RELEASES, each a value built as a
 * folder of releases/ builds it (a test's release: packages/synkronus-mock/tests/fixtures/test-release/); `dialect` may name them.
 */
export type EngineOptions<Extra extends string = never> = {
  dialect?: DialectName | Extra;
  releases?: readonly Release<Extra>[];
  seed?: Seed;
  jwtSecret?: string;
};

/** The dialect a name stands for, among the description, the releases of RELEASES and the engine's own. */
function dialectNamed(name: string, releases: readonly Release[]): Dialect {
  const dialects = new Map<string, Dialect>(Object.entries(DIALECT_OF));
  for (const release of releases) dialects.set(release.tag, releaseDialect(release));
  const named = dialects.get(name);
  if (!named) throw new Error(`unknown dialect ${name}: one of ${[...dialects.keys()].join(', ')}`);
  return named;
}

export function createSynkronus<Extra extends string = never>(
  {contract, knownIssues}: EngineData,
  options: EngineOptions<Extra> = {},
): Synkronus<DialectName | Extra> {
  type Name = DialectName | Extra;
  const dialectName: Name = options.dialect ?? DEFAULT_DIALECT;
  const dialect = dialectNamed(dialectName, options.releases ?? []);
  const run = createPipeline({
    contract,
    validate: schemaValidator(contract.schemas),
    jwtSecret: options.jwtSecret ?? ENGINE_JWT_SECRET,
  });
  let seed = options.seed ?? {};
  const store = new Store(() => dialect.seed(seed));
  const ruleInfo = ruleInfoOf(knownIssues);

  async function outcomeOf(request: Request, on: Store, answering: Dialect, target?: string): Promise<Outcome> {
    try {
      return checked(await run(request, on, answering, target));
    } catch (error) {
      return {answer: engineError((error as Error).message), rules: [], headers: {}};
    }
  }

  // A release is compared with the description, the description with the release the site documents.
  const otherName: DialectName = dialect.kind === 'release' ? 'description' : DEFAULT_DIALECT;
  const other = DIALECT_OF[otherName];

  async function exchange(request: Request, {compare = false, target}: ExchangeOptions = {}): Promise<Exchange<Name>> {
    const shadow = compare ? {request: request.clone(), store: store.copy()} : undefined;
    const outcome = await outcomeOf(request, store, dialect, target);
    const response = toResponse(request, outcome, dialectName);
    const result: Exchange<Name> = {
      response,
      dialect: dialectName,
      operationId: outcome.op?.operationId,
      rules: outcome.rules.map(ruleInfo),
      unspecified: outcome.answer.unspecified,
      limit: outcome.answer.limit,
      reason: outcome.answer.reason,
    };
    if (shadow) {
      const theirs = await outcomeOf(shadow.request, shadow.store, other, target);
      const rules = [...new Set([...outcome.rules, ...theirs.rules])].map(ruleInfo);
      const sameBody = (await bodyOf(response)) === (await bodyOf(toResponse(shadow.request, theirs, otherName)));
      if (rules.length || theirs.answer.status !== outcome.answer.status || !sameBody)
        result.other = {dialect: otherName, status: theirs.answer.status, rules, sameBody};
    }
    return result;
  }

  return {
    dialect: dialectName,
    contract,
    store,
    handle: async (request, options) => (await exchange(request, options)).response,
    exchange,
    reset: (next) => {
      if (next) seed = next;
      store.reset();
    },
    expireTokens: () => {
      store.state.clockOffset += EXPIRY_JUMP_MS;
    },
    advanceClock: (ms) => {
      store.state.clockOffset += ms;
    },
    setClock: (millis) => {
      store.state.clockOffset = millis - Date.now();
    },
    now: () => store.now(),
    restart: () => store.restart(),
    failDatabase: (down) => {
      store.state.databaseDown = down;
    },
    fillDisk: (bytesLeft) => {
      store.state.diskBytesLeft = bytesLeft;
    },
    currentVersion: () => store.state.counter,
    whoIs: (token) => {
      const entry = store.tokenUser(token);
      return entry && store.state.users.has(entry.username) ? {username: entry.username, role: entry.role} : undefined;
    },
  };
}
