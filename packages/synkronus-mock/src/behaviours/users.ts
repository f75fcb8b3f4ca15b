/**
 * Tag Users (internal/handlers/user.go and pkg/user/service.go at the tag). The release's user handlers write
 * their JSON without a content type, which net/http then sniffs as text, and answer 400 for any error of the
 * service, a database that cannot be reached included.
 */
import {SNIFFED_JSON} from '../go/http';
import type {Role, User} from '../store';
import {isoSeconds} from '../store';
import type {Answer, Behaviour, Call} from '../types';
import {varcharText} from '../postgres';
import {DRIVER_ERROR, emptyField, NUL_REFUSED} from './fields';

/** The users table's `username VARCHAR(255)` (pkg/migrations/sql at the tag), counted in characters. */
const USERNAME_MAX = 255;

/** bcrypt's refusal, wrapped by pkg/auth/auth.go HashPassword and again by pkg/user/service.go. */
const BCRYPT_TOO_LONG = 'failed to hash password: failed to hash password: bcrypt: password length exceeds 72 bytes';

function passwordTooLong(call: Call, password: string): Answer | undefined {
  if (call.dialect.kind !== 'release' || !call.has('password-72-bytes')) return undefined;
  if (new TextEncoder().encode(password).length <= call.dialect.release.facts.bcryptMaxBytes) return undefined;
  call.when('password-72-bytes');
  return call.fail(400, 'bcrypt refuses passwords over 72 bytes', {error: BCRYPT_TOO_LONG, message: BCRYPT_TOO_LONG});
}

/** The service cannot reach the database: 400 at the tag, with the service's error as both texts. */
function databaseDown(call: Call, wrapped: string): Answer | undefined {
  if (!call.store.state.databaseDown) return undefined;
  if (!call.when('users-db-errors-400')) return call.fail(500, 'the database cannot be reached');
  const error = `${wrapped}: ${DRIVER_ERROR}`;
  return call.fail(400, 'the database cannot be reached', {error, message: error});
}

/**
 * The repository's look-up by username refuses a name with U+0000 (the service wraps it as `wrapped`); any
 * other name, however long, is looked up and not found.
 */
function lookupRefused(call: Call, username: string, wrapped: string): Answer | undefined {
  if (!call.has('username-database-limits') || !username.includes('\u0000')) return undefined;
  call.when('username-database-limits');
  const error = `${wrapped}: ${NUL_REFUSED}`;
  return call.fail(400, 'PostgreSQL refuses U+0000 in a text', {error, message: error});
}

/**
 * The name the users table stores, or the INSERT's refusal: a name over 255 characters is refused unless all
 * beyond them are spaces, which PostgreSQL cuts; a cut name may then be another user's.
 */
function storedUsername(call: Call, username: string): string | Answer {
  if (!call.has('username-database-limits')) return username;
  const stored = varcharText(username, USERNAME_MAX);
  const wrap = (driver: string) => `failed to create user: failed to create user: pq: ${driver}`;
  if (stored === undefined) {
    call.when('username-database-limits');
    const error = wrap(`value too long for type character varying(${USERNAME_MAX})`);
    return call.fail(400, `the username is over ${USERNAME_MAX} characters`, {error, message: error});
  }
  if (stored !== username) call.when('username-database-limits');
  if (stored !== username && call.store.state.users.has(stored)) {
    const error = wrap('duplicate key value violates unique constraint "users_username_key"');
    return call.fail(400, 'the username, cut to 255 characters, is taken', {error, message: error});
  }
  return stored;
}

/** A successful answer of the release's user handlers: JSON, labelled as the sniffer reads it. */
function success(call: Call, status: number, body: unknown): Answer {
  if (call.when('user-answers-plain-text')) return {status, body, contentType: SNIFFED_JSON};
  return {status, body};
}

const listUsers: Behaviour = (call) => {
  const down = databaseDown(call, 'failed to list users: failed to list users');
  if (down) return down;
  const users = [...call.store.state.users.values()];
  // models.User as encoded: with its id and update time, and `null` for no user.
  if (call.when('user-fields')) {
    if (users.length === 0) call.when('empty-lists-null');
    return success(
      call,
      200,
      users.length
        ? users.map(({id, username, role, createdAt, updatedAt}) => ({id, username, role, createdAt, updatedAt}))
        : null,
    );
  }
  return {status: 200, body: users.map(({username, role, createdAt}) => ({username, role, createdAt}))};
};

const createUser: Behaviour = (call) => {
  const {username, password, role} = call.body as {username: string; password: string; role: Role};
  if (emptyField(call, 'username', 'password', 'role')) return call.fail(400, 'a field is empty', 'missingFields');
  if (!['read-only', 'read-write', 'admin'].includes(role))
    return call.fail(400, `${role} is not a role`, 'invalidRole');
  const down = databaseDown(call, 'failed to check for existing user: failed to get user by username');
  if (down) return down;
  const refused = lookupRefused(call, username, 'failed to check for existing user: failed to get user by username');
  if (refused) return refused;
  const {users} = call.store.state;
  if (users.has(username)) return call.fail(409, 'the username exists', 'userExists');
  // pkg/user/service.go CreateUser hashes the password before it inserts the row.
  const tooLong = passwordTooLong(call, password);
  if (tooLong) return tooLong;
  const stored = storedUsername(call, username);
  if (typeof stored !== 'string') return stored;
  const now = isoSeconds(call.store.now());
  const user: User = {id: crypto.randomUUID(), username: stored, password, role, createdAt: now, updatedAt: now};
  users.set(stored, user);
  if (call.when('user-fields')) return success(call, 201, {username, role});
  return {status: 201, body: {username, role, createdAt: now}};
};

const deleteUser: Behaviour = (call) => {
  const {username} = call.params;
  const down = databaseDown(call, 'failed to get user: failed to get user by username');
  if (down) return down;
  const refused = lookupRefused(call, username, 'failed to get user: failed to get user by username');
  if (refused) return refused;
  const {users, tokens} = call.store.state;
  if (!users.delete(username)) return call.fail(404, 'no such user', 'userNotFound');
  // The release reads user and role from the token without a look-up, so a deleted user's tokens keep working.
  if (!call.has('refresh-token-as-bearer'))
    for (const [key, token] of tokens) if (token.username === username) tokens.delete(key);
  return success(call, 200, {message: 'User deleted successfully'});
};

/**
 * An updated user is listed last from then on: the release lists users with no ORDER BY
 * (internal/repository/user_repository.go List), so PostgreSQL returns rows as stored, and an UPDATE stores
 * the row's new version after the others (recorded: the reset user moved to the end of GET /users).
 */
function storedAgain(call: Call, user: User) {
  if (call.dialect.kind !== 'release') return;
  const {users} = call.store.state;
  users.delete(user.username);
  users.set(user.username, user);
}

const resetUserPassword: Behaviour = (call) => {
  const {username, newPassword} = call.body as {username: string; newPassword: string};
  if (emptyField(call, 'username', 'newPassword')) return call.fail(400, 'a field is empty', 'missingFields');
  const down = databaseDown(call, 'failed to get user: failed to get user by username');
  if (down) return down;
  const refused = lookupRefused(call, username, 'failed to get user: failed to get user by username');
  if (refused) return refused;
  const user = call.store.state.users.get(username);
  if (!user) return call.fail(404, 'no such user', 'userNotFound');
  const tooLong = passwordTooLong(call, newPassword);
  if (tooLong) return tooLong;
  user.password = newPassword;
  user.updatedAt = isoSeconds(call.store.now());
  storedAgain(call, user);
  return success(call, 200, {message: 'Password reset successfully'});
};

const changePassword: Behaviour = (call) => {
  const {currentPassword, newPassword} = call.body as {currentPassword: string; newPassword: string};
  if (emptyField(call, 'currentPassword', 'newPassword')) return call.fail(400, 'a field is empty', 'missingFields');
  // The handler looks the user up under a context key the token check never sets.
  if (call.when('change-password-always-401'))
    return call.fail(401, 'the handler never finds the user', {message: 'Unauthorized'});
  const account = call.store.state.users.get(call.user!.username);
  if (!account || account.password !== currentPassword) return call.fail(401, 'the current password is wrong');
  account.password = newPassword;
  return {status: 200, body: {message: 'Password changed successfully'}};
};

export const userBehaviours = {listUsers, createUser, deleteUser, resetUserPassword, changePassword};
