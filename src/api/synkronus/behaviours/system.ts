/** Tags Health and System: health and version. */
import type {Behaviour} from '../types';
import {isoSeconds} from '../store';

const getHealth: Behaviour = (call) => {
  // The handler writes 200, text/plain and "OK", whatever the state (internal/handlers/health.go).
  if (call.when('health-always-ok')) return {status: 200, text: 'OK', contentType: 'text/plain'};
  // HealthErrorResponse requires `error`; its text is the description's own example.
  if (call.store.state.databaseDown)
    return {status: 503, body: {status: 'error', error: 'database unreachable', timestamp: isoSeconds(call.now())}};
  return {status: 200, body: {status: 'ok', timestamp: isoSeconds(call.now()), version: call.apiVersion}};
};

const getVersion: Behaviour = (call) =>
  call.unspecified('the versions of a real server, its database and its build (the engine has none)', 501);

export const systemBehaviours = {getHealth, getVersion};
