/**
 * What the release checks of an upload before it stores it (pkg/appbundle/validation.go
 * validateBundleStructure at the tag), in its order and with its words: only `app/`, `forms/` and
 * `renderers/` at the top; `app/index.html`; each form's files named `forms/<form>/schema.json` or `ui.json`,
 * both present, its schema JSON; renderers named `renderers/<name>/renderer.jsx`; every renderer a schema
 * names present or built in; and no core field of a form it has seen before.
 */
import {decodeMap} from '../../go/json-decode';
import type {BundleEntry} from './app-info';
import {extractFields} from './app-info';

/** The renderers the release knows without a file (validation.go builtInRenderers). */
const BUILT_IN =
  'text number integer boolean date time datetime range select combo radio checkbox toggle group categorization category multiselect textarea slider rating builtin-text image signature audio video file qrcode'.split(
    ' ',
  );

const isDir = (entry: BundleEntry) => entry.path.endsWith('/');

function topLevel(entries: BundleEntry[]): string | undefined {
  for (const {path} of entries) {
    const top = path.split('/')[0];
    if (top !== '' && !['app', 'forms', 'renderers'].includes(top))
      return `invalid app bundle structure: unexpected top-level directory '${top}'`;
  }
  if (!entries.some((e) => e.path === 'app/index.html')) return 'missing app/index.html';
  return undefined;
}

/** A form file's own checks: its path, and, for a schema, JSON and unchanged core fields. */
function formFile(entry: BundleEntry, coreHashes: Record<string, string>): string | undefined {
  const parts = entry.path.split('/');
  if (parts.length !== 3 || !['schema.json', 'ui.json'].includes(parts[2]))
    return `invalid form structure: invalid form file path: ${entry.path}`;
  if (parts[2] !== 'schema.json') return undefined;
  const schema = decodeMap(entry.bytes, 'decoder');
  if ('error' in schema) return `invalid JSON in form schema: ${schema.error}`;
  // The hash kept for the form never equals the one computed here, so any core field is "modified".
  const core = (extractFields(schema.value) ?? []).filter((f) => f.core).map((f) => f.name);
  if (parts[1] in coreHashes && core.length)
    return `core_* fields cannot be modified: the following core fields were modified: ${core.join(', ')}`;
  return undefined;
}

function renderersNamed(value: unknown, known: Set<string>): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = renderersNamed(item, known);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const node = value as Record<string, unknown>;
  for (const key of ['x-renderer', 'rendererType']) {
    const name = node[key];
    if (typeof name === 'string' && !known.has(name) && !BUILT_IN.includes(name))
      return `references non-existent renderer '${name}' (${key})`;
  }
  for (const child of Object.values(node)) {
    const found = renderersNamed(child, known);
    if (found) return found;
  }
  return undefined;
}

/** validateBundleStructure: the reason the release refuses the upload, or undefined. */
export function layoutProblem(entries: BundleEntry[], coreHashes: Record<string, string>): string | undefined {
  const top = topLevel(entries);
  if (top) return top;
  for (const entry of entries) {
    if (isDir(entry)) continue;
    const problem = entry.path.startsWith('forms/')
      ? formFile(entry, coreHashes)
      : entry.path.startsWith('renderers/') && !/^renderers\/[^/]*\/renderer\.jsx$/.test(entry.path)
        ? `invalid renderer structure: invalid renderer file path: ${entry.path}`
        : undefined;
    if (problem) return problem;
  }
  const forms = new Set(
    entries.filter((e) => e.path.startsWith('forms/') && !isDir(e)).map((e) => e.path.split('/')[1]),
  );
  for (const form of [...forms].sort())
    if (!['schema.json', 'ui.json'].every((file) => entries.some((e) => e.path === `forms/${form}/${file}`)))
      return `invalid form structure: form '${form}' is missing required files (schema.json or ui.json)`;
  const known = new Set(
    entries.map((e) => /^renderers\/([^/]+)\/renderer\.jsx$/.exec(e.path)?.[1]).filter((r): r is string => !!r),
  );
  for (const entry of entries.filter((e) => e.path.endsWith('schema.json'))) {
    const schema = decodeMap(entry.bytes, 'decoder');
    if ('error' in schema) return `failed to parse form schema: ${schema.error}`;
    const missing = renderersNamed(schema.value, known);
    if (missing) return `missing renderer reference: ${missing}`;
  }
  return undefined;
}
