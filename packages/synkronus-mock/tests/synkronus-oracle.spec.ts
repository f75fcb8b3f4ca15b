/**
 * The real server is the oracle: packages/synkronus-mock/tests/oracle/v1.0.0-alpha.6.har is the scenario recorded against the Synkronus
 * server built from the tag (packages/synkronus-mock/tests/oracle/README.md). Every exchange is replayed against the engine's release
 * dialect over a socket, from the same empty server, and each difference fails unless KNOWN_DIFFERENCES names it
 * with its reason. The recording itself must still be the scenario's, step for step.
 */
import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {test, expect} from '@playwright/test';
import {engineDataFromFiles} from '../../../src/api/engine-data';
import {CONTROL_PREFIX} from '../src/control';
import {startSynkronusServer, type SynkronusServer} from '../src/node';
import {differences, type Difference} from './oracle/compare';
import {harOf, harText, runScenario, scenarioHashes, type Har, type HarEntry} from './oracle/exchange';
import {ADMIN, RECORDING_JWT_SECRET, scenario} from './oracle/scenario';
import {tokenMaker} from './oracle/tokens';
import {send} from './oracle/wire';
import {RELEASE_TAG} from '../../../tests/support/release';

const RECORDING = `packages/synkronus-mock/tests/oracle/${RELEASE_TAG}.har`;

/**
 * Differences the engine keeps, by step and what differs, each with its reason. A difference that no longer
 * occurs fails too, so the list stays true.
 */
const KNOWN_DIFFERENCES: {step: string | RegExp; what: string; reason: string}[] = [
  {
    step: /^hostile .*\/%00\/$/,
    what: 'header location',
    reason:
      'Go writes the NUL of the decoded path raw into Location; a Response header cannot hold NUL and Node refuses to send it, so the engine writes %00 (the engine README\u2019s limits)',
  },
  {
    step: /, database down$/,
    what: 'body',
    reason:
      'the driver\u2019s text when PostgreSQL cannot be reached depends on the deployment (its address, how the connection fails): the engine writes a marked placeholder, <the database driver\u2019s error>, inside the release\u2019s own wrapping',
  },
];

const named = (k: (typeof KNOWN_DIFFERENCES)[number], d: Difference) =>
  (typeof k.step === 'string' ? k.step === d.step : k.step.test(d.step)) && k.what === d.what;

const recording = (): Har => JSON.parse(readFileSync(RECORDING, 'utf8')) as Har;

/** A server of the release as the recording starts from: empty but for the administrator, signing with its key. */
const emptyReleaseServer = (control = false) =>
  startSynkronusServer({
    data: engineDataFromFiles(),
    dialect: RELEASE_TAG,
    // The release creates ADMIN_USERNAME when it starts on an empty database.
    seed: {content: false, users: [{...ADMIN, role: 'admin', createdAt: new Date().toISOString()}]},
    jwtSecret: RECORDING_JWT_SECRET,
    control,
  });

/** The scenario sent to an engine's server, its restart and database set directly. */
function replay(server: SynkronusServer): Promise<HarEntry[]> {
  const steps = scenario(tokenMaker(RECORDING_JWT_SECRET));
  return runScenario(
    steps,
    scenarioHashes(),
    (request) => send(server.origin, request),
    (what) => {
      if (what === 'restart') server.engine.restart();
      else server.engine.failDatabase(what === 'database-down');
      return Promise.resolve();
    },
  );
}

/** Runs the recorder against `origin`, whose control API restarts it and stops its database. */
async function record(origin: string, out: string) {
  const call = (method: string, path: string, body = '') =>
    `curl -sf -X ${method} ${origin}${CONTROL_PREFIX}${path} -H 'Content-Type: application/json' ${body && `-d '${body}'`} >/dev/null`;
  await promisify(execFile)(
    'npx',
    [
      'jiti',
      'packages/synkronus-mock/tests/oracle/record.ts',
      ...['--origin', origin, '--jwt-secret', RECORDING_JWT_SECRET, '--out', out],
      ...['--restart', call('POST', '/restart')],
      ...['--database-down', call('PUT', '/database', '{"down": true}')],
      ...['--database-up', call('PUT', '/database', '{"down": false}')],
    ],
    {timeout: 120_000},
  );
  return readFileSync(out, 'utf8');
}

test.describe('the engine against the recording of the real server', () => {
  let server: SynkronusServer;
  let replayed: HarEntry[];

  test.beforeAll(async () => {
    server = await emptyReleaseServer();
    replayed = await replay(server);
  });

  test.afterAll(async () => server?.close());

  test('the recording is the scenario, step for step, and covers what the release does', () => {
    const entries = recording().log.entries;
    expect(entries.map((e) => e._step)).toEqual(replayed.map((e) => e._step));
    expect(entries.length, 'exchanges recorded').toBeGreaterThanOrEqual(400);
    const statuses = [...new Set(entries.map((e) => e.response.status))].sort();
    console.log(`${RECORDING}: ${entries.length} exchanges, statuses ${statuses.join(' ')}`);
    expect(statuses).toEqual(expect.arrayContaining([200, 201, 301, 304, 400, 401, 403, 404, 405, 409, 500]));
  });

  test('every exchange answers as the real server did, or its difference is named', () => {
    const entries = recording().log.entries;
    const found: Difference[] = [];
    for (let i = 0; i < entries.length; i++) found.push(...differences(entries[i], replayed[i]));
    const unnamed = found.filter((d) => !KNOWN_DIFFERENCES.some((k) => named(k, d)));
    const stale = KNOWN_DIFFERENCES.filter((k) => !found.some((d) => named(k, d)));
    const differing = new Set(found.map((d) => d.step)).size;
    console.log(
      `${entries.length - differing} of ${entries.length} exchanges equal; ${found.length - unnamed.length} named differences`,
    );
    const show = (v: unknown) => JSON.stringify(v)?.slice(0, 400);
    expect(
      unnamed.map((d) =>
        d.what === 'body'
          ? `${d.step}: body (real server ≠ engine)\n  ${(d.replayed as string[]).join('\n  ')}`
          : `${d.step}: ${d.what}\n  real server: ${show(d.recorded)}\n  engine:      ${show(d.replayed)}`,
      ),
      `differences from ${RECORDING} that KNOWN_DIFFERENCES does not name`,
    ).toEqual([]);
    expect(
      stale.map((k) => `${String(k.step)}: ${k.what}`),
      'KNOWN_DIFFERENCES that no longer occur',
    ).toEqual([]);
  });
});

test('the recorder writes, from scratch, the file a replay makes of the same server', async () => {
  test.slow(); // the whole scenario twice: by the recorder, in a child process, and here
  const folder = mkdtempSync(join(tmpdir(), 'synkronus-oracle-'));
  const [recorded, replayed] = [await emptyReleaseServer(true), await emptyReleaseServer()];
  try {
    const file = await record(recorded.origin, join(folder, 'recorded.har'));
    const here = harText(harOf(await replay(replayed)));
    expect(file === here, 'the recorder\u2019s file and this replay\u2019s, normalised, are the same').toBe(true);
    expect((JSON.parse(file) as Har).log.entries.length).toBe(recording().log.entries.length);
  } finally {
    await Promise.all([recorded.close(), replayed.close()]);
    rmSync(folder, {recursive: true, force: true});
  }
});
