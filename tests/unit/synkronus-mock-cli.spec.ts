/**
 * `npm run synkronus-mock` as an integrator runs it (scripts/synkronus-mock.ts through jiti): it serves the engine
 * on 127.0.0.1 in the dialect asked for, and refuses an unknown dialect naming the ones it knows.
 */
import {spawn, spawnSync} from 'node:child_process';
import {test, expect} from '@playwright/test';

const JITI = 'node_modules/jiti/bin/jiti.js';

test('serves the engine in the dialect asked for, on 127.0.0.1, until stopped', async () => {
  // Port 0: the system picks a free port, which the first line names.
  const child = spawn(
    process.execPath,
    [JITI, 'scripts/synkronus-mock.ts', '--dialect', 'description', '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /dialect description at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`synkronus-mock exited with ${code}: ${out}`)));
    });
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-synkronus-dialect')).toBe('description');
    expect(await health.json()).toMatchObject({status: 'ok'});
    const login = await fetch(`${origin}/auth/login`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({username: 'fieldworker', password: 's3cret-passphrase'}),
    });
    expect(login.status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve),
  );
  expect(code, 'stops cleanly on SIGTERM').toBe(0);
});

test('refuses an unknown dialect, naming the ones it knows', () => {
  const run = spawnSync(process.execPath, [JITI, 'scripts/synkronus-mock.ts', '--dialect', 'v2'], {encoding: 'utf8'});
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('--dialect must be one of description, v1.0.0-alpha.6, not v2');
});
