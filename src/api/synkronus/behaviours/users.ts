/** Tag Users (internal/handlers/user.go and pkg/user/service.go at the tag). */
import type {SeedUser} from '../seed';
import {isoSeconds} from '../store';
import type {Answer, Behaviour, Call} from '../types';

/** bcrypt refuses longer passwords (golang.org/x/crypto v0.38.0, the version synkronus/go.mod requires). */
const BCRYPT_MAX_BYTES = 72;
// pkg/user/service.go wraps the error of pkg/auth/auth.go HashPassword, which wraps bcrypt's: the prefix twice.
const BCRYPT_TOO_LONG = 'failed to hash password: failed to hash password: bcrypt: password length exceeds 72 bytes';

function passwordTooLong(call: Call, password: string): Answer | undefined {
  if (new TextEncoder().encode(password).length <= BCRYPT_MAX_BYTES || !call.when('password-72-bytes')) return undefined;
  return call.fail(400, 'bcrypt refuses passwords over 72 bytes', {error: BCRYPT_TOO_LONG, message: BCRYPT_TOO_LONG});
}

const USER_NOT_FOUND = {error: 'user not found', message: 'User not found'};

const listUsers: Behaviour = ({store}) => ({
  status: 200,
  body: [...store.state.users.values()].map(({username, role, createdAt}) => ({username, role, createdAt})),
});

const createUser: Behaviour = (call) => {
  const {username, password, role} = call.body as {username?: string; password?: string; role?: SeedUser['role']};
  if (!username || !password || !role) return call.fail(400, 'a field is empty', {message: 'Missing required fields'});
  const {users} = call.store.state;
  if (users.has(username))
    return call.fail(409, 'the username exists', {error: 'user already exists', message: 'Username already exists'});
  const tooLong = passwordTooLong(call, password);
  if (tooLong) return tooLong;
  const user = {username, password, role, createdAt: isoSeconds(call.now())};
  users.set(username, user);
  return {status: 201, body: {username, role, createdAt: user.createdAt}};
};

const deleteUser: Behaviour = (call) => {
  const {users, tokens} = call.store.state;
  if (!users.delete(call.params.username)) return call.fail(404, 'no such user', USER_NOT_FOUND);
  // The server reads user and role from the token without a look-up, so a deleted user's tokens keep working.
  if (!call.when('refresh-token-as-bearer'))
    for (const [key, token] of tokens) if (token.username === call.params.username) tokens.delete(key);
  return {status: 200, body: {message: 'User deleted successfully'}};
};

const resetUserPassword: Behaviour = (call) => {
  const {username, newPassword} = call.body as {username?: string; newPassword?: string};
  if (!username || !newPassword) return call.fail(400, 'a field is empty', {message: 'Missing required fields'});
  const user = call.store.state.users.get(username);
  if (!user) return call.fail(404, 'no such user', USER_NOT_FOUND);
  const tooLong = passwordTooLong(call, newPassword);
  if (tooLong) return tooLong;
  user.password = newPassword;
  return {status: 200, body: {message: 'Password reset successfully'}};
};

const changePassword: Behaviour = (call) => {
  const {currentPassword, newPassword} = call.body as {currentPassword?: string; newPassword?: string};
  if (!currentPassword || !newPassword) return call.fail(400, 'a field is empty', {message: 'Missing required fields'});
  // The handler looks the user up under a context key the token check never sets.
  if (call.when('change-password-always-401')) return call.fail(401, 'the handler never finds the user', {message: 'Unauthorized'});
  const account = call.store.state.users.get(call.user!.username);
  if (!account) return call.fail(401, 'the user no longer exists');
  if (account.password !== currentPassword) return call.fail(401, 'the current password is wrong');
  account.password = newPassword;
  return {status: 200, body: {message: 'Password changed successfully'}};
};

export const userBehaviours = {listUsers, createUser, deleteUser, resetUserPassword, changePassword};
