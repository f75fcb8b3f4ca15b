/**
 * Step 4: the role. The description lists the roles of a call as the scopes of its bearer requirement. The
 * description dialect lets a listed role through; a role it does not list gets the 403 the call documents
 * ("Admin role required"), or, where the call documents none, an answer the description leaves open. The
 * release allows the roles its route requires (RequireRole), if any: an admin may push, and every role may
 * upload attachments, which the entries of those rules say.
 */
import {httpError} from '../go/http';
import type {RequestContext} from '../types';

export function roleDescription(ctx: RequestContext) {
  const {op, user} = ctx;
  if (!op || !user || op.roles.includes(user.role)) return undefined;
  if (op.responses.some((response) => response.status === '403'))
    return ctx.fail(403, `the description lists only ${op.roles.join(', ')} for ${op.operationId}`);
  return ctx.unspecified(`whether the role ${user.role} may call ${op.operationId}: the description does not list it`);
}

/** The calls whose unlisted roles the release lets through, and the rule that says so, by role. */
const UNLISTED_ROLE_RULES: Record<
  string,
  Record<string, 'admin-may-push-and-upload' | 'attachment-upload-any-role'>
> = {
  syncPush: {admin: 'admin-may-push-and-upload'},
  uploadAttachment: {admin: 'admin-may-push-and-upload', 'read-only': 'attachment-upload-any-role'},
};

export function roleRelease(ctx: RequestContext) {
  const {op, user, route} = ctx;
  if (!user || !route) return undefined;
  if (route.roles && !route.roles.includes(user.role)) {
    ctx.when('auth-errors-plain-text');
    return httpError(403, 'Forbidden');
  }
  const rule = op && !op.roles.includes(user.role) ? UNLISTED_ROLE_RULES[op.operationId]?.[user.role] : undefined;
  if (rule) ctx.when(rule);
  return undefined;
}
