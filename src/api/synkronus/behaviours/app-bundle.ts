/**
 * Tag App bundle. The dialect "v1.0.0-alpha.6" follows internal/handlers/appbundle.go,
 * internal/handlers/appbundle_push.go and pkg/appbundle at the tag, where the Known issues name it.
 */
import {MAX_BUNDLE_BYTES} from '../seed';
import {bundleOf, isoSeconds, type Bundle} from '../store';
import type {Behaviour, Call} from '../types';
import {listZip} from '../zip';

const decoder = new TextDecoder();

function manifestOf(bundle: Bundle) {
  return {
    files: bundle.files.map(({path, bytes, hash, mimeType, modTime}) => ({path, size: bytes.length, hash, mimeType, modTime})),
    version: bundle.version,
    generatedAt: bundle.generatedAt,
    hash: bundle.hash,
  };
}

const findBundle = (call: Call, version: string) => call.store.state.bundles.find((b) => b.version === version);
const activeBundle = (call: Call) => findBundle(call, call.store.state.activeBundle)!;

/** The fields of each form of a bundle (`forms/<name>/schema.json`), with their types. */
function formFields(bundle: Bundle): Map<string, Record<string, {type?: string; 'x-core'?: boolean}>> {
  const forms = new Map<string, Record<string, {type?: string; 'x-core'?: boolean}>>();
  for (const file of bundle.files) {
    const match = /^forms\/([^/]+)\/schema\.json$/.exec(file.path);
    if (!match) continue;
    let properties = {};
    try {
      properties = (JSON.parse(decoder.decode(file.bytes)) as {properties?: object}).properties ?? {};
    } catch {
      // A form schema that is not JSON has no fields to compare.
    }
    forms.set(match[1], properties);
  }
  return forms;
}

function changeLog(a: Bundle, b: Bundle) {
  const before = formFields(a);
  const after = formFields(b);
  const typeOf = (fields: Record<string, {type?: string}>) =>
    Object.fromEntries(Object.entries(fields).map(([name, p]) => [name, String(p?.type ?? 'unknown')]));
  const fileHash = (bundle: Bundle, path: string) => bundle.files.find((f) => f.path === path)?.hash;
  const modified = [...after].flatMap(([form, raw]) => {
    const rawOld = before.get(form);
    if (!rawOld) return [];
    const [fields, old] = [typeOf(raw), typeOf(rawOld)];
    const added = Object.entries(fields).filter(([n]) => !(n in old)).map(([field, type]) => ({field, type}));
    const removed = Object.entries(old).filter(([n]) => !(n in fields)).map(([field, type]) => ({field, type}));
    const schemaChanged = fileHash(a, `forms/${form}/schema.json`) !== fileHash(b, `forms/${form}/schema.json`);
    const uiChanged = fileHash(a, `forms/${form}/ui.json`) !== fileHash(b, `forms/${form}/ui.json`);
    if (!schemaChanged && !uiChanged) return [];
    return [{form, schema_changed: schemaChanged, ui_changed: uiChanged, core_changed: added.length + removed.length > 0, added_fields: added, removed_fields: removed}];
  });
  const appFiles = (bundle: Bundle) =>
    bundle.files.filter((f) => f.path.startsWith('app/')).map((f) => `${f.path}:${f.hash}`).sort().join('\n');
  const newForms = [...after.keys()].filter((form) => !before.has(form)).map((form) => ({form}));
  const removedForms = [...before.keys()].filter((form) => !after.has(form)).map((form) => ({form}));
  return {
    compare_version_a: a.version,
    compare_version_b: b.version,
    form_changes: newForms.length + removedForms.length + modified.length > 0,
    ui_changes: appFiles(a) !== appFiles(b),
    new_forms: newForms,
    removed_forms: removedForms,
    modified_forms: modified,
  };
}

const emptyChangeLog = (version: string) => ({
  compare_version_a: version,
  compare_version_b: version,
  form_changes: false,
  ui_changes: false,
  new_forms: [],
  removed_forms: [],
  modified_forms: [],
});

const getAppBundleManifest: Behaviour = (call) => {
  const bundle = activeBundle(call);
  const manifest = manifestOf(bundle);
  // The server keeps the active version's name in memory only (pkg/appbundle/service.go).
  if (call.store.state.restarted && call.when('manifest-version-after-restart')) manifest.version = 'current';
  return {status: 200, body: manifest, headers: {ETag: `"${bundle.hash.slice(0, 12)}"`}};
};

/** Go's filepath.Clean on a slash-separated path: `.` and `x/..` resolved, `..` kept where it climbs out. */
function goClean(path: string): string {
  const rooted = path.startsWith('/');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length && parts[parts.length - 1] !== '..') parts.pop();
    else if (part !== '..' || !rooted) parts.push(part);
  }
  return (rooted ? '/' : '') + parts.join('/') || '.';
}

const downloadAppBundleFile: Behaviour = (call) => {
  const {bundles} = call.store.state;
  const preview = call.query.get('preview') === 'true';
  const bundle = preview ? bundles[bundles.length - 1] : activeBundle(call);
  const file = bundle.files.find((f) => f.path === call.params.path);
  if (!file) {
    if (!preview && call.when('bundle-download-missing-500'))
      return call.fail(500, 'the server fails to tell a missing file from an error here', {
        // pkg/appbundle/service.go GetFile: a cleaned path that still holds ".." is refused, else the file is not found.
        error: `${goClean(call.params.path).includes('..') ? 'invalid path' : 'file not found'}: ${call.params.path}`,
        message: 'Failed to get file',
      });
    return call.fail(404, 'no such file', {error: 'file not found', message: 'File not found'});
  }
  const etag = `"${file.hash}"`;
  const match = call.headers.get('If-None-Match');
  if (match && match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return {status: 304, headers: {ETag: etag}};
  return {status: 200, bytes: file.bytes, contentType: 'application/octet-stream', headers: {ETag: etag}};
};

const listAppBundleVersions: Behaviour = (call) => {
  const {bundles, activeBundle: active} = call.store.state;
  const names = bundles.map((b) => b.version).reverse();
  if (call.when('bundle-version-names'))
    return {status: 200, body: {versions: names.map((name) => (name === active ? `${name} *` : name))}};
  return {status: 200, body: {versions: names}};
};

const getAppBundleChanges: Behaviour = (call) => {
  const {bundles} = call.store.state;
  const current = call.query.get('current');
  const target = call.query.get('target');
  if (call.when('bundle-changes-target-ignored')) {
    // CompareAppBundleVersions never reads `target`: it compares `current` (else the oldest version) with the
    // version uploaded right after it, or with the newest when preview=true (internal/handlers/appbundle.go).
    const preview = call.query.get('preview') === 'true';
    const from = current ?? bundles[0].version;
    const index = bundles.findIndex((b) => b.version === from);
    if (index < 0 && preview) return call.fail(500, 'the version is not stored', {message: 'Failed to compare versions'});
    const next = preview ? bundles[bundles.length - 1] : bundles[index + 1];
    if (index < 0 || !next || next === bundles[index]) return {status: 200, body: emptyChangeLog(from)};
    return {status: 200, body: changeLog(bundles[index], next)};
  }
  const a = findBundle(call, current ?? call.store.state.activeBundle);
  const b = findBundle(call, target ?? bundles[bundles.length - 1].version);
  if (!a || !b) return call.fail(404, `version not found: ${!a ? current : target}`);
  return {status: 200, body: changeLog(a, b)};
};

/** The forms of `files` whose schema has core fields (a `core_` name or `"x-core": true`: pkg/appbundle/validation.go). */
function formsWithCoreFields(bundle: Bundle): string[] {
  return [...formFields(bundle)]
    .filter(([, fields]) => Object.entries(fields).some(([name, p]) => name.startsWith('core_') || p?.['x-core'] === true))
    .map(([form]) => form);
}

/**
 * The first form whose `ui.json` generateAppInfo cannot read into a Go map (pkg/appbundle/appinfo.go), with
 * encoding/json's error: a value that is not an object, or text that is not JSON (its wording not reproduced).
 */
function unreadableUiJson(files: {path: string; bytes: Uint8Array}[]): {form: string; error?: string} | undefined {
  const strict = new TextDecoder('utf-8', {ignoreBOM: true});
  for (const {path} of files) {
    const form = /^forms\/([^/]+)\/schema\.json$/.exec(path)?.[1];
    const ui = form && files.find((file) => file.path === `forms/${form}/ui.json`);
    if (!form || !ui) continue;
    let value: unknown;
    try {
      value = JSON.parse(strict.decode(ui.bytes));
    } catch {
      return {form};
    }
    const kind = Array.isArray(value) ? 'array' : typeof value === 'boolean' ? 'bool' : typeof value;
    if (value !== null && kind !== 'object')
      return {form, error: `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`};
  }
  return undefined;
}

const pushAppBundle: Behaviour = async (call) => {
  const file = call.form?.get('bundle');
  if (!file || typeof file === 'string')
    // appbundle_push.go: r.FormFile("bundle") fails with net/http's ErrMissingFile.
    return call.fail(400, 'no bundle field', {error: 'http: no such file', message: 'Failed to get bundle file from form'});
  const release = call.dialect === 'v1.0.0-alpha.6';
  if (file.size > MAX_BUNDLE_BYTES) {
    // The server sets no size limit; this engine does.
    return {status: 413, body: {error: 'too large for the in-browser engine'}, limit: `app bundles over ${MAX_BUNDLE_BYTES} bytes`};
  }
  const zip = listZip(new Uint8Array(await file.arrayBuffer()));
  if (zip.kind === 'limit') return {status: 413, body: {error: 'too large for the in-browser engine'}, limit: zip.reason};
  // Any failure after the form is read answers 500 at the tag (appbundle_push.go PushAppBundle), with the
  // message of the handler; the error text is Go's only where archive/zip's reader refuses the directory itself.
  const releaseRefusal = (reason: string, structural: boolean) =>
    call.fail(500, reason, {
      error: structural ? 'failed to open zip file: zip: not a valid zip file' : 'not verified against the server at v1.0.0-alpha.6',
      message: 'Failed to process app bundle',
    });
  if (zip.kind === 'invalid' || zip.entries.length === 0) {
    const reason = zip.kind === 'invalid' ? zip.reason : 'no files';
    if (release && call.when('bundle-push-errors-500'))
      return releaseRefusal(`not a ZIP file with files: ${reason}`, /^(no end of central directory|central directory entry|the name of entry)/.test(reason));
    return call.fail(400, `the bundle is not a ZIP file with files (${reason})`);
  }
  const read = await Promise.all(zip.entries.map(async (entry) => ({path: entry.name, bytes: await entry.read()})));
  const broken = read.find((entry) => entry.bytes === undefined);
  if (broken) {
    const reason = `the ZIP entry ${broken.path} cannot be read`;
    if (release && call.when('bundle-push-errors-500')) return releaseRefusal(reason, false);
    return call.fail(400, reason);
  }
  const files = read as {path: string; bytes: Uint8Array}[];
  const {state} = call.store;
  let version: string;
  if (release && call.when('bundle-version-names')) {
    version = String(state.bundles.length + 1).padStart(4, '0');
  } else {
    let time = call.now();
    do {
      version = isoSeconds(time).replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      time += 1000;
    } while (findBundle(call, version));
  }
  const bundle = bundleOf(version, files, call.now());
  if (release) {
    const seen = new Set([...state.bundles.flatMap((b) => [...formFields(b).keys()]), ...(state.hashedForms ?? [])]);
    const changed = formsWithCoreFields(bundle).filter((form) => seen.has(form));
    if (changed.length && call.when('core-fields-reupload-rejected')) {
      call.when('bundle-push-errors-500');
      const fields = Object.keys(formFields(bundle).get(changed[0])!).filter((name) => name.startsWith('core_'));
      return call.fail(500, `a form with core fields (${changed[0]}) was uploaded before`, {
        error: `bundle validation failed: core_* fields cannot be modified: the following core fields were modified: ${fields.join(', ')}`,
        message: 'Failed to process app bundle',
      });
    }
    const unreadable = unreadableUiJson(files);
    if (unreadable && call.when('bundle-bad-ui-json-leaves-version')) {
      call.when('bundle-push-errors-500');
      // PushBundle creates the version's folder before generateAppInfo reads ui.json, and generateAppInfo has
      // recorded the form's core-field hash by then (others' too, in Go's random map order): both stay.
      state.bundles.push(bundleOf(version, [], call.now()));
      state.hashedForms = [...(state.hashedForms ?? []), unreadable.form];
      return call.fail(500, `forms/${unreadable.form}/ui.json is not a JSON object`, {
        error: unreadable.error
          ? `failed to generate app info: failed to parse UI schema for ${unreadable.form}: ${unreadable.error}`
          : 'not verified against the server at v1.0.0-alpha.6',
        message: 'Failed to process app bundle',
      });
    }
  }
  state.bundles.push(bundle);
  if (release && call.when('bundle-push-manifest'))
    return {
      status: 200,
      body: {message: 'App bundle successfully pushed', manifest: {files: null, version, generatedAt: bundle.generatedAt, hash: ''}},
    };
  return {status: 200, body: {message: `App bundle version ${version} uploaded; switch to it to make it active`, manifest: manifestOf(bundle)}};
};

const switchAppBundleVersion: Behaviour = (call) => {
  const {version} = call.params;
  if (call.dialect === 'v1.0.0-alpha.6') {
    if (!findBundle(call, version) && call.when('bundle-switch-500'))
      return call.fail(500, 'no such version', {error: `version ${version} does not exist`, message: `Failed to switch to version ${version}`});
  } else {
    if (!/^\d{8}-\d{6}$/.test(version)) return call.fail(400, 'the version is not YYYYMMDD-HHMMSS');
    if (!findBundle(call, version)) return call.fail(404, 'no such version');
  }
  call.store.state.activeBundle = version;
  call.store.state.restarted = false;
  return {status: 200, body: {message: `Switched to app bundle version ${version}`}};
};

export const appBundleBehaviours = {
  getAppBundleManifest,
  downloadAppBundleFile,
  listAppBundleVersions,
  getAppBundleChanges,
  pushAppBundle,
  switchAppBundleVersion,
};
