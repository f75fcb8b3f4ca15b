/**
 * The first steps of the release dialect, before chi routes anything: Go's server parses the request target
 * (an address it cannot read gets 400 before any handler), then chi's RedirectSlashes sends a path that ends
 * in `/` to the same path without it (internal/api/api.go).
 */
import {badRequestTarget, redirect} from '../go/http';
import {parseTarget} from '../go/url';
import type {RequestContext} from '../types';

export function readTarget(ctx: RequestContext) {
  const parsed = parseTarget(ctx.target);
  if (!parsed) {
    ctx.when('unknown-routes-plain-text');
    return badRequestTarget();
  }
  ctx.goTarget = parsed;
  ctx.query = parsed.query;
  return undefined;
}

export function redirectSlashes(ctx: RequestContext) {
  const {pathBytes, rawQuery} = ctx.goTarget!;
  if (pathBytes.length <= 1 || !pathBytes.endsWith('/')) return undefined;
  ctx.when('trailing-slash-redirect');
  // The decoded path, its bytes as they are (middleware/strip.go RedirectSlashes): http.Redirect escapes them.
  const host = ctx.request.headers.get('Host') ?? ctx.url.host;
  return redirect(ctx.method, `//${host}${pathBytes.slice(0, -1)}${rawQuery ? `?${rawQuery}` : ''}`);
}
