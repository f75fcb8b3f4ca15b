/**
 * Uploading and switching app bundle versions. The release (pkg/appbundle/versioning.go PushBundle and
 * SwitchVersion): an upload is checked (./layout.ts), stored under the next number with its APP_INFO.json,
 * and the versions beyond the newest five removed; any failure after the form is read answers 500. The
 * description: a version named by its time, the manifest of its files.
 */
import {descriptionFileType} from '../../dialects';
import {fileType} from '../../go/http';
import {MAX_BUNDLE_BYTES} from '../../seed';
import {fileOf, isoSeconds, manifestOf, type Bundle, type State} from '../../store';
import type {Answer, Behaviour, Call} from '../../types';
import {listZip} from '../../zip';
import {appInfoFile, type BundleEntry} from './app-info';
import {layoutProblem} from './layout';

const tooLarge = (limit: string): Answer => ({status: 413, body: {error: 'too large for the in-browser engine'}, limit});

/** The bundle's files, or the answer that refuses it before the release's own checks. */
async function readBundle(call: Call): Promise<BundleEntry[] | Answer> {
  const file = call.form?.get('bundle');
  if (!file || typeof file === 'string') return call.fail(400, 'no bundle field', 'noBundleField');
  // The server sets no size limit; this engine does.
  if (file.size > MAX_BUNDLE_BYTES) return tooLarge(`app bundles over ${MAX_BUNDLE_BYTES} bytes`);
  const zip = listZip(new Uint8Array(await file.arrayBuffer()));
  if (zip.kind === 'limit') return tooLarge(zip.reason);
  // Only a file that is no ZIP at all gets archive/zip's own words; other breakage is the engine's reading.
  const refuse = (reason: string, error: string | null) =>
    call.when('bundle-push-errors-500')
      ? call.fail(500, reason, {error, message: 'Failed to process app bundle'})
      : call.fail(400, reason);
  if (zip.kind === 'invalid') return refuse(`not a ZIP file: ${zip.reason}`, /^no end of central directory/.test(zip.reason) ? 'failed to open zip file: zip: not a valid zip file' : null);
  const entries = await Promise.all(zip.entries.map(async (entry) => ({path: entry.name, bytes: await entry.read()})));
  const broken = entries.find((entry) => entry.bytes === undefined);
  if (broken) return refuse(`the ZIP entry ${broken.path} cannot be read`, null);
  if (entries.length === 0 && !call.has('bundle-layout-checked')) return call.fail(400, 'the ZIP file holds no file');
  return entries as BundleEntry[];
}

/** Versions beyond the newest `kept` (by name) are removed after an upload (cleanupOldVersions). */
function removeOld(state: State, kept: number) {
  const names = state.bundles.map((b) => b.version).sort((a, b) => (a < b ? 1 : -1));
  const removed = new Set(names.slice(kept));
  state.bundles = state.bundles.filter((b) => !removed.has(b.version));
}

function releaseUpload(call: Call, entries: BundleEntry[]): Answer {
  const {state} = call.store;
  const release = call.dialect.release!;
  const fail500 = (reason: string, error: string) => {
    call.when('bundle-push-errors-500');
    return call.fail(500, reason, {error, message: 'Failed to process app bundle'});
  };
  const problem = layoutProblem(entries, state.coreHashes);
  if (problem) {
    call.when(problem.startsWith('core_*') ? 'core-fields-reupload-rejected' : 'bundle-layout-checked');
    return fail500(`the release refuses this bundle: ${problem}`, `bundle validation failed: ${problem}`);
  }
  const number = Math.max(0, ...state.bundles.map((b) => (/^\d+$/.test(b.version) ? Number(b.version) : 0))) + 1;
  const version = String(number).padStart(4, '0');
  const storedAt = isoSeconds(call.now());
  const info = appInfoFile(entries, String(number));
  Object.assign(state.coreHashes, info.coreHashes);
  if (info.error) {
    // The version's folder is made before APP_INFO.json, and stays, empty; the forms read so far keep their hash.
    call.when('bundle-bad-ui-json-leaves-version');
    state.bundles.push({version, files: [], storedAt});
    return fail500(`the release cannot read a form: ${info.error}`, `failed to generate app info: ${info.error}`);
  }
  call.when('bundle-app-info-file');
  const kept = entries.filter((e) => !e.path.includes('..'));
  const files = [{path: 'APP_INFO.json', bytes: info.bytes}, ...kept].map(({path, bytes}) => fileOf(path, bytes, storedAt, fileType));
  state.bundles.push({version, files, storedAt});
  removeOld(state, release.facts.maxVersionsKept);
  call.when('bundle-version-names');
  call.when('bundle-push-manifest');
  return {status: 200, body: {manifest: {files: null, version, generatedAt: storedAt, hash: ''}, message: 'App bundle successfully pushed'}};
}

export const pushAppBundle: Behaviour = async (call) => {
  const entries = await readBundle(call);
  if (!Array.isArray(entries)) return entries;
  if (call.has('bundle-layout-checked')) return releaseUpload(call, entries);
  const {state} = call.store;
  let version: string;
  let time = call.now();
  do {
    version = isoSeconds(time).replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    time += 1000;
  } while (state.bundles.some((b) => b.version === version));
  const storedAt = isoSeconds(call.now());
  // The release's bookkeeping of the forms it has seen, kept here too so that both dialects share one state.
  Object.assign(state.coreHashes, appInfoFile(entries, version).coreHashes);
  const bundle: Bundle = {version, files: entries.map(({path, bytes}) => fileOf(path, bytes, storedAt, descriptionFileType)), storedAt};
  state.bundles.push(bundle);
  call.note('the description does not word the message; it is its example\u2019s');
  const example = call.op.responses.find((r) => r.status === '200')?.example as {message?: string} | undefined;
  return {status: 200, body: {message: example?.message ?? '', manifest: manifestOf(version, bundle.files, storedAt)}};
};

export const switchAppBundleVersion: Behaviour = (call) => {
  const {version} = call.params;
  const {state} = call.store;
  const bundle = state.bundles.find((b) => b.version === version);
  if (!bundle) {
    if (call.when('bundle-switch-500'))
      return call.fail(500, 'no such version', {error: `version ${version} does not exist`, message: `Failed to switch to version ${version}`});
    return call.fail(404, 'no such version');
  }
  // The release copies the version's files into the active folder: they are new files, of now.
  const switchedAt = isoSeconds(call.now());
  const files = call.has('bundle-app-info-file') ? bundle.files.map((f) => ({...f, modTime: switchedAt})) : bundle.files;
  state.active = {version, files};
  state.manifest = undefined;
  state.restarted = false;
  return {status: 200, body: {message: `Switched to app bundle version ${version}`}};
};
