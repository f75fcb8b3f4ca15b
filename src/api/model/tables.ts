/**
 * The reference tables the docs pages show, projected from the API model (./types.ts): the role ×
 * capability matrix and the status catalogue, so they cannot drift from the description. Types here are
 * shared with the RoleMatrix and ErrorCatalogue components; the functions run at build time.
 */
import {refName, ROLES, typeSummary, type Role, type Schema} from '../openapi';
import {resolveSchema, schemaNamed} from './schemas';
import {renderMarkdown} from './markdown';
import type {ApiModel, ApiOperation, ApiResponse} from './types';

/** `yes`: the description lists the role for the call (or the call needs no token); `not listed`: it says nothing. */
export type RoleCell = 'yes' | 'not listed';

export type OperationRef = {operationId: string; method: string; path: string; summary: string; tag: string};

export type RoleMatrixRow = OperationRef & {
  /** True when the call needs no token. */
  isPublic: boolean;
  roles: Record<Role, RoleCell>;
};

/**
 * Inline HTML rendered at build time from a short CommonMark text of the description (code spans,
 * emphasis, links; raw HTML escaped), without the paragraph around it.
 */
export type InlineHtml = string;

/** The calls that return a status for the same reason, with the same body. */
export type StatusCase = {
  /** The reason given by these calls' response description; empty when it only repeats the status's meaning. */
  reason: InlineHtml;
  /** The body the description documents: its schema and media type ("ProblemDetail", "application/problem+json"); none when it documents no body. */
  body?: {schema: string; mediaType: string};
  operations: OperationRef[];
};

export type StatusEntry = {
  status: number;
  /** The HTTP reason phrase of the status ("Bad Request"). */
  meaning: InlineHtml;
  /** The calls that return the status, grouped by reason, the largest group first. */
  cases: StatusCase[];
};

export type BodyField = {name: string; type: string; required: boolean; description: InlineHtml};
export type BodyShape = {
  name: string;
  /** The media types the description documents it with, on error responses. */
  mediaTypes: string[];
  description: InlineHtml;
  fields: BodyField[];
  /** The schema's example, else one made of its fields' examples; none when it gives none. */
  example?: unknown;
};

export type ErrorCatalogue = {statuses: StatusEntry[]; bodyShapes: BodyShape[]};

/**
 * Where the description is silent about one call: what a client may meet that it says nothing of. The
 * description dialect of the engine answers each with the status the case calls for, or 501, and marks the
 * answer with X-Synkronus-Unspecified.
 */
export type SilenceRow = OperationRef & {
  /** The error statuses (400 and above) the call lists. */
  errorsListed: string[];
  /** It needs a token and lists no 401 for a missing or refused one. */
  no401: boolean;
  /** It lists no 400 for a request that breaks its parameters or body. */
  no400: boolean;
  /** The roles it does not list (for a call that needs a token). */
  rolesNotListed: Role[];
  /** It does not list the `x-api-version` header. */
  noApiVersionHeader: boolean;
};

/** What the RoleMatrix and ErrorCatalogue components import (`@generated/api/<id>/tables.json`). */
export type ApiTables = {roleMatrix: RoleMatrixRow[]; errorCatalogue: ErrorCatalogue};

function reference(op: ApiOperation): OperationRef {
  return {
    operationId: op.operationId ?? '',
    method: op.method.toUpperCase(),
    path: op.path,
    summary: op.summary ?? '',
    tag: op.tags[0] ?? '',
  };
}

/** One row per operation: who may call it. A call that needs no token is open to everyone. */
export function roleMatrix(api: ApiModel): RoleMatrixRow[] {
  return api.operations.map((entry) => ({
    ...reference(entry),
    isPublic: entry.isPublic,
    roles: Object.fromEntries(
      ROLES.map((role): [Role, RoleCell] => [
        role,
        entry.isPublic || entry.roles.includes(role) ? 'yes' : 'not listed',
      ]),
    ) as Record<Role, RoleCell>,
  }));
}

/** `markdown` as inline HTML: the one paragraph micromark makes of a short text, unwrapped. */
export function inlineHtml(markdown: string | undefined): InlineHtml {
  const html = renderMarkdown(markdown) ?? '';
  return html.replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}

/** What a reader reads in inline HTML, to compare two texts: no tags, case, repeated blanks or final full stop. */
function readText(html: InlineHtml): string {
  return html
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '');
}

/**
 * The calls of one status grouped by their response description and body: each reason once, with the calls
 * that give it, the largest group first (ties in the description's order). A reason that only repeats the
 * status's meaning is left empty.
 */
export function groupCases(
  meaning: InlineHtml,
  calls: {operation: OperationRef; reason: InlineHtml; body?: StatusCase['body']}[],
): StatusCase[] {
  const cases = new Map<string, StatusCase>();
  for (const {operation, reason, body} of calls) {
    const key = `${readText(reason)}|${body?.schema ?? ''}|${body?.mediaType ?? ''}`;
    if (!cases.has(key))
      cases.set(key, {
        reason: readText(reason) === readText(meaning) ? '' : reason,
        ...(body ? {body} : {}),
        operations: [],
      });
    cases.get(key)!.operations.push(operation);
  }
  return [...cases.values()].sort((a, b) => b.operations.length - a.operations.length);
}

/** The example of a schema, else one made of its fields' examples. */
function shapeExample(api: ApiModel, schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  const fields = Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
    const example = resolveSchema(api, property).example;
    return example === undefined ? [] : [[field, example] as const];
  });
  return fields.length ? Object.fromEntries(fields) : undefined;
}

function bodyShape(api: ApiModel, name: string, mediaTypes: Set<string>): BodyShape {
  const schema = resolveSchema(api, schemaNamed(api, name));
  const shape: BodyShape = {
    name,
    mediaTypes: [...mediaTypes],
    description: inlineHtml(schema.description),
    fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
      name: field,
      type: typeSummary(property),
      required: schema.required?.includes(field) ?? false,
      description: inlineHtml(resolveSchema(api, property).description),
    })),
  };
  const example = shapeExample(api, schema);
  if (example !== undefined) shape.example = example;
  return shape;
}

/** The body an error response documents: its named schema and media type (the first, if several). */
function errorBody(api: ApiModel, response: ApiResponse): StatusCase['body'] {
  const media = response.content[0];
  if (!media) return undefined;
  const schema = media.schema?.$ref ? refName(media.schema.$ref) : typeSummary(media.schema);
  return {schema, mediaType: media.mediaType};
}

/**
 * Every error status (400 and above) the description documents, once, with its reason phrase and the calls
 * that return it grouped by reason and body, and the shapes of the error bodies (the named schemas error
 * responses hold, with their media types). Texts are the description's Markdown rendered to inline HTML.
 */
export function errorCatalogue(api: ApiModel): ErrorCatalogue {
  const byStatus = new Map<number, {meaning: string; calls: Parameters<typeof groupCases>[1]}>();
  const shapes = new Map<string, Set<string>>();
  for (const op of api.operations) {
    for (const response of op.responses) {
      const status = Number(response.status);
      if (status < 400) continue;
      if (!byStatus.has(status)) byStatus.set(status, {meaning: response.reason ?? String(status), calls: []});
      const body = errorBody(api, response);
      byStatus.get(status)!.calls.push({operation: reference(op), reason: inlineHtml(response.description), body});
      for (const media of response.content) {
        if (!media.schema?.$ref) continue;
        const name = refName(media.schema.$ref);
        if (!shapes.has(name)) shapes.set(name, new Set());
        shapes.get(name)!.add(media.mediaType);
      }
    }
  }
  return {
    statuses: [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, {meaning, calls}]) => {
        const html = inlineHtml(meaning);
        return {status, meaning: html, cases: groupCases(html, calls)};
      }),
    bodyShapes: [...shapes.entries()].map(([name, mediaTypes]) => bodyShape(api, name, mediaTypes)),
  };
}

/** One row per call: the statuses, roles and header it says nothing of. */
export function silences(api: ApiModel): SilenceRow[] {
  return api.operations.map((op) => {
    const errorsListed = op.responses.map((r) => r.status).filter((status) => Number(status) >= 400);
    return {
      ...reference(op),
      errorsListed,
      no401: !op.isPublic && !errorsListed.includes('401'),
      no400: !errorsListed.includes('400'),
      rolesNotListed: op.rolesUnspecified,
      noApiVersionHeader: !op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-api-version'),
    };
  });
}
