/**
 * The synkronus-mock command as an integrator runs it, here from the site (`npm run synkronus-mock`, that is
 * scripts/synkronus-mock.ts through jiti; the package runs the same packages/synkronus-mock/src/cli.ts, see
 * synkronus-mock-package.spec.ts): it serves the engine on 127.0.0.1 in the dialect asked for, writes a HAR file
 * of every exchange, and refuses bad input with a message that names the problem and a non-zero exit.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {createServer} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {harHeader, harProblems, type HarEntry} from '../../../tests/support/har';
import {RELEASE_TAG} from '../../../tests/support/release';

const JITI = 'node_modules/jiti/bin/jiti.js';
const COMMAND = [JITI, 'scripts/synkronus-mock.ts'];

/** Starts the command; resolves with its origin once it says where it listens. */
function start(args: string[]): Promise<{child: ChildProcess; origin: string}> {
  const child = spawn(process.execPath, [...COMMAND, ...args], {stdio: ['ignore', 'pipe', 'pipe']});
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = / at (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match) resolve({child, origin: match[1]});
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`synkronus-mock exited with ${code}: ${out}`)));
  });
}

/** Stops the command with SIGTERM; resolves with its exit code. */
async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve),
  );
  child.kill('SIGTERM');
  return exited;
}

const run = (args: string[]) => spawnSync(process.execPath, [...COMMAND, ...args], {encoding: 'utf8'});
const json = (body: unknown) => ({
  method: 'POST',
  headers: {'content-type': 'application/json'},
  body: JSON.stringify(body),
});

test('serves the engine in the dialect asked for, on 127.0.0.1, until stopped', async () => {
  const {child, origin} = await start(['--dialect', 'description', '--port', '0']);
  try {
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-synkronus-dialect')).toBe('description');
    expect(await health.json()).toMatchObject({status: 'ok'});
    const login = await fetch(`${origin}/auth/login`, json({username: 'fieldworker', password: 's3cret-passphrase'}));
    expect(login.status).toBe(200);
  } finally {
    expect(await stop(child), 'stops cleanly on SIGTERM').toBe(0);
  }
});

test('--har writes every exchange as HAR 1.2, with the dialect and rules in each answer, valid after each one', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'synkronus-har-')), 'session.har');
  const {child, origin} = await start(['--port', '0', '--har', file]);
  try {
    const login = await fetch(`${origin}/auth/login`, json({username: 'fieldworker', password: 's3cret-passphrase'}));
    const {token} = (await login.json()) as {token: string};
    // A valid file after each exchange: a reader may open it while the mock runs.
    expect(harProblems(JSON.parse(readFileSync(file, 'utf8')))).toEqual([]);
    await fetch(`${origin}/health`);
    await fetch(`${origin}/sync/pull`, {
      ...json({client_id: 'har-client'}),
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
    });
  } finally {
    expect(await stop(child)).toBe(0);
  }
  const har = JSON.parse(readFileSync(file, 'utf8')) as {log: {entries: HarEntry[]}};
  expect(harProblems(har)).toEqual([]);
  const {entries} = har.log;
  expect(entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname} ${e.response.status}`)).toEqual([
    'POST /auth/login 200',
    'GET /health 200',
    'POST /sync/pull 200',
  ]);
  expect(JSON.parse(entries[0].request.postData!.text)).toEqual({
    username: 'fieldworker',
    password: 's3cret-passphrase',
  });
  expect(entries.every((e) => harHeader(e, 'x-synkronus-dialect') === RELEASE_TAG)).toBe(true);
  expect(harHeader(entries[1], 'x-synkronus-rules')).toBe('health-always-ok');
  expect(entries[1].response.content.text).toBe('OK');
});

test('--version prints the package, the API description and the dialects', () => {
  const result = run(['--version']);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(
    /^synkronus-mock \d+\.\d+\.\d+, API description 1\.0\.3, dialects description, v1\.0\.0-alpha\.6 \(default v1\.0\.0-alpha\.6\)\n$/,
  );
});

for (const [what, args, code, message] of [
  [
    'an unknown dialect',
    ['--dialect', 'v2'],
    2,
    `synkronus-mock: --dialect must be one of description, ${RELEASE_TAG}, not v2`,
  ],
  ['an unknown flag', ['--verbose'], 2, "synkronus-mock: Unknown option '--verbose'; --help lists the options"],
  [
    'a port that is not a number',
    ['--port', 'http'],
    2,
    'synkronus-mock: --port must be a port number (0 to 65535), not http',
  ],
  [
    'a HAR file it cannot write',
    ['--har', '/nonexistent-folder/session.har'],
    1,
    'synkronus-mock: cannot write the HAR file /nonexistent-folder/session.har: ENOENT',
  ],
] as const) {
  test(`refuses ${what} with a message naming it and exit ${code}`, () => {
    const result = run([...args]);
    expect(result.status).toBe(code);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
}

test('refuses a port in use with a message naming it and exit 1', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const {port} = blocker.address() as {port: number};
  try {
    const result = await new Promise<{code: number | null; stderr: string}>((resolve) => {
      const child = spawn(process.execPath, [...COMMAND, '--port', String(port)], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({code, stderr}));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `synkronus-mock: port ${port} is in use on 127.0.0.1: choose another with --port (0 takes a free one)`,
    );
  } finally {
    blocker.close();
  }
});
