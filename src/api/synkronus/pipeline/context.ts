/**
 * What the steps of a request share: the request as read, the dialect and its state, what the steps found
 * (operation, parameters, user, body), the rules that shaped the answer, and how the dialect words an error.
 * The description dialect sends no text of its own ("not specified by the description"); the release sends
 * its handlers' texts (releases/<tag>/texts.ts), or says that the engine does not know them.
 */
import type {ContractOperation} from '../contract';
import type {Dialect} from '../dialects';
import type {GoTarget} from '../go/url';
import type {Release, RuleId} from '../releases';
import type {ReleaseHandler, ReleaseText, TextName} from '../releases';
import type {Store} from '../store';
import type {Answer} from '../types';
import type {FieldError, SchemaValidator} from '../validate';

export type RequestContext = {
  request: Request;
  method: string;
  url: URL;
  /** The raw request target (Node keeps it; a browser's Request has normalised it). */
  target: string;
  /** The target as Go reads it (release dialect). */
  goTarget?: GoTarget;
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
  /** The description dialect's 400: its body says only that much; the fields at fault go in the reason. */
  problem: (errors: FieldError[], detail: string) => Answer;
};

export const NOT_SPECIFIED = 'not specified by the description';

type Made = 'rules' | 'when' | 'has' | 'fail' | 'unspecified' | 'note' | 'notes' | 'problem' | 'middleware' | 'params' | 'headers';

export function createContext(parts: Omit<RequestContext, Made>): RequestContext {
  const {release} = parts.dialect;
  const rules: RuleId[] = [];
  const has = (id: RuleId) => Boolean(release?.rules.has(id));
  const when = (id: RuleId) => {
    if (!release?.rules.has(id)) return undefined;
    if (!rules.includes(id)) rules.push(id);
    return release;
  };
  const fail = (status: number, reason: string, text?: TextName | ReleaseText): Answer => {
    if (!release) return {status, body: {error: NOT_SPECIFIED}, reason};
    const known = typeof text === 'string' ? release.texts[text] : text;
    const unknown = `not verified against the server at ${release.tag}`;
    if (!known) return {status, body: {error: unknown}, reason};
    const error = known.error === null ? unknown : (known.error ?? 'An error occurred');
    return {status, body: {error, message: known.message}, reason};
  };
  const notes: string[] = [];
  return {
    ...parts,
    notes,
    // The release's answers are its own: only where the description is silent does the engine say what it chose.
    note: (text) => void (release ? undefined : notes.push(text)),
    middleware: [],
    params: {},
    headers: {},
    rules,
    when,
    has,
    fail,
    unspecified: (what, status = 501) => ({status, body: {error: NOT_SPECIFIED}, unspecified: what}),
    problem: (errors, detail) => ({
      status: 400,
      body: {error: NOT_SPECIFIED},
      reason: [detail, ...errors.map((e) => e.message)].join(' '),
    }),
  };
}
