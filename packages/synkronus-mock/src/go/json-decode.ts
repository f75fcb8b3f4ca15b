/**
 * How encoding/json puts a JSON value into a handler's Go struct: a missing field or a `null` keeps the zero
 * value, an unknown field is ignored, a key matches a field whatever its case, and only a value of the wrong
 * JSON type is an error, the first one found, worded as Go words it ("json: cannot unmarshal number into Go
 * struct field Observation.records.deleted of type bool"). The structs themselves are facts of a release
 * (releases/<tag>/structs.ts).
 */
import {scanJson, scanJsonDocument, type JsonNode} from './json-scan';

/** A Go type, as much of it as decoding needs; `name` is how an error names it (`handlers.LoginRequest`). */
export type GoType =
  | {kind: 'string'; name?: string}
  | {kind: 'bool'}
  | {kind: 'int64'}
  | {kind: 'float64'}
  /** json.RawMessage: any value, kept as its source text. */
  | {kind: 'raw'}
  | {kind: 'pointer'; elem: GoType}
  | {kind: 'slice'; elem: GoType}
  | {kind: 'struct'; name: string; fields: Record<string, GoType>};

/** A json.RawMessage: the value's source text, and the value itself. */
export type RawJson = {text: string; value: unknown};

export type Decoded = {value: Record<string, unknown>} | {error: string};

const ZERO = {string: '', bool: false, int64: 0, float64: 0} as const;

/** The value a field holds when the JSON does not set it. */
export function zeroOf(type: GoType): unknown {
  if (type.kind === 'struct')
    return Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, zeroOf(field)]));
  if (type.kind in ZERO) return ZERO[type.kind as keyof typeof ZERO];
  return null;
}

export function typeName(type: GoType): string {
  switch (type.kind) {
    case 'struct':
      return type.name;
    case 'string':
      return type.name ?? 'string';
    case 'raw':
      return 'json.RawMessage';
    case 'pointer':
      return `*${typeName(type.elem)}`;
    case 'slice':
      return `[]${typeName(type.elem)}`;
    default:
      return type.kind;
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The error context: the struct whose field is being decoded and the path of field names. */
type Context = {struct?: string; fields: string[]; error?: string; source: Uint8Array};

function typeError(ctx: Context, value: string, type: GoType) {
  if (ctx.error) return;
  // A pointer is filled in before the value is stored, so the error names what it points to.
  const named = type.kind === 'pointer' ? type.elem : type;
  ctx.error =
    ctx.struct !== undefined
      ? `json: cannot unmarshal ${value} into Go struct field ${ctx.struct}.${ctx.fields.join('.')} of type ${typeName(named)}`
      : `json: cannot unmarshal ${value} into Go value of type ${typeName(named)}`;
}

/** Go's field lookup: the exact name first, then any with the same letters in another case. */
function fieldOf(fields: Record<string, GoType>, key: string): string | undefined {
  if (key in fields) return key;
  const fold = (text: string) =>
    text
      .replace(/\u017f/g, 's')
      .replace(/\u212a/g, 'k')
      .toLowerCase();
  return Object.keys(fields).find((name) => fold(name) === fold(key));
}

const KIND_WORD: Record<JsonNode['kind'], string> = {
  object: 'object',
  array: 'array',
  string: 'string',
  number: 'number',
  true: 'bool',
  false: 'bool',
  null: 'null',
};

function literal(node: JsonNode, type: GoType, current: unknown, ctx: Context): unknown {
  const target = type.kind === 'pointer' ? type.elem : type;
  if (node.kind === 'string' && target.kind === 'string') return node.value;
  if ((node.kind === 'true' || node.kind === 'false') && target.kind === 'bool') return node.kind === 'true';
  if (node.kind === 'number' && target.kind === 'int64') {
    const valid = /^-?\d+$/.test(node.text) && BigInt(node.text) >= INT64_MIN && BigInt(node.text) <= INT64_MAX;
    if (valid) return Number(node.text);
    typeError(ctx, `number ${node.text}`, type);
    return current;
  }
  if (node.kind === 'number' && target.kind === 'float64') {
    const value = Number(node.text);
    if (Number.isFinite(value)) return value;
    typeError(ctx, `number ${node.text}`, type);
    return current;
  }
  typeError(ctx, KIND_WORD[node.kind], type);
  return current;
}

function decodeNode(node: JsonNode, type: GoType, current: unknown, ctx: Context): unknown {
  if (type.kind === 'raw') {
    const text = new TextDecoder().decode(ctx.source.subarray(node.start, node.end));
    return {text, value: JSON.parse(text) as unknown} satisfies RawJson;
  }
  if (node.kind === 'null') return type.kind === 'pointer' || type.kind === 'slice' ? null : current;
  const target = type.kind === 'pointer' ? type.elem : type;
  if (node.kind === 'object') {
    if (target.kind !== 'struct') {
      typeError(ctx, 'object', type);
      return current;
    }
    const into = (current && typeof current === 'object' ? current : zeroOf(target)) as Record<string, unknown>;
    for (const [key, child] of node.entries) {
      const field = fieldOf(target.fields, key);
      if (!field) continue;
      const saved = {struct: ctx.struct, depth: ctx.fields.length};
      ctx.struct = target.name.replace(/^.*\./, '');
      ctx.fields.push(field);
      into[field] = decodeNode(child, target.fields[field], into[field], ctx);
      ctx.struct = saved.struct;
      ctx.fields.length = saved.depth;
    }
    return into;
  }
  if (node.kind === 'array') {
    if (target.kind !== 'slice') {
      typeError(ctx, 'array', type);
      return current;
    }
    return node.items.map((item) => decodeNode(item, target.elem, zeroOf(target.elem), ctx));
  }
  return literal(node, type, current, ctx);
}

/** `json.NewDecoder(body).Decode(&request)` into a `struct`: the struct's values, or the error text. */
export function decodeGo(body: Uint8Array, struct: GoType & {kind: 'struct'}): Decoded {
  const scanned = scanJson(body);
  if ('error' in scanned) return scanned;
  const ctx: Context = {fields: [], source: body};
  const value = decodeNode(scanned.node, struct, zeroOf(struct), ctx) as Record<string, unknown>;
  return ctx.error ? {error: ctx.error} : {value};
}

/** A JSON value as Go's `any` holds it: objects as maps (plain objects here), numbers as float64. */
function anyOf(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.entries.map(([key, value]) => [key, anyOf(value)]));
    case 'array':
      return node.items.map(anyOf);
    case 'string':
      return node.value;
    case 'number':
      return Number(node.text);
    case 'null':
      return null;
    default:
      return node.kind === 'true';
  }
}

/**
 * A JSON object decoded into Go's `map[string]any`, by a Decoder (the first value) or by json.Unmarshal (the
 * whole text): the map (null for JSON null), or the error text.
 */
export function decodeMap(
  body: Uint8Array,
  how: 'decoder' | 'unmarshal',
): {value: Record<string, unknown> | null} | {error: string} {
  const scanned = how === 'decoder' ? scanJson(body) : scanJsonDocument(body);
  if ('error' in scanned) return scanned;
  const {node} = scanned;
  if (node.kind === 'null') return {value: null};
  if (node.kind !== 'object')
    return {error: `json: cannot unmarshal ${KIND_WORD[node.kind]} into Go value of type map[string]interface {}`};
  return {value: anyOf(node) as Record<string, unknown>};
}
