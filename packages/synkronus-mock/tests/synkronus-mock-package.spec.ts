/**
 * The synkronus-mock package as a client's CI gets it: packed with a plain `npm pack` in its folder,
 * installed from the tarball into an empty folder outside the repository, and started from its bin. It must
 * bring in only the engine's own dependencies, and hold a login, a push, a pull and an attachment round trip,
 * with the control API. Prints the tarball's size and the install's time.
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {load} from 'js-yaml';
import {readRepoFile, splitMarkdown} from '../../../tests/support/content';
import {harProblems} from '../../../tests/support/har';

const PACKAGE = path.resolve(__dirname, '..');
const ROOT = path.resolve(PACKAGE, '../..');
/** What the site needs and the mock must not bring in. */
const SITE_ONLY = /(^|\/)(@docusaurus|react|react-dom|playwright|@playwright|@rspack|typescript)$/;

// One pack for both tests, in one worker: two workers' beforeAll would each rebuild
// the package's dist folder at once, and the bundler's clean of one removes what the other writes.
test.describe.configure({mode: 'default'});

let folder = '';
let tarball = '';

test.beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'synkronus-mock-package-'));
  // A plain `npm pack` in the package's folder: its prepack builds what the tarball ships.
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', folder], {cwd: PACKAGE, encoding: 'utf8'});
  expect(out, 'npm pack ran the build (prepack)').toMatch(/^synkronus-mock: built dist\/synkronus-mock\.mjs/m);
  // npm prints the scripts' output, then the tarball's report as JSON.
  const packed = JSON.parse(out.slice(out.search(/^\[/m))) as {filename: string}[];
  tarball = path.join(folder, packed[0].filename);
});

test.afterAll(() => rmSync(folder, {recursive: true, force: true}));

function start(bin: string, cwd: string): Promise<{child: ChildProcess; origin: string}> {
  const child = spawn(bin, ['--port', '0', '--control'], {cwd, stdio: ['ignore', 'pipe', 'pipe']});
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /dialect v1\.0\.0-alpha\.6 at (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match) resolve({child, origin: match[1]});
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`synkronus-mock exited with ${code}: ${out}`)));
  });
}

test('installed from its tarball in an empty folder, the bin serves a client session with the engine’s dependencies only', async () => {
  const project = path.join(folder, 'client');
  mkdirSync(project, {recursive: true});
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({name: 'client-tests', private: true}));
  const began = process.hrtime.bigint();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: project,
    stdio: 'pipe',
  });
  const installSeconds = Number(process.hrtime.bigint() - began) / 1e9;
  console.log(
    `synkronus-mock package: tarball ${(statSync(tarball).size / 1024).toFixed(1)} KiB, install ${installSeconds.toFixed(1)} s`,
  );

  const installed = execFileSync('npm', ['ls', '--all', '--parseable'], {cwd: project, encoding: 'utf8'})
    .split('\n')
    .filter(Boolean)
    .map((line) => path.relative(path.join(project, 'node_modules'), line));
  expect(
    installed.filter((p) => SITE_ONLY.test(p)),
    'site packages installed',
  ).toEqual([]);
  expect(installed.filter((p) => p && !p.startsWith('..')).sort()).toEqual(
    ['@cfworker/json-schema', '@noble/hashes', 'hyparquet', 'hyparquet-writer', 'synkronus-mock'].sort(),
  );

  const {child, origin} = await start(path.join(project, 'node_modules/.bin/synkronus-mock'), project);
  try {
    const send = (method: string, url: string, init: RequestInit = {}) => fetch(origin + url, {method, ...init});
    const login = await send('POST', '/auth/login', {
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({username: 'fieldworker', password: 's3cret-passphrase'}),
    });
    expect(login.status).toBe(200);
    const {token} = (await login.json()) as {token: string};
    const auth = {authorization: `Bearer ${token}`, 'content-type': 'application/json'};
    const record = {
      observation_id: 'obs-package-1',
      form_type: 'household_survey',
      form_version: '1.0',
      data: {household_size: 4},
      created_at: '2025-06-20T09:00:00Z',
      updated_at: '2025-06-20T09:00:00Z',
      deleted: false,
    };
    const transmission = {
      transmission_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      client_id: 'package-client',
      records: [record],
    };
    const push = await send('POST', '/sync/push', {headers: auth, body: JSON.stringify(transmission)});
    expect(push.status).toBe(200);
    expect(await push.json()).toMatchObject({success_count: 1});
    const pull = await send('POST', '/sync/pull', {
      headers: auth,
      body: JSON.stringify({client_id: 'package-client', schema_types: ['household_survey']}),
    });
    expect(pull.status).toBe(200);
    expect(
      ((await pull.json()) as {records: {observation_id: string}[]}).records.map((r) => r.observation_id),
    ).toContain('obs-package-1');

    const form = new FormData();
    form.append('file', new Blob(['photo bytes'], {type: 'image/jpeg'}), 'photo.jpg');
    const upload = await send('PUT', '/attachments/package-photo.jpg', {
      headers: {authorization: `Bearer ${token}`},
      body: form,
    });
    expect(upload.status).toBe(200);
    const download = await send('GET', '/attachments/package-photo.jpg', {headers: {authorization: `Bearer ${token}`}});
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('photo bytes');

    // The control API: back to the seed, where the pushed record is gone.
    expect((await send('POST', '/__synkronus/reset')).status).toBe(200);
    const again = await send('POST', '/auth/login', {
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({username: 'fieldworker', password: 's3cret-passphrase'}),
    });
    const fresh = ((await again.json()) as {token: string}).token;
    const after = await send('POST', '/sync/pull', {
      headers: {...auth, authorization: `Bearer ${fresh}`},
      body: JSON.stringify({client_id: 'package-client', schema_types: ['household_survey']}),
    });
    expect(
      ((await after.json()) as {records: {observation_id: string}[]}).records.map((r) => r.observation_id),
    ).not.toContain('obs-package-1');
  } finally {
    child.kill('SIGTERM');
  }
});

const GUIDE = 'docs/documentation/synkronus/test-against-the-mock.mdx';

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const {port} = probe.address() as {port: number};
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('the guide’s GitHub Actions steps start the mock, which answers, and stop it, leaving a valid HAR file', async () => {
  const {version} = JSON.parse(readFileSync(path.join(ROOT, 'packages/synkronus-mock/package.json'), 'utf8')) as {
    version: string;
  };
  const block = splitMarkdown(readRepoFile(GUIDE)).codeBlocks.find((b) => b.lang === 'yaml');
  const steps = load(block!.lines.map((l) => l.text).join('\n')) as {name?: string; run?: string}[];
  const script = (name: string) => steps.find((step) => step.name === name)?.run ?? '';
  const named = `./tools/synkronus-mock-${version}.tgz`;
  expect(script('Start the Synkronus mock'), 'the guide names the package’s tarball').toContain(named);
  const port = String(await freePort());
  const project = path.join(folder, 'ci');
  mkdirSync(project, {recursive: true});
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({name: 'client-ci', private: true}));
  const local = (text: string) => text.replaceAll(named, tarball).replaceAll('8080', port);
  const pid = path.join(project, 'synkronus-mock.pid');
  try {
    execFileSync('bash', ['-e', '-c', local(script('Start the Synkronus mock'))], {cwd: project, stdio: 'pipe'});
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    execFileSync('bash', ['-e', '-c', local(script('Stop the Synkronus mock'))], {cwd: project, stdio: 'pipe'});
    // Stopped: the port is free again once the process has exited.
    await expect
      .poll(async () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          () => 'answering',
          () => 'stopped',
        ),
      )
      .toBe('stopped');
  } finally {
    if (existsSync(pid)) spawn('kill', [readFileSync(pid, 'utf8').trim()]);
  }
  const har = JSON.parse(readFileSync(path.join(project, 'synkronus.har'), 'utf8')) as {log: {entries: unknown[]}};
  expect(harProblems(har)).toEqual([]);
  expect(har.log.entries.length, 'the health checks of the start step and the test').toBeGreaterThanOrEqual(2);
});
