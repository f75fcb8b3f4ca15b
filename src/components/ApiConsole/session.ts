/**
 * The engines of the page (packages/synkronus-mock/src), one per dialect, shared by every open console and the sync
 * playground; the dialect that answers; and, per dialect, the token of the last successful login or refresh.
 * Part of the console's lazily loaded chunk: made when a reader first opens a console, kept until the page is
 * left. The dialect is the reader's choice, remembered across pages and visits, or else the surface's own
 * default: the API reference shows only what the description states, the guides document the release.
 */
import contract from '@generated/api/synkronus/contract.json';
import knownIssues from '@generated/known-issues/default/entries.json';
import {harFile} from 'synkronus-mock/src/har';
import {createJournal} from 'synkronus-mock/src/journal';
import {
  createSynkronus,
  DEFAULT_DIALECT,
  DIALECTS,
  type DialectName,
  type Exchange,
  type Synkronus,
} from 'synkronus-mock/src';

export {contract, knownIssues};

export type Auth = {token: string; username?: string; role?: string};
/** `exchanges`: how many the page's journal holds. */
type Session = {dialect: DialectName; auth: Auth; exchanges: number};

const engines = new Map<DialectName, Synkronus>();
const tokens = new Map<DialectName, Auth>();
let session: Session = {dialect: DEFAULT_DIALECT, auth: {token: ''}, exchanges: 0};
/** Every exchange of the page, in every dialect, for the reader to save as a HAR file (the last JOURNAL_LIMIT). */
const journal = createJournal();
let started = false;
const listeners = new Set<() => void>();

/** Where the reader's choice of dialect is kept (the browser's storage: nothing leaves the machine). */
export const DIALECT_CHOICE_KEY = 'ode-docs:synkronus-dialect';

function storedChoice(): DialectName | undefined {
  try {
    const value = localStorage.getItem(DIALECT_CHOICE_KEY);
    return DIALECTS.find((d) => d === value);
  } catch {
    // Storage switched off or full: the surface's default answers.
    return undefined;
  }
}

/**
 * The dialect the page starts in, set once by the first surface that renders: the reader's stored choice, or
 * `surfaceDefault`. Called while rendering, before the session is read; later calls do nothing.
 */
export function startSession(surfaceDefault: DialectName) {
  if (started) return;
  started = true;
  session = {dialect: storedChoice() ?? surfaceDefault, auth: {token: ''}, exchanges: 0};
}

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

/** Answers as the other dialect from now on, here and on the pages and visits after; each dialect keeps its own state and token. */
export function setDialect(dialect: DialectName) {
  try {
    localStorage.setItem(DIALECT_CHOICE_KEY, dialect);
  } catch {
    // Not remembered, but still switched for this page.
  }
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
  const started = Date.now();
  const sent = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: new Uint8Array(await request.clone().arrayBuffer()),
  };
  const exchange = await engine().exchange(request, {compare: true});
  await journal.add(sent, exchange, started);
  update({exchanges: journal.entries.length});
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

/** The page's session as a HAR 1.2 file, downloaded: made in the page, so it works offline. */
export function saveSessionHar() {
  const text = harFile(
    journal.entries,
    {name: 'ODE docs in-browser Synkronus', version: contract.version},
    (status) => contract.reasons[status] ?? '',
  );
  const url = URL.createObjectURL(new Blob([text], {type: 'application/json'}));
  const link = document.createElement('a');
  link.href = url;
  link.download = `synkronus-session-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.har`;
  link.click();
  // The download has started from the element's click; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url));
}
