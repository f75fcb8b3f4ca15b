/**
 * Uploading and switching app bundle versions. The release (pkg/appbundle/versioning.go PushBundle and
 * SwitchVersion): an upload is checked (./layout.ts), stored under the next number with its APP_INFO.json,
 * and the versions beyond the newest five removed; any failure after the form is read answers 500. The
 * description: a version named by its time, the manifest of its files.
 */
import {goClean} from '../../go/filepath';
import {fileType} from '../../go/http';
import {descriptionFileType, MAX_BUNDLE_BYTES} from '../../seed';
import {fileOf, isoSeconds, manifestOf, type Bundle, type State} from '../../store';
import type {Answer, Behaviour, Call, Release} from '../../types';
import {checksumMatches, listZip} from '../../zip';
import {appInfoFile, type BundleEntry} from './app-info';
import {layoutProblem} from './layout';

const tooLarge = (limit: string): Answer => ({
  status: 413,
  body: {error: 'too large for the in-browser engine'},
  limit,
});

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
  if (zip.kind === 'invalid')
    return refuse(
      `not a ZIP file: ${zip.reason}`,
      /^no end of central directory/.test(zip.reason) ? 'failed to open zip file: zip: not a valid zip file' : null,
    );
  const entries = await Promise.all(
    zip.entries.map(async (entry) => {
      const bytes = await entry.read();
      // archive/zip's reader.go: ErrChecksum, once the entry is read to its end.
      return {
        path: entry.name,
        bytes,
        ...(bytes && !checksumMatches(entry, bytes) ? {unreadable: 'zip: checksum error'} : {}),
      };
    }),
  );
  const broken = entries.find((entry) => entry.bytes === undefined);
  if (broken) return refuse(`the ZIP entry ${broken.path} cannot be read`, null);
  if (!call.has('bundle-layout-checked')) {
    if (entries.length === 0) return call.fail(400, 'the ZIP file holds no file');
    const climbing = entries.find((entry) => entry.path.startsWith('/') || entry.path.split(/[\\/]/).includes('..'));
    if (climbing) return call.fail(400, `the entry name ${JSON.stringify(climbing.path)} leaves the bundle`);
    const unreadable = entries.find((entry) => entry.unreadable);
    if (unreadable) return call.fail(400, `the ZIP entry ${unreadable.path} does not match its CRC-32`);
  }
  return entries as BundleEntry[];
}

/** Versions beyond the newest `kept` (by name) are removed after an upload (cleanupOldVersions). */
function removeOld(state: State, kept: number) {
  const names = state.bundles.map((b) => b.version).sort((a, b) => (a < b ? 1 : -1));
  const removed = new Set(names.slice(kept));
  state.bundles = state.bundles.filter((b) => !removed.has(b.version));
}

function releaseUpload(call: Call, release: Release, entries: BundleEntry[]): Answer {
  const {state} = call.store;
  const fail500 = (reason: string, error: string) => {
    call.when('bundle-push-errors-500');
    return call.fail(500, reason, {error, message: 'Failed to process app bundle'});
  };
  const problem = layoutProblem(entries, state.coreHashes);
  if (problem && call.when(problem.startsWith('core_*') ? 'core-fields-reupload-rejected' : 'bundle-layout-checked')) {
    return fail500(`the release refuses this bundle: ${problem}`, `bundle validation failed: ${problem}`);
  }
  const number = Math.max(0, ...state.bundles.map((b) => (/^\d+$/.test(b.version) ? Number(b.version) : 0))) + 1;
  const version = String(number).padStart(4, '0');
  const storedAt = isoSeconds(call.store.now());
  const info = appInfoFile(entries, String(number));
  Object.assign(state.coreHashes, info.coreHashes);
  if (info.error) {
    // The version's folder is made before APP_INFO.json, and stays, empty; the forms read so far keep their hash.
    call.when('bundle-bad-ui-json-leaves-version');
    state.bundles.push({version, files: [], storedAt});
    return fail500(`the release cannot read a form: ${info.error}`, `failed to generate app info: ${info.error}`);
  }
  call.when('bundle-app-info-file');
  const written = [{path: 'APP_INFO.json', bytes: info.bytes}];
  for (const entry of entries) {
    // versioning.go PushBundle skips folders and any name that holds "..", and writes the others, in the
    // ZIP's order, under their cleaned path; a file it cannot read to its end is written, then stops it.
    if (entry.path.endsWith('/')) continue;
    if (entry.path.includes('..')) {
      call.when('bundle-layout-checked');
      continue;
    }
    const path = goClean(entry.path).replace(/^\/+/, '');
    // os.Create truncates a file an earlier entry of the same cleaned path wrote.
    const earlier = written.findIndex((file) => file.path === path);
    if (earlier >= 0) written.splice(earlier, 1);
    written.push({path, bytes: entry.bytes});
    if (entry.unreadable) {
      call.when('bundle-bad-ui-json-leaves-version');
      state.bundles.push({version, files: written.map((f) => fileOf(f.path, f.bytes, storedAt, fileType)), storedAt});
      return fail500(
        `the release cannot read ${entry.path} to its end`,
        `failed to copy file ${path}: ${entry.unreadable}`,
      );
    }
  }
  const files = written.map(({path, bytes}) => fileOf(path, bytes, storedAt, fileType));
  state.bundles.push({version, files, storedAt});
  removeOld(state, release.facts.maxVersionsKept);
  call.when('bundle-version-names');
  call.when('bundle-push-manifest');
  return {
    status: 200,
    body: {
      manifest: {files: null, version, generatedAt: storedAt, hash: ''},
      message: 'App bundle successfully pushed',
    },
  };
}

export const pushAppBundle: Behaviour = async (call) => {
  const entries = await readBundle(call);
  if (!Array.isArray(entries)) return entries;
  if (call.dialect.kind === 'release') return releaseUpload(call, call.dialect.release, entries);
  const {state} = call.store;
  let version: string;
  let time = call.store.now();
  do {
    version = isoSeconds(time).replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    time += 1000;
  } while (state.bundles.some((b) => b.version === version));
  const storedAt = isoSeconds(call.store.now());
  // The release's bookkeeping of the forms it has seen, kept here too so that both dialects share one state.
  Object.assign(state.coreHashes, appInfoFile(entries, version).coreHashes);
  const bundle: Bundle = {
    version,
    files: entries.map(({path, bytes}) => fileOf(path, bytes, storedAt, descriptionFileType)),
    storedAt,
  };
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
      return call.fail(500, 'no such version', {
        error: `version ${version} does not exist`,
        message: `Failed to switch to version ${version}`,
      });
    return call.fail(404, 'no such version');
  }
  // The release copies the version's files into the active folder: they are new files, of now.
  const switchedAt = isoSeconds(call.store.now());
  const files = call.has('bundle-app-info-file')
    ? bundle.files.map((f) => ({...f, modTime: switchedAt}))
    : bundle.files;
  state.active = {version, files};
  state.manifest = undefined;
  state.memoryVersion = version;
  return {status: 200, body: {message: `Switched to app bundle version ${version}`}};
};
