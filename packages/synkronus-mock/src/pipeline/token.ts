/**
 * Step 3: the bearer token. The description dialect takes an access token the engine issued, of a user that
 * still exists. The release checks only the token's signature and expiry (pkg/middleware/auth/middleware.go,
 * pkg/auth/auth.go): a refresh token or a deleted user's token passes, and a refusal is chi's plain text.
 */
import {httpError} from '../go/http';
import {verifyToken} from '../jwt';
import type {RequestContext} from '../types';

export function tokenDescription(ctx: RequestContext) {
  if (!ctx.op || ctx.op.isPublic) return undefined;
  const token = /^Bearer\s+(\S+)$/i.exec(ctx.request.headers.get('Authorization') ?? '')?.[1];
  const entry = token ? ctx.store.tokenUser(token, ['access']) : undefined;
  if (!entry || !ctx.store.state.users.has(entry.username))
    return ctx.fail(401, !token ? 'no bearer token' : 'the token is unknown, expired or not an access token');
  ctx.user = {username: entry.username, role: entry.role};
  return undefined;
}

/** pkg/middleware/auth/middleware.go getModelRole: a role it does not know is read-only. */
const knownRole = (role: string) => (['admin', 'read-write', 'read-only'].includes(role) ? role : 'read-only');

export function tokenRelease(ctx: RequestContext) {
  if (!ctx.middleware.includes('token') || ctx.user) return undefined;
  const header = ctx.request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  const verified = token ? verifyToken(token, ctx.jwtSecret, Math.floor(ctx.store.now() / 1000)) : undefined;
  const claims = verified && 'claims' in verified ? verified.claims : undefined;
  if (!claims) {
    ctx.when('auth-errors-plain-text');
    if (ctx.op?.isPublic) ctx.when('version-needs-token');
    return httpError(401, 'Unauthorized');
  }
  const issued = ctx.store.state.tokens.get(token!);
  // Where the description dialect would refuse the token: a refresh token, or a user deleted since. A release
  // without the rule refuses it as it refuses any token it does not take.
  if (
    (issued?.kind === 'refresh' || !ctx.store.state.users.has(claims.username)) &&
    !ctx.when('refresh-token-as-bearer')
  ) {
    ctx.when('auth-errors-plain-text');
    return httpError(401, 'Unauthorized');
  }
  ctx.user = {username: claims.username, role: knownRole(claims.role)};
  return undefined;
}
