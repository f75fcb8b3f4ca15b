/**
 * Reads the API description (api/synkronus.yaml) generically: its operations, tags and component
 * schemas, whatever they are. The search entries and llms-full.txt are both built from it.
 */
import {readFileSync} from 'node:fs';
import {load} from 'js-yaml';

/** The parts of a JSON Schema object (OpenAPI 3.0 flavour) that the text renderings use. */
export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

export type Parameter = {
  $ref?: string;
  name: string;
  in: string;
  description?: string;
  required?: boolean;
  schema?: Schema;
};

export type MediaTypes = Record<string, {schema?: Schema}>;
export type RequestBody = {$ref?: string; description?: string; required?: boolean; content?: MediaTypes};
export type Response = {$ref?: string; description?: string; content?: MediaTypes; headers?: Record<string, unknown>};

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
  deprecated?: boolean;
};

export type ApiDescription = {
  openapi: string;
  info: {title: string; version: string; description?: string};
  servers?: {url: string; description?: string}[];
  tags?: {name: string; description?: string; 'x-displayName'?: string}[];
  paths?: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, RequestBody>;
    responses?: Record<string, Response>;
    securitySchemes?: Record<string, {type: string; scheme?: string; bearerFormat?: string; description?: string}>;
  };
  security?: Record<string, string[]>[];
};

/** One operation with where it lives. */
export type ApiOperation = {method: string; path: string; operation: Operation; pathParameters: Parameter[]};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function loadApiDescription(file: string): ApiDescription {
  const doc = load(readFileSync(file, 'utf8')) as ApiDescription;
  if (!doc || typeof doc !== 'object' || !doc.info || !doc.openapi) {
    throw new Error(`${file}: not an OpenAPI description (no "openapi" or "info")`);
  }
  return doc;
}

/** Every operation, in the order of the description. */
export function listOperations(api: ApiDescription): ApiOperation[] {
  const result: ApiOperation[] = [];
  for (const [path, item] of Object.entries(api.paths ?? {})) {
    const pathParameters = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation) result.push({method, path, operation, pathParameters});
    }
  }
  return result;
}

/** Follows a local reference such as "#/components/schemas/User". */
export function resolveRef<T>(api: ApiDescription, value: T & {$ref?: string}): T {
  let current: T & {$ref?: string} = value;
  for (let depth = 0; current?.$ref && depth < 10; depth++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`API description: only local references are supported, not ${ref}`);
    let target: unknown = api;
    for (const part of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (target === undefined) throw new Error(`API description: unresolved reference ${ref}`);
    current = target as T & {$ref?: string};
  }
  return current;
}

/** "#/components/schemas/User" → "User". */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** All parameters of an operation (path-level ones first, overridden by operation-level ones). */
export function operationParameters(api: ApiDescription, op: ApiOperation): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const raw of [...op.pathParameters, ...(op.operation.parameters ?? [])]) {
    const parameter = resolveRef(api, raw);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

/** The security requirement names that apply to an operation ([] = no authentication). */
export function operationSecurity(api: ApiDescription, operation: Operation): string[] {
  const requirements = operation.security ?? api.security ?? [];
  return [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
}

/**
 * The property names of a schema, through references, allOf and arrays, to a small depth:
 * enough for a search for a field name to find the operations that carry it.
 */
export function propertyNames(api: ApiDescription, schema: Schema | undefined, depth = 2): string[] {
  if (!schema || depth < 0) return [];
  const resolved = resolveRef(api, schema);
  const names: string[] = [];
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    names.push(name, ...propertyNames(api, property, depth - 1));
  }
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
    names.push(...propertyNames(api, part, depth));
  }
  if (resolved.items) names.push(...propertyNames(api, resolved.items, depth));
  return [...new Set(names)];
}

/** The schemas of an operation's request body and responses. */
export function operationSchemas(api: ApiDescription, operation: Operation): Schema[] {
  const schemas: Schema[] = [];
  const add = (content: MediaTypes | undefined) => {
    for (const media of Object.values(content ?? {})) if (media.schema) schemas.push(media.schema);
  };
  if (operation.requestBody) add(resolveRef(api, operation.requestBody).content);
  for (const response of Object.values(operation.responses ?? {})) add(resolveRef(api, response).content);
  return schemas;
}

/** Plain text from the CommonMark of a description: no markup, one line. */
export function plainText(markdown: string | undefined): string {
  return (markdown ?? '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*#>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
