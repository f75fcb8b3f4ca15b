/**
 * The engines of the page (src/api/synkronus), one per dialect, shared by every open console and the sync
 * playground; the dialect the reader chose (the release the site documents unless they switch); and, per
 * dialect, the token of the last successful login or refresh. Part of the console's lazily loaded chunk:
 * made when a reader first opens a console, kept until the page is left.
 */
import contract from '@generated/api/synkronus/contract.json';
import knownIssues from '@generated/known-issues/default/entries.json';
import {
  createSynkronus,
  DEFAULT_DIALECT,
  type DialectName,
  type Exchange,
  type Synkronus,
} from '@site/src/api/synkronus';

export {contract, knownIssues};

export type Auth = {token: string; username?: string; role?: string};
type Session = {dialect: DialectName; auth: Auth};

const engines = new Map<DialectName, Synkronus>();
const tokens = new Map<DialectName, Auth>();
let session: Session = {dialect: DEFAULT_DIALECT, auth: {token: ''}};
const listeners = new Set<() => void>();

function engine(dialect = session.dialect): Synkronus {
  let found = engines.get(dialect);
  if (!found) {
    found = createSynkronus({contract, knownIssues}, {dialect});
    engines.set(dialect, found);
  }
  return found;
}

/** A new session object, so that the consoles showing it render again. */
function update(change: Partial<Session>) {
  session = {...session, ...change};
  tokens.set(session.dialect, session.auth);
  listeners.forEach((listener) => listener());
}

export const getSession = () => session;
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Answers as the other dialect from now on; each dialect keeps its own state and token. */
export function setDialect(dialect: DialectName) {
  if (dialect !== session.dialect) update({dialect, auth: tokens.get(dialect) ?? {token: ''}});
}

/** Who the token belongs to now (undefined once it expired, or after a reset). */
export function tokenOwner(token: string) {
  return token ? engine().whoIs(token) : undefined;
}

/**
 * Sends a request to the engine of the chosen dialect, which also says how the other dialect would answer;
 * an answer to a login or a refresh with a token makes it the token in use for every console of the page.
 */
export async function send(request: Request, operationId: string): Promise<Exchange> {
  const exchange = await engine().exchange(request, {compare: true});
  const {response} = exchange;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if ((operationId === 'login' || operationId === 'refreshToken') && response.ok && isJson) {
    const {token} = (await response.clone().json()) as {token?: string};
    if (token) update({auth: {token, ...engine().whoIs(token)}});
  }
  return exchange;
}

/** Back to the seed: every token forgotten. */
export function resetSynkronus() {
  engine().reset();
  update({auth: {token: ''}});
}

/** Makes every token issued so far expired. */
export function expireTokens() {
  engine().expireTokens();
  update({auth: {...session.auth}});
}
