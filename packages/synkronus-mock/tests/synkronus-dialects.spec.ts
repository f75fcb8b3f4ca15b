/**
 * The Known issues and the engine's release dialect cannot disagree: the server entries of the area pages (all
 * but the clients', synk and Formulus) are exactly the rules of the release (packages/synkronus-mock/src/releases/<tag>/
 * rules.ts), and each entry's request, sent to both dialects, gets the answer the description gives and the
 * answer the server at the tag gives, naming the rule. The table of probes is typed by RuleId, so a rule
 * without a probe is a compile error.
 */
import {test, expect} from '@playwright/test';
import {createSynkronus, DOCUMENTED_RELEASE, SEED_CURRENT_VERSION, type RuleId} from '../src';
import {BEHAVIOURS} from '../src/behaviours';
import {OPERATION_IDS} from '../src/operations';
import {listZip} from '../src/zip';
import {CONTRACT, ENGINE_DATA, responseProblems} from '../../../tests/support/api-console';
import {
  answerOf,
  CORE_BUNDLE,
  jsonBody,
  PASSWORDS,
  plainText,
  push,
  record,
  problemBody,
  releaseError,
  request,
  session,
  zipOf,
  type Answer,
  type Send,
  type Session,
} from './support/engine-session';
import {OVERVIEW_PATH, serverEntries} from '../../../tests/support/known-issues';
import {parquetRows} from './support/parquet';
import {RELEASE_TAG} from '../../../tests/support/release';
import {RELEASE as TEST_RELEASE, REMOVED_RULES} from './fixtures/test-release';

const BCRYPT_TOO_LONG = 'failed to hash password: failed to hash password: bcrypt: password length exceeds 72 bytes';
const NUL_REFUSED = 'pq: invalid byte sequence for encoding "UTF8": 0x00';
const PHOTO = () => new Blob(['jpeg bytes'], {type: 'image/jpeg'});
const versionsOf = (a: Answer) => jsonBody(a).versions as string[];

/** Where an app bundle is pushed, and what an admin's push sends: a ZIP of `bundle`'s files, or bytes that are not one. */
const PUSH = '/app-bundle/push';
const bundlePush = (s: Session, bundle: Record<string, string> | Blob): Send => ({
  token: s.access.admin,
  form: {bundle: bundle instanceof Blob ? bundle : zipOf(bundle)},
});
/** The smallest bundle the release takes: an app page, no forms. */
const APP_ONLY = {'app/index.html': '<p>new</p>'};

/** The rows of one Parquet file of an export's ZIP. */
async function exportRows(a: Answer, entry: string): Promise<Record<string, unknown>[]> {
  const zip = listZip(a.bytes);
  if (zip.kind !== 'zip') throw new Error(`the export is not a ZIP file: ${zip.kind}`);
  const file = zip.entries.find((e) => e.name === entry);
  const bytes = await file?.read();
  if (!bytes) throw new Error(`the export has no readable ${entry}`);
  return parquetRows(bytes);
}

/** Pushes `row` as a record of `formType` (a form no seeded record has), as the fieldworker. */
async function pushFor(s: Session, formType: string, row: Record<string, unknown>) {
  const pushed = await s.send('POST', '/sync/push', {
    token: s.access.fieldworker,
    json: push([{...row, form_type: formType}]),
  });
  expect(pushed.status, `${s.dialect}: the push of a ${formType} record`).toBe(200);
}

/** A pull of the records of one form type. */
const pullOf = (formType: string) => (s: Session) =>
  request('POST', '/sync/pull', {
    token: s.access.viewer,
    json: {client_id: 'client-dialects', schema_types: [formType]},
  });

const pulledRecords = (a: Answer) => jsonBody(a).records as Record<string, unknown>[];

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
  /**
   * The rule changes what a push stores, and the answers that return the records name it. The comparison with
   * the other dialect runs on a copy of this dialect's state, which the rule never shaped, so the description
   * dialect's comparison cannot name it.
   */
  storedState?: true;
  request: (s: Session) => Request;
  description: Expected;
  release: Expected;
};

const PROBES: Record<RuleId, Probe> = {
  'create-user-path': {
    request: (s) =>
      request('POST', '/users', {
        token: s.access.admin,
        json: {username: 'enumerator', password: 'enumerator-pass', role: 'read-write'},
      }),
    description: {status: 405, unspecified: true},
    release: {status: 201, check: (a) => expect(a.json).toEqual({username: 'enumerator', role: 'read-write'})},
  },
  'delete-user-path': {
    request: (s) => request('DELETE', '/users/delete/viewer', {token: s.access.admin}),
    description: {status: 404, unspecified: true},
    release: {status: 200, check: (a) => expect(a.json).toEqual({message: 'User deleted successfully'})},
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
    description: {status: 403, check: (a) => void problemBody(403)(a)},
    release: {status: 403, check: plainText('Forbidden\n')},
  },
  'error-bodies-not-problem-details': {
    request: () => request('POST', '/auth/login', {json: {password: 'a-passphrase'}}),
    description: {
      status: 400,
      check: (a) => expect(problemBody(400)(a).errors).toEqual([expect.objectContaining({field: 'username'})]),
    },
    release: {status: 400, check: releaseError('Username is required', 'An error occurred')},
  },
  'api-version-header-ignored': {
    request: (s) =>
      request('GET', '/app-bundle/versions', {token: s.access.viewer, headers: {'x-api-version': 'latest'}}),
    description: {status: 400, unspecified: true},
    release: {status: 200},
  },
  'refresh-token-as-bearer': {
    request: (s) => request('GET', '/app-bundle/versions', {token: s.refresh.viewer}),
    description: {status: 401, unspecified: true},
    release: {status: 200, check: (a) => expect(versionsOf(a)).toHaveLength(3)},
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
    description: {status: 500, unspecified: true},
    release: {
      status: 401,
      check: releaseError('Invalid credentials', /^failed to get user: failed to get user by username: /),
    },
  },
  'empty-fields-refused': {
    request: () => request('POST', '/auth/login', {json: {username: '', password: 'anything'}}),
    description: {status: 401},
    release: {status: 400, check: releaseError('Username is required', 'An error occurred')},
  },
  'bodies-checked-for-types-only': {
    // A null takes the empty value in Go; the description's schema wants a list.
    request: (s) =>
      request('POST', '/sync/pull', {token: s.access.viewer, json: {client_id: 'client-dialects', schema_types: null}}),
    description: {status: 400, unspecified: true},
    release: {status: 200, check: (a) => expect((jsonBody(a).records as unknown[]).length).toBe(100)},
  },
  'user-answers-plain-text': {
    request: (s) => request('GET', '/users', {token: s.access.admin}),
    description: {status: 200, check: (a) => void jsonBody(a)},
    release: {status: 200, check: (a) => expect(a.contentType).toBe('text/plain; charset=utf-8')},
  },
  'user-fields': {
    request: (s) => request('GET', '/users', {token: s.access.admin}),
    description: {
      status: 200,
      check: (a) => expect(Object.keys((a.json as object[])[0])).toEqual(['username', 'role', 'createdAt']),
    },
    release: {
      status: 200,
      check: (a) =>
        expect(Object.keys((a.json as object[])[0])).toEqual(['id', 'username', 'role', 'createdAt', 'updatedAt']),
    },
  },
  'admin-may-push-and-upload': {
    request: (s) => request('POST', '/sync/push', {token: s.access.admin, json: push([record('obs-admin-1')])}),
    description: {status: 501, unspecified: true},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toMatchObject({success_count: 1})},
  },
  'users-db-errors-400': {
    setup: (s) => s.engine.failDatabase(true),
    request: (s) => request('GET', '/users', {token: s.access.admin}),
    description: {status: 500, unspecified: true},
    release: {
      status: 400,
      check: (a) => expect(jsonBody(a).message).toMatch(/^failed to list users: failed to list users: /),
    },
  },
  'username-database-limits': {
    // PostgreSQL refuses U+0000 in the look-up's parameter; the description's login only finds no such user.
    request: () => request('POST', '/auth/login', {json: {username: 'field\u0000worker', password: 'x'}}),
    description: {status: 401},
    release: {
      status: 401,
      check: releaseError('Invalid credentials', `failed to get user: failed to get user by username: ${NUL_REFUSED}`),
    },
  },
  'health-always-ok': {
    setup: (s) => s.engine.failDatabase(true),
    request: () => request('GET', '/health'),
    description: {status: 503, check: (a) => expect(jsonBody(a)).toMatchObject({status: 'error'})},
    release: {status: 200, check: plainText('OK')},
  },
  'version-needs-token': {
    request: () => request('GET', '/version'),
    description: {status: 200},
    release: {status: 401, check: plainText('Unauthorized\n')},
  },
  'version-dev-build': {
    request: (s) => request('GET', '/version', {token: s.access.viewer}),
    // The description's answer is made of the examples ODE's file gives SystemVersionInfo's fields.
    description: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a)).toEqual(
          CONTRACT.operations.find((op) => op.operationId === 'getVersion')!.responses[0].example,
        ),
    },
    release: {
      status: 200,
      check: (a) => {
        expect(jsonBody(a)).toMatchObject({server: {version: 'dev'}, build: {go_version: 'go1.24.2'}});
        expect(jsonBody(a).build).not.toHaveProperty('commit');
        expect(a.text, 'indented').toContain('\n  "server": {');
      },
    },
  },
  'image-healthcheck-unhealthy': {
    request: () => request('HEAD', '/health'),
    description: {status: 405, unspecified: true},
    release: {status: 405, check: (a) => expect([a.text, a.headers.get('Allow')]).toEqual(['', 'GET'])},
  },
  'api-versions-endpoint': {
    request: (s) => request('GET', '/api/versions', {token: s.access.viewer}),
    description: {status: 404, unspecified: true},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toMatchObject({current: '1.0.0'})},
  },
  'formspecs-route-500': {
    request: (s) => request('GET', '/formspecs/household_survey/1', {token: s.access.viewer}),
    description: {status: 404, unspecified: true},
    release: {status: 500, check: (a) => expect(a.text).toBe('')},
  },
  'unknown-routes-plain-text': {
    request: () => request('GET', '/nowhere'),
    description: {status: 404, unspecified: true},
    release: {status: 404, check: plainText('404 page not found\n')},
  },
  'trailing-slash-redirect': {
    request: (s) => request('GET', '/app-bundle/versions/', {token: s.access.viewer}),
    description: {status: 404, unspecified: true},
    release: {
      status: 301,
      check: (a) => expect(a.headers.get('Location')).toBe('//127.0.0.1:8080/app-bundle/versions'),
    },
  },
  'cors-any-origin': {
    request: () =>
      request('OPTIONS', '/sync/pull', {
        headers: {
          Origin: 'https://forms.example.org',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      }),
    description: {status: 501, unspecified: true},
    release: {
      status: 200,
      check: (a) => {
        expect(a.headers.get('Access-Control-Allow-Origin')).toBe('*');
        expect(a.headers.get('Access-Control-Allow-Headers')).toBe('Authorization, Content-Type');
        expect(a.headers.get('Access-Control-Max-Age')).toBe('300');
      },
    },
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
  'bundle-push-errors-500': {
    request: (s) => request('POST', PUSH, bundlePush(s, new Blob(['not a zip file']))),
    description: {status: 400},
    release: {
      status: 500,
      check: releaseError('Failed to process app bundle', 'failed to open zip file: zip: not a valid zip file'),
    },
  },
  'bundle-push-manifest': {
    request: (s) => request('POST', PUSH, bundlePush(s, APP_ONLY)),
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
  'bundle-layout-checked': {
    request: (s) => request('POST', PUSH, bundlePush(s, {'index.html': '<p>no app folder</p>'})),
    description: {status: 200},
    release: {
      status: 500,
      check: releaseError(
        'Failed to process app bundle',
        "bundle validation failed: invalid app bundle structure: unexpected top-level directory 'index.html'",
      ),
    },
  },
  'core-fields-reupload-rejected': {
    setup: async (s) => {
      const first = await s.send('POST', PUSH, bundlePush(s, CORE_BUNDLE));
      expect(first.status, `${s.dialect}: the first upload of a form with core fields`).toBe(200);
    },
    request: (s) => request('POST', PUSH, bundlePush(s, CORE_BUNDLE)),
    description: {status: 200},
    release: {
      status: 500,
      check: releaseError(
        'Failed to process app bundle',
        /core_\* fields cannot be modified: the following core fields were modified: core_id$/,
      ),
    },
  },
  'bundle-bad-ui-json-leaves-version': {
    request: (s) => request('POST', PUSH, bundlePush(s, {...CORE_BUNDLE, 'forms/clinic_visit/ui.json': '[]'})),
    description: {status: 200},
    release: {
      status: 500,
      check: async (a, s) => {
        releaseError(
          'Failed to process app bundle',
          'failed to generate app info: failed to parse UI schema for clinic_visit: json: cannot unmarshal array into Go value of type map[string]interface {}',
        )(a);
        const versions = await s.send('GET', '/app-bundle/versions', {token: s.access.viewer});
        expect(versionsOf(versions), 'the refused upload left its version').toContain('0004');
        const fixed = await s.send('POST', PUSH, bundlePush(s, CORE_BUNDLE));
        releaseError('Failed to process app bundle', /core_\* fields cannot be modified/)(fixed);
        expect(
          (await s.send('POST', '/app-bundle/switch/0004', {token: s.access.admin})).status,
          'the empty version can be switched to',
        ).toBe(200);
        expect((await s.send('GET', '/app-bundle/manifest', {token: s.access.viewer})).json).toMatchObject({files: []});
      },
    },
  },
  'bundle-app-info-file': {
    request: (s) => request('POST', PUSH, bundlePush(s, APP_ONLY)),
    description: {
      status: 200,
      check: (a) => expect(JSON.stringify(jsonBody(a).manifest)).not.toContain('APP_INFO.json'),
    },
    release: {
      status: 200,
      check: async (_a, s) => {
        const info = await s.send('GET', '/app-bundle/download/APP_INFO.json?preview=true', {token: s.access.viewer});
        expect(info.json).toEqual({version: '4'});
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
    description: {status: 404, unspecified: true},
    // pkg/appbundle/service.go GetFile's error for a missing file, with the path as the handler unescaped it.
    release: {status: 500, check: releaseError('Failed to get file', 'file not found: app/missing.js')},
  },
  'bundle-file-types': {
    request: (s) => request('GET', '/app-bundle/download/app%2Findex.html', {token: s.access.viewer}),
    description: {status: 200, check: (a) => expect(a.contentType).toBe('application/octet-stream')},
    release: {status: 200, check: (a) => expect(a.contentType).toBe('text/html; charset=utf-8')},
  },
  'bundle-preview-header': {
    request: (s) => request('GET', '/app-bundle/download/app%2Findex.html?preview=TRUE', {token: s.access.viewer}),
    description: {status: 400, unspecified: true},
    release: {status: 200, check: (a) => expect(a.headers.get('x-is-preview')).toBe('true')},
  },
  'manifest-not-modified': {
    setup: async (s) => {
      const manifest = await s.send('GET', '/app-bundle/manifest', {token: s.access.viewer});
      s.found.etag = manifest.headers.get('ETag')!;
    },
    request: (s) =>
      request('GET', '/app-bundle/manifest', {token: s.access.viewer, headers: {'If-None-Match': s.found.etag}}),
    description: {status: 200},
    release: {status: 304, check: (a) => expect([a.text, a.headers.get('ETag')]).toEqual(['', null])},
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
    // The release has no version of that name: it compares `current` with itself.
    release: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a)).toEqual({
          compare_version_a: '20250601-080000',
          compare_version_b: '20250601-080000',
          form_changes: false,
          ui_changes: false,
        }),
    },
  },
  'bundle-version-names': {
    request: (s) => request('GET', '/app-bundle/versions', {token: s.access.viewer}),
    description: {
      status: 200,
      check: (a) => expect(versionsOf(a)).toEqual(['20250612-091000', '20250605-143000', '20250601-080000']),
    },
    release: {status: 200, check: (a) => expect(versionsOf(a)).toEqual(['0003 *', '0002', '0001'])},
  },
  'error-bodies-where-none-documented': {
    request: (s) => request('GET', '/attachments/none.jpg', {token: s.access.viewer}),
    description: {status: 404, check: (a) => expect(a.text).toBe('')},
    release: {status: 404, check: releaseError('Attachment not found', 'An error occurred')},
  },
  'attachment-upload-any-role': {
    request: (s) =>
      request('PUT', '/attachments/5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6.jpg', {
        token: s.access.viewer,
        form: {file: PHOTO()},
      }),
    description: {status: 501, unspecified: true},
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
  'attachment-id-not-decoded': {
    // `%41` is an `A` no path needs escaped: the release keeps the escape in the name.
    request: (s) => request('PUT', '/attachments/photo%41.jpg', {token: s.access.fieldworker, form: {file: PHOTO()}}),
    description: {status: 200, check: (_a, s) => expect(s.engine.store.state.attachments.has('photoA.jpg')).toBe(true)},
    release: {status: 200, check: (_a, s) => expect(s.engine.store.state.attachments.has('photo%41.jpg')).toBe(true)},
  },
  'attachment-id-over-255-bytes': {
    request: (s) =>
      request('PUT', `/attachments/${'é'.repeat(128)}.jpg`, {token: s.access.fieldworker, form: {file: PHOTO()}}),
    description: {status: 200},
    release: {
      status: 500,
      check: async (a, s) => {
        releaseError('Failed to save attachment', `stat attachments/${'é'.repeat(128)}.jpg: file name too long`)(a);
        // 128 two-byte letters and `.jpg` make 260 bytes; 125 of them, 254 bytes, are a name the file system takes.
        expect(
          (await s.send('HEAD', `/attachments/${'é'.repeat(128)}.jpg`, {token: s.access.viewer})).status,
          'HEAD fails the same way',
        ).toBe(500);
        expect(
          (
            await s.send('PUT', `/attachments/${'é'.repeat(125)}.jpg`, {
              token: s.access.fieldworker,
              form: {file: PHOTO()},
            })
          ).status,
        ).toBe(200);
      },
    },
  },
  'attachment-failed-write-kept': {
    // The disk of the attachments folder takes 4 more bytes: the 10-byte photo's write fails part-way.
    setup: (s) => s.engine.fillDisk(4),
    request: (s) => request('PUT', '/attachments/cut.jpg', {token: s.access.fieldworker, form: {file: PHOTO()}}),
    description: {
      status: 500,
      unspecified: true,
      check: async (a, s) => {
        s.engine.fillDisk(undefined);
        expect((await s.send('HEAD', '/attachments/cut.jpg', {token: s.access.viewer})).status, 'nothing kept').toBe(
          404,
        );
      },
    },
    release: {
      status: 500,
      check: async (a, s) => {
        releaseError('Failed to save attachment', 'write attachments/cut.jpg: no space left on device')(a);
        s.engine.fillDisk(undefined);
        const again = await s.send('PUT', '/attachments/cut.jpg', {token: s.access.fieldworker, form: {file: PHOTO()}});
        expect(again.status, 'the upload again, with room on the disk').toBe(409);
        const kept = await s.send('GET', '/attachments/cut.jpg', {token: s.access.viewer});
        expect(new TextDecoder().decode(kept.bytes), 'the part written').toBe('jpeg');
      },
    },
  },
  'sync-errors-not-documented': {
    request: (s) => request('POST', '/sync/pull', {token: s.access.viewer, json: {since: {version: 0}}}),
    description: {status: 400, unspecified: true},
    release: {status: 400, check: releaseError('client_id is required', 'An error occurred')},
  },
  'pull-limit-not-checked': {
    request: (s) =>
      request('POST', '/sync/pull?limit=0', {
        token: s.access.viewer,
        json: {client_id: 'client-dialects', since: {version: 0}},
      }),
    description: {status: 400, unspecified: true},
    release: {status: 200, check: (a) => expect(jsonBody(a).records).toHaveLength(100)},
  },
  'pull-since-id-ignored': {
    request: (s) =>
      request('POST', '/sync/pull', {
        token: s.access.viewer,
        json: {client_id: 'client-dialects', since: {version: SEED_CURRENT_VERSION - 9, id: ''}},
      }),
    description: {
      status: 200,
      check: (a) =>
        expect((jsonBody(a).records as {version: number}[]).map((r) => r.version)).toEqual([
          SEED_CURRENT_VERSION - 9,
          SEED_CURRENT_VERSION,
        ]),
    },
    release: {
      status: 200,
      check: (a) =>
        expect((jsonBody(a).records as {version: number}[]).map((r) => r.version)).toEqual([SEED_CURRENT_VERSION]),
    },
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
    // Written again: the updated row takes two more versions of the counter (the seed's, one, then three more).
    release: {
      status: 200,
      check: (a, s) =>
        expect([jsonBody(a).current_version, s.engine.currentVersion()]).toEqual([
          SEED_CURRENT_VERSION + 3,
          SEED_CURRENT_VERSION + 3,
        ]),
    },
  },
  'transmission-id-any-text': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-any-text-1')], 'x7Kp2mQa9Lb4Rc8T'),
      }),
    description: {status: 400, unspecified: true},
    release: {status: 200, check: (a) => expect(jsonBody(a)).toMatchObject({success_count: 1})},
  },
  'push-db-error-fails-batch': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-batch-1'), record('obs-batch-2', {created_at: 'the day before'})]),
      }),
    // A record that is not an Observation makes the body one the description does not take, and lists no 400 for.
    description: {status: 400, unspecified: true},
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
    // A record that is not an Observation makes the body one the description does not take, and lists no 400 for.
    description: {status: 400, unspecified: true},
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
    storedState: true,
    // The push stores the texts cut; the pull that returns them names the rule.
    setup: (s) =>
      pushFor(s, 'spaces_form', record(`obs-spaces-1${' '.repeat(300)}`, {form_version: `1.0${' '.repeat(60)}`})),
    request: pullOf('spaces_form'),
    description: {
      status: 200,
      check: (a) => expect(pulledRecords(a)[0]).toMatchObject({observation_id: `obs-spaces-1${' '.repeat(300)}`}),
    },
    release: {
      status: 200,
      check: (a) => {
        const [stored] = pulledRecords(a);
        expect(stored.observation_id, 'cut to 255 characters').toBe(`obs-spaces-1${' '.repeat(243)}`);
        expect(stored.form_version, 'cut to 50 characters').toBe(`1.0${' '.repeat(47)}`);
      },
    },
  },
  'geolocation-not-stored': {
    storedState: true,
    setup: (s) =>
      pushFor(s, 'geo_form', record('obs-geo-1', {geolocation: {latitude: -0.1, longitude: 34.7, accuracy: 5}})),
    request: pullOf('geo_form'),
    description: {
      status: 200,
      check: (a) => expect(pulledRecords(a)[0].geolocation).toMatchObject({latitude: -0.1, longitude: 34.7}),
    },
    release: {status: 200, check: (a) => expect(pulledRecords(a)[0]).not.toHaveProperty('geolocation')},
  },
  'push-failed-records-shape': {
    request: (s) =>
      request('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-shape-1'), record('', {observation_id: undefined})]),
      }),
    description: {status: 400, unspecified: true},
    release: {
      status: 200,
      check: (a) =>
        expect(jsonBody(a).failed_records).toEqual([
          {error: 'observation_id is required', index: 1, record: expect.objectContaining({observation_id: ''})},
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
    storedState: true,
    setup: (s) => pushFor(s, 'time_form', record('obs-time-1', {updated_at: '2020-01-01T00:00:00Z'})),
    request: pullOf('time_form'),
    description: {status: 200, check: (a) => expect(pulledRecords(a)[0].updated_at).toBe('2020-01-01T00:00:00Z')},
    release: {
      status: 200,
      check: (a) => {
        const [stored] = pulledRecords(a);
        expect(stored.updated_at).not.toBe('2020-01-01T00:00:00Z');
        expect(stored.created_at, 'created_at is kept as pushed').toBe('2025-06-20T09:00:00Z');
      },
    },
  },
  'export-numbers-empty': {
    request: (s) => request('GET', '/dataexport/parquet', {token: s.access.viewer}),
    description: {
      status: 200,
      check: async (a) =>
        expect(
          (await exportRows(a, 'household_survey.parquet')).every((r) => typeof r.data_household_size === 'number'),
        ).toBe(true),
    },
    release: {
      status: 200,
      check: async (a) => {
        const rows = await exportRows(a, 'household_survey.parquet');
        expect(rows.map((r) => r.data_household_size)).toEqual(rows.map(() => null));
        expect(
          rows.every((r) => typeof r.data_village === 'string'),
          'text fields are exported',
        ).toBe(true);
        expect(a.headers.get('Content-Disposition')).toBe('attachment; filename="observations_export.zip"');
      },
    },
  },
  'export-breaks-on-one-record': {
    setup: async (s) => {
      const pushed = await s.send('POST', '/sync/push', {
        token: s.access.fieldworker,
        json: push([record('obs-space-1', {data: {'household size': 4}})]),
      });
      expect(pushed.status, `${s.dialect}: a record with a field whose name has a space`).toBe(200);
    },
    request: (s) => request('GET', '/dataexport/parquet', {token: s.access.viewer}),
    description: {status: 200},
    release: {status: 500, check: releaseError('Failed to export parquet data')},
  },
};

// ---------------------------------------------------------------------------------------------------------

test('every server entry of the Known issues pages is a release rule, and every rule an entry', () => {
  const entries = serverEntries();
  const problems: string[] = [];
  const rules = new Set<string>(DOCUMENTED_RELEASE.rules);
  for (const entry of entries) {
    if (!rules.has(entry.id))
      problems.push(
        `${entry.file}:${entry.line}: the entry #${entry.id} is no rule of packages/synkronus-mock/src/releases/${RELEASE_TAG}/rules.ts`,
      );
    if (entry.sources.length === 0)
      problems.push(`${entry.file}:${entry.line}: the entry #${entry.id} names no source file at the tag`);
  }
  const ids = new Set(entries.map((e) => e.id));
  for (const id of rules)
    if (!ids.has(id))
      problems.push(
        `packages/synkronus-mock/src/releases/${RELEASE_TAG}/rules.ts: rule ${id} has no server entry on the Known issues pages`,
      );
  expect(problems, problems.join('\n')).toEqual([]);
  console.log(
    `dialects: ${rules.size} release rules, ${entries.length} Known issues server entries, ${Object.keys(PROBES).length} probes`,
  );
});

/** The tests' release (packages/synkronus-mock/tests/fixtures/test-release/), in an engine it is handed to as a value. */
const testReleaseSession = () =>
  session(TEST_RELEASE.tag, createSynkronus(ENGINE_DATA, {dialect: TEST_RELEASE.tag, releases: [TEST_RELEASE]}));

for (const [id, probe] of Object.entries(PROBES) as [RuleId, Probe][]) {
  test(`#${id}: the tests' release answers as v1.0.0-alpha.6 with the rule, as the description without it`, async () => {
    const s = await testReleaseSession();
    await probe.setup?.(s);
    const exchange = await s.engine.exchange(probe.request(s), {compare: true});
    const answer = await answerOf(exchange.response.clone());
    const where = `#${id}, dialect ${s.dialect}`;
    expect(answer.headers.get('X-Synkronus-Dialect'), where).toBe(TEST_RELEASE.tag);
    expect(exchange.other?.dialect, where).toBe('description');
    const named = exchange.rules.map((r) => r.id);
    if (id in REMOVED_RULES) {
      // A removed rule: the release does what the description says there, and no answer names the rule.
      expect(answer.status, `${where}: the description's status (body ${answer.text.slice(0, 300)})`).toBe(
        probe.description.status,
      );
      expect(named, where).not.toContain(id);
      return;
    }
    // Where v1.0.0-alpha.6 answers the probe only by a removed rule too, the tests' release answers otherwise.
    const documented = await session(RELEASE_TAG);
    await probe.setup?.(documented);
    const theirs = await documented.engine.exchange(probe.request(documented));
    const alsoRemoved = theirs.rules.map((r) => r.id).filter((rule) => rule in REMOVED_RULES);
    // v1.0.0-alpha.6 names bodies-checked-for-types-only only where it takes such a body; where its handler then
    // refuses it, the tests' release has refused it first, and says so.
    const bodyChecked = (answer.headers.get('X-Synkronus-Reason') ?? '').startsWith(
      'the body does not match the description',
    );
    if (bodyChecked) alsoRemoved.push('bodies-checked-for-types-only');
    if (alsoRemoved.length) {
      const their = await answerOf(theirs.response);
      expect(
        named.filter((rule) => rule in REMOVED_RULES),
        where,
      ).toEqual([]);
      expect(
        `${answer.status} ${answer.text}`,
        `${where}: answered otherwise without ${alsoRemoved.join(', ')}`,
      ).not.toBe(`${their.status} ${their.text}`);
      return;
    }
    expect(answer.status, `${where}: status (body ${answer.text.slice(0, 300)})`).toBe(probe.release.status);
    await probe.release.check?.(answer, s);
    expect(named, `${where}: the answer names the rule`).toContain(id);
  });

  test(`#${id}: each dialect answers the entry's request as its source says`, async () => {
    for (const dialect of ['description', RELEASE_TAG] as const) {
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
        if (!probe.storedState) {
          expect(exchange.other?.rules.map((r) => r.id) ?? [], `${where}: the comparison names the rule`).toContain(id);
          expect(exchange.other?.status, `${where}: the other dialect's status`).toBe(probe.release.status);
        }
        if (!expected.unspecified && exchange.operationId)
          expect(
            await responseProblems(exchange.operationId, exchange.response.clone()),
            `${where}: the answer matches the description`,
          ).toEqual([]);
      } else {
        expect(
          exchange.rules.map((r) => r.id),
          `${where}: the answer names the rule`,
        ).toContain(id);
        expect(answer.headers.get('X-Synkronus-Rules') ?? '', where).toContain(id);
        const entry = serverEntries().find((e) => e.id === id);
        // The entry's own page, as the pages have it: the rule links straight to it, with its title.
        expect(
          exchange.rules.find((r) => r.id === id),
          where,
        ).toEqual({id, title: entry?.title, href: `${OVERVIEW_PATH}/${entry?.area}#${id}`});
        expect(exchange.other?.dialect, where).toBe('description');
      }
    }
  });
}

test('the engine knows every operation of the description, and has a behaviour for each', () => {
  const described = CONTRACT.operations.map((op) => op.operationId);
  expect(
    [...OPERATION_IDS],
    'packages/synkronus-mock/src/operations.ts lists the operationIds of api/synkronus.yaml, in its order: update it',
  ).toEqual(described);
  expect(Object.keys(BEHAVIOURS).sort()).toEqual([...described].sort());
});

test('#bundle-download-missing-500: a path chi decodes to a bare % fails the handler’s second unescape with 400', async () => {
  // Recorded from the release's server: GET /app-bundle/download/%25 → 400
  // {"error":"invalid URL escape \"%\"","message":"Invalid file path encoding"}.
  const s = await session(RELEASE_TAG);
  const a = await s.send('GET', '/app-bundle/download/%25', {token: s.access.viewer});
  expect(a.status).toBe(400);
  releaseError('Invalid file path encoding', 'invalid URL escape "%"')(a);
  expect(a.headers.get('X-Synkronus-Rules')).toContain('bundle-download-missing-500');
});

test('#bundle-download-missing-500: a path that is not UTF-8 is named in the error as encoding/json writes it', async () => {
  // Recorded from the release's server: each byte that is not UTF-8 is the escape \ufffd, one per byte.
  const s = await session(RELEASE_TAG);
  for (const [path, named] of [
    ['%ff', '\\ufffd'],
    ['%e2%82', '\\ufffd\\ufffd'],
    ['%ed%a0%80', '\\ufffd\\ufffd\\ufffd'],
    ['%c3%a9', 'é'],
  ]) {
    const a = await s.send('GET', `/app-bundle/download/${path}`, {token: s.access.viewer});
    expect(a.status).toBe(500);
    expect(a.text).toBe(`{"error":"file not found: ${named}","message":"Failed to get file"}\n`);
  }
});
