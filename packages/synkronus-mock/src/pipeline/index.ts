/**
 * The request pipeline: a request goes through its dialect's steps (./steps.ts), then the behaviour of the
 * operation it reached (../behaviours), unless a step answered first.
 */
import type {Contract} from '../contract';
import {BEHAVIOURS} from '../behaviours';
import type {OperationId} from '../operations';
import type {Store} from '../store';
import type {Answer, Call, Dialect, RequestContext, RuleId} from '../types';
import type {SchemaValidator} from '../validate';
import {describedBodyProblems} from './body';
import {createContext, descriptionError} from './context';

export type Outcome = {
  answer: Answer;
  op?: Contract['operations'][number];
  rules: RuleId[];
  headers: Record<string, string>;
};

export type PipelineParts = {contract: Contract; validate: SchemaValidator; jwtSecret: string};

/**
 * An answer at one of the engine's own limits (413 for a body a page cannot hold), in the description dialect:
 * the body the operation documents for its status, where it documents one; the limit header says the rest.
 */
function describedLimit(ctx: RequestContext, answer: Answer): Answer {
  if (!answer.limit || !ctx.op) return answer;
  const {unspecified: _, ...shaped} = descriptionError(ctx.op, answer.status, answer.limit);
  return {...shaped, limit: answer.limit};
}

/** The operation's documented response for `status`, if any. */
const documents = (ctx: RequestContext, status: number) =>
  ctx.op?.responses.find((response) => response.status === String(status));

/** An answer of the release where the description documents a ProblemDetail, that is not one. */
function notProblemDetail(ctx: RequestContext, answer: Answer): boolean {
  const documented = documents(ctx, answer.status);
  return documented?.schema === 'ProblemDetail' && answer.contentType !== documented.mediaType;
}

/** An error answer of the release with a body, where the description documents the status without one. */
function bodyWhereNoneDocumented(ctx: RequestContext, answer: Answer): boolean {
  const documented = documents(ctx, answer.status);
  const hasBody = answer.body !== undefined || answer.text !== undefined || answer.bytes !== undefined;
  return answer.status >= 400 && !!documented && !documented.mediaType && hasBody && ctx.method !== 'HEAD';
}

/** Whether a step routed the request to an operation, which its behaviour then answers. */
const routed = (ctx: RequestContext): ctx is Call => ctx.op !== undefined;

export function createPipeline({contract, validate, jwtSecret}: PipelineParts) {
  return async function run(request: Request, store: Store, dialect: Dialect, target?: string): Promise<Outcome> {
    const url = new URL(request.url);
    const ctx = createContext({
      request,
      method: request.method.toUpperCase(),
      url,
      target: target ?? url.pathname + url.search,
      dialect,
      store,
      contract,
      validate,
      jwtSecret,
    });
    const done = (given: Answer): Outcome => {
      const release = dialect.kind === 'release' ? dialect.release : undefined;
      const answer = release ? given : describedLimit(ctx, given);
      if (ctx.notes.length && !answer.reason) answer.reason = ctx.notes.join('; ');
      if (notProblemDetail(ctx, answer)) ctx.when('error-bodies-not-problem-details');
      if (bodyWhereNoneDocumented(ctx, answer)) ctx.when('error-bodies-where-none-documented');
      const undocumented = release?.undocumentedErrors[ctx.op?.operationId ?? ''];
      if (undocumented && answer.status >= 400 && !documents(ctx, answer.status)) ctx.when(undocumented);
      if (answer.ownHeaders && release) answer.headers = {...answer.headers, ...answer.ownHeaders};
      return {answer, op: ctx.op, rules: ctx.rules, headers: ctx.headers};
    };
    for (const step of dialect.steps) {
      const answer = await step(ctx);
      if (answer) return done(answer);
    }
    if (!routed(ctx)) throw new Error(`no step of the ${dialect.kind} dialect routed ${ctx.method} ${ctx.target}`);
    const answer = await BEHAVIOURS[ctx.op.operationId as OperationId](ctx);
    // The release took a body the description would have refused at its body step.
    if (answer.status < 300 && ctx.rawJson !== undefined && describedBodyProblems(ctx, ctx.rawJson)?.length)
      ctx.when('bodies-checked-for-types-only');
    return done(answer);
  };
}
