/**
 * `GET /app-bundle/changes`. The description compares `current` with `target`. The release never reads
 * `target` (internal/handlers/appbundle.go CompareAppBundleVersions): it compares `current`, or the oldest
 * version, with the version stored right after it, or with the newest when `preview=true`; each side is the
 * version's `APP_INFO.json`, read back from its folder.
 */
import {goJoin} from '../../go/filepath';
import type {Bundle} from '../../store';
import type {Answer, Behaviour, Call} from '../../types';
import {appInfoFile, compareAppInfos, type AppInfo} from './app-info';

/**
 * A version's forms: its APP_INFO.json where it has one, else as generateAppInfo reads its files. The release
 * reads the file alone (pkg/appbundle/versioning.go GetAppInfo): the folder a refused upload left empty has
 * none (./upload.ts). Versions the description dialect stored, in a comparison's copy of its state, are read
 * from their files.
 */
function appInfoOf(bundle: Bundle): AppInfo | undefined {
  const stored = bundle.files.find((f) => f.path === 'APP_INFO.json');
  if (stored) return JSON.parse(new TextDecoder().decode(stored.bytes)) as AppInfo;
  if (bundle.files.length === 0) return undefined;
  const made = appInfoFile(bundle.files, bundle.version);
  return made.error ? undefined : (JSON.parse(new TextDecoder().decode(made.bytes)) as AppInfo);
}

/**
 * The change log as the release writes it: its empty lists left out (omitempty), a modified form's too. ODE's
 * ChangeLog requires none of them, so this is no difference from the description.
 */
function releaseLog(log: ReturnType<typeof compareAppInfos>) {
  const omitted = <T>(list: T[]) => (list.length ? list : undefined);
  const modified = log.modified_forms.map((mod) => ({
    ...mod,
    added_fields: omitted(mod.added_fields),
    removed_fields: omitted(mod.removed_fields),
  }));
  return {
    ...log,
    new_forms: omitted(log.new_forms),
    removed_forms: omitted(log.removed_forms),
    modified_forms: omitted(modified),
  };
}

/** GetAppInfo of a version that is not stored, or has no APP_INFO.json: the error of reading the file. */
const readFailed = (call: Call, label: string, folder: string | undefined): Answer =>
  call.fail(500, `no APP_INFO.json for version ${label}`, {
    error: `failed to get app info for version ${label}: ${
      folder === undefined
        ? 'no versions available'
        : `failed to read APP_INFO.json: open ${goJoin('app-bundle-versions', folder, 'APP_INFO.json')}: no such file or directory`
    }`,
    message: 'Failed to compare versions',
  });

function releaseChanges(call: Call): Answer {
  const {bundles} = call.store.state;
  // Versions newest first, as GetVersions lists them.
  const names = bundles.map((b) => b.version).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const preview = call.query.get('preview') === 'true';
  if (call.query.has('target')) call.when('bundle-changes-target-ignored');
  if (!call.query.get('current') && names.length === 0)
    return call.fail(500, 'no version is stored', {message: 'Failed to get current version'});
  const current = call.query.get('current') || names[names.length - 1];
  let target = names[0];
  if (!preview) {
    const index = names.indexOf(current);
    if (index <= 0) {
      return {
        status: 200,
        body: {compare_version_a: current, compare_version_b: current, form_changes: false, ui_changes: false},
      };
    }
    target = names[index - 1];
  }
  const [a, b] = [current, target].map((name) => bundles.find((bundle) => bundle.version === name));
  const [infoA, infoB] = [a && appInfoOf(a), b && appInfoOf(b)];
  // The folder a refused upload left behind has no APP_INFO.json (./upload.ts).
  if ((a && !infoA) || (b && !infoB)) call.when('bundle-bad-ui-json-leaves-version');
  if (!infoA) return readFailed(call, current, current);
  if (!infoB) return readFailed(call, preview ? 'latest' : target, target);
  return {status: 200, body: releaseLog(compareAppInfos(infoA, infoB))};
}

/**
 * The description's defaults: `current` "defaults to latest" (the newest version stored) and `target` "defaults
 * to previous version" (the one stored before `current`). Where there is no such version, it says nothing.
 */
function describedVersions(call: Call): {current: string; target: string} | Answer {
  // Oldest first, as the store keeps them.
  const names = call.store.state.bundles.map((bundle) => bundle.version);
  const current = call.query.get('current') ?? names[names.length - 1];
  if (current === undefined) return call.unspecified('what "latest" is when no version is stored');
  const given = call.query.get('target');
  if (given !== null) return {current, target: given};
  const index = names.indexOf(current);
  if (index < 0) return call.fail(404, `version not found: ${current}`);
  if (index === 0) return call.unspecified(`which version is "previous" to ${current}, the oldest one`);
  return {current, target: names[index - 1]};
}

export const getAppBundleChanges: Behaviour = (call) => {
  if (call.has('bundle-changes-target-ignored')) return releaseChanges(call);
  const {bundles} = call.store.state;
  const versions = describedVersions(call);
  if ('status' in versions) return versions;
  const {current, target} = versions;
  const [a, b] = [current, target].map((name) => bundles.find((bundle) => bundle.version === name));
  if (!a || !b) return call.fail(404, `version not found: ${!a ? current : target}`);
  const [infoA, infoB] = [appInfoOf(a), appInfoOf(b)];
  if (!infoA || !infoB) return call.fail(500, 'a version has a form schema or ui.json that is not JSON');
  return {status: 200, body: compareAppInfos({...infoA, version: a.version}, {...infoB, version: b.version})};
};
