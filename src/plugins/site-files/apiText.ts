/**
 * The API reference in text form (Markdown), generated from the API description for llms-full.txt:
 * every operation (grouped by tag, in the description's order) and every component schema, each with
 * its link into the reference page (anchors from src/plugins/api-reference/anchors.ts, as the page has them).
 */
import {
  listOperations,
  resolveRef,
  typeSummary,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
  type Schema,
} from '../api-description/openapi';
import {operationAnchor, schemaAnchor} from '../api-reference/anchors';

/** The absolute URLs of the reference page and of the description. */
type Links = {reference: string; description: string};

const code = (text: string) => `\`${text}\``;

/** Constraints and defaults of a schema, as short phrases. */
function constraints(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.enum) out.push(`one of ${schema.enum.map((value) => code(String(value))).join(', ')}`);
  if (schema.minimum !== undefined) out.push(`minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`maximum ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern) out.push(`pattern ${code(schema.pattern)}`);
  if (schema.default !== undefined) out.push(`default ${code(JSON.stringify(schema.default))}`);
  if (schema.example !== undefined) out.push(`example ${code(JSON.stringify(schema.example))}`);
  if (schema.readOnly) out.push('read-only');
  if (schema.writeOnly) out.push('write-only');
  return out;
}

/** One line per property: "- `name` (type, required; constraints): description". */
function propertyLines(api: OpenApiDocument, schema: Schema, indent = ''): string[] {
  const resolved = resolveRef(api, schema);
  const lines: string[] = [];
  const required = new Set(resolved.required ?? []);
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const target = property.$ref ? resolveRef(api, property) : property;
    const notes = [typeSummary(property), required.has(name) ? 'required' : 'optional', ...constraints(target)];
    const description = (property.description ?? (property.$ref ? '' : target.description) ?? '').trim();
    lines.push(`${indent}- ${code(name)} (${notes.join(', ')})${description ? `: ${oneLine(description)}` : ''}`);
    const nested = property.type === 'array' ? property.items : property;
    if (nested && !nested.$ref && nested.properties) lines.push(...propertyLines(api, nested, `${indent}  `));
  }
  for (const part of resolved.allOf ?? []) {
    if (!part.$ref) lines.push(...propertyLines(api, part, indent));
  }
  return lines;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** "application/json: SyncPullResponse" plus the fields of an inline schema. */
function contentLines(api: OpenApiDocument, content: Record<string, MediaType> | undefined, indent: string): string[] {
  const lines: string[] = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    lines.push(`${indent}- ${mediaType}: ${typeSummary(media.schema)}`);
    if (media.schema && !media.schema.$ref) {
      const inner =
        media.schema.type === 'array' && media.schema.items && !media.schema.items.$ref
          ? media.schema.items
          : media.schema;
      lines.push(...propertyLines(api, inner, `${indent}  `));
    }
  }
  return lines;
}

function operationText(api: OpenApiDocument, op: OperationEntry, links: Links): string {
  const {method, path, operation} = op;
  const lines = [`### ${operation.summary ?? `${method.toUpperCase()} ${path}`}`, ''];
  const facts = [code(`${method.toUpperCase()} ${path}`)];
  if (operation.operationId) facts.push(`operationId ${code(operation.operationId)}`);
  if (operation.deprecated) facts.push('deprecated');
  lines.push(facts.join(' · '));
  lines.push(`Reference: ${links.reference}#${operationAnchor({method, path, operationId: operation.operationId})}`);
  lines.push('');
  if (operation.description) lines.push(operation.description.trim(), '');
  const {security, parameters} = op;
  lines.push(`Authentication: ${security.length ? security.join(' or ') : 'none'}.`, '');

  if (parameters.length) {
    lines.push('Parameters:');
    for (const parameter of parameters) {
      const notes = [
        parameter.in,
        typeSummary(parameter.schema),
        parameter.required ? 'required' : 'optional',
        ...(parameter.schema ? constraints(resolveRef(api, parameter.schema)) : []),
      ];
      const description = parameter.description ? `: ${oneLine(parameter.description)}` : '';
      lines.push(`- ${code(parameter.name)} (${notes.join(', ')})${description}`);
    }
    lines.push('');
  }
  if (operation.requestBody) {
    const body = resolveRef(api, operation.requestBody);
    lines.push(
      `Request body (${body.required ? 'required' : 'optional'})${body.description ? `: ${oneLine(body.description)}` : ''}`,
    );
    lines.push(...contentLines(api, body.content, ''), '');
  }
  const responses = Object.entries(operation.responses);
  if (responses.length) {
    lines.push('Responses:');
    for (const [status, raw] of responses) {
      const response = resolveRef(api, raw);
      lines.push(`- ${status}: ${oneLine(response.description ?? '')}`);
      if (response.headers) lines.push(`  - headers: ${Object.keys(response.headers).map(code).join(', ')}`);
      lines.push(...contentLines(api, response.content, '  '));
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function apiReferenceText(api: OpenApiDocument, urls: Links): string {
  const out: string[] = [`# ${api.info.title} reference`, ''];
  out.push(
    `API version ${api.info.version}. Reference: ${urls.reference}. OpenAPI description: ${urls.description}.`,
    '',
  );
  if (api.info.description) out.push(api.info.description.trim(), '');
  if (api.servers?.length) {
    out.push('Servers:', ...api.servers.map((s) => `- ${s.url}${s.description ? `: ${s.description}` : ''}`), '');
  }
  const schemes = Object.entries(api.components?.securitySchemes ?? {});
  if (schemes.length) {
    out.push('Authentication schemes:');
    for (const [name, scheme] of schemes) {
      const kind = [scheme.type, scheme.scheme, scheme.bearerFormat].filter(Boolean).join(', ');
      out.push(`- ${code(name)} (${kind})${scheme.description ? `: ${oneLine(scheme.description)}` : ''}`);
    }
    out.push('');
  }

  const operations = listOperations(api);
  const tagNames = [...(api.tags ?? []).map((tag) => tag.name)];
  for (const op of operations)
    for (const tag of op.operation.tags ?? []) if (!tagNames.includes(tag)) tagNames.push(tag);
  const groups: [string, OperationEntry[]][] = tagNames.map((name) => [
    name,
    operations.filter((op) => op.operation.tags?.[0] === name),
  ]);
  const untagged = operations.filter((op) => !op.operation.tags?.length);
  if (untagged.length) groups.push(['Other operations', untagged]);
  for (const [name, ops] of groups) {
    if (ops.length === 0) continue;
    const tag = api.tags?.find((t) => t.name === name);
    out.push(`## ${tag?.['x-displayName'] ?? name}`, '');
    if (tag?.description) out.push(tag.description.trim(), '');
    for (const op of ops) out.push(operationText(api, op, urls));
  }

  const schemas = Object.entries(api.components?.schemas ?? {});
  if (schemas.length) {
    out.push('## Schemas', '');
    for (const [name, schema] of schemas) {
      out.push(`### ${name}`, '');
      out.push(`Type: ${typeSummary(schema)}. Reference: ${urls.reference}#${schemaAnchor(name)}`, '');
      if (schema.description) out.push(schema.description.trim(), '');
      const lines = propertyLines(
        api,
        schema.type === 'array' && schema.items && !schema.items.$ref ? schema.items : schema,
      );
      if (lines.length) out.push('Properties:', ...lines, '');
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
