/**
 * The small part of the OpenAPI 3.0 object model this site reads, and a walker over its operations.
 * Pure: no file system, so the site, the plugins and the tests share it.
 */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The roles of the Synkronus API, in the order of the specification. */
export const ROLES = ['read-only', 'read-write', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  description?: string;
  [extension: `x-${string}`]: unknown;
};
export type MediaType = {schema?: Schema; example?: unknown; encoding?: Record<string, {contentType?: string}>};
export type Parameter = {
  $ref?: string;
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
};
export type Response = {$ref?: string; description?: string; headers?: Record<string, unknown>; content?: Record<string, MediaType>};
export type Operation = {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: {required?: boolean; content: Record<string, MediaType>};
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
  'x-roles'?: Role[];
  'x-roles-unspecified'?: Role[];
  'x-codeSamples'?: {lang: string; label: string; source: string}[];
};
export type PathItem = {parameters?: Parameter[]} & Partial<Record<HttpMethod, Operation>>;
export type OpenApiDocument = {
  openapi: string;
  info: {title: string; version: string; description?: string};
  servers?: {url: string}[];
  security?: Record<string, string[]>[];
  tags?: {name: string; description?: string}[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    securitySchemes?: Record<string, unknown>;
  };
};

/** One operation with where it lives and what the API description says about its access. */
export type OperationEntry = {
  method: HttpMethod;
  path: string;
  operation: Operation;
  /** Path-level and operation-level parameters, with $refs resolved. */
  parameters: Parameter[];
  /** True for the calls that need no bearer token (`security: []`). */
  isPublic: boolean;
  /** The roles allowed to make the call; empty for public calls. */
  roles: Role[];
  /** Roles for which the specification does not say whether they may make the call. */
  rolesUnspecified: Role[];
};

/** Resolves a local `#/components/...` reference. */
export function resolveRef<T>(doc: OpenApiDocument, value: T & {$ref?: string}): T {
  if (!value?.$ref) return value;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  if (target === undefined) throw new Error(`unresolved reference ${value.$ref}`);
  return resolveRef(doc, target as T & {$ref?: string});
}

/** Every operation of the description, in the order of its paths. */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const security = operation.security ?? doc.security ?? [];
      const isPublic = security.length === 0;
      entries.push({
        method,
        path,
        operation,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(doc, p)),
        isPublic,
        roles: isPublic ? [] : (operation['x-roles'] ?? []),
        rolesUnspecified: operation['x-roles-unspecified'] ?? [],
      });
    }
  }
  return entries;
}
