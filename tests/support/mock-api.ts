/**
 * A mock Synkronus server made from the API description by Prism (@stoplight/prism-cli), for tests.
 * Started with node directly so the PID is Prism's own, listening on 127.0.0.1, stopped by that PID.
 * It validates requests against the description (401 without a token, 400 for invalid input) and
 * answers with the documented examples. `runCurl` runs a documented curl command against it.
 */
import {execFile, execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {CURL_BASE_URL} from '../../src/api/curl';
import {effectiveDescriptionFile, REPO_ROOT} from './api-description';
import {STATE_TIMEOUT_MS} from './limits';

export type MockApi = {origin: string; stop: () => void};

/** First port of the mock servers. */
const MOCK_API_BASE_PORT = Number(process.env.MOCK_API_PORT ?? 4011);

/**
 * The port of a mock server: each test file has its own offset (0 to 9) and each parallel worker its
 * own block of ten, so servers started at the same time never collide.
 */
export function mockApiPort(fileOffset: number, parallelIndex: number): number {
  return MOCK_API_BASE_PORT + parallelIndex * 10 + fileOffset;
}

const PRISM = path.join(REPO_ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');

export async function startMockApi(port: number): Promise<MockApi> {
  const child = spawn(
    process.execPath,
    [PRISM, 'mock', effectiveDescriptionFile(), '-h', '127.0.0.1', '-p', String(port)],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`Prism did not start on ${origin} within ${STATE_TIMEOUT_MS / 1000} s:\n${output}`)),
      STATE_TIMEOUT_MS,
    );
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) {
        child.kill();
        reject(error);
      } else resolve();
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) done();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      done(new Error(`Prism exited with code ${code} before listening on ${origin}:\n${output}`)),
    );
  });
  child.removeAllListeners('exit');
  return {
    origin,
    stop: () => {
      if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM');
    },
  };
}

/** What curl reports about the call it made. */
export type CurlResult = {status: number; method: string; url: URL};

/** The curl command to run for `command`, and the folder (with a file for each upload) to run it in. */
function curlRun(command: string, origin: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-api-curl-'));
  for (const [, name] of command.matchAll(/=@([^;"'\s]+)/g)) writeFileSync(path.join(dir, name), 'sample bytes');
  const run = `${command.replaceAll(CURL_BASE_URL, origin)} -s -w '\\n%{http_code} %{method} %{url_effective}'`;
  return {dir, run};
}

function curlResult(output: string): CurlResult {
  const [status, method, url] = output.trim().split('\n').pop()!.split(' ');
  return {status: Number(status), method, url: new URL(url)};
}

/**
 * Runs a curl command written for a Synkronus server at CURL_BASE_URL (`http://localhost:8080`)
 * against the mock instead, with `$TOKEN` set to `token`, in a temporary directory that holds a
 * small file for each upload (`-F field=@name`).
 */
export function runCurl(command: string, mock: MockApi, token: string): CurlResult {
  const {dir, run} = curlRun(command, mock.origin);
  try {
    return curlResult(
      execFileSync('bash', ['-c', run], {cwd: dir, env: {...process.env, TOKEN: token}, encoding: 'utf8'}),
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** runCurl for a server in this process: the test's event loop keeps answering while curl waits. */
export async function runCurlAsync(command: string, origin: string): Promise<CurlResult> {
  const {dir, run} = curlRun(command, origin);
  try {
    const {stdout} = await promisify(execFile)('bash', ['-c', run], {cwd: dir, encoding: 'utf8'});
    return curlResult(stdout);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
