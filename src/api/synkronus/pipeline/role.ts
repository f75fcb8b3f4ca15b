/**
 * Step 4: the role. The description dialect allows the roles of the operation's `x-roles`, and leaves open
 * the roles of `x-roles-unspecified`. The release allows the roles its route requires (RequireRole), if any:
 * an admin may push, and every role may upload attachments.
 */
import {httpError} from '../go/http';
import type {RequestContext} from './context';

export function roleDescription(ctx: RequestContext) {
  const {op, user} = ctx;
  if (!op || !user || op.roles.includes(user.role)) return undefined;
  if (op.rolesUnspecified?.includes(user.role))
    return ctx.unspecified(`whether the role ${user.role} may call ${op.operationId}`);
  return ctx.fail(403, `the role ${user.role} may not call ${op.operationId}`);
}

export function roleRelease(ctx: RequestContext) {
  const {op, user, route} = ctx;
  if (!user || !route) return undefined;
  if (route.roles && !route.roles.includes(user.role)) {
    ctx.when('auth-errors-plain-text');
    return httpError(403, 'Forbidden');
  }
  if (op && !op.isPublic && !op.roles.includes(user.role))
    ctx.when(op.rolesUnspecified?.includes(user.role) ? 'admin-may-push-and-upload' : 'attachment-upload-any-role');
  return undefined;
}
