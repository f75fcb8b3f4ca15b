/**
 * The Synkronus server of ODE v1.0.0-alpha.6 as data: which Known issues entries apply (./rules.ts), what it
 * holds when the engine starts (./seed.ts), the texts of its errors (./texts.ts), the Go structs its handlers
 * decode (./structs.ts), its router (./routes.ts), and the constants below, each from the source at the tag.
 */
import type {Release} from '../../types';
import {RULES, UNDOCUMENTED_ERRORS} from './rules';
import {API_VERSIONS, CORS, METHOD_RULES, ROUTES} from './routes';
import {releaseSeed} from './seed';
import {REQUEST_STRUCTS} from './structs';
import {DECODE_MESSAGE, MULTIPART_MESSAGE, TEXTS} from './texts';

export const RELEASE: Release<'v1.0.0-alpha.6'> = {
  tag: 'v1.0.0-alpha.6',
  rules: new Set(RULES),
  undocumentedErrors: UNDOCUMENTED_ERRORS,
  seed: releaseSeed,
  texts: TEXTS,
  decodeMessage: DECODE_MESSAGE,
  multipartMessage: MULTIPART_MESSAGE,
  structs: REQUEST_STRUCTS,
  routes: ROUTES,
  methodRules: METHOD_RULES,
  cors: CORS,
  apiVersions: API_VERSIONS,
  facts: {
    /** pkg/sync/service.go DefaultConfig and internal/handlers/sync.go: 100 by default, at most 1000. */
    pullDefaultLimit: 100,
    pullMaxLimit: 1000,
    /** pkg/auth/auth.go DefaultConfig: 24 hours and 7 days, not configurable. */
    accessSeconds: 24 * 3600,
    refreshSeconds: 7 * 24 * 3600,
    /** bcrypt refuses longer passwords (golang.org/x/crypto v0.38.0, the version synkronus/go.mod requires). */
    bcryptMaxBytes: 72,
    /** MAX_VERSIONS_KEPT's default (pkg/config/config.go): older versions are removed after an upload. */
    maxVersionsKept: 5,
    /** What `GET /version` reports of an image built by synkronus/Dockerfile: no -ldflags, so `dev`; Go 1.24.2. */
    serverVersion: 'dev',
    goVersion: 'go1.24.2',
  },
};
