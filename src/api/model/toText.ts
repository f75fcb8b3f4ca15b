/**
 * The API reference as text (Markdown) for llms-full.txt, projected from the API model (./types.ts): every
 * operation (grouped by tag, in the description's order) and every component schema, each with its link
 * into the reference page (the model's anchors, as the page has them).
 *
 * Every field (a property at any depth, a parameter, a body) states its type (`typeSummary`: "array of
 * User", "Error or ProblemDetail", "string (date-time) or null"), whether it is required, and every
 * constraint keyword of its schema (`constraintPhrases`), as the page does in its own words.
 * tests/e2e/api-constraints.spec.ts walks the description and holds the page and this text to stating
 * every keyword of every field, so neither can drop one the other states.
 */
import {typeSummary, type Schema} from '../openapi';
import {constraintParts} from './constraints';
import {resolveSchema} from './schemas';
import type {ApiMedia, ApiModel, ApiOperation} from './types';

/** The absolute URLs of the reference page and of the description. */
type Links = {reference: string; description: string};

const code = (text: string) => `\`${text}\``;

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** Every constraint keyword of a schema (its type aside), as short phrases in the page's words (./constraints.ts). */
export function constraintPhrases(schema: Schema): string[] {
  const out = constraintParts(schema).map(({label, values}) =>
    values ? `${label} ${values.map(code).join(', ')}` : label,
  );
  if (schema.additionalProperties === true) out.push('any other property allowed');
  if (schema.readOnly) out.push('read-only');
  if (schema.writeOnly) out.push('write-only');
  if (schema.deprecated) out.push('deprecated');
  return out;
}

/**
 * The type and constraints a field or body states; with `required`, whether it is required after the type.
 * A reference states its target's constraints too, which its own section also gives.
 */
function facts(api: ApiModel, schema: Schema, required?: boolean): string[] {
  return [
    typeSummary(schema),
    ...(required === undefined ? [] : [required ? 'required' : 'optional']),
    ...constraintPhrases(resolveSchema(api, schema)),
  ];
}

/**
 * The fields inside a schema, as the page nests them: its own properties, the fields of its items and of
 * its inline `allOf` parts at the same level, those of its inline alternatives, and `other fields` for an
 * `additionalProperties` schema. One line per field, "- `name` (type, required, constraints): description",
 * its own fields indented below it. A reference is not followed: its section lists its fields.
 */
function fieldLines(api: ApiModel, schema: Schema, indent: string): string[] {
  if (schema.$ref) return [];
  const lines: string[] = [];
  if (schema.items) lines.push(...fieldLines(api, schema.items, indent));
  for (const part of schema.allOf ?? []) lines.push(...fieldLines(api, part, indent));
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const description = (
      property.description ??
      (property.$ref ? '' : resolveSchema(api, property).description) ??
      ''
    ).trim();
    lines.push(
      `${indent}- ${code(name)} (${facts(api, property, required.has(name)).join(', ')})${description ? `: ${oneLine(description)}` : ''}`,
    );
    lines.push(...fieldLines(api, property, `${indent}  `));
  }
  if (schema.additionalProperties && schema.additionalProperties !== true) {
    lines.push(`${indent}- other properties (${facts(api, schema.additionalProperties).join(', ')})`);
    lines.push(...fieldLines(api, schema.additionalProperties, `${indent}  `));
  }
  for (const alternative of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    if (alternative.$ref) continue;
    lines.push(`${indent}- alternative (${facts(api, alternative).join(', ')})`);
    lines.push(...fieldLines(api, alternative, `${indent}  `));
  }
  return lines;
}

/** "- application/json: SyncPullResponse" (with the body's own facts), then the fields of an inline schema. */
function contentLines(api: ApiModel, content: ApiMedia[], indent: string): string[] {
  const lines: string[] = [];
  for (const media of content) {
    lines.push(`${indent}- ${media.mediaType}: ${media.schema ? facts(api, media.schema).join(', ') : 'any'}`);
    if (media.schema) lines.push(...fieldLines(api, media.schema, `${indent}  `));
  }
  return lines;
}

function operationText(api: ApiModel, op: ApiOperation, links: Links): string {
  const verbPath = `${op.method.toUpperCase()} ${op.path}`;
  const lines = [`### ${op.summary ?? verbPath}`, ''];
  const head = [code(verbPath)];
  if (op.operationId) head.push(`operationId ${code(op.operationId)}`);
  if (op.deprecated) head.push('deprecated');
  lines.push(head.join(' · '));
  lines.push(`Reference: ${links.reference}#${op.anchor}`);
  lines.push('');
  if (op.description) lines.push(op.description.trim(), '');
  lines.push(`Authentication: ${op.security.length ? op.security.join(' or ') : 'none'}.`, '');

  if (op.parameters.length) {
    lines.push('Parameters:');
    for (const parameter of op.parameters) {
      const notes = [
        parameter.in,
        ...(parameter.schema
          ? facts(api, parameter.schema, parameter.required)
          : ['any', parameter.required ? 'required' : 'optional']),
        ...(parameter.deprecated ? ['deprecated'] : []),
      ];
      const description = parameter.description ? `: ${oneLine(parameter.description)}` : '';
      lines.push(`- ${code(parameter.name)} (${notes.join(', ')})${description}`);
    }
    lines.push('');
  }
  if (op.requestBody) {
    const {required, description, content} = op.requestBody;
    lines.push(`Request body (${required ? 'required' : 'optional'})${description ? `: ${oneLine(description)}` : ''}`);
    lines.push(...contentLines(api, content, ''), '');
  }
  if (op.responses.length) {
    lines.push('Responses:');
    for (const response of op.responses) {
      lines.push(`- ${response.status}: ${oneLine(response.description ?? '')}`);
      if (response.headers.length)
        lines.push(`  - headers: ${response.headers.map((header) => code(header.name)).join(', ')}`);
      lines.push(...contentLines(api, response.content, '  '));
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The whole reference as text, with absolute links to the page and the description. */
export function apiReferenceText(api: ApiModel, urls: Links, introduction?: string): string {
  const out: string[] = [`# ${api.title} reference`, ''];
  out.push(`API version ${api.version}. Reference: ${urls.reference}. OpenAPI description: ${urls.description}.`, '');
  if (api.description) out.push(api.description.trim(), '');
  if (introduction) out.push(introduction.trim(), '');
  if (api.servers.length) {
    out.push('Servers:', ...api.servers.map((s) => `- ${s.url}${s.description ? `: ${s.description}` : ''}`), '');
  }
  if (api.securitySchemes.length) {
    out.push('Authentication schemes:');
    for (const scheme of api.securitySchemes) {
      const kind = [scheme.type, scheme.scheme, scheme.bearerFormat].filter(Boolean).join(', ');
      out.push(`- ${code(scheme.name)} (${kind})${scheme.description ? `: ${oneLine(scheme.description)}` : ''}`);
    }
    out.push('');
  }

  for (const tag of api.tags) {
    out.push(`## ${tag.displayName}`, '');
    if (tag.description) out.push(tag.description.trim(), '');
    for (const op of tag.operations) out.push(operationText(api, op, urls));
  }

  if (api.schemas.length) {
    out.push('## Schemas', '');
    for (const {name, anchor, schema} of api.schemas) {
      out.push(`### ${name}`, '');
      out.push(`Type: ${facts(api, schema).join(', ')}. Reference: ${urls.reference}#${anchor}`, '');
      const description = (schema.description ?? resolveSchema(api, schema).description)?.trim();
      if (description) out.push(description, '');
      const lines = fieldLines(api, schema, '');
      if (lines.length) out.push('Properties:', ...lines, '');
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
