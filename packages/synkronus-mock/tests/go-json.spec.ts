/**
 * The engine reads request bodies as the release's Go handlers do (packages/synkronus-mock/src/go/): for each body of
 * packages/synkronus-mock/tests/fixtures/go-json/cases.json, the error text encoding/json gives, or the values it decodes, as Go itself
 * answered them for the release's structs (the file says which Go wrote it; make-cases.cjs beside it).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {decodeGo, type GoType, type RawJson} from '../src/go/json-decode';
import {REQUEST_STRUCTS} from '../src/releases/v1.0.0-alpha.6/structs';

type Case = {op: string; body?: string; base64?: string; go: {error?: string; value?: unknown}};
const FILE = 'packages/synkronus-mock/tests/fixtures/go-json/cases.json';
const {generatedWith, cases} = JSON.parse(readFileSync(path.resolve(__dirname, '../../..', FILE), 'utf8')) as {
  generatedWith: string;
  cases: Case[];
};

/** The decoded value as Go's json.Marshal writes the struct: omitempty fields left out, RawMessage as its value. */
function asMarshalled(value: unknown, type: GoType): unknown {
  if (type.kind === 'raw') return value === null ? null : (value as RawJson).value;
  if (value === null) return null;
  if (type.kind === 'pointer') return asMarshalled(value, type.elem);
  if (type.kind === 'slice') return (value as unknown[]).map((item) => asMarshalled(item, type.elem));
  if (type.kind !== 'struct') return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(type.fields)) {
    const v = (value as Record<string, unknown>)[name];
    const omitEmpty = field.kind === 'pointer' || (name === 'schema_types' && field.kind === 'slice');
    if (omitEmpty && (v === null || (Array.isArray(v) && v.length === 0))) continue;
    out[name] = asMarshalled(v, field);
  }
  return out;
}

test(`the engine decodes ${cases.length} request bodies as Go does (${generatedWith})`, () => {
  expect(cases.length).toBeGreaterThan(500);
  const problems: string[] = [];
  for (const c of cases) {
    const bytes = c.base64 ? Buffer.from(c.base64, 'base64') : Buffer.from(c.body ?? '', 'utf8');
    const struct = REQUEST_STRUCTS[c.op];
    const ours = decodeGo(new Uint8Array(bytes), struct);
    const where = `${c.op} ${JSON.stringify(c.body ?? c.base64)}`;
    if (c.go.error !== undefined) {
      if (!('error' in ours) || ours.error !== c.go.error)
        problems.push(`${where}: Go says ${JSON.stringify(c.go.error)}, the engine ${JSON.stringify(ours)}`);
    } else if ('error' in ours) problems.push(`${where}: Go decodes it, the engine says ${ours.error}`);
    else if (JSON.stringify(asMarshalled(ours.value, struct)) !== JSON.stringify(c.go.value))
      problems.push(
        `${where}: Go decodes ${JSON.stringify(c.go.value)}, the engine ${JSON.stringify(asMarshalled(ours.value, struct))}`,
      );
  }
  expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
});
