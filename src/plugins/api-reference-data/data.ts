/**
 * Pure generators of the reference data the docs pages show: the role × capability matrix and the
 * status catalogue, both read from the API description so they cannot drift from it.
 */
import {
  listOperations,
  refName,
  resolveRef,
  ROLES,
  typeSummary,
  type OpenApiDocument,
  type OperationEntry,
  type Role,
} from '../api-description/openapi';

export type RoleCell = 'yes' | 'no' | 'not specified';

export type OperationRef = {operationId: string; method: string; path: string; summary: string; tag: string};

export type RoleMatrixRow = OperationRef & {
  /** True when the call needs no token. */
  isPublic: boolean;
  roles: Record<Role, RoleCell>;
};

export type StatusEntry = {
  status: number;
  /** The meaning of the status, from the "Errors" table of the description's introduction. */
  meaning: string;
  operations: (OperationRef & {description: string})[];
};

export type BodyField = {name: string; type: string; required: boolean; description: string};
export type BodyShape = {name: string; description: string; fields: BodyField[]; example: unknown};

export type ErrorCatalogue = {statuses: StatusEntry[]; bodyShapes: BodyShape[]};

export type ApiReferenceData = {roleMatrix: RoleMatrixRow[]; errorCatalogue: ErrorCatalogue};

function reference(entry: OperationEntry): OperationRef {
  const {operation} = entry;
  return {
    operationId: operation.operationId ?? '',
    method: entry.method.toUpperCase(),
    path: entry.path,
    summary: operation.summary ?? '',
    tag: operation.tags?.[0] ?? '',
  };
}

/** One row per operation: who may call it. A call that needs no token is open to everyone. */
export function roleMatrix(doc: OpenApiDocument): RoleMatrixRow[] {
  return listOperations(doc).map((entry) => ({
    ...reference(entry),
    isPublic: entry.isPublic,
    roles: Object.fromEntries(
      ROLES.map((role): [Role, RoleCell] => [
        role,
        entry.isPublic || entry.roles.includes(role) ? 'yes' : entry.rolesUnspecified.includes(role) ? 'not specified' : 'no',
      ]),
    ) as Record<Role, RoleCell>,
  }));
}

/** The `| status | meaning |` rows of the "## Errors" section of a Markdown text. */
export function statusMeanings(markdown: string): Map<number, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Errors'));
  if (!section) throw new Error('the introduction of the API description has no "## Errors" section');
  const meanings = new Map<number, string>();
  for (const match of section.matchAll(/^\|\s*(\d{3})\s*\|\s*(.+?)\s*\|\s*$/gm)) meanings.set(Number(match[1]), match[2]);
  return meanings;
}

function bodyShape(doc: OpenApiDocument, name: string): BodyShape {
  const schema = resolveRef(doc, doc.components.schemas[name]);
  return {
    name,
    description: schema.description ?? '',
    fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
      name: field,
      type: typeSummary(property),
      required: schema.required?.includes(field) ?? false,
      description: resolveRef(doc, property).description ?? '',
    })),
    example: schema.example,
  };
}

/**
 * Every error status (400 and above) the description documents, with its meaning and the calls that
 * return it, and the two shapes of an error body (the schemas an error response may hold).
 */
export function errorCatalogue(doc: OpenApiDocument): ErrorCatalogue {
  const meanings = statusMeanings(doc.info.description ?? '');
  const byStatus = new Map<number, StatusEntry>();
  const shapes = new Set<string>();
  for (const entry of listOperations(doc)) {
    for (const [code, raw] of Object.entries(entry.operation.responses)) {
      const status = Number(code);
      if (status < 400) continue;
      const response = resolveRef(doc, raw);
      const meaning = meanings.get(status);
      if (!meaning) throw new Error(`status ${status} of ${entry.operation.operationId} is missing from the "Errors" table`);
      if (!byStatus.has(status)) byStatus.set(status, {status, meaning, operations: []});
      byStatus.get(status)!.operations.push({...reference(entry), description: response.description ?? ''});
      for (const media of Object.values(response.content ?? {})) {
        for (const option of media.schema ? resolveRef(doc, media.schema).oneOf ?? [] : []) {
          if (option.$ref) shapes.add(refName(option.$ref));
        }
      }
    }
  }
  return {
    statuses: [...byStatus.values()].sort((a, b) => a.status - b.status),
    bodyShapes: [...shapes].map((name) => bodyShape(doc, name)),
  };
}
