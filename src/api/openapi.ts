/**
 * The part of the OpenAPI 3.0 object model this site reads, and pure helpers over it: the operation
 * walker, reference resolution, schema summaries. The API model (./model/build.ts) is made with them;
 * no file system here (the RoleMatrix component imports ROLES into the browser bundle). The Node-only
 * reader of the description is ./description.ts.
 */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The roles of the Synkronus API, from the least to the most privileged (the order tables show them in). */
export const ROLES = ['read-only', 'read-write', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A JSON Schema object, OpenAPI 3.0 flavour. */
/** The bounds, lengths, counts and pattern of a schema: written the same in the description and in the page's model. */
export type ValueConstraints = {
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
};

export type Schema = ValueConstraints & {
  $ref?: string;
  type?: string;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  example?: unknown;
  default?: unknown;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  uniqueItems?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  [extension: `x-${string}`]: unknown;
};
export type MediaType = {schema?: Schema; example?: unknown; encoding?: Record<string, {contentType?: string}>};
export type ParameterLocation = 'query' | 'header' | 'path' | 'cookie';
export type Parameter = {
  $ref?: string;
  name: string;
  in: ParameterLocation;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: Schema;
  example?: unknown;
};
/** A response header (the Header Object: a parameter without name and location). */
export type Header = {
  $ref?: string;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: Schema;
  example?: unknown;
};
export type RequestBody = {$ref?: string; description?: string; required?: boolean; content: Record<string, MediaType>};
export type Response = {
  $ref?: string;
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
};
/** Security requirements: scheme name → scopes. `[]` means no authentication. */
export type SecurityRequirements = Record<string, string[]>[];
export type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response>;
  security?: SecurityRequirements;
};
export type PathItem = {parameters?: Parameter[]} & Partial<Record<HttpMethod, Operation>>;
export type SecurityScheme = {type: string; scheme?: string; bearerFormat?: string; description?: string};
export type OpenApiDocument = {
  openapi: string;
  info: {title: string; version: string; description?: string; license?: {name: string; url?: string}};
  servers?: {
    url: string;
    description?: string;
    variables?: Record<string, {default: string; enum?: string[]; description?: string}>;
  }[];
  security?: SecurityRequirements;
  tags?: {name: string; description?: string; 'x-displayName'?: string}[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, RequestBody>;
    responses?: Record<string, Response>;
    headers?: Record<string, Header>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
};

/** One operation with where it lives and what the API description says about its access. */
export type OperationEntry = {
  method: HttpMethod;
  path: string;
  operation: Operation;
  /**
   * Path-level and operation-level parameters, $refs resolved, in that order; an operation-level
   * parameter replaces the path-level one with the same name and location (in its place).
   */
  parameters: Parameter[];
  /** The names of the security schemes that apply (from the operation, else the document); [] = none. */
  security: string[];
  /** True for the calls that need no bearer token (`security: []`). */
  isPublic: boolean;
  /** The roles the description lists for the call: the scopes of its security requirements; empty for public calls. */
  roles: Role[];
  /** The roles it does not list for a call that needs a token: it says nothing of whether they may make it. */
  rolesUnspecified: Role[];
};

/**
 * The roles of a call, from the scopes of its security requirements (ODE's file writes them so:
 * `bearerAuth: [read-only, read-write]`). A scope that is not a role is an error of the description.
 */
function rolesOf(requirements: SecurityRequirements, where: string): Role[] {
  const scopes = new Set(requirements.flatMap((requirement) => Object.values(requirement).flat()));
  for (const scope of scopes)
    if (!(ROLES as readonly string[]).includes(scope))
      throw new Error(
        `API description: ${where} lists the scope "${scope}", which is not a role (${ROLES.join(', ')})`,
      );
  return ROLES.filter((role) => scopes.has(role));
}

/** Longest chain of references followed (a reference to a reference…) before giving up. */
const MAX_REFERENCE_STEPS = 10;

/** Follows a local reference such as "#/components/schemas/User" (and the references it leads to). */
export function resolveRef<T>(doc: OpenApiDocument, value: T & {$ref?: string}): T {
  let current = value;
  for (let step = 0; current?.$ref; step++) {
    const ref = current.$ref;
    if (step === MAX_REFERENCE_STEPS)
      throw new Error(`API description: more than ${MAX_REFERENCE_STEPS} references in a row at ${ref}`);
    if (!ref.startsWith('#/')) throw new Error(`API description: only local references are supported, not ${ref}`);
    let target: unknown = doc;
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

/** Every operation of the description, in the order of its paths. */
export function listOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = new Map<string, Parameter>();
      for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = resolveRef(doc, raw);
        parameters.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requirements = operation.security ?? doc.security ?? [];
      const isPublic = requirements.length === 0;
      const roles = isPublic ? [] : rolesOf(requirements, `${method.toUpperCase()} ${path}`);
      entries.push({
        method,
        path,
        operation,
        parameters: [...parameters.values()],
        security: [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))],
        isPublic,
        roles,
        rolesUnspecified: isPublic ? [] : ROLES.filter((role) => !roles.includes(role)),
      });
    }
  }
  return entries;
}

/**
 * A one-line summary of a schema's type, as the reference texts show it: "string (date-time)",
 * "array of User", "SyncPullResponse" (a reference is named, not expanded), "integer or null"…
 */
export function typeSummary(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  const parts: string[] = [];
  if (schema.type === 'array') parts.push(`array of ${typeSummary(schema.items)}`);
  else if (schema.allOf) parts.push(schema.allOf.map(typeSummary).join(' and '));
  else if (schema.oneOf || schema.anyOf) parts.push((schema.oneOf ?? schema.anyOf)!.map(typeSummary).join(' or '));
  else parts.push(schema.type ?? 'object');
  if (schema.format) parts.push(`(${schema.format})`);
  if (schema.nullable) parts.push('or null');
  return parts.join(' ');
}
