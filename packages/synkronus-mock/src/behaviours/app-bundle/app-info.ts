/**
 * What the release knows of a version's forms (pkg/appbundle/appinfo.go and changelog.go at the tag): the
 * `APP_INFO.json` it writes at upload (each form's fields and the hashes of its core fields, its schema and its
 * ui.json), and the change log it makes by comparing two of them. Hashes are SHA-256 of what Go's encoder
 * writes, so the file is the server's byte for byte, but for the order of `fields`, which Go takes from a map
 * in no fixed order (here: by name).
 */
import {sha256Hex} from '../../crypto';
import {decodeMap} from '../../go/json-decode';
import {asGoMap, goMarshal, goMarshalIndent, GoMap} from '../../go/json-encode';

/** A file of an upload; `unreadable` when reading it to its end fails (a CRC-32 that does not match). */
export type BundleEntry = {path: string; bytes: Uint8Array; unreadable?: string};

type FieldInfo = {
  name: string;
  type: string;
  required: boolean;
  question_type: string;
  default: unknown;
  core: boolean;
};
type FormInfo = {
  core_hash: string;
  form_hash: string;
  ui_hash: string;
  fields: FieldInfo[] | null;
  question_types: GoMap;
};
export type AppInfo = {version: string; forms?: Record<string, FormInfo>};

const hashData = (value: unknown) => sha256Hex(goMarshal(value));
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The fields of a form schema (`properties`, with `required`): a `core_` name or `"x-core": true` is core. */
export function extractFields(schema: Record<string, unknown> | null): FieldInfo[] | null {
  const props = schema?.properties;
  if (!props || typeof props !== 'object' || Array.isArray(props) || Object.keys(props).length === 0) return [];
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [];
  const fields = Object.entries(props as Record<string, unknown>)
    .filter(([, field]) => field && typeof field === 'object' && !Array.isArray(field))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, raw]) => {
      const field = raw as Record<string, unknown>;
      return {
        name,
        type: text(field.type),
        required: required.includes(name),
        question_type: text(field['x-question-type']),
        default: asGoMap(field.default ?? null),
        core: field['x-core'] === true || name.startsWith('core_'),
      };
    });
  // Go appends to a nil slice: properties with no field object give null, not [].
  return fields.length ? fields : null;
}

/** The hash generateAppInfo keeps for a form's core fields: a map of each core field's type, question type and default. */
function coreHash(fields: FieldInfo[] | null): string {
  const core = Object.fromEntries(
    (fields ?? [])
      .filter((f) => f.core)
      .map((f) => [
        f.name,
        new GoMap({
          type: f.type,
          ...(f.question_type ? {'x-question-type': f.question_type} : {}),
          ...(f.default !== null ? {default: asGoMap(f.default)} : {}),
          'x-core': true,
        }),
      ]),
  );
  return hashData(new GoMap(core));
}

/** The renderers a ui.json uses: `options.format` of each Control, where the bundle has that renderer. */
function questionTypes(ui: unknown, renderers: Set<string>, found: Record<string, unknown>) {
  if (!ui || typeof ui !== 'object') return;
  const node = ui as Record<string, unknown>;
  const format = (node.options as Record<string, unknown> | undefined)?.format;
  if (node.type === 'Control' && typeof format === 'string' && renderers.has(format)) found[format] = {};
  for (const value of Object.values(node))
    for (const item of Array.isArray(value) ? value : [value])
      if (item && typeof item === 'object') questionTypes(item, renderers, found);
}

const formFile = (path: string, name: string) => new RegExp(`^forms/([^/]+)/${name}$`).exec(path)?.[1];

/**
 * generateAppInfo: the `APP_INFO.json` of an upload, and the core-field hash of each form, recorded as each is
 * read (an error on a later form leaves the earlier ones recorded), or the error that stops the upload.
 */
export function appInfoFile(
  entries: BundleEntry[],
  version: string,
): {bytes: Uint8Array; coreHashes: Record<string, string>; error?: string} {
  const coreHashes: Record<string, string> = {};
  const renderers = new Set(
    entries.map((e) => /^renderers\/([^/]+)\/renderer\.jsx$/.exec(e.path)?.[1]).filter((r): r is string => !!r),
  );
  const forms: Record<string, FormInfo> = {};
  const fail = (error: string) => ({bytes: new Uint8Array(), coreHashes, error});
  const schemas = entries.filter((e) => formFile(e.path, 'schema\\.json')).sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const entry of schemas) {
    const name = formFile(entry.path, 'schema\\.json')!;
    if (entry.unreadable) return fail(`failed to read form schema ${name}: ${entry.unreadable}`);
    const schema = decodeMap(entry.bytes, 'unmarshal');
    if ('error' in schema) return fail(`invalid JSON in form schema ${name}: ${schema.error}`);
    const fields = extractFields(schema.value);
    coreHashes[name] = coreHash(fields);
    const info: FormInfo = {
      core_hash: coreHashes[name],
      form_hash: hashData(asGoMap(schema.value)),
      ui_hash: '',
      fields,
      question_types: new GoMap({}),
    };
    const ui = entries.find((e) => formFile(e.path, 'ui\\.json') === name);
    if (ui) {
      if (ui.unreadable) return fail(`failed to read UI schema for ${name}: ${ui.unreadable}`);
      info.ui_hash = hashData(ui.bytes);
      const parsed = decodeMap(ui.bytes, 'unmarshal');
      if ('error' in parsed) return fail(`failed to parse UI schema for ${name}: ${parsed.error}`);
      const found: Record<string, unknown> = {};
      questionTypes(parsed.value, renderers, found);
      info.question_types = new GoMap(found);
    }
    forms[name] = info;
  }
  const appInfo = {version, forms: Object.keys(forms).length ? new GoMap(forms) : undefined};
  return {bytes: new TextEncoder().encode(goMarshalIndent(appInfo)), coreHashes};
}

type Change = {field: string; type: string};
type Modification = {
  form: string;
  schema_changed: boolean;
  ui_changed: boolean;
  core_changed: boolean;
  added_fields: Change[];
  removed_fields: Change[];
};

/** compareFieldLists: a field that is new, or whose type changed (then also removed with its old type). */
function fieldChanges(beforeFields: FieldInfo[] | null, afterFields: FieldInfo[] | null) {
  const [before, after] = [beforeFields ?? [], afterFields ?? []];
  const old = new Map(before.map((f) => [f.name, f.type]));
  const now = new Set(after.map((f) => f.name));
  const added: Change[] = [];
  const removed: Change[] = [];
  for (const field of after) {
    if (!old.has(field.name)) added.push({field: field.name, type: field.type});
    else if (old.get(field.name) !== field.type) {
      removed.push({field: field.name, type: old.get(field.name)!});
      added.push({field: field.name, type: field.type});
    }
  }
  for (const field of before) if (!now.has(field.name)) removed.push({field: field.name, type: field.type});
  return {added, removed};
}

/** CompareAppInfos: the change log from `a` to `b`; its lists left out when empty (omitempty). */
export function compareAppInfos(a: AppInfo, b: AppInfo) {
  const [before, after] = [a.forms ?? {}, b.forms ?? {}];
  const log = {compare_version_a: a.version, compare_version_b: b.version, form_changes: false, ui_changes: false};
  const newForms: {form: string}[] = [];
  const removedForms: {form: string}[] = [];
  const modified: Modification[] = [];
  for (const form of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const [old, now] = [before[form], after[form]];
    if (!old || !now) {
      (old ? removedForms : newForms).push({form});
      log.form_changes = true;
      continue;
    }
    const schemaChanged = old.form_hash !== now.form_hash;
    const {added, removed} = schemaChanged ? fieldChanges(old.fields, now.fields) : {added: [], removed: []};
    const mod: Modification = {
      form,
      schema_changed: schemaChanged,
      ui_changed: old.ui_hash !== now.ui_hash,
      core_changed: old.core_hash !== now.core_hash,
      added_fields: added,
      removed_fields: removed,
    };
    log.form_changes ||= mod.schema_changed || mod.core_changed;
    log.ui_changes ||= mod.ui_changed;
    if (mod.schema_changed || mod.ui_changed || mod.core_changed) modified.push(mod);
  }
  return {...log, new_forms: newForms, removed_forms: removedForms, modified_forms: modified};
}
