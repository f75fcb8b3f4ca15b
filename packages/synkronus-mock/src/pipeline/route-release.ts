/**
 * Step 1 of the release dialect: the release's router (releases/<tag>/routes.ts) chooses the handler, chi's
 * way, on the path as Go read it. What it cannot route gets chi's plain-text 404, or 405 with `Allow`, after
 * the token check of the mount it went into. Where the description has the call under another path, the
 * answer names the rule for that path.
 */
import {routeChi} from '../go/chi';
import {notFound, redirect} from '../go/http';
import type {ContractOperation} from '../contract';
import type {Release, RequestContext} from '../types';
import {describedOperation} from './route-description';
import {tokenRelease} from './token';

/** The rule of the route the release has for the description's `op` under another path, if any. */
function pathRule(release: Release, op: ContractOperation | undefined) {
  const stack = [...release.routes];
  while (stack.length) {
    const entry = stack.pop()!;
    if ('mount' in entry) stack.push(...entry.table);
    else if (op && entry.handler.op === op.operationId && entry.handler.rule) return entry.handler.rule;
  }
  return undefined;
}

export function routeRelease(ctx: RequestContext, release: Release) {
  const {routePath} = ctx.goTarget!;
  const match = routeChi(release.routes, ctx.method, routePath);
  ctx.middleware = match.middleware;
  if (match.kind !== 'route') {
    // The mounts' token check runs before chi finds nothing under them.
    const refused = tokenRelease(ctx);
    if (refused) return refused;
    const described = describedOperation(ctx, ctx.method, ctx.url.pathname).op;
    const methodRule = release.methodRules.find((r) => r.method === ctx.method && r.path === routePath)?.rule;
    ctx.when(methodRule ?? pathRule(release, described) ?? 'unknown-routes-plain-text');
    if (match.kind === 'not-found') return notFound();
    return {status: 405, headers: {Allow: match.allow.join(', ')}};
  }
  ctx.route = match.handler;
  if (match.handler.rule) ctx.when(match.handler.rule);
  ctx.params = match.params;
  ctx.op = ctx.contract.operations.find((op) => op.operationId === match.handler.op);
  return undefined;
}

/** The handlers of the release's router that are not operations of the description. */
export function ownHandler(ctx: RequestContext, release: Release) {
  const own = ctx.route?.own;
  if (!own) return undefined;
  switch (own) {
    case 'api-versions':
      ctx.when('api-versions-endpoint');
      return {status: 200, body: release.apiVersions};
    case 'panic':
      // A route registered with a nil handler panics; chi's Recoverer answers 500 with no body.
      ctx.when('formspecs-route-500');
      return {status: 500, reason: 'the route is registered with no handler: the server panics'};
    case 'static-redirect':
      // The file server of /static redirects its bare path to the path with a slash.
      ctx.when('unknown-routes-plain-text');
      return redirect(ctx.method, '/static/');
    case 'not-found':
      ctx.when('unknown-routes-plain-text');
      return notFound();
  }
}
