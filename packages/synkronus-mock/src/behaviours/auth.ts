/** Tag Authentication: login and refresh (internal/handlers/auth.go and pkg/auth/auth.go at the tag). */
import {signToken, verifyToken} from '../jwt';
import {DOCUMENTED_RELEASE} from '../releases';
import type {User} from '../store';
import type {Answer, Behaviour, Call} from '../types';
import {DRIVER_ERROR, emptyField, NUL_REFUSED} from './fields';

/**
 * A release's token lifetimes; the description does not say how long a token lasts, so there the engine's are
 * those of the release the site documents.
 */
function lifetimes(call: Call) {
  const {facts} = call.dialect.kind === 'release' ? call.dialect.release : DOCUMENTED_RELEASE;
  return {access: facts.accessSeconds, refresh: facts.refreshSeconds};
}

/** A token pair for `user`: JSON Web Tokens with the release's claims, signed with the engine's key. */
export function issueTokens(call: Call, user: User): Answer {
  const iat = Math.floor(call.store.now() / 1000);
  const life = lifetimes(call);
  const sign = (seconds: number) =>
    signToken({username: user.username, role: user.role, sub: user.id, exp: iat + seconds, iat}, call.jwtSecret);
  const token = sign(life.access);
  const refreshToken = sign(life.refresh);
  const {tokens} = call.store.state;
  tokens.set(token, {username: user.username, role: user.role, expiresAt: iat + life.access, kind: 'access'});
  tokens.set(refreshToken, {username: user.username, role: user.role, expiresAt: iat + life.refresh, kind: 'refresh'});
  call.note('the description does not say how long a token lasts: these last 24 hours, refresh tokens 7 days');
  return {status: 200, body: {token, refreshToken, expiresAt: iat + life.access}};
}

/** The repository's error when the database cannot be reached (internal/repository/user_repository.go). */
const USER_LOOKUP_FAILED = `failed to get user: failed to get user by username: ${DRIVER_ERROR}`;

/**
 * The key bcrypt derives from a password (golang.org/x/crypto/bcrypt/bcrypt.go expensiveBlowfishSetup): its
 * bytes and a NUL, repeated to the 72 bytes Blowfish's key schedule reads. Two passwords with one key match
 * the same hash: a password of 72 bytes or more matches any that shares its first 72.
 */
function bcryptKey(password: string, bytes: number): string {
  const key = [...new TextEncoder().encode(password), 0];
  return Array.from({length: bytes}, (_, i) => key[i % key.length]).join(',');
}

/** Whether `sent` opens an account whose password is `stored`: bcrypt's comparison in the release. */
function passwordMatches(call: Call, stored: string, sent: string): boolean {
  if (stored === sent) return true;
  if (call.dialect.kind !== 'release' || !call.has('password-72-bytes')) return false;
  const {bcryptMaxBytes} = call.dialect.release.facts;
  if (bcryptKey(stored, bcryptMaxBytes) !== bcryptKey(sent, bcryptMaxBytes)) return false;
  call.when('password-72-bytes');
  return true;
}

const login: Behaviour = (call) => {
  const {username, password} = call.body as {username: string; password: string};
  const empty = emptyField(call, 'username', 'password');
  if (empty) return call.fail(400, `${empty} is empty`, empty === 'username' ? 'usernameRequired' : 'passwordRequired');
  if (call.store.state.databaseDown) {
    if (call.when('login-401-on-server-error'))
      return call.fail(401, 'the database cannot be reached', {
        error: USER_LOOKUP_FAILED,
        message: 'Invalid credentials',
      });
    return call.fail(500, 'the database cannot be reached');
  }
  // internal/repository/user_repository.go GetByUsername: PostgreSQL refuses the parameter; pkg/auth wraps it.
  if (username.includes('\u0000') && call.when('username-database-limits'))
    return call.fail(401, 'PostgreSQL refuses U+0000 in a text', {
      error: `failed to get user: failed to get user by username: ${NUL_REFUSED}`,
      message: 'Invalid credentials',
    });
  const user = call.store.state.users.get(username);
  if (!user || !passwordMatches(call, user.password, password))
    return call.fail(401, 'wrong username or password', 'invalidCredentials');
  return issueTokens(call, user);
};

function refreshRelease(call: Call, token: string): Answer {
  const verified = verifyToken(token, call.jwtSecret, Math.floor(call.store.now() / 1000));
  if (!('claims' in verified))
    return call.fail(401, 'the refresh token is not valid', {
      error: verified.text === undefined ? null : `invalid refresh token: failed to parse token: ${verified.text}`,
      message: 'Invalid refresh token',
    });
  // pkg/auth/auth.go RefreshToken validates any token it signed, then looks its user up.
  if (call.store.state.tokens.get(token)?.kind === 'access' && !call.when('refresh-token-as-bearer'))
    return call.fail(401, 'an access token is not a refresh token');
  if (call.store.state.databaseDown) {
    call.when('login-401-on-server-error');
    return call.fail(401, 'the database cannot be reached', {
      error: USER_LOOKUP_FAILED,
      message: 'Invalid refresh token',
    });
  }
  const user = call.store.state.users.get(verified.claims.username);
  if (!user)
    return call.fail(401, 'the user no longer exists', {error: 'user not found', message: 'Invalid refresh token'});
  return issueTokens(call, user);
}

const refreshToken: Behaviour = (call) => {
  const {refreshToken: token} = call.body as {refreshToken: string};
  if (emptyField(call, 'refreshToken')) return call.fail(400, 'refreshToken is empty', 'refreshTokenRequired');
  if (call.dialect.kind === 'release') return refreshRelease(call, token);
  if (call.store.state.databaseDown) return call.fail(500, 'the database cannot be reached');
  const entry = call.store.tokenUser(token, ['refresh']);
  const user = entry && call.store.state.users.get(entry.username);
  if (!user) return call.fail(401, 'the refresh token is unknown or expired');
  return issueTokens(call, user);
};

export const authBehaviours = {login, refreshToken};
