/**
 * An outcome as a `Response`: the body written as Go's encoder writes it (a newline after JSON, `<`, `>` and
 * `&` escaped), no body for HEAD or 304, the release middleware's headers, and the engine's own headers that
 * say what gave the answer. An answer with a status its operation does not document, and that neither a rule
 * nor the description's silence explains, is a bug of the engine: it says so instead.
 */
import {goMarshal, goMarshalIndent} from './go/json-encode';
import type {Outcome} from './pipeline';
import type {Answer} from './types';

/** Headers with which the engine says what gave its answer (the console reads them). */
export const ENGINE_HEADERS = {
  dialect: 'X-Synkronus-Dialect',
  rules: 'X-Synkronus-Rules',
  reason: 'X-Synkronus-Reason',
  unspecified: 'X-Synkronus-Unspecified',
  limit: 'X-Synkronus-Limit',
} as const;

/** Header values must be Latin-1: the reasons are the engine's own sentences, values quoted with JSON. */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

export function toResponse(request: Request, outcome: Outcome, dialect: string): Response {
  const {answer} = outcome;
  const headers = new Headers(outcome.headers);
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  let payload: BodyInit | null = null;
  if (answer.bytes) payload = new Blob([answer.bytes.slice()]);
  else if (answer.text !== undefined) payload = answer.text;
  else if (answer.body !== undefined)
    payload = `${answer.indent ? goMarshalIndent(answer.body) : goMarshal(answer.body)}\n`;
  const contentType = answer.contentType ?? (answer.body !== undefined ? 'application/json' : undefined);
  if (contentType) headers.set('Content-Type', contentType);
  if (request.method.toUpperCase() === 'HEAD' && payload !== null && !headers.has('Content-Length')) {
    // net/http counts what a handler writes to a HEAD request, drops it, and states its length.
    const length = typeof payload === 'string' ? new TextEncoder().encode(payload).length : payload.size;
    if (length > 0) headers.set('Content-Length', String(length));
  }
  if (request.method.toUpperCase() === 'HEAD' || answer.status === 304) payload = null;
  headers.set(ENGINE_HEADERS.dialect, dialect);
  if (outcome.rules.length) headers.set(ENGINE_HEADERS.rules, outcome.rules.join(', '));
  if (answer.reason) headers.set(ENGINE_HEADERS.reason, latin1(answer.reason));
  if (answer.unspecified) headers.set(ENGINE_HEADERS.unspecified, latin1(answer.unspecified));
  if (answer.limit) headers.set(ENGINE_HEADERS.limit, latin1(answer.limit));
  return new Response(payload, {status: answer.status, headers});
}

export const engineError = (reason: string): Answer => ({
  status: 500,
  body: {error: 'internal error of the engine'},
  reason,
});

export function checked(outcome: Outcome): Outcome {
  const {answer, op, rules} = outcome;
  if (!op || answer.unspecified || answer.limit || rules.length) return outcome;
  if (op.responses.some((r) => r.status === String(answer.status))) return outcome;
  return {...outcome, answer: engineError(`answered ${answer.status}, which ${op.operationId} does not document`)};
}
