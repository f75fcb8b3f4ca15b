/**
 * The HTTP tests of the Synkronus server of ODE v1.0.0-alpha.6 (`synkronus/internal/handlers/*_test.go`,
 * `synkronus/internal/api/*_test.go` at the tag), ported to requests for the engine's release dialect.
 *
 * The Go tests call handlers past the router and the token check, with mocks for the services. A port sends
 * the same request through the release's router: with the token of the seeded user whose role the test puts in
 * the request's context, to the route the router at the tag gives the handler, and with the mock's state
 * replaced by the release's (`mapped` says how). Bodies are written as the test's `json.Marshal` writes them:
 * struct fields in order, map keys sorted, `json.RawMessage` compacted.
 */
import {
  atLeast,
  atLeastItems,
  equals,
  everyItem,
  greaterThanKept,
  length,
  listWith,
  nonEmpty,
  present,
  type ConformanceCase,
  type Matcher,
  type Step,
  type Unportable,
} from './cases';

const JSON_TYPE = 'application/json';

/** An app with the files of the handler tests' mock bundle, in the layout the release requires (app/). */
const APP_BUNDLE = {
  'app/index.html':
    '<!doctype html><title>App</title><link rel="stylesheet" href="styles.css"><script src="app.js"></script>',
  'app/styles.css': 'body { margin: 0; }',
  'app/app.js': 'document.title = "App";',
};

/** Pushes APP_BUNDLE as an admin and makes it the active version, as the handler tests' mock serves it. */
const ACTIVE_APP_BUNDLE: Step[] = [
  {
    send: {method: 'POST', path: '/app-bundle/push', as: 'admin', bundle: APP_BUNDLE},
    expect: {status: 200, contains: ['"message":"App bundle successfully pushed"']},
    keep: {pushed: 'json:manifest.version'},
  },
  {send: {method: 'POST', path: '/app-bundle/switch/{{pushed}}', as: 'admin'}, expect: {status: 200}},
];

const MAPPED_BUNDLE_FILES =
  "the mock's bundle has index.html, styles.css and app.js at its root; the release keeps an app under app/ " +
  '(pkg/appbundle/validation.go), so they are pushed there, switched to, and requested as app%2F<name>';

/** Go's `httptest` leaves `Content-Type` to the handler; the Go tests set it on JSON bodies. */
const jsonPost = (path: string, json: string, as: Step['send']['as'] = 'fieldworker'): Step['send'] => ({
  method: 'POST',
  path,
  as,
  json,
});

const observation = (id: string, formType: string, data: string, created: string, updated = created) =>
  `{"observation_id":"${id}","form_type":"${formType}","form_version":"1.0","data":${data},` +
  `"created_at":"${created}","updated_at":"${updated}","deleted":false,"version":0}`;

const pushBody = (transmission: string, client: string, records: string[] | null) =>
  `{"transmission_id":"${transmission}","client_id":"${client}","records":${records ? `[${records.join(',')}]` : 'null'}}`;

/** `len(records) == 0` in Go holds for `null` and `[]` alike. */
const noItems: Matcher = {says: 'null or an empty list', ok: (v) => v === null || (Array.isArray(v) && v.length === 0)};

const pulled: Record<string, Matcher> = {
  current_version: atLeast(1),
  change_cutoff: atLeast(0),
  has_more: present,
  sync_format_version: equals('1.0'),
};

const SURVEY_RECORD = observation('obs-1', 'survey', '{"question1":"answer1"}', '2025-06-25T12:00:00Z');
const NO_ID_RECORD = observation('', 'survey', '{"question1":"answer1"}', '2025-06-25T12:00:00Z');

const FILE_PART = 'test content';

/** TestPushThenPull's requests, in order; each subtest asserts the answers of the steps up to its own. */
const PUSH_THEN_PULL_STEPS: Step[] = [
  {
    send: jsonPost(
      '/sync/push',
      pushBody('test-transmission-1', 'test-client', [
        observation('test-obs-1', 'test_form', '{"field1":"value1"}', '2025-06-25T12:00:00Z'),
        observation('test-obs-2', 'test_form', '{"field2":"value2"}', '2025-06-25T12:00:00Z'),
      ]),
    ),
    expect: {status: 200, json: {current_version: atLeast(1), success_count: equals(2)}},
  },
  {
    send: jsonPost('/sync/pull', '{"client_id":"test-client","schema_types":["test_form"]}'),
    expect: {
      status: 200,
      json: {current_version: atLeast(1), records: atLeastItems(2)},
      contains: [
        '"observation_id":"test-obs-1","form_type":"test_form","form_version":"1.0","data":{"field1":"value1"}',
        '"observation_id":"test-obs-2","form_type":"test_form","form_version":"1.0","data":{"field2":"value2"}',
      ],
    },
    keep: {version: 'json:current_version'},
  },
  {
    send: jsonPost(
      '/sync/push',
      pushBody('test-transmission-2', 'test-client', [
        observation(
          'test-obs-1',
          'test_form',
          '{"field1":"updated_value1"}',
          '2025-06-25T12:00:00Z',
          '2025-06-25T12:05:00Z',
        ),
      ]),
    ),
    expect: {status: 200},
  },
  {
    send: jsonPost(
      '/sync/pull',
      '{"client_id":"test-client","since":{"version":{{version}},"id":""},"schema_types":["test_form"]}',
    ),
    expect: {
      status: 200,
      json: {current_version: greaterThanKept('version'), records: nonEmpty},
      contains: [
        '"observation_id":"test-obs-1","form_type":"test_form","form_version":"1.0","data":{"field1":"updated_value1"}',
      ],
    },
  },
];

const PUSH_THEN_PULL: [name: string, line: number, steps: number][] = [
  ['Push_initial_observations', 16, 1],
  ['Push_initial_observations/Pull_observations_after_push', 65, 2],
  ['Push_initial_observations/Pull_observations_after_push/Update_observation_and_verify_change', 119, 4],
];

export const CASES: ConformanceCase[] = [
  // internal/handlers/health_test.go, internal/api/api_test.go
  {
    test: 'TestHealthCheck',
    at: 'internal/handlers/health_test.go:103',
    steps: [{send: {method: 'GET', path: '/health'}, expect: {status: 200, contentType: 'text/plain', text: 'OK'}}],
  },
  {
    test: 'TestNewRouter',
    at: 'internal/api/api_test.go:67',
    steps: [{send: {method: 'GET', path: '/health'}, expect: {status: 200, contentType: 'text/plain', text: 'OK'}}],
  },
  // internal/handlers/versions_test.go
  {
    test: 'TestGetAPIVersions',
    at: 'internal/handlers/versions_test.go:30',
    mapped: 'the router at the tag serves GET /api/versions behind the token check',
    steps: [
      {
        send: {method: 'GET', path: '/api/versions', as: 'viewer'},
        expect: {
          status: 200,
          contentType: JSON_TYPE,
          json: {current: equals('1.0.0'), versions: listWith('version', '1.0.0')},
        },
      },
    ],
  },
  // internal/handlers/auth_test.go
  {
    test: 'TestLogin/Valid_login',
    at: 'internal/handlers/auth_test.go:24',
    mapped: "the mock's testuser / password123 (read-write) is the seeded fieldworker",
    steps: [
      {
        send: jsonPost('/auth/login', '{"username":"fieldworker","password":"s3cret-passphrase"}', 'none'),
        expect: {
          status: 200,
          contentType: JSON_TYPE,
          json: {token: nonEmpty, refreshToken: nonEmpty, expiresAt: nonEmpty},
        },
      },
    ],
  },
  {
    test: 'TestLogin/Empty_username',
    at: 'internal/handlers/auth_test.go:32',
    steps: [{send: jsonPost('/auth/login', '{"username":"","password":"password123"}', 'none'), expect: {status: 400}}],
  },
  {
    test: 'TestRefreshToken/Valid_refresh_token',
    at: 'internal/handlers/auth_test.go:102',
    mapped: "the mock's valid-refresh-token of testuser is a refresh token the release issued to the fieldworker",
    steps: [
      {
        send: jsonPost('/auth/login', '{"username":"fieldworker","password":"s3cret-passphrase"}', 'none'),
        expect: {status: 200},
        keep: {refresh: 'json:refreshToken'},
      },
      {
        send: jsonPost('/auth/refresh', '{"refreshToken":"{{refresh}}"}', 'none'),
        expect: {
          status: 200,
          contentType: JSON_TYPE,
          json: {token: nonEmpty, refreshToken: nonEmpty, expiresAt: nonEmpty},
        },
      },
    ],
  },
  {
    test: 'TestRefreshToken/Empty_refresh_token',
    at: 'internal/handlers/auth_test.go:109',
    steps: [{send: jsonPost('/auth/refresh', '{"refreshToken":""}', 'none'), expect: {status: 400}}],
  },
  // internal/handlers/user_test.go
  {
    test: 'TestCreateUserHandler/success',
    at: 'internal/handlers/user_test.go:55',
    mapped: 'the router at the tag mounts CreateUserHandler on POST /users, for admins',
    steps: [
      {
        send: jsonPost('/users', '{"password":"password","role":"read-only","username":"testuser"}', 'admin'),
        expect: {status: 201},
      },
    ],
  },
  {
    test: 'TestCreateUserHandler/user_exists',
    at: 'internal/handlers/user_test.go:68',
    steps: [
      {
        send: jsonPost('/users', '{"password":"password","role":"read-only","username":"testuser"}', 'admin'),
        expect: {status: 201},
      },
      {
        send: jsonPost('/users', '{"password":"password","role":"read-only","username":"testuser"}', 'admin'),
        expect: {status: 409},
      },
    ],
  },
  {
    test: 'TestDeleteUserHandler/success',
    at: 'internal/handlers/user_test.go:85',
    steps: [
      {
        send: jsonPost('/users', '{"password":"pw-of-deleteuser","role":"read-only","username":"deleteuser"}', 'admin'),
        expect: {status: 201},
      },
      {send: {method: 'DELETE', path: '/users/delete/deleteuser', as: 'admin'}, expect: {status: 200}},
    ],
  },
  {
    test: 'TestDeleteUserHandler/user_not_found',
    at: 'internal/handlers/user_test.go:91',
    steps: [{send: {method: 'DELETE', path: '/users/delete/nonexistent', as: 'admin'}, expect: {status: 404}}],
  },
  {
    test: 'TestDeleteUserHandler/missing_username',
    at: 'internal/handlers/user_test.go:97',
    entry: 'trailing-slash-redirect',
    steps: [
      {
        send: {method: 'DELETE', path: '/users/delete/', as: 'admin'},
        expect: {status: 301, headers: {location: '//{{host}}/users/delete'}},
      },
    ],
  },
  {
    test: 'TestResetPasswordHandler/success',
    at: 'internal/handlers/user_test.go:131',
    steps: [
      {
        send: jsonPost('/users', '{"password":"pw-of-resetuser","role":"read-only","username":"resetuser"}', 'admin'),
        expect: {status: 201},
      },
      {
        send: jsonPost('/users/reset-password', '{"newPassword":"newpw","username":"resetuser"}', 'admin'),
        expect: {status: 200},
      },
    ],
  },
  {
    test: 'TestResetPasswordHandler/user_not_found',
    at: 'internal/handlers/user_test.go:136',
    steps: [
      {
        send: jsonPost('/users/reset-password', '{"newPassword":"pw","username":"nouser"}', 'admin'),
        expect: {status: 404},
      },
    ],
  },
  {
    test: 'TestResetPasswordHandler/missing_fields',
    at: 'internal/handlers/user_test.go:141',
    steps: [{send: jsonPost('/users/reset-password', '{"username":""}', 'admin'), expect: {status: 400}}],
  },
  {
    test: 'TestChangePasswordHandler/success',
    at: 'internal/handlers/user_test.go:170',
    entry: 'change-password-always-401',
    mapped: "the mock's changepw (read-only) is the seeded viewer",
    steps: [
      {
        send: jsonPost(
          '/users/change-password',
          '{"currentPassword":"viewer-passphrase","newPassword":"newpw"}',
          'viewer',
        ),
        expect: {status: 401},
      },
    ],
  },
  {
    test: 'TestChangePasswordHandler/wrong_current_password',
    at: 'internal/handlers/user_test.go:176',
    steps: [
      {
        send: jsonPost('/users/change-password', '{"currentPassword":"wrongpw","newPassword":"newpw"}', 'viewer'),
        expect: {status: 401},
      },
    ],
  },
  {
    test: 'TestChangePasswordHandler/missing_fields',
    at: 'internal/handlers/user_test.go:182',
    steps: [{send: jsonPost('/users/change-password', '{}', 'viewer'), expect: {status: 400}}],
  },
  {
    test: 'TestChangePasswordHandler/unauthorized_(no_username_in_context)',
    at: 'internal/handlers/user_test.go:188',
    mapped: 'a request without a username is one without a token',
    steps: [
      {
        send: jsonPost('/users/change-password', '{"currentPassword":"oldpw","newPassword":"newpw"}', 'none'),
        expect: {status: 401},
      },
    ],
  },
  // internal/handlers/dataexport_test.go
  {
    test: 'TestHandler_ParquetExportHandler/successful_export',
    at: 'internal/handlers/dataexport_test.go:23',
    steps: [
      {
        send: {method: 'GET', path: '/dataexport/parquet', as: 'viewer'},
        expect: {
          status: 200,
          contentType: 'application/zip',
          headers: {'content-disposition': 'attachment; filename="observations_export.zip"'},
          startsWith: 'PK\u0003\u0004',
        },
      },
    ],
  },
  {
    test: 'TestHandler_ParquetExportHandler/export_service_error',
    at: 'internal/handlers/dataexport_test.go:36',
    mapped: "the mock's failing export is the release's with its database unreachable",
    steps: [
      {database: 'down', send: {method: 'GET', path: '/dataexport/parquet', as: 'viewer'}, expect: {status: 500}},
    ],
  },
  {
    test: 'TestHandler_ParquetExportHandler_Integration',
    at: 'internal/handlers/dataexport_test.go:124',
    steps: [
      {
        send: {method: 'GET', path: '/dataexport/parquet', as: 'viewer'},
        expect: {status: 200, contentType: 'application/zip', startsWith: 'PK\u0003\u0004'},
      },
    ],
  },
  // internal/handlers/appbundle_test.go
  {
    test: 'TestGetAppBundleManifest',
    at: 'internal/handlers/appbundle_test.go:31',
    steps: [
      {
        send: {method: 'GET', path: '/app-bundle/manifest', as: 'viewer'},
        expect: {
          status: 200,
          contentType: JSON_TYPE,
          has: ['etag'],
          json: {files: nonEmpty, version: nonEmpty, generatedAt: nonEmpty, hash: nonEmpty},
        },
      },
    ],
  },
  ...(
    [
      ['Valid_HTML_file', 74, 'index.html', 'text/html; charset=utf-8'],
      ['Valid_CSS_file', 80, 'styles.css', 'text/css; charset=utf-8'],
      ['Valid_JS_file', 86, 'app.js', 'text/javascript; charset=utf-8'],
    ] as const
  ).map(([name, line, file, type]): ConformanceCase => ({
    test: `TestGetAppBundleFile/${name}`,
    at: `internal/handlers/appbundle_test.go:${line}`,
    entry: 'bundle-file-types',
    mapped: MAPPED_BUNDLE_FILES,
    steps: [
      ...ACTIVE_APP_BUNDLE,
      {
        send: {method: 'GET', path: `/app-bundle/download/app%2F${file}`, as: 'viewer'},
        expect: {status: 200, contentType: type, has: ['etag'], text: APP_BUNDLE[`app/${file}`]},
      },
    ],
  })),
  {
    test: 'TestGetAppBundleFile/Non-existent_file',
    at: 'internal/handlers/appbundle_test.go:92',
    entry: 'bundle-download-missing-500',
    steps: [{send: {method: 'GET', path: '/app-bundle/download/nonexistent.txt', as: 'viewer'}, expect: {status: 500}}],
  },
  {
    test: 'TestGetAppBundleFileWithPreview/with_preview=true',
    at: 'internal/handlers/appbundle_test.go:154',
    mapped: MAPPED_BUNDLE_FILES,
    steps: [
      ...ACTIVE_APP_BUNDLE,
      {
        send: {method: 'GET', path: '/app-bundle/download/app%2Findex.html?preview=true', as: 'viewer'},
        expect: {status: 200, headers: {'x-is-preview': 'true'}, text: APP_BUNDLE['app/index.html']},
      },
    ],
  },
  {
    test: 'TestGetAppBundleFileWithPreview/with_preview=false',
    at: 'internal/handlers/appbundle_test.go:181',
    mapped: MAPPED_BUNDLE_FILES,
    steps: [
      ...ACTIVE_APP_BUNDLE,
      {
        send: {method: 'GET', path: '/app-bundle/download/app%2Findex.html?preview=false', as: 'viewer'},
        expect: {status: 200, headers: {'x-is-preview': null}, text: APP_BUNDLE['app/index.html']},
      },
    ],
  },
  {
    test: 'TestGetAppBundleFileWithPreview/with_invalid_preview_value',
    at: 'internal/handlers/appbundle_test.go:208',
    mapped: MAPPED_BUNDLE_FILES,
    steps: [
      ...ACTIVE_APP_BUNDLE,
      {
        send: {method: 'GET', path: '/app-bundle/download/app%2Findex.html?preview=invalid', as: 'viewer'},
        expect: {status: 200, headers: {'x-is-preview': null}},
      },
    ],
  },
  {
    test: 'TestGetAppBundleFileNotModified',
    at: 'internal/handlers/appbundle_test.go:247',
    mapped: `the test routes GetAppBundleFile on /app-bundle/{path}; the router at the tag on /app-bundle/download/{path}; ${MAPPED_BUNDLE_FILES}`,
    steps: [
      ...ACTIVE_APP_BUNDLE,
      {
        send: {method: 'GET', path: '/app-bundle/download/app%2Findex.html', as: 'viewer'},
        expect: {status: 200, has: ['etag']},
        keep: {etag: 'header:etag'},
      },
      {
        send: {
          method: 'GET',
          path: '/app-bundle/download/app%2Findex.html',
          as: 'viewer',
          headers: {'If-None-Match': '{{etag}}'},
        },
        expect: {status: 304},
      },
    ],
  },
  {
    test: 'TestGetAppBundleManifestNotModified',
    at: 'internal/handlers/appbundle_test.go:275',
    steps: [
      {
        send: {method: 'GET', path: '/app-bundle/manifest', as: 'viewer'},
        expect: {status: 200},
        keep: {etag: 'header:etag'},
      },
      {
        send: {method: 'GET', path: '/app-bundle/manifest', as: 'viewer', headers: {'If-None-Match': '{{etag}}'}},
        expect: {status: 304, text: ''},
      },
    ],
  },
  {
    test: 'TestCompareAppBundleVersions/compare_with_previous_version',
    at: 'internal/handlers/appbundle_test.go:294',
    steps: [
      {
        send: {method: 'GET', path: '/app-bundle/changes?current=v2.0.0', as: 'viewer'},
        expect: {status: 200, json: {compare_version_a: equals('v2.0.0'), compare_version_b: equals('v2.0.0')}},
      },
    ],
  },
  {
    test: 'TestCompareAppBundleVersions/compare_with_preview',
    at: 'internal/handlers/appbundle_test.go:299',
    mapped:
      "the mock compares any version; the release reads the version's APP_INFO.json, so v2.0.0 is the seeded 0002, " +
      'which its APP_INFO.json names 2',
    steps: [
      {
        send: {method: 'GET', path: '/app-bundle/changes?current=0002&preview=true', as: 'viewer'},
        expect: {status: 200, json: {compare_version_a: equals('2'), compare_version_b: present}},
      },
    ],
  },
  {
    test: 'TestCompareAppBundleVersions/no_current_version',
    at: 'internal/handlers/appbundle_test.go:305',
    steps: [
      {
        send: {method: 'GET', path: '/app-bundle/changes', as: 'viewer'},
        expect: {status: 200, json: {compare_version_a: present, compare_version_b: present}},
      },
    ],
  },
  // internal/handlers/appbundle_push_test.go
  {
    test: 'TestPushAppBundle/Successful_Push_-_Admin_User',
    at: 'internal/handlers/appbundle_push_test.go:58',
    mapped:
      'the mock accepts any bytes as a bundle; the release checks the ZIP and its layout, so a valid bundle is sent',
    steps: [ACTIVE_APP_BUNDLE[0]],
  },
  {
    test: 'TestPushAppBundle/Unauthorized_-_No_User_in_Context',
    at: 'internal/handlers/appbundle_push_test.go:105',
    steps: [
      {send: {method: 'POST', path: '/app-bundle/push', as: 'none'}, expect: {status: 401, contains: ['Unauthorized']}},
    ],
  },
  {
    test: 'TestPushAppBundle/Bad_Request_-_No_Multipart_Form',
    at: 'internal/handlers/appbundle_push_test.go:117',
    steps: [
      {
        send: {method: 'POST', path: '/app-bundle/push', as: 'admin'},
        expect: {status: 400, contains: ['Invalid request format']},
      },
    ],
  },
  {
    test: 'TestGetAppBundleVersions/Successful_Get_Versions',
    at: 'internal/handlers/appbundle_push_test.go:188',
    mapped:
      "the mock's versions 20250101-000000 and 20250102-000000 are the seeded 0001 to 0003, newest first, 0003 active",
    steps: [
      {
        send: {method: 'GET', path: '/app-bundle/versions', as: 'viewer'},
        expect: {status: 200, contains: ['"versions":["0003 *","0002","0001"]']},
      },
    ],
  },
  {
    test: 'TestSwitchAppBundleVersion/Successful_Switch_-_Admin_User',
    at: 'internal/handlers/appbundle_push_test.go:245',
    mapped: 'the mock switches to any version; the release to one it holds, so 1.0.0-alpha007 is the seeded 0002',
    steps: [
      {
        send: {method: 'POST', path: '/app-bundle/switch/0002', as: 'admin'},
        expect: {status: 200, contains: ['"message":"Switched to app bundle version']},
      },
    ],
  },
  {
    test: 'TestSwitchAppBundleVersion/Unauthorized_-_No_User_in_Context',
    at: 'internal/handlers/appbundle_push_test.go:261',
    steps: [
      {
        send: {method: 'POST', path: '/app-bundle/switch/0002', as: 'none'},
        expect: {status: 401, contains: ['Unauthorized']},
      },
    ],
  },
  {
    test: 'TestSwitchAppBundleVersion/Bad_Request_-_No_Version_Specified',
    at: 'internal/handlers/appbundle_push_test.go:270',
    entry: 'trailing-slash-redirect',
    steps: [
      {
        send: {method: 'POST', path: '/app-bundle/switch/', as: 'admin'},
        expect: {status: 301, headers: {location: '//{{host}}/app-bundle/switch'}},
      },
    ],
  },
  // internal/handlers/attachment_manifest_test.go
  {
    test: 'TestAttachmentManifestHandler/successful_manifest_request',
    at: 'internal/handlers/attachment_manifest_test.go:85',
    entry: 'attachment-manifest-empty',
    mapped: "the mock's manifest of two operations at version 45 is the release's own answer",
    steps: [
      {
        send: jsonPost('/attachments/manifest', '{"client_id":"mobile-app-123","since_version":42}'),
        expect: {status: 200, contentType: JSON_TYPE, json: {operations: noItems, total_download_size: equals(0)}},
      },
    ],
  },
  {
    test: 'TestAttachmentManifestHandler/missing_client_id',
    at: 'internal/handlers/attachment_manifest_test.go:94',
    steps: [{send: jsonPost('/attachments/manifest', '{"client_id":"","since_version":42}'), expect: {status: 400}}],
  },
  {
    test: 'TestAttachmentManifestHandler/negative_since_version',
    at: 'internal/handlers/attachment_manifest_test.go:101',
    steps: [
      {
        send: jsonPost('/attachments/manifest', '{"client_id":"mobile-app-123","since_version":-1}'),
        expect: {status: 400},
      },
    ],
  },
  // internal/handlers/attachment_test.go
  {
    test: 'TestAttachmentHandler_UploadAttachment/successful_upload',
    at: 'internal/handlers/attachment_test.go:51',
    steps: [
      {
        send: {method: 'PUT', path: '/attachments/testfile.txt', as: 'fieldworker', file: FILE_PART},
        expect: {status: 200, json: {status: equals('success')}, text: '{"status":"success"}\n'},
      },
    ],
  },
  {
    test: 'TestAttachmentHandler_UploadAttachment/file_already_exists',
    at: 'internal/handlers/attachment_test.go:61',
    mapped: "the mock's existing file is one uploaded before",
    steps: [
      {
        send: {method: 'PUT', path: '/attachments/existing.txt', as: 'fieldworker', file: FILE_PART},
        expect: {status: 200},
      },
      {
        send: {method: 'PUT', path: '/attachments/existing.txt', as: 'fieldworker', file: FILE_PART},
        expect: {
          status: 409,
          json: {error: equals('file already exists'), message: equals('Attachment already exists')},
        },
      },
    ],
  },
  {
    test: 'TestAttachmentHandler_DownloadAttachment/successful_download',
    at: 'internal/handlers/attachment_test.go:118',
    mapped: "the mock's stored file is one uploaded before",
    steps: [
      {
        send: {method: 'PUT', path: '/attachments/testfile.txt', as: 'fieldworker', file: 'file content'},
        expect: {status: 200},
      },
      {
        send: {method: 'GET', path: '/attachments/testfile.txt', as: 'viewer'},
        expect: {status: 200, text: 'file content'},
      },
    ],
  },
  {
    test: 'TestAttachmentHandler_DownloadAttachment/file_not_found',
    at: 'internal/handlers/attachment_test.go:130',
    steps: [{send: {method: 'GET', path: '/attachments/nonexistent.txt', as: 'viewer'}, expect: {status: 404}}],
  },
  {
    test: 'TestAttachmentHandler_CheckAttachment/file_exists',
    at: 'internal/handlers/attachment_test.go:177',
    mapped: "the mock's stored file is one uploaded before",
    steps: [
      {
        send: {method: 'PUT', path: '/attachments/exists.txt', as: 'fieldworker', file: FILE_PART},
        expect: {status: 200},
      },
      {send: {method: 'HEAD', path: '/attachments/exists.txt', as: 'viewer'}, expect: {status: 200}},
    ],
  },
  {
    test: 'TestAttachmentHandler_CheckAttachment/file_not_found',
    at: 'internal/handlers/attachment_test.go:186',
    steps: [{send: {method: 'HEAD', path: '/attachments/nonexistent.txt', as: 'viewer'}, expect: {status: 404}}],
  },
  // internal/handlers/sync_test.go
  {
    test: 'TestPull/Valid_pull_request',
    at: 'internal/handlers/sync_test.go:25',
    entry: 'empty-lists-null',
    steps: [
      {
        send: jsonPost(
          '/sync/pull',
          '{"client_id":"test-client-id","since":{"version":1,"id":"test-id"},"schema_types":["observation"]}',
        ),
        expect: {status: 200, json: {...pulled, records: equals(null)}},
      },
    ],
  },
  {
    test: 'TestPull/Pull_without_since_parameter',
    at: 'internal/handlers/sync_test.go:37',
    entry: 'empty-lists-null',
    steps: [
      {
        send: jsonPost('/sync/pull', '{"client_id":"test-client-id","schema_types":["observation"]}'),
        expect: {status: 200, json: {...pulled, records: equals(null)}},
      },
    ],
  },
  {
    test: 'TestPull/Missing_client_ID',
    at: 'internal/handlers/sync_test.go:45',
    steps: [{send: jsonPost('/sync/pull', '{"client_id":""}'), expect: {status: 400}}],
  },
  {
    test: 'TestPush/Valid_push_request',
    at: 'internal/handlers/sync_test.go:126',
    steps: [
      {
        send: jsonPost('/sync/push', pushBody('test-transmission-123', 'test-client-id', [SURVEY_RECORD])),
        expect: {status: 200, json: {current_version: atLeast(1), success_count: atLeast(0)}},
      },
    ],
  },
  {
    test: 'TestPush/Empty_records_array',
    at: 'internal/handlers/sync_test.go:145',
    steps: [
      {send: jsonPost('/sync/push', pushBody('test-transmission-124', 'test-client-id', [])), expect: {status: 200}},
    ],
  },
  {
    test: 'TestPush/Missing_transmission_ID',
    at: 'internal/handlers/sync_test.go:154',
    steps: [{send: jsonPost('/sync/push', pushBody('', 'test-client-id', [SURVEY_RECORD])), expect: {status: 400}}],
  },
  {
    test: 'TestPush/Missing_client_ID',
    at: 'internal/handlers/sync_test.go:173',
    steps: [
      {send: jsonPost('/sync/push', pushBody('test-transmission-125', '', [SURVEY_RECORD])), expect: {status: 400}},
    ],
  },
  {
    test: 'TestPush/Record_with_missing_observation_id',
    at: 'internal/handlers/sync_test.go:192',
    steps: [
      {
        send: jsonPost('/sync/push', pushBody('test-transmission-126', 'test-client-id', [NO_ID_RECORD])),
        expect: {status: 200, json: {current_version: atLeast(1), success_count: equals(0), failed_records: nonEmpty}},
      },
    ],
  },
  // internal/handlers/sync_push_pull_test.go: three nested subtests, each running after the one before.
  ...PUSH_THEN_PULL.map(([name, line, steps]): ConformanceCase => ({
    test: `TestPushThenPull/${name}`,
    at: `internal/handlers/sync_push_pull_test.go:${line}`,
    steps: PUSH_THEN_PULL_STEPS.slice(0, steps),
  })),
  // internal/handlers/sync_e2e_test.go: the sync service on a real, empty database.
  {
    test: 'TestSyncE2E_VersionIncrement',
    at: 'internal/handlers/sync_e2e_test.go:62',
    empty: true,
    mapped: "the mock token check's read-write user is the seeded fieldworker",
    steps: [
      {
        send: jsonPost('/sync/pull', '{"client_id":"test-client"}'),
        expect: {status: 200, json: {current_version: atLeast(1), records: noItems}},
      },
    ],
  },
  {
    test: 'TestSyncE2E_PartialFailure',
    at: 'internal/handlers/sync_e2e_test.go:138',
    empty: true,
    mapped: "the mock token check's read-write user is the seeded fieldworker",
    steps: [
      {
        send: jsonPost(
          '/sync/push',
          pushBody('test-transmission', 'test-client', [
            observation('valid-record', 'observation', '{"field1":"value1"}', '2024-01-01T00:00:00Z'),
            observation('', 'observation', '{"field2":"value2"}', '2024-01-01T00:00:00Z'),
          ]),
        ),
        expect: {status: 200, json: {failed_records: nonEmpty}},
      },
    ],
  },
  {
    test: 'TestSyncE2E_SchemaTypeFiltering',
    at: 'internal/handlers/sync_e2e_test.go:203',
    empty: true,
    mapped: "the mock token check's read-write user is the seeded fieldworker",
    steps: [
      {
        send: jsonPost(
          '/sync/push',
          pushBody('test-transmission', 'test-client', [
            observation('survey-record', 'survey', '{"question":"How are you?"}', '2024-01-01T00:00:00Z'),
          ]),
        ),
        expect: {status: 200},
      },
      {
        send: jsonPost('/sync/pull', '{"client_id":"test-client","schema_types":["survey"]}'),
        expect: {
          status: 200,
          json: {records: everyItem('form_type', 'survey')},
          contains: ['"observation_id":"survey-record"'],
        },
      },
      {
        send: jsonPost('/sync/pull', '{"client_id":"test-client","schema_types":["survey"]}'),
        expect: {status: 200, json: {records: length(1)}},
      },
    ],
  },
  // internal/api/api_integration_test.go: the test builds a router like the one at the tag; each row goes
  // through the release's own router, with the token of the user the mock's token stands for.
  ...protectedEndpoints(),
];

type Row = [
  name: string,
  line: number,
  method: string,
  path: string,
  body: string | null,
  as: Step['send']['as'],
  status: number,
  mapped?: string,
  entry?: ConformanceCase['entry'],
];

function protectedEndpoints(): ConformanceCase[] {
  const pull = '{"client_id":"test-client"}';
  const push = '{"client_id":"test-client","records":[],"transmission_id":"test-transmission"}';
  const file = "the mock's index.html is the seeded bundle's app/index.html (the release keeps an app under app/)";
  const rows: Row[] = [
    ['Sync Pull - Without Auth', 143, 'POST', '/sync/pull', pull, 'none', 401],
    ['Sync Pull - With Auth', 151, 'POST', '/sync/pull', pull, 'fieldworker', 200],
    ['Sync Push - Without Auth', 159, 'POST', '/sync/push', push, 'none', 401],
    ['Sync Push - With Auth', 167, 'POST', '/sync/push', push, 'fieldworker', 200],
    ['App Bundle Manifest - Without Auth', 175, 'GET', '/app-bundle/manifest', null, 'none', 401],
    ['App Bundle Manifest - With Auth', 183, 'GET', '/app-bundle/manifest', null, 'fieldworker', 200],
    ['App Bundle File - Without Auth', 191, 'GET', '/app-bundle/download/app%2Findex.html', null, 'none', 401, file],
    [
      'App Bundle File - With Auth',
      199,
      'GET',
      '/app-bundle/download/app%2Findex.html',
      null,
      'fieldworker',
      200,
      file,
    ],
    ['Health Check - Without Auth', 207, 'GET', '/health', null, 'none', 200],
    ['Health Check - With Auth', 215, 'GET', '/health', null, 'fieldworker', 200],
    ['Sync Pull - With Invalid Token', 223, 'POST', '/sync/pull', pull, 'not-a-token', 401],
    ['Sync Push - With Expired Token', 232, 'POST', '/sync/push', push, 'expired', 401],
    ['App Bundle Manifest - With Invalid Token', 241, 'GET', '/app-bundle/manifest', null, 'not-a-token', 401],
    ['Sync Push - With Read-Only User', 250, 'POST', '/sync/push', push, 'viewer', 403],
    ['Sync Pull - With Read-Only User', 259, 'POST', '/sync/pull', pull, 'viewer', 200],
    ['Sync Push - With Admin User', 268, 'POST', '/sync/push', push, 'admin', 200],
    ['App Bundle Versions - With Read-Only User', 278, 'GET', '/app-bundle/versions', null, 'viewer', 200],
    ['App Bundle Push - With Read-Only User', 287, 'POST', '/app-bundle/push', null, 'viewer', 403],
    ['App Bundle Push - With Admin User', 296, 'POST', '/app-bundle/push', null, 'admin', 400],
    ['App Bundle Switch - With Read-Only User', 305, 'POST', '/app-bundle/switch/0001', null, 'viewer', 403],
    [
      'App Bundle Switch - With Admin User',
      314,
      'POST',
      '/app-bundle/switch/0001',
      null,
      'admin',
      200,
      'the mock switches to any version; the release to one it holds, so 20250101-000000 is the seeded 0001',
    ],
    ['Health Check - Public Endpoint', 323, 'GET', '/health', null, 'none', 200],
  ];
  return rows.map(([name, line, method, path, body, as, status, mapped, entry]) => ({
    test: `TestProtectedEndpoints/${name.replaceAll(' ', '_')}`,
    at: `internal/api/api_integration_test.go:${line}`,
    ...(mapped ? {mapped} : {}),
    ...(entry ? {entry} : {}),
    steps: [
      {
        // The test sets `Content-Type: application/json` on every request, with or without a body.
        send: {method, path, as, headers: {'Content-Type': JSON_TYPE}, ...(body === null ? {} : {json: body})},
        expect: {status},
      },
    ],
  }));
}

export const UNPORTABLE: Unportable[] = [
  {
    test: 'TestSendJSONResponse',
    at: 'internal/handlers/common_test.go:11',
    why: 'calls the helper SendJSONResponse with its own map; no route sends that map',
  },
  {
    test: 'TestSendErrorResponse',
    at: 'internal/handlers/common_test.go:43',
    why: 'calls the helper SendErrorResponse with its own error; no route sends that error',
  },
  {
    test: 'TestDownloadAttachment_StreamingErrorLogged',
    at: 'internal/handlers/attachment_test.go:227',
    why: 'asserts a line of the server log when a stored file fails while it is read; the engine keeps no log, and no request makes a stored file fail to read',
  },
];
