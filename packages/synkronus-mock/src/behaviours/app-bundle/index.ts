/**
 * Tag App bundle. The release follows internal/handlers/appbundle.go, appbundle_push.go and pkg/appbundle at
 * the tag: versions named by number, each with its `APP_INFO.json`, the active version's files copied out
 * when switched to, a manifest made when first asked for, files typed by their extension.
 */
import {descriptionFileType} from '../../seed';
import {fileType} from '../../go/http';
import {goClean} from '../../go/filepath';
import {goText, pathUnescapeBytes} from '../../go/url';
import {isoSeconds, manifestOf, type BundleFile} from '../../store';
import type {Answer, Behaviour, Call} from '../../types';
import {getAppBundleChanges} from './changes';
import {pushAppBundle, switchAppBundleVersion} from './upload';

/** The type of a file: the description's few, or Go's table in the release (naming the rule where they differ). */
export const typeOf = (call: Call) => (path: string) => {
  if (!call.has('bundle-file-types')) return descriptionFileType();
  const type = fileType(path);
  if (type !== descriptionFileType()) call.when('bundle-file-types');
  return type;
};

/** The name the release's manifest carries: the one held in memory, `current` until a switch sets it. */
function memoryVersion(call: Call): string {
  const {memoryVersion: held} = call.store.state;
  if (held !== undefined) return held;
  call.when('manifest-version-after-restart');
  return 'current';
}

const getAppBundleManifest: Behaviour = (call) => {
  const {state} = call.store;
  const version = call.has('manifest-version-after-restart') ? memoryVersion(call) : state.active.version;
  state.manifest ??= manifestOf(version, state.active.files, isoSeconds(call.store.now()));
  const etag = `"${state.manifest.hash}"`;
  if (call.request.headers.get('If-None-Match') === etag && call.when('manifest-not-modified')) return {status: 304};
  return {status: 200, body: state.manifest, headers: {ETag: etag}};
};

/** The file the release's GetFile or GetLatestVersionFile finds, or its answer when there is none. */
function releaseFile(call: Call, path: string, preview: boolean): BundleFile | Answer {
  const {bundles} = call.store.state;
  if (preview) {
    const newest = [...bundles].sort((a, b) => (a.version < b.version ? 1 : -1))[0];
    const file = newest?.files.find((f) => f.path === path);
    if (file) return file;
    const error = newest
      ? `stat app-bundle-versions/${newest.version}/${path}: no such file or directory`
      : 'file does not exist';
    call.when('bundle-download-missing-500');
    return call.fail(404, 'no such file in the newest version', {error, message: 'File not found'});
  }
  const file = call.store.state.active.files.find((f) => f.path === path);
  if (file) return file;
  call.when('bundle-download-missing-500');
  // pkg/appbundle/service.go GetFile: a cleaned path that still holds ".." is refused, else the file is not found.
  const error = `${goClean(path).includes('..') ? 'invalid path' : 'file not found'}: ${path}`;
  return call.fail(500, 'the server fails to tell a missing file from an error here', {
    error,
    message: 'Failed to get file',
  });
}

/** The release's handler: the path unescaped, `preview` read by strconv.ParseBool, its own If-None-Match test. */
function releaseDownload(call: Call): Answer {
  const bytes = pathUnescapeBytes(call.params.path);
  // A second unescape of what chi already decoded (internal/handlers/appbundle.go:47-53): `%25` fails it.
  if (typeof bytes !== 'string') {
    call.when('bundle-download-missing-500');
    return call.fail(400, 'the path is not valid percent-encoding', {
      error: bytes.error,
      message: 'Invalid file path encoding',
    });
  }
  // Go's string, bytes that are not UTF-8 and all: the error text names the path with them.
  const path = goText(bytes);
  const preview = ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(call.query.get('preview') ?? '');
  const file = releaseFile(call, path, preview);
  if ('status' in file) return file;
  const headers: Record<string, string> = {ETag: `"${file.hash}"`};
  if (preview && call.when('bundle-preview-header')) headers['x-is-preview'] = 'true';
  const match = call.request.headers.get('If-None-Match');
  if (match === headers.ETag || match === '*') return {status: 304, headers};
  return {status: 200, bytes: file.bytes, contentType: typeOf(call)(file.path), headers};
}

const downloadAppBundleFile: Behaviour = (call) => {
  if (call.has('bundle-download-missing-500')) return releaseDownload(call);
  const {bundles, active} = call.store.state;
  const preview = call.query.get('preview') === 'true';
  const file = (preview ? bundles[bundles.length - 1].files : active.files).find((f) => f.path === call.params.path);
  if (!file) return call.fail(404, 'no such file');
  const etag = `"${file.hash}"`;
  const match = call.request.headers.get('If-None-Match');
  if (match?.split(',').some((tag) => [etag, '*'].includes(tag.trim()))) return {status: 304, headers: {ETag: etag}};
  return {status: 200, bytes: file.bytes, contentType: 'application/octet-stream', headers: {ETag: etag}};
};

const getAppBundleVersions: Behaviour = (call) => {
  const {bundles, active} = call.store.state;
  const names = bundles.map((b) => b.version).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  if (call.when('bundle-version-names'))
    return {status: 200, body: {versions: names.map((name) => (name === active.version ? `${name} *` : name))}};
  return {status: 200, body: {versions: names}};
};

export const appBundleBehaviours = {
  getAppBundleManifest,
  downloadAppBundleFile,
  getAppBundleVersions,
  getAppBundleChanges,
  pushAppBundle,
  switchAppBundleVersion,
};
