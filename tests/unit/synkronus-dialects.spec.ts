/**
 * The Known issues and the engine's release dialect cannot disagree: the server entries of its area pages
 * (every section but "synk" and "Formulus") are exactly the rules of src/api/synkronus/rules.ts, with the
 * same titles and source files, and each entry's request, sent to both dialects, gets the answer the
 * description gives and the answer the server at the tag gives. The table of probes is typed by RuleId, so a
 * rule without a probe is a compile error.
 */
import {test, expect} from '@playwright/test';
import {
  RELEASE_RULES,
  SEED_CURRENT_VERSION,
  type DialectName,
  type RuleId,
  type Synkronus,
} from '../../src/api/synkronus';
import {writeZip} from '../../src/api/synkronus/zip';
import {BEHAVIOURS} from '../../src/api/synkronus/behaviours';
import {OPERATION_IDS} from '../../src/api/synkronus/operations';
import {CONTRACT, newSynkronus, responseProblems} from '../support/api-console';
import {knownIssueEntries, OVERVIEW_PATH, type KnownIssueEntry} from '../support/known-issues';

/** Sections of the Known issues about clients of the server, not the server: their entries have no rule. */
const CLIENT_SECTIONS = [/^synk\b/, /^Formulus$/];

/** The server entries of the Known issues pages: `### Title {/* #id *\/}` and its `**Source:**` paths. */
const serverEntries = (): KnownIssueEntry[] =>
  knownIssueEntries().filter((entry) => !CLIENT_SECTIONS.some((pattern) => pattern.test(entry.section)));

// ---------------------------------------------------------------------------------------------------------
// Requests

const BASE = 'http://127.0.0.1:8080';
type Who = 'admin' | 'fieldworker' | 'viewer';
const PASSWORDS: Record<Who, string> = {
  admin: 'admin-passphrase',
  fieldworker: 's3cret-passphrase',
  viewer: 'viewer-passphrase',
};

type Send = {
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
  form?: Record<string, Blob>;
};

function request(method: string, path: string, {token, json, headers, form}: Send = {}): Request {
  const init: RequestInit = {method, headers: new Headers(headers)};
  const h = init.headers as Headers;
  if (token) h.set('Authorization', `Bearer ${token}`);
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    h.set('Content-Type', 'application/json');
  } else if (form) {
    const data = new FormData();
    for (const [name, blob] of Object.entries(form))
      data.append(name, blob, name === 'bundle' ? 'bundle.zip' : 'photo.jpg');
    init.body = data;
  }
  return new Request(BASE + path, init);
}

/** An engine of one dialect with a login of each seeded user. */
type Session = {
  engine: Synkronus;
  dialect: DialectName;
  access: Record<Who, string>;
  refresh: Record<Who, string>;
  send: (method: string, path: string, options?: Send) => Promise<Answer>;
};

type Answer = {status: number; contentType: string; text: string; json: unknown; headers: Headers};

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    json,
    headers: response.headers,
  };
}

async function session(dialect: DialectName): Promise<Session> {
  const engine = newSynkronus(dialect);
  const send = async (method: string, path: string, options?: Send) =>
    answerOf(await engine.handle(request(method, path, options)));
  const access = {} as Record<Who, string>;
  const refresh = {} as Record<Who, string>;
  for (const who of Object.keys(PASSWORDS) as Who[]) {
    const answer = await send('POST', '/auth/login', {json: {username: who, password: PASSWORDS[who]}});
    expect(answer.status, `${dialect}: login of ${who}`).toBe(200);
    const body = answer.json as {token: string; refreshToken: string};
    access[who] = body.token;
    refresh[who] = body.refreshToken;
  }
  return {engine, dialect, access, refresh, send};
}

const zipOf = (files: Record<string, string>) =>
  new Blob([
    writeZip(Object.entries(files).map(([name, text]) => ({name, data: new TextEncoder().encode(text)}))).slice(),
  ]);

const CORE_BUNDLE = {
  'app/index.html': '<!doctype html><title>Clinic app</title>',
  'forms/clinic_visit/schema.json': JSON.stringify({
    type: 'object',
    properties: {core_id: {type: 'string'}, weight: {type: 'number'}},
  }),
};

/** The form with its ui.json, and with one that is JSON but not an object, which the release cannot read into a Go map. */
const UI_BUNDLE = {
  ...CORE_BUNDLE,
  'forms/clinic_visit/ui.json': JSON.stringify({type: 'VerticalLayout', elements: []}),
};
const BAD_UI_BUNDLE = {...CORE_BUNDLE, 'forms/clinic_visit/ui.json': '[]'};

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  observation_id: id,
  form_type: 'household_survey',
  form_version: '1.0',
  data: {household_size: 3, village: 'Maseno'},
  created_at: '2025-06-20T09:00:00Z',
  updated_at: '2025-06-20T09:00:00Z',
  deleted: false,
  ...extra,
});

const BCRYPT_TOO_LONG = 'failed to hash password: failed to hash password: bcrypt: password length exceeds 72 bytes';
const UUID = '0b8f6a52-3c1d-4e7f-9a2b-6c5d4e3f2a1b';
const push = (records: unknown[], transmission = UUID) => ({
  transmission_id: transmission,
  client_id: 'client-dialects',
  records,
});

// ---------------------------------------------------------------------------------------------------------
// Probes

/** What one dialect answers: the status, whether the description leaves it open, and the key facts. */
type Expected = {
  status: number;
  /** The answer says the description does not determine it (X-Synkronus-Unspecified). */
  unspecified?: boolean;
  check?: (answer: Answer, s: Session) => void | Promise<void>;
};

type Probe = {
  /** Run on each dialect's engine before the request. */
  setup?: (s: Session) => void | Promise<void>;
  request: (s: Session) => Request;
  description: Expected;
  release: Expected;
};

const plainText = (text: string) => (a: Answer) => {
  expect(a.contentType).toMatch(/^text\/plain/);
  expect(a.text).toBe(text);
};
const jsonBody = (a: Answer) => {
  expect(a.contentType).toMatch(/^application\/json/);
  return a.json as Record<string, unknown>;
};
/** An error as handlers/common.go SendErrorResponse writes it. */
const releaseError = (message: string, error?: string | RegExp) => (a: Answer) => {
  const body = jsonBody(a);
  expect(body.message).toBe(message);
  if (typeof error === 'string') expect(body.error).toBe(error);
  else if (error) expect(String(body.error)).toMatch(error);
};

const PROBES: Record<RuleId, Probe> = {
  'create-user-path': {
    request: (s) =>
      request('POST', '/users', {
        token: s.access.admin,
        json: {username: 'enumerator', password: 'enumerator-pass', role: 'read-write'},
      }),
    description: {status: 405, unspecified: true},
    release: {
      status: 201,
      check: (a) => expect(jsonBody(a)).toMatchObject({username: 'enumerator', role: 'read-write'}),
    },
  },
  'delete-user-path': {
    request: (s) => request('DELETE', '/users/delete/viewer', {token: s.access.admin}),
    description: {status: 404},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toEqual({message: 'User deleted successfully'})},
  },
  'change-password-always-401': {
    request: (s) =>
      request('POST', '/users/change-password', {
        token: s.access.fieldworker,
        json: {currentPassword: PASSWORDS.fieldworker, newPassword: 'a-new-passphrase'},
      }),
    description: {status: 200},
    release: {status: 401, check: releaseError('Unauthorized', 'An error occurred')},
  },
  'auth-errors-plain-text': {
    request: (s) => request('GET', '/users', {token: s.access.viewer}),
    description: {status: 403, check: (a) => void jsonBody(a)},
    release: {status: 403, check: plainText('Forbidden\n')},
  },
  'api-version-header-ignored': {
    request: (s) =>
      request('GET', '/app-bundle/versions', {token: s.access.viewer, headers: {'x-api-version': 'latest'}}),
    description: {status: 400, check: (a) => expect(JSON.stringify(a.json)).toContain('x-api-version')},
    release: {status: 200},
  },
  'api-version-header-cors': {
    request: () =>
      request('OPTIONS', '/sync/pull', {
        headers: {
          Origin: 'https://forms.example.org',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, x-api-version',
        },
      }),
    description: {status: 501, unspecified: true},
    release: {status: 200, check: (a) => expect(a.headers.get('Access-Control-Allow-Headers')).toBeNull()},
  },
  'refresh-token-as-bearer': {
    request: (s) => request('GET', '/app-bundle/versions', {token: s.refresh.viewer}),
    description: {status: 401},
    release: {status: 200, check: (a) => expect(jsonBody(a).versions).toHaveLength(3)},
  },
  'password-72-bytes': {
    request: (s) =>
      request('POST', '/users/reset-password', {
        token: s.access.admin,
        json: {username: 'viewer', newPassword: 'p'.repeat(73)},
      }),
    description: {status: 200},
    // internal/handlers/user.go sends err.Error() as both fields; pkg/user/service.go and pkg/auth/auth.go each wrap it.
    release: {status: 400, check: releaseError(BCRYPT_TOO_LONG, BCRYPT_TOO_LONG)},
  },
  'login-401-on-server-error': {
    setup: (s) => s.engine.failDatabase(true),
    request: () => request('POST', '/auth/login', {json: {username: 'fieldworker', password: PASSWORDS.fieldworker}}),
    description: {status: 500},
    release: {status: 401, check: releaseError('Invalid credentials', /^failed to get user: /)},
  },
  'health-always-ok': {
    setup: (s) => s.engine.failDatabase(true),
    request: () => request('GET', '/health'),
    description: {status: 503, check: (a) => expect(jsonBody(a)).toMatchObject({status: 'error'})},
    release: {status: 200, check: plainText('OK')},
  },
  'version-needs-token': {
    request: () => request('GET', '/version'),
    description: {status: 501, unspecified: true},
    release: {status: 401, check: plainText('Unauthorized\n')},
  },
  'image-healthcheck-unhealthy': {
    request: () => request('HEAD', '/health'),
    description: {status: 405, unspecified: true},
    release: {status: 405, check: (a) => expect(a.text).toBe('')},
  },
  'bundle-push-errors-500': {
    request: (s) =>
      request('POST', '/app-bundle/push', {token: s.access.admin, form: {bundle: new Blob(['not a zip file'])}}),
    description: {status: 400},
    release: {status: 500, check: releaseError('Failed to process app bundle', /^failed to open zip file: /)},
  },
  'bundle-push-manifest': {
    request: (s) =>
      request('POST', '/app-bundle/push', {
        token: s.access.admin,
        form: {bundle: zipOf({'app/index.html': '<p>new</p>'})},
      }),
    description: {
      status: 200,
      check: (a) =>
        expect((jsonBody(a).manifest as {files: unknown[]}).files).toEqual([
          expect.objectContaining({path: 'app/index.html'}),
        ]),
    },
    release: {
      status: 200,
      check: (a) => expect(jsonBody(a).manifest).toMatchObject({files: null, hash: '', version: '0004'}),
    },
  },
  'core-fields-reupload-rejected': {
    setup: async (s) => {
      const first = await s.send('POST', '/app-bundle/push', {
        token: s.access.admin,
        form: {bundle: zipOf(CORE_BUNDLE)},
      });
      expect(first.status, `${s.dialect}: the first upload of a form with core fields`).toBe(200);
    },
    request: (s) => request('POST', '/app-bundle/push', {token: s.access.admin, form: {bundle: zipOf(CORE_BUNDLE)}}),
    description: {status: 200},
    release: {status: 500, check: releaseError('Failed to process app bundle', /core_\* fields cannot be modified/)},
  },
  'bundle-bad-ui-json-leaves-version': {
    request: (s) => request('POST', '/app-bundle/push', {token: s.access.admin, form: {bundle: zipOf(BAD_UI_BUNDLE)}}),
    description: {status: 200},
    release: {
      status: 500,
      check: async (a, s) => {
        releaseError(
          'Failed to process app bundle',
          'failed to generate app info: failed to parse UI schema for clinic_visit: json: cannot unmarshal array into Go value of type map[string]interface {}',
        )(a);
        const versions = await s.send('GET', '/app-bundle/versions', {token: s.access.viewer});
        expect((versions.json as {versions: string[]}).versions, 'the refused upload left its version').toContain(
          '0004',
        );
        const fixed = await s.send('POST', '/app-bundle/push', {
          token: s.access.admin,
          form: {bundle: zipOf(UI_BUNDLE)},
        });
        expect(fixed.status, 'the same form with core fields, its ui.json fixed').toBe(500);
        releaseError('Failed to process app bundle', /core_\* fields cannot be modified/)(fixed);
        const switched = await s.send('POST', '/app-bundle/switch/0004', {token: s.access.admin});
        expect(switched.status, 'the empty version can be switched to').toBe(200);
        expect((await s.send('GET', '/app-bundle/manifest', {token: s.access.viewer})).json).toMatchObject({files: []});
      },
    },
  },
  'bundle-switch-500': {
    request: (s) => request('POST', '/app-bundle/switch/20990101-000000', {token: s.access.admin}),
    description: {status: 404},
    release: {
      status: 500,
      check: releaseError('Failed to switch to version 20990101-000000', 'version 20990101-000000 does not exist'),
    },
  },
  'bundle-download-missing-500': {
    request: (s) => request('GET', '/app-bundle/download/app%2Fmissing.js', {token: s.access.viewer}),
    description: {status: 404},
    // pkg/appbundle/service.go GetFile's error for a missing file, with the path as the handler unescaped it.
    release: {status: 500, check: releaseError('Failed to get file', 'file not found: app/missing.js')},
  },
  'manifest-version-after-restart': {
    setup: (s) => s.engine.restart(),
    request: (s) => request('GET', '/app-bundle/manifest', {token: s.access.viewer}),
    description: {status: 200, check: (a) => expect(jsonBody(a).version).toBe('20250612-091000')},
    release: {status: 200, check: (a) => expect(jsonBody(a).version).toBe('current')},
  },
  'bundle-changes-target-ignored': {
    request: (s) =>
      request('GET', '/app-bundle/changes?current=20250601-080000&target=20250612-091000', {token: s.access.viewer}),
    description: {status: 200, check: (a) => expect(jsonBody(a).compare_version_b).toBe('20250612-091000')},
    release: {status: 200, check: (a) => expect(jsonBody(a).compare_version_b).toBe('20250605-143000')},
  },
  'bundle-version-names': {
    request: (s) => request('GET', '/app-bundle/versions', {token: s.access.viewer}),
    description: {
      status: 200,
      check: (a) => expect(jsonBody(a).versions).toEqual(['20250612-091000', '20250605-143000', '20250601-080000']),
    },
    release: {
      status: 200,
      check: (a) => expect(jsonBody(a).versions).toEqual(['20250612-091000 *', '20250605-143000', '20250601-080000']),
    },
  },
  'pull-limit-not-checked': {
    request: (s) =>
      request('POST', '/sync/pull?limit=0', {
        token: s.access.viewer,
        json: {client_id: 'client-dialects', since: {version: 0}},
      }),
    description: {status: 400, check: (a) => expect(JSON.stringify(a.json)).toContain('limit')},
    release: {status: 200, check: (a) => expect(jsonBody(a).records).toHaveLength(100)},
  },
  'transmission-id-not-idempotent': {
    setup: async (s) => {
      const first = await s.send('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-repeat-1')]),
      });
      expect(first.status, `${s.dialect}: the first push`).toBe(200);
    },
    request: (s) => request('POST', '/sync/push', {token: s.access.fieldworker, json: push([record('obs-repeat-1')])}),
    description: {status: 501, unspecified: true},
    release: {
      status: 200,
      // Written again: the updated row takes two more versions of the counter (the seed's, one, then three more).
      check: (a, s) => {
        expect(jsonBody(a)).toMatchObject({success_count: 1, current_version: SEED_CURRENT_VERSION + 3});
        expect(s.engine.currentVersion()).toBe(SEED_CURRENT_VERSION + 3);
      },
    },
  },
  'transmission-id-any-text': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-any-text-1')], 'x7Kp2mQa9Lb4Rc8T'),
      }),
    description: {status: 400, check: (a) => expect(JSON.stringify(a.json)).toContain('transmission_id')},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toMatchObject({success_count: 1})},
  },
  'push-db-error-fails-batch': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-batch-1'), record('obs-batch-2', {created_at: 'the day before'})]),
      }),
    description: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a)).toMatchObject({
          success_count: 1,
          failed_records: [expect.objectContaining({observation_id: 'obs-batch-2'})],
        }),
    },
    release: {
      status: 500,
      check: (a, s) => {
        releaseError('Failed to process sync data')(a);
        expect(
          s.engine.store.state.observations.has('obs-batch-1'),
          'the record before the refused one is not stored',
        ).toBe(false);
      },
    },
  },
  'push-wrong-json-type-400': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-type-1'), record('obs-type-2', {deleted: 0})]),
      }),
    description: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a)).toMatchObject({
          success_count: 1,
          failed_records: [expect.objectContaining({observation_id: 'obs-type-2'})],
        }),
    },
    release: {
      status: 400,
      check: (a, s) => {
        releaseError(
          'Invalid request format',
          'json: cannot unmarshal number into Go struct field Observation.records.deleted of type bool',
        )(a);
        expect(s.engine.store.state.observations.has('obs-type-1'), 'the good record is not stored either').toBe(false);
      },
    },
  },
  'text-excess-spaces-cut': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record(`obs-spaces-1${' '.repeat(300)}`, {form_version: `1.0${' '.repeat(60)}`})]),
      }),
    description: {
      status: 200,
      check: (_a, s) => expect(s.engine.store.state.observations.has(`obs-spaces-1${' '.repeat(300)}`)).toBe(true),
    },
    release: {
      status: 200,
      check: (a, s) => {
        expect(jsonBody(a)).toMatchObject({success_count: 1});
        const stored = s.engine.store.state.observations.get(`obs-spaces-1${' '.repeat(243)}`);
        expect(stored?.observation_id, 'cut to 255 characters').toHaveLength(255);
        expect(stored?.form_version, 'cut to 50 characters').toBe(`1.0${' '.repeat(47)}`);
      },
    },
  },
  'geolocation-not-stored': {
    request: (s) =>
      request('POST', '/sync/pull?limit=1', {
        token: s.access.viewer,
        json: {client_id: 'client-dialects', since: {version: 0}},
      }),
    description: {
      status: 200,
      check: (a) => expect((jsonBody(a).records as object[])[0]).toHaveProperty('geolocation'),
    },
    release: {
      status: 200,
      check: (a) => expect((jsonBody(a).records as object[])[0]).not.toHaveProperty('geolocation'),
    },
  },
  'push-failed-records-shape': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-shape-1'), record('', {observation_id: undefined})]),
      }),
    description: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a).failed_records).toEqual([expect.objectContaining({form_type: 'household_survey'})]),
    },
    release: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a).failed_records).toEqual([
          {index: 1, error: 'observation_id is required', record: expect.objectContaining({observation_id: ''})},
        ]),
    },
  },
  'empty-lists-null': {
    request: (s) =>
      request('POST', '/sync/pull', {
        token: s.access.viewer,
        json: {client_id: 'client-dialects', since: {version: 5000}},
      }),
    description: {status: 200, check: (a) => expect(jsonBody(a).records).toEqual([])},
    release: {status: 200, check: (a) => expect(jsonBody(a).records).toBeNull()},
  },
  'updated-at-server-time': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-time-1', {updated_at: '2020-01-01T00:00:00Z'})]),
      }),
    description: {
      status: 200,
      check: (_a, s) =>
        expect(s.engine.store.state.observations.get('obs-time-1')?.updated_at).toBe('2020-01-01T00:00:00Z'),
    },
    release: {
      status: 200,
      check: (_a, s) => {
        const stored = s.engine.store.state.observations.get('obs-time-1');
        expect(stored?.updated_at).not.toBe('2020-01-01T00:00:00Z');
        expect(stored?.created_at, 'created_at is kept as pushed').toBe('2025-06-20T09:00:00Z');
      },
    },
  },
  'attachment-upload-any-role': {
    request: (s) =>
      request('PUT', '/attachments/5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6.jpg', {
        token: s.access.viewer,
        form: {file: new Blob(['jpeg bytes'], {type: 'image/jpeg'})},
      }),
    description: {status: 403},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toEqual({status: 'success'})},
  },
  'attachment-manifest-empty': {
    request: (s) =>
      request('POST', '/attachments/manifest', {
        token: s.access.viewer,
        json: {client_id: 'client-dialects', since_version: 0},
      }),
    description: {status: 200, check: (a) => expect((jsonBody(a).operations as unknown[]).length).toBeGreaterThan(0)},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toMatchObject({operations: null, total_download_size: 0})},
  },
  'attachment-id-over-255-bytes': {
    request: (s) =>
      request('PUT', `/attachments/${'é'.repeat(128)}.jpg`, {
        token: s.access.fieldworker,
        form: {file: new Blob(['jpeg bytes'], {type: 'image/jpeg'})},
      }),
    description: {status: 200},
    release: {
      status: 500,
      check: async (a, s) => {
        releaseError('Failed to save attachment', `stat attachments/${'é'.repeat(128)}.jpg: file name too long`)(a);
        // 128 two-byte letters and `.jpg` make 260 bytes; 125 of them, 254 bytes, are a name the file system takes.
        const head = await s.send('HEAD', `/attachments/${'é'.repeat(128)}.jpg`, {token: s.access.viewer});
        expect(head.status, 'HEAD fails the same way').toBe(500);
        const shorter = await s.send('PUT', `/attachments/${'é'.repeat(125)}.jpg`, {
          token: s.access.fieldworker,
          form: {file: new Blob(['jpeg bytes'], {type: 'image/jpeg'})},
        });
        expect(shorter.status, '254 bytes').toBe(200);
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------------------

test('every server entry of the Known issues page is a release rule, and every rule an entry', () => {
  const entries = serverEntries();
  const problems: string[] = [];
  const rules = RELEASE_RULES as Record<string, {title: string; sources: readonly string[]}>;
  for (const entry of entries) {
    const rule = rules[entry.id];
    if (!rule) {
      problems.push(`${entry.file}:${entry.line}: the entry #${entry.id} has no rule in src/api/synkronus/rules.ts`);
      continue;
    }
    if (rule.title !== entry.title)
      problems.push(
        `src/api/synkronus/rules.ts: rule ${entry.id} has the title ${JSON.stringify(rule.title)}, the page ${JSON.stringify(entry.title)}`,
      );
    if (entry.sources.length === 0)
      problems.push(`${entry.file}:${entry.line}: the entry #${entry.id} names no source file at the tag`);
    if (JSON.stringify(rule.sources) !== JSON.stringify(entry.sources))
      problems.push(
        `src/api/synkronus/rules.ts: rule ${entry.id} cites ${rule.sources.join(', ')}; the page cites ${entry.sources.join(', ')}`,
      );
  }
  const ids = new Set(entries.map((e) => e.id));
  for (const id of Object.keys(rules))
    if (!ids.has(id))
      problems.push(`src/api/synkronus/rules.ts: rule ${id} has no server entry on the Known issues pages`);
  expect(problems, problems.join('\n')).toEqual([]);
  console.log(
    `dialects: ${Object.keys(rules).length} release rules, ${entries.length} Known issues server entries, ${Object.keys(PROBES).length} probes`,
  );
});

for (const [id, probe] of Object.entries(PROBES) as [RuleId, Probe][]) {
  test(`#${id}: each dialect answers the entry's request as its source says`, async () => {
    for (const dialect of ['description', 'v1.0.0-alpha.6'] as const) {
      const s = await session(dialect);
      await probe.setup?.(s);
      const expected = dialect === 'description' ? probe.description : probe.release;
      const exchange = await s.engine.exchange(probe.request(s), {compare: true});
      const answer = await answerOf(exchange.response.clone());
      const where = `#${id}, dialect ${dialect}`;
      expect(answer.status, `${where}: status (body ${answer.text.slice(0, 300)})`).toBe(expected.status);
      expect(answer.headers.get('X-Synkronus-Dialect'), where).toBe(dialect);
      expect(Boolean(exchange.unspecified), `${where}: marked as not specified by the description`).toBe(
        Boolean(expected.unspecified),
      );
      await expected.check?.(answer, s);
      if (dialect === 'description') {
        expect(exchange.rules, `${where}: the description dialect applies no release rule`).toEqual([]);
        expect(exchange.other?.rules.map((r) => r.id) ?? [], `${where}: the comparison names the rule`).toContain(id);
        expect(exchange.other?.dialect, where).toBe('v1.0.0-alpha.6');
        expect(exchange.other?.status, `${where}: the other dialect's status`).toBe(probe.release.status);
        if (!expected.unspecified && exchange.operationId)
          expect(
            await responseProblems(exchange.operationId, exchange.response.clone()),
            `${where}: the answer matches the description`,
          ).toEqual([]);
      } else {
        const rules = exchange.rules.map((r) => r.id);
        expect(rules, `${where}: the answer names the rule`).toContain(id);
        expect(answer.headers.get('X-Synkronus-Rules') ?? '', where).toContain(id);
        const href = exchange.rules.find((r) => r.id === id)?.href;
        // The entry's own page, as the pages have it: the rule links straight to it.
        const entry = serverEntries().find((e) => e.id === id);
        expect(href, where).toBe(`${OVERVIEW_PATH}/${entry?.area}#${id}`);
        expect(exchange.other?.dialect, where).toBe('description');
      }
    }
  });
}

test('the engine knows every operation of the description, and has a behaviour for each', () => {
  const described = CONTRACT.operations.map((op) => op.operationId);
  expect(
    [...OPERATION_IDS],
    'src/api/synkronus/operations.ts lists the operationIds of api/synkronus.yaml, in its order: update it',
  ).toEqual(described);
  expect(Object.keys(BEHAVIOURS).sort()).toEqual([...described].sort());
});
