/**
 * Step 1 of the description dialect: the operation whose method and path template match. A template's
 * parameter takes one path segment, percent-decoded; a path the description does not have, or a method it
 * does not list there, is an answer the description leaves open.
 */
import type {ContractOperation} from '../contract';
import type {RequestContext} from '../types';

type Route = {op: ContractOperation; pattern: RegExp; names: string[]};

const routesOf = new WeakMap<object, Route[]>();

function routes(ctx: RequestContext): Route[] {
  let found = routesOf.get(ctx.contract);
  if (!found) {
    found = ctx.contract.operations.map((op) => {
      const names: string[] = [];
      const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return {op, pattern: new RegExp(`^${source}$`), names};
    });
    // Literal paths first, so /users/reset-password is not read as /users/{username}.
    found.sort((a, b) => a.names.length - b.names.length);
    routesOf.set(ctx.contract, found);
  }
  return found;
}

/** The operation the description has for `method` and the raw `path`, with its decoded parameters. */
export function describedOperation(ctx: RequestContext, method: string, path: string) {
  const matches = routes(ctx)
    .map((route) => ({route, match: route.pattern.exec(path)}))
    .filter(({match}) => match);
  const found = matches.find(({route}) => route.op.method === method);
  if (!found) return {pathMatched: matches.length > 0};
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(found.route.names.map((name, i) => [name, decodeURIComponent(found.match![i + 1])]));
  } catch {
    return {pathMatched: true};
  }
  return {op: found.route.op, params, pathMatched: true};
}

export function routeDescription(ctx: RequestContext) {
  const {method, url} = ctx;
  if (method === 'OPTIONS' && ctx.request.headers.has('Access-Control-Request-Method'))
    return ctx.unspecified('the description says nothing about cross-origin requests (CORS preflight)');
  const found = describedOperation(ctx, method, url.pathname);
  if (!found.op)
    return found.pathMatched
      ? ctx.unspecified(`${method} is not a method of ${url.pathname}`, 405)
      : ctx.unspecified(`the description has no operation at ${url.pathname}`, 404);
  ctx.op = found.op;
  ctx.params = found.params;
  return undefined;
}
