/**
 * Records the scenario against a running Synkronus and writes it as HAR 1.2, normalised (README.md):
 *
 *   npx jiti packages/synkronus-mock/tests/oracle/record.ts --origin http://127.0.0.1:8080 --jwt-secret "$JWT_SECRET" \
 *     --restart 'docker compose restart synkronus' \
 *     --database-down 'docker compose stop postgres' --database-up 'docker compose start postgres' \
 *     --out packages/synkronus-mock/tests/oracle/v1.0.0-alpha.6.har
 *
 * The server must be empty but for the administrator ADMIN_USERNAME=admin, ADMIN_PASSWORD=admin-passphrase,
 * with MAX_VERSIONS_KEPT=5. Each command runs in a shell; after a restart or the database's return the recorder
 * waits until GET /health answers.
 */
import {execSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {STATE_TIMEOUT_MS} from '../../../../tests/support/limits';
import {harOf, harText, runScenario, scenarioHashes} from './exchange';
import {scenario} from './scenario';
import {tokenMaker} from './tokens';
import {send} from './wire';

const {values} = parseArgs({
  options: {
    origin: {type: 'string'},
    'jwt-secret': {type: 'string'},
    restart: {type: 'string'},
    'database-down': {type: 'string'},
    'database-up': {type: 'string'},
    out: {type: 'string'},
    comment: {type: 'string', default: ''},
  },
});
const missing = ['origin', 'jwt-secret', 'restart', 'database-down', 'database-up', 'out'].filter(
  (k) => !values[k as keyof typeof values],
);
if (missing.length) {
  console.error(
    `record.ts: missing ${missing.map((m) => `--${m}`).join(', ')} (see the comment at the top of packages/synkronus-mock/tests/oracle/record.ts)`,
  );
  process.exit(2);
}
const origin = values.origin!;

/** After a restart or the database's return: until GET /health answers 200, within STATE_TIMEOUT_MS. */
async function healthy() {
  const deadline = Date.now() + STATE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await send(origin, {method: 'GET', target: '/health', headers: []})).status === 200) return;
    } catch {
      // not listening yet
    }
    // eslint-disable-next-line no-restricted-syntax -- a command-line tool, not a test: it polls a server that is starting
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin}/health did not answer 200 within ${STATE_TIMEOUT_MS / 1000} s`);
}

async function main() {
  const commands: Record<string, string> = {
    restart: values.restart!,
    'database-down': values['database-down']!,
    'database-up': values['database-up']!,
  };
  const steps = scenario(tokenMaker(values['jwt-secret']!));
  const entries = await runScenario(
    steps,
    scenarioHashes(),
    (request) => send(origin, request),
    async (what) => {
      execSync(commands[what], {stdio: 'inherit', shell: '/bin/bash'});
      if (what !== 'database-down') await healthy();
    },
  );
  writeFileSync(values.out!, harText(harOf(entries, values.comment)));
  console.log(`${entries.length} exchanges written to ${values.out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
