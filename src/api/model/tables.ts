/**
 * The reference tables the docs pages show, projected from the API model (./types.ts): the role ×
 * capability matrix and the status catalogue, so they cannot drift from the description. Types here are
 * shared with the RoleMatrix and ErrorCatalogue components; the functions run at build time.
 */
import {refName, ROLES, typeSummary, type Role} from '../openapi';
import {resolveSchema, schemaNamed} from './schemas';
import {renderMarkdown} from './markdown';
import type {ApiModel, ApiOperation} from './types';

export type RoleCell = 'yes' | 'no' | 'not specified';

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

/** The calls that return a status for the same reason. */
export type StatusCase = {
  /** The reason given by these calls' response description; empty when it only repeats the status's meaning. */
  reason: InlineHtml;
  operations: OperationRef[];
};

export type StatusEntry = {
  status: number;
  /** The meaning of the status, from the "Errors" table of the description's introduction. */
  meaning: InlineHtml;
  /** The calls that return the status, grouped by reason, the largest group first. */
  cases: StatusCase[];
};

export type BodyField = {name: string; type: string; required: boolean; description: InlineHtml};
export type BodyShape = {name: string; description: InlineHtml; fields: BodyField[]; example: unknown};

export type ErrorCatalogue = {statuses: StatusEntry[]; bodyShapes: BodyShape[]};

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
        entry.isPublic || entry.roles.includes(role)
          ? 'yes'
          : entry.rolesUnspecified.includes(role)
            ? 'not specified'
            : 'no',
      ]),
    ) as Record<Role, RoleCell>,
  }));
}

/** The `| status | meaning |` rows of the "## Errors" section of a Markdown text. */
export function statusMeanings(markdown: string): Map<number, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Errors'));
  if (!section) throw new Error('the introduction of the API description has no "## Errors" section');
  const meanings = new Map<number, string>();
  for (const match of section.matchAll(/^\|\s*(\d{3})\s*\|\s*(.+?)\s*\|\s*$/gm))
    meanings.set(Number(match[1]), match[2]);
  return meanings;
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
 * The calls of one status grouped by their response description: each reason once, with the calls that
 * give it, the largest group first (ties in the description's order). A reason that only repeats the
 * status's meaning is left empty.
 */
export function groupCases(meaning: InlineHtml, calls: {operation: OperationRef; reason: InlineHtml}[]): StatusCase[] {
  const cases = new Map<string, StatusCase>();
  for (const {operation, reason} of calls) {
    const key = readText(reason);
    if (!cases.has(key)) cases.set(key, {reason: key === readText(meaning) ? '' : reason, operations: []});
    cases.get(key)!.operations.push(operation);
  }
  return [...cases.values()].sort((a, b) => b.operations.length - a.operations.length);
}

function bodyShape(api: ApiModel, name: string): BodyShape {
  const schema = resolveSchema(api, schemaNamed(api, name));
  return {
    name,
    description: inlineHtml(schema.description),
    fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
      name: field,
      type: typeSummary(property),
      required: schema.required?.includes(field) ?? false,
      description: inlineHtml(resolveSchema(api, property).description),
    })),
    example: schema.example,
  };
}

/**
 * Every error status (400 and above) the description documents, once, with its meaning and the calls that
 * return it grouped by reason, and the two shapes of an error body (the schemas an error response may hold).
 * Texts are the description's Markdown rendered to inline HTML.
 */
export function errorCatalogue(api: ApiModel): ErrorCatalogue {
  const meanings = statusMeanings(api.description ?? '');
  const byStatus = new Map<number, {operation: OperationRef; reason: InlineHtml}[]>();
  const shapes = new Set<string>();
  for (const op of api.operations) {
    for (const response of op.responses) {
      const status = Number(response.status);
      if (status < 400) continue;
      if (!meanings.has(status))
        throw new Error(`status ${status} of ${op.operationId} is missing from the "Errors" table`);
      if (!byStatus.has(status)) byStatus.set(status, []);
      byStatus.get(status)!.push({operation: reference(op), reason: inlineHtml(response.description)});
      for (const media of response.content) {
        for (const option of media.schema ? (resolveSchema(api, media.schema).oneOf ?? []) : []) {
          if (option.$ref) shapes.add(refName(option.$ref));
        }
      }
    }
  }
  return {
    statuses: [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, calls]) => {
        const meaning = inlineHtml(meanings.get(status));
        return {status, meaning, cases: groupCases(meaning, calls)};
      }),
    bodyShapes: [...shapes].map((name) => bodyShape(api, name)),
  };
}
