/**
 * Answers of the release dialect that were measured on a server built from ODE's source at v1.0.0-alpha.6
 * (Go 1.19, PostgreSQL 15), for cases no Known issues probe covers on its own: the limits of usernames and
 * passwords, the app bundle manifest's version through uploads, switches and restarts, ZIP entries that the
 * upload skips or cannot read, and the texts of a failed export.
 */
import {test, expect} from '@playwright/test';
import {writeZip} from '../src/zip';
import {newSynkronus} from '../../../tests/support/api-console';
import {jsonBody, push, record, releaseError, session, type Session} from './support/engine-session';
import {RELEASE_TAG} from '../../../tests/support/release';

const create = (s: Session, username: string, password = 'pw') =>
  s.send('POST', '/users', {token: s.access.admin, json: {username, password, role: 'read-only'}});
const login = (s: Session, username: string, password: string) =>
  s.send('POST', '/auth/login', {json: {username, password}});

test.describe('users', () => {
  const tooLong = 'failed to create user: failed to create user: pq: value too long for type character varying(255)';

  test('a username of 255 characters is created, of 256 refused, counted in characters', async () => {
    const s = await session(RELEASE_TAG);
    expect((await create(s, 'u'.repeat(255))).status).toBe(201);
    expect((await create(s, '\u00e9'.repeat(255))).status).toBe(201);
    for (const name of ['v'.repeat(256), 'u'.repeat(300), '\u00e9'.repeat(256)]) {
      const answer = await create(s, name);
      expect(answer.status).toBe(400);
      releaseError(tooLong, tooLong)(answer);
    }
  });

  test('the password is checked before the username is stored', async () => {
    const s = await session(RELEASE_TAG);
    const bcrypt = 'failed to hash password: failed to hash password: bcrypt: password length exceeds 72 bytes';
    releaseError(bcrypt, bcrypt)(await create(s, 'u'.repeat(300), 'p'.repeat(73)));
  });

  test('trailing spaces beyond 255 characters are cut, and the cut name may be taken', async () => {
    const s = await session(RELEASE_TAG);
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
    const s = await session(RELEASE_TAG);
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
    const s = await session(RELEASE_TAG);
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

/** A stored ZIP of `files`; the CRC-32 of those named in `crcs` is replaced, in both of its headers. */
function zipWith(files: Record<string, string>, crcs: Record<string, number> = {}): Blob {
  const names = Object.keys(files);
  const bytes = writeZip(names.map((name) => ({name, data: new TextEncoder().encode(files[name])})));
  const view = new DataView(bytes.buffer);
  for (let at = 0, index = 0; at + 4 <= bytes.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const name = names[index++];
    if (!(name in crcs)) continue;
    view.setUint32(at + 16, crcs[name], true);
    view.setUint32(view.getUint32(at + 42, true) + 14, crcs[name], true);
  }
  return new Blob([bytes.slice()]);
}

const SCHEMA = JSON.stringify({type: 'object', properties: {name: {type: 'string'}}});
const UI = JSON.stringify({type: 'VerticalLayout', elements: []});
const BUNDLE = {'app/index.html': '<html>1</html>', 'forms/survey/schema.json': SCHEMA, 'forms/survey/ui.json': UI};

test.describe('app bundles, from an empty server', () => {
  const empty = async () => {
    const engine = newSynkronus(RELEASE_TAG);
    engine.reset({content: false});
    return session(RELEASE_TAG, engine);
  };
  const upload = (s: Session, files: Record<string, string>, crcs?: Record<string, number>) =>
    s.send('POST', '/app-bundle/push', {token: s.access.admin, form: {bundle: zipWith(files, crcs)}});
  const versions = async (s: Session) =>
    jsonBody(await s.send('GET', '/app-bundle/versions', {token: s.access.admin})).versions;
  const manifest = async (s: Session) => jsonBody(await s.send('GET', '/app-bundle/manifest', {token: s.access.admin}));
  const changes = (s: Session, query: string) => s.send('GET', `/app-bundle/changes?${query}`, {token: s.access.admin});
  const filesOf = (s: Session, version: string) =>
    s.engine.store.state.bundles.find((b) => b.version === version)?.files.map((f) => f.path);

  test('the manifest is "current" until a switch, and after a restart; the newest is marked at start if none was', async () => {
    const s = await empty();
    expect(await manifest(s)).toMatchObject({files: [], version: 'current'});
    expect((await upload(s, BUNDLE)).status).toBe(200);
    expect((await upload(s, {...BUNDLE, 'app/index.html': '<html>2</html>'})).status).toBe(200);
    expect((await manifest(s)).version, 'uploads change nothing').toBe('current');
    expect(await versions(s)).toEqual(['0002', '0001']);
    s.engine.restart();
    expect(await versions(s), 'ensureCurrentVersionSet marks the newest').toEqual(['0002 *', '0001']);
    expect(await manifest(s), 'named, but none of its files copied').toMatchObject({files: [], version: '0002'});
    expect((await s.send('POST', '/app-bundle/switch/0001', {token: s.access.admin})).status).toBe(200);
    expect((await manifest(s)).version).toBe('0001');
    s.engine.restart();
    const restarted = await manifest(s);
    expect(restarted.version).toBe('current');
    expect((restarted.files as unknown[]).length, 'the active files stay, APP_INFO.json with them').toBe(4);
    expect(await versions(s)).toEqual(['0002', '0001 *']);
  });

  test('an entry whose name holds ".." is skipped, and the upload accepted; others are stored cleaned', async () => {
    const s = await empty();
    const odd = {'app/../../escape.txt': 'bad', 'app/a..b.js': 'x', '/app/lead.js': 'y', 'app//dbl.js': 'z'};
    expect((await upload(s, {...BUNDLE, ...odd})).status).toBe(200);
    expect(filesOf(s, '0001')?.sort()).toEqual(
      [
        'APP_INFO.json',
        'app/dbl.js',
        'app/index.html',
        'app/lead.js',
        'forms/survey/schema.json',
        'forms/survey/ui.json',
      ].sort(),
    );
  });

  test('an entry with a wrong CRC-32: 500, the version left with what was written before', async () => {
    const s = await empty();
    const refused = await upload(s, {'app/a.js': 'a', ...BUNDLE, 'app/z.js': 'z'}, {'app/index.html': 0xdeadbeef});
    expect(refused.status).toBe(500);
    releaseError('Failed to process app bundle', 'failed to copy file app/index.html: zip: checksum error')(refused);
    expect(filesOf(s, '0001')).toEqual(['APP_INFO.json', 'app/a.js', 'app/index.html']);
    const schema = await upload(s, BUNDLE, {'forms/survey/schema.json': 0xdeadbeef});
    releaseError(
      'Failed to process app bundle',
      'failed to generate app info: failed to read form schema survey: zip: checksum error',
    )(schema);
    const ui = await upload(s, BUNDLE, {'forms/survey/ui.json': 0xdeadbeef});
    releaseError(
      'Failed to process app bundle',
      'failed to generate app info: failed to read UI schema for survey: zip: checksum error',
    )(ui);
    expect((await upload(s, BUNDLE, {'app/index.html': 0})).status, 'a CRC-32 of 0 is not checked').toBe(200);
    expect(await versions(s)).toEqual(['0004', '0003', '0002', '0001']);
    expect(filesOf(s, '0002')).toEqual([]);
    const noInfo = (v: string) =>
      `failed to get app info for version ${v}: failed to read APP_INFO.json: open app-bundle-versions/${v}/APP_INFO.json: no such file or directory`;
    releaseError('Failed to compare versions', noInfo('0002'))(await changes(s, 'current=0002'));
    releaseError('Failed to compare versions', noInfo('0002'))(await changes(s, 'current=0001'));
    releaseError('Failed to compare versions', noInfo('0003'))(await changes(s, 'current=0003'));
    expect(jsonBody(await changes(s, 'current=0001&preview=true'))).toMatchObject({
      compare_version_a: '1',
      compare_version_b: '4',
    });
  });
});

test.describe('export failures', () => {
  const exportWith = async (...data: unknown[]) => {
    const s = await session(RELEASE_TAG);
    const records = data.map((d, i) => record(`obs-export-${i}`, {form_type: 'survey', data: d}));
    expect((await s.send('POST', '/sync/push', {token: s.access.fieldworker, json: push(records)})).status).toBe(200);
    return s.send('GET', '/dataexport/parquet', {token: s.access.viewer});
  };
  const schemaStep =
    'failed to export form type survey: failed to get schema for form type survey: failed to analyze form type schema: pq: ';
  const queryStep =
    'failed to export form type survey: failed to get observations for form type survey: failed to query observations for form type survey: pq: ';

  test('data that is not an object', async () => {
    for (const [data, what] of [
      [5, 'a scalar'],
      ['x', 'a scalar'],
      [null, 'a scalar'],
      [[1], 'an array'],
    ] as const)
      releaseError(
        'Failed to export parquet data',
        `${schemaStep}cannot call jsonb_object_keys on ${what}`,
      )(await exportWith(data));
  });

  test('keys that break the SQL, with the token PostgreSQL names', async () => {
    const cases: [string, string][] = [
      ['my field', 'field'],
      ['My Field', 'Field'],
      ['a b c', 'b'],
      ['é x', 'x'],
      ['from x', 'x'],
      [' lead', 'lead'],
      ['a\tb', 'b'],
      ['a;b', 'b'],
      ['a-b', '-'],
      ['a.b', '.'],
      ['a:b', ':'],
      ['a  (b', '('],
      ['a)b', ')'],
    ];
    for (const [key, token] of cases)
      releaseError(
        'Failed to export parquet data',
        `${queryStep}syntax error at or near "${token}"`,
      )(await exportWith({[key]: 1}));
  });
});
