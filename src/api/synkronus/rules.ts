/**
 * The rules of the dialect "v1.0.0-alpha.6": each is one way the Synkronus server of ODE v1.0.0-alpha.6 answers
 * otherwise than its API description 1.0.3, named by the anchor of its entry in the Known issues (the page of
 * that entry's area, as ./known-issues.ts maps it), with that entry's title and the source files at the tag
 * that show it. The engine's code branches on these ids (`call.when(id)`), so a misspelt rule is a compile
 * error; tests/unit/synkronus-dialects.spec.ts checks that the rules and the page's server entries are the
 * same set, with the same titles and sources, and sends each entry's request to both dialects.
 */

import {knownIssueHref, type KnownIssueId} from './known-issues';

/** The ODE source at the release the site documents. */
export const RELEASE_SOURCE = 'https://github.com/OpenDataEnsemble/ode/blob/v1.0.0-alpha.6';

export const RELEASE_RULES = {
  'create-user-path': {
    title: "Creating a user: `POST /users`, not `POST /users/create`",
    sources: ["synkronus/internal/api/api.go", "synkronus-cli/pkg/client/user.go"],
  },
  'delete-user-path': {
    title: "Deleting a user: `DELETE /users/delete/{username}`, not `DELETE /users/{username}`",
    sources: ["synkronus/internal/api/api.go", "synkronus/internal/handlers/user.go"],
  },
  'change-password-always-401': {
    title: "Changing your own password always fails with 401",
    sources: ["synkronus/internal/handlers/user.go", "synkronus/pkg/middleware/auth/jwt.go"],
  },
  'auth-errors-plain-text': {
    title: "Refused tokens and roles get plain text, not a JSON error",
    sources: ["synkronus/pkg/middleware/auth/jwt.go", "synkronus/pkg/middleware/auth/middleware.go", "synkronus/internal/handlers/common.go"],
  },
  'api-version-header-ignored': {
    title: "The `x-api-version` header is not checked",
    sources: ["synkronus/internal/handlers/sync.go", "synkronus/internal/api/api.go"],
  },
  'api-version-header-cors': {
    title: "Browsers on another origin cannot send `x-api-version`",
    sources: ["synkronus/internal/api/api.go"],
  },
  'refresh-token-as-bearer': {
    title: "The server accepts a refresh token as a bearer token",
    sources: ["synkronus/pkg/auth/auth.go", "synkronus/pkg/middleware/auth/middleware.go"],
  },
  'password-72-bytes': {
    title: "Passwords longer than 72 bytes are refused",
    sources: ["synkronus/pkg/auth/auth.go", "synkronus/pkg/user/service.go", "synkronus/internal/handlers/user.go", "synkronus/cmd/synkronus/main.go", "synkronus/go.mod"],
  },
  'login-401-on-server-error': {
    title: "A login answers 401 when the database fails",
    sources: ["synkronus/internal/handlers/auth.go", "synkronus/pkg/auth/auth.go", "synkronus/internal/repository/user_repository.go"],
  },
  'health-always-ok': {
    title: "`GET /health` always answers 200 with the text `OK`",
    sources: ["synkronus/internal/handlers/health.go"],
  },
  'version-needs-token': {
    title: "`GET /version` needs a bearer token",
    sources: ["synkronus/internal/api/api.go", "synkronus/pkg/middleware/auth/middleware.go"],
  },
  'image-healthcheck-unhealthy': {
    title: "The image's Docker health check reports the container as unhealthy",
    sources: ["synkronus/Dockerfile", "synkronus/internal/api/api.go", "synkronus/docker-compose.example.yml"],
  },
  'bundle-push-errors-500': {
    title: "A rejected upload answers 500, not 400",
    sources: ["synkronus/internal/handlers/appbundle_push.go", "synkronus/pkg/appbundle/versioning.go"],
  },
  'bundle-push-manifest': {
    title: "The upload answer's manifest has only the version",
    sources: ["synkronus/pkg/appbundle/versioning.go"],
  },
  'core-fields-reupload-rejected': {
    title: "A form with core fields can be uploaded only once",
    sources: ["synkronus/pkg/appbundle/validation.go", "synkronus/pkg/appbundle/appinfo.go", "synkronus/pkg/appbundle/service.go"],
  },
  'bundle-bad-ui-json-leaves-version': {
    title: "A bundle refused for its `ui.json` leaves an empty version behind",
    sources: ["synkronus/pkg/appbundle/versioning.go", "synkronus/pkg/appbundle/appinfo.go", "synkronus/pkg/appbundle/validation.go", "synkronus/internal/handlers/appbundle_push.go"],
  },
  'bundle-switch-500': {
    title: "Switching to a version that does not exist answers 500, not 404",
    sources: ["synkronus/internal/handlers/appbundle_push.go", "synkronus/pkg/appbundle/versioning.go"],
  },
  'bundle-download-missing-500': {
    title: "Downloading a file that is not in the active version answers 500, not 404",
    sources: ["synkronus/pkg/appbundle/service.go", "synkronus/internal/handlers/appbundle.go"],
  },
  'manifest-version-after-restart': {
    title: "The manifest's `version` is `current` after a restart",
    sources: ["synkronus/pkg/appbundle/service.go", "synkronus/pkg/appbundle/versioning.go"],
  },
  'bundle-changes-target-ignored': {
    title: "`GET /app-bundle/changes` ignores `target`",
    sources: ["synkronus/internal/handlers/appbundle.go", "synkronus/pkg/appbundle/versioning.go", "synkronus/pkg/appbundle/changelog.go"],
  },
  'bundle-version-names': {
    title: "Version names are `0001`, `0002`, \u2026, and the list marks the active one with ` *`",
    sources: ["synkronus/pkg/appbundle/versioning.go"],
  },
  'pull-limit-not-checked': {
    title: "A pull's `limit` is not checked, and its default is 100",
    sources: ["synkronus/internal/handlers/sync.go", "synkronus/pkg/sync/service.go"],
  },
  'transmission-id-not-idempotent': {
    title: "Pushing the same transmission twice stores it twice",
    sources: ["synkronus/pkg/sync/service.go", "synkronus/internal/handlers/sync.go"],
  },
  'transmission-id-any-text': {
    title: "A push's `transmission_id` can be any text",
    sources: ["synkronus/internal/handlers/sync.go", "synkronus/pkg/sync/service.go", "formulus/src/api/synkronus/index.ts"],
  },
  'push-db-error-fails-batch': {
    title: "A record the database refuses makes the whole push fail",
    sources: ["synkronus/pkg/sync/service.go", "synkronus/pkg/migrations/sql/20250625000001_create_observations_table.sql", "synkronus/internal/handlers/sync.go"],
  },
  'push-wrong-json-type-400': {
    title: "A record field of the wrong JSON type makes the whole push fail with 400",
    sources: ["synkronus/pkg/sync/interface.go", "synkronus/internal/handlers/sync.go"],
  },
  'text-excess-spaces-cut': {
    title: "Text too long for its column is cut, not refused, when the excess is spaces",
    sources: ["synkronus/pkg/migrations/sql/20250625000001_create_observations_table.sql", "synkronus/pkg/sync/service.go"],
  },
  'geolocation-not-stored': {
    title: "A record's `geolocation` is neither stored nor returned",
    sources: ["synkronus/pkg/sync/service.go", "synkronus/pkg/dataexport/postgres.go", "synkronus/pkg/migrations/sql/20250812000001_add_geolocation_to_observations.sql"],
  },
  'push-failed-records-shape': {
    title: "A push's `failed_records` entries are not records",
    sources: ["synkronus/pkg/sync/service.go", "synkronus-cli/internal/cmd/sync.go"],
  },
  'empty-lists-null': {
    title: "Empty lists are `null`, not `[]`",
    sources: ["synkronus/pkg/sync/service.go", "synkronus/pkg/attachment/manifest.go"],
  },
  'updated-at-server-time': {
    title: "A record's `updated_at` is the server's time, not the device's",
    sources: ["synkronus/pkg/migrations/sql/20250625000001_create_observations_table.sql", "synkronus/pkg/sync/service.go"],
  },
  'attachment-upload-any-role': {
    title: "Every role may upload attachments",
    sources: ["synkronus/internal/handlers/attachment.go", "synkronus/internal/api/api.go"],
  },
  'attachment-manifest-empty': {
    title: "The attachment manifest is always empty",
    sources: ["synkronus/pkg/attachment/manifest.go", "synkronus/internal/handlers/attachment.go"],
  },
  'attachment-id-over-255-bytes': {
    title: "An attachment id longer than 255 bytes is answered 500",
    sources: ["synkronus/pkg/attachment/service.go", "synkronus/internal/handlers/attachment.go", "synkronus/pkg/config/config.go"],
  },
} as const satisfies Record<string, {title: string; sources: readonly string[]}>;

export type RuleId = keyof typeof RELEASE_RULES;

export type RuleInfo = {id: RuleId; title: string; href: string};

export function ruleInfo(id: RuleId): RuleInfo {
  // `satisfies`: a rule whose id is not an entry of the Known issues map is a compile error.
  return {id, title: RELEASE_RULES[id].title, href: knownIssueHref(id satisfies KnownIssueId)};
}
