/**
 * What the steps of a request share: the request as read, the dialect and its state, what the steps found
 * (operation, parameters, user, body), the rules that shaped the answer, and how the dialect words an error.
 * The description dialect sends no text of its own ("not specified by the description"); the release sends
 * its handlers' texts (releases/<tag>/texts.ts), or says that the engine does not know them.
 */
import type {ContractOperation} from '../contract';
import type {Answer, ReleaseText, RequestContext, RuleId, TextName} from '../types';
import type {FieldError} from '../validate';

export const NOT_SPECIFIED = 'not specified by the description';

type Made =
  | 'rules'
  | 'when'
  | 'has'
  | 'fail'
  | 'unspecified'
  | 'note'
  | 'notes'
  | 'problem'
  | 'middleware'
  | 'params'
  | 'headers'
  | 'query';

/** A ProblemDetail body (the description's schema): the status and its reason phrase, and the fields at fault. */
function problemDetail(status: number, title: string, errors: FieldError[]) {
  const body: Record<string, unknown> = {type: 'about:blank', title, status, detail: NOT_SPECIFIED};
  if (errors.length) body.errors = errors.map(({field, message}) => ({field, message}));
  return body;
}

/**
 * The description dialect's error: the body the operation's response for `status` documents (a ProblemDetail
 * as `application/problem+json`, an ErrorResponse as `application/json`, or none), or, where the operation
 * documents no such status, an answer the description leaves open.
 */
export function descriptionError(
  op: ContractOperation | undefined,
  status: number,
  reason: string,
  errors: FieldError[] = [],
): Answer {
  const documented = op?.responses.find((response) => response.status === String(status));
  if (!documented)
    return {
      status,
      body: {error: NOT_SPECIFIED},
      reason,
      unspecified: `${op ? `${op.operationId} documents no ${status}` : `no operation documents ${status}`}: ${reason}`,
    };
  if (!documented.mediaType) return {status, reason};
  if (documented.schema === 'ProblemDetail')
    return {
      status,
      contentType: documented.mediaType,
      body: problemDetail(status, documented.reason ?? String(status), errors),
      reason,
    };
  return {status, contentType: documented.mediaType, body: {error: NOT_SPECIFIED}, reason};
}

export function createContext(parts: Omit<RequestContext, Made>): RequestContext {
  const release = parts.dialect.kind === 'release' ? parts.dialect.release : undefined;
  const rules: RuleId[] = [];
  const has = (id: RuleId) => Boolean(release?.rules.has(id));
  const when = (id: RuleId) => {
    if (!release?.rules.has(id)) return undefined;
    if (!rules.includes(id)) rules.push(id);
    return release;
  };
  const fail = (status: number, reason: string, text?: TextName | ReleaseText): Answer => {
    if (!release) return descriptionError(ctx.op, status, reason);
    const known = typeof text === 'string' ? release.texts[text] : text;
    const unknown = `not verified against the server at ${release.tag}`;
    if (!known) return {status, body: {error: unknown}, reason};
    const error = known.error === null ? unknown : (known.error ?? 'An error occurred');
    return {status, body: {error, message: known.message}, reason};
  };
  const notes: string[] = [];
  const ctx: RequestContext = {
    ...parts,
    notes,
    // The release's answers are its own: only where the description is silent does the engine say what it chose.
    note: (text) => void (release ? undefined : notes.push(text)),
    middleware: [],
    params: {},
    headers: {},
    query: parts.url.searchParams,
    rules,
    when,
    has,
    fail,
    unspecified: (what, status = 501) => ({status, body: {error: NOT_SPECIFIED}, unspecified: what}),
    problem: (errors, detail) =>
      descriptionError(ctx.op, 400, [detail, ...errors.map((e) => `${e.field}: ${e.message}`)].join(' '), errors),
  };
  return ctx;
}
