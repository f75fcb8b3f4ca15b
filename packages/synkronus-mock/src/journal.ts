/**
 * The journal of a session with the engine: each request with its answer, the dialect that answered and the
 * release rules that shaped it, in the order they came. The Node server keeps one for the control API and
 * `--har`; the page keeps one for its consoles and the playground, to save as a HAR file. `./har.ts` writes
 * it as HAR 1.2.
 */
import type {Exchange} from './index';

export type JournalMessage = {headers: [string, string][]; body: Uint8Array};

export type JournalEntry = {
  /** When the request arrived, in milliseconds since the epoch (the machine's clock, not the engine's). */
  startedAt: number;
  /** How long the engine took to answer, in milliseconds. */
  time: number;
  request: JournalMessage & {method: string; url: string};
  response: JournalMessage & {status: number};
  /** The dialect that answered: the description or a release's tag. */
  dialect: string;
  /** The anchors of the Known issues entries the release applied. */
  rules: string[];
};

const headerList = (headers: Headers): [string, string][] => {
  const list: [string, string][] = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
};

/** A request as the journal takes it: its body already read. */
export type SentRequest = {method: string; url: string; headers: Headers; body: Uint8Array};

/** How many exchanges a journal keeps: the oldest go first, so a long session's memory stays bounded. */
export const JOURNAL_LIMIT = 1000;

/** A session's journal: the last JOURNAL_LIMIT exchanges, oldest first. */
export type Journal = {
  readonly entries: readonly JournalEntry[];
  /** Adds `request` and the exchange that answered it; reads a copy of the answer, so the caller still can. */
  add: (request: SentRequest, exchange: Exchange<string>, startedAt: number) => Promise<JournalEntry>;
  clear: () => void;
};

export function createJournal(): Journal {
  const entries: JournalEntry[] = [];
  return {
    entries,
    async add(request, exchange, startedAt) {
      const entry = await journalEntry(request, exchange, startedAt);
      entries.push(entry);
      if (entries.length > JOURNAL_LIMIT) entries.shift();
      return entry;
    },
    clear: () => void entries.splice(0),
  };
}

async function journalEntry(
  request: SentRequest,
  exchange: Exchange<string>,
  startedAt: number,
): Promise<JournalEntry> {
  const {response} = exchange;
  const body = new Uint8Array(await response.clone().arrayBuffer());
  return {
    startedAt,
    time: Math.max(0, Date.now() - startedAt),
    request: {method: request.method, url: request.url, headers: headerList(request.headers), body: request.body},
    response: {status: response.status, headers: headerList(response.headers), body},
    dialect: exchange.dialect,
    rules: exchange.rules.map((rule) => rule.id),
  };
}

/** A body as text when it is UTF-8, else as Base64: how the journal and HAR files carry it. */
export function bodyText(bytes: Uint8Array): {text: string; encoding?: 'base64'} {
  try {
    return {text: new TextDecoder('utf-8', {fatal: true}).decode(bytes)};
  } catch {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return {text: btoa(binary), encoding: 'base64'};
  }
}

/** The journal as the control API gives it: bodies as text (or Base64), times as ISO 8601. */
export function journalJson(entries: readonly JournalEntry[]) {
  const message = ({headers, body}: JournalMessage) => ({headers: Object.fromEntries(headers), body: bodyText(body)});
  return {
    entries: entries.map((entry) => ({
      startedAt: new Date(entry.startedAt).toISOString(),
      time: entry.time,
      dialect: entry.dialect,
      rules: entry.rules,
      request: {method: entry.request.method, url: entry.request.url, ...message(entry.request)},
      response: {status: entry.response.status, ...message(entry.response)},
    })),
  };
}
