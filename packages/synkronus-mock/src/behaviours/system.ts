/** Tags Health and Version (internal/handlers/health.go, version.go and versions.go, pkg/version at the tag). */
import type {Behaviour, Call} from '../types';
import {isoSeconds} from '../store';

const getHealth: Behaviour = (call) => {
  // The handler writes 200, text/plain and "OK", whatever the state (internal/handlers/health.go).
  if (call.when('health-always-ok')) return {status: 200, text: 'OK', contentType: 'text/plain'};
  // HealthErrorResponse requires `error`; its text is the description's own example.
  if (call.store.state.databaseDown)
    return {
      status: 503,
      body: {status: 'error', error: 'database unreachable', timestamp: isoSeconds(call.store.now())},
    };
  return {status: 200, body: {status: 'ok', timestamp: isoSeconds(call.store.now()), version: call.contract.version}};
};

/** The description's example answer of an operation, for a status. */
const exampleOf = (call: Call, status: string) => call.op.responses.find((r) => r.status === status)?.example;

/**
 * The release reports `dev` and its Go version (an image built by synkronus/Dockerfile sets no version at build
 * time). Its database block is `postgresql`, what `SELECT version()` and `current_database()` answer
 * (pkg/version/service.go:62-80): the engine writes the description example's version number in that form, and
 * the compose file's database name (docker-compose.example.yml's DB_CONNECTION). The machine is the
 * deployment's: the description's example. Without a database, pkg/version leaves its version and name out.
 */
const getVersion: Behaviour = (call) => {
  const example = exampleOf(call, '200') as {database: Record<string, unknown>; system: unknown} | undefined;
  const release = call.when('version-dev-build');
  if (!release || !example) return {status: 200, body: example};
  const database = call.store.state.databaseDown
    ? {type: 'postgresql'}
    : {type: 'postgresql', version: `PostgreSQL ${String(example.database.version)}`, database_name: 'synkronus'};
  return {
    status: 200,
    body: {
      server: {version: release.facts.serverVersion},
      database,
      system: example.system,
      build: {go_version: release.facts.goVersion},
    },
    indent: true,
    reason: 'the database and the system are the description example\u2019s: a real server reports its own',
  };
};

export const systemBehaviours = {getHealth, getVersion};
