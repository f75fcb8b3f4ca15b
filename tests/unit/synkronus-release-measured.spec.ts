/**
 * Answers of the release dialect that were measured on a server built from ODE's source at v1.0.0-alpha.6
 * (Go 1.19, PostgreSQL 15), for cases no Known issues probe covers on its own: the limits of usernames and
 * passwords, the app bundle manifest's version through uploads, switches and restarts, ZIP entries that the
 * upload skips or cannot read, and the texts of a failed export.
 */
import {test, expect} from '@playwright/test';
import {jsonBody, releaseError, session, type Session} from '../support/engine-session';

const RELEASE = 'v1.0.0-alpha.6';
const create = (s: Session, username: string, password = 'pw') =>
  s.send('POST', '/users', {token: s.access.admin, json: {username, password, role: 'read-only'}});
const login = (s: Session, username: string, password: string) =>
  s.send('POST', '/auth/login', {json: {username, password}});

test.describe('users', () => {
  const tooLong = 'failed to create user: failed to create user: pq: value too long for type character varying(255)';

  test('a username of 255 characters is created, of 256 refused, counted in characters', async () => {
    const s = await session(RELEASE);
    expect((await create(s, 'u'.repeat(255))).status).toBe(201);
    expect((await create(s, '\u00e9'.repeat(255))).status).toBe(201);
    for (const name of ['v'.repeat(256), 'u'.repeat(300), '\u00e9'.repeat(256)]) {
      const answer = await create(s, name);
      expect(answer.status).toBe(400);
      releaseError(tooLong, tooLong)(answer);
    }
  });

  test('the password is checked before the username is stored', async () => {
    const s = await session(RELEASE);
    const bcrypt = 'failed to hash password: failed to hash password: bcrypt: password length exceeds 72 bytes';
    releaseError(bcrypt, bcrypt)(await create(s, 'u'.repeat(300), 'p'.repeat(73)));
  });

  test('trailing spaces beyond 255 characters are cut, and the cut name may be taken', async () => {
    const s = await session(RELEASE);
    const name = `sp${' '.repeat(300)}`;
    const first = await create(s, name);
    expect(first.status).toBe(201);
    expect((first.json as {username: string}).username, 'the answer echoes the name sent').toBe(name);
    const users = (await s.send('GET', '/users', {token: s.access.admin})).json as {username: string}[];
    expect(users.map((u) => u.username)).toContain(`sp${' '.repeat(253)}`);
    const duplicate =
      'failed to create user: failed to create user: pq: duplicate key value violates unique constraint "users_username_key"';
    releaseError(duplicate, duplicate)(await create(s, name));
  });

  test('a long username elsewhere is an unknown user; U+0000 is refused by the look-up', async () => {
    const s = await session(RELEASE);
    const long = 'u'.repeat(300);
    const deleted = await s.send('DELETE', `/users/delete/${long}`, {token: s.access.admin});
    expect(deleted.status).toBe(404);
    releaseError('User not found', 'user not found')(deleted);
    const reset = await s.send('POST', '/users/reset-password', {
      token: s.access.admin,
      json: {username: long, newPassword: 'x'},
    });
    releaseError('User not found', 'user not found')(reset);
    releaseError('Invalid credentials', 'invalid credentials')(await login(s, long, 'x'));
    const nul = 'pq: invalid byte sequence for encoding "UTF8": 0x00';
    const created = await create(s, 'a\u0000b');
    expect(created.status).toBe(400);
    expect(jsonBody(created).error).toBe(`failed to check for existing user: failed to get user by username: ${nul}`);
    const lookUp = `failed to get user: failed to get user by username: ${nul}`;
    releaseError(lookUp, lookUp)(await s.send('DELETE', '/users/delete/a%00b', {token: s.access.admin}));
    releaseError(
      lookUp,
      lookUp,
    )(
      await s.send('POST', '/users/reset-password', {
        token: s.access.admin,
        json: {username: 'a\u0000b', newPassword: 'x'},
      }),
    );
  });

  test('a login compares the first 72 bytes of the password, as bcrypt does', async () => {
    const s = await session(RELEASE);
    const p72 = 'p'.repeat(72);
    expect((await create(s, 'bob', p72)).status).toBe(201);
    expect((await login(s, 'bob', `${p72}X`)).status).toBe(200);
    expect((await login(s, 'bob', `${p72}XYZ`)).status).toBe(200);
    expect((await login(s, 'bob', p72.slice(1))).status).toBe(401);
    const e36 = '\u00e9'.repeat(36);
    expect((await create(s, 'eacute', e36)).status).toBe(201);
    expect((await login(s, 'eacute', `${e36}\u00e9`)).status).toBe(200);
    // Blowfish reads the password and a NUL over and over: "ab\0ab" makes the key of "ab", "ab\0" does not.
    expect((await create(s, 'nul', 'ab')).status).toBe(201);
    expect((await login(s, 'nul', 'ab\u0000ab')).status).toBe(200);
    expect((await login(s, 'nul', 'ab\u0000')).status).toBe(401);
    const description = await session('description');
    expect((await login(description, 'fieldworker', 's3cret-passphrase'.padEnd(80, 'x'))).status).toBe(401);
  });
});
