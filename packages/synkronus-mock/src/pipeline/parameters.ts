/**
 * Step 2: parameters. The description dialect checks each header, path and query parameter against its
 * schema (400). The release's handlers read their parameters as they please and refuse none; where the
 * description would have refused one, the answer names the rule that says so.
 */
import type {ContractParameter} from '../contract';
import type {FieldError} from '../validate';
import type {RequestContext, RuleId} from '../types';

/** A parameter's text as the value its schema expects (integer, number, boolean), or the text itself. */
function typed(parameter: ContractParameter, value: string): unknown {
  const type = parameter.schema?.type;
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** What the description says is wrong with the request's parameters. */
function parameterProblems(ctx: RequestContext): {parameter: ContractParameter; errors: FieldError[]}[] {
  const found: {parameter: ContractParameter; errors: FieldError[]}[] = [];
  for (const parameter of ctx.op?.parameters ?? []) {
    const value =
      parameter.in === 'path'
        ? ctx.params[parameter.name]
        : parameter.in === 'query'
          ? ctx.url.searchParams.get(parameter.name)
          : parameter.in === 'header'
            ? ctx.request.headers.get(parameter.name)
            : null;
    if (value === null || value === undefined) {
      if (parameter.required)
        found.push({parameter, errors: [{field: parameter.name, message: `${parameter.name} is required`}]});
      continue;
    }
    const errors = parameter.schema ? ctx.validate(parameter.schema, typed(parameter, value), parameter.name) : [];
    if (errors.length) found.push({parameter, errors});
  }
  return found;
}

export function parametersDescription(ctx: RequestContext) {
  const problems = parameterProblems(ctx).flatMap((p) => p.errors);
  return problems.length ? ctx.problem(problems, 'A parameter is not valid.') : undefined;
}

/** The rule under which the release takes a parameter the description would refuse. */
const IGNORED: Record<string, RuleId> = {
  'x-api-version': 'api-version-header-ignored',
  limit: 'pull-limit-not-checked',
  preview: 'bundle-preview-header',
};

export function parametersRelease(ctx: RequestContext) {
  for (const {parameter} of parameterProblems(ctx)) {
    const rule = IGNORED[parameter.name.toLowerCase()];
    if (rule) ctx.when(rule);
  }
  return undefined;
}
