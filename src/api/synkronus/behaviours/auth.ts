/** Tag Authentication: login and refresh (internal/handlers/auth.go and pkg/auth/auth.go at the tag). */
import type {SeedUser} from '../seed';
import type {Answer, Behaviour, Call} from '../types';

/** Token lifetimes of the server at the tag: 24 hours and 7 days, not configurable (pkg/auth/auth.go). */
export const ACCESS_SECONDS = 24 * 3600;
export const REFRESH_SECONDS = 7 * 24 * 3600;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function issueTokens(call: Call, user: Pick<SeedUser, 'username' | 'role'>): Answer {
  const now = Math.floor(call.now() / 1000);
  const token = `access.${user.username}.${randomId()}`;
  const refreshToken = `refresh.${user.username}.${randomId()}`;
  const {tokens} = call.store.state;
  tokens.set(token, {username: user.username, role: user.role, expiresAt: now + ACCESS_SECONDS, kind: 'access'});
  tokens.set(refreshToken, {username: user.username, role: user.role, expiresAt: now + REFRESH_SECONDS, kind: 'refresh'});
  return {status: 200, body: {token, refreshToken, expiresAt: now + ACCESS_SECONDS}};
}

/** The database cannot be reached: what the repository's query returns (internal/repository/user_repository.go). */
const DATABASE_DOWN = 'failed to get user: dial tcp 127.0.0.1:5432: connect: connection refused';

const login: Behaviour = (call) => {
  const {username, password} = (call.body ?? {}) as {username?: string | null; password?: string | null};
  if (!username) return call.fail(400, 'username is empty', {message: 'Username is required'});
  if (!password) return call.fail(400, 'password is empty', {message: 'Password is required'});
  if (call.store.state.databaseDown) {
    if (call.when('login-401-on-server-error'))
      return call.fail(401, 'the database cannot be reached', {error: DATABASE_DOWN, message: 'Invalid credentials'});
    return call.fail(500, 'the database cannot be reached');
  }
  const user = call.store.state.users.get(username);
  if (!user || user.password !== password)
    return call.fail(401, 'wrong username or password', {error: 'invalid credentials', message: 'Invalid credentials'});
  return issueTokens(call, user);
};

const refreshToken: Behaviour = (call) => {
  const {refreshToken: token} = (call.body ?? {}) as {refreshToken?: string | null};
  if (!token) return call.fail(400, 'refreshToken is empty', {message: 'Refresh token is required'});
  if (call.store.state.databaseDown) {
    if (call.when('login-401-on-server-error'))
      return call.fail(401, 'the database cannot be reached', {error: DATABASE_DOWN, message: 'Invalid refresh token'});
    return call.fail(500, 'the database cannot be reached');
  }
  // The server accepts either kind of token here (pkg/auth/auth.go RefreshToken validates any token it signed).
  const kinds = call.when('refresh-token-as-bearer') ? (['refresh', 'access'] as const) : (['refresh'] as const);
  const entry = call.store.tokenUser(token, [...kinds]);
  const user = entry && call.store.state.users.get(entry.username);
  if (!entry || !user)
    return call.fail(401, 'the refresh token is unknown or expired', {
      error: 'invalid refresh token',
      message: 'Invalid refresh token',
    });
  return issueTokens(call, user);
};

export const authBehaviours = {login, refreshToken};
