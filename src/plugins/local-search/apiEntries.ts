/**
 * The search sections of the API reference page, made from the API description: the page itself, then each
 * tag, each operation and each component schema, each at its anchor on the page, which the reference's own
 * model gives it (src/plugins/api-reference/anchors.ts).
 */
import {
  listOperations,
  operationSchemas,
  propertyNames,
  refName,
  type OpenApiDocument,
} from '../api-description/openapi';
import {operationAnchor, schemaAnchor, tagAnchor} from '../api-reference/anchors';
import type {SearchPage, SearchSection} from './buildIndex';

/** Plain text from the CommonMark of a description: no markup, one line. */
function plainText(markdown: string | undefined): string {
  return (markdown ?? '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*#>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function apiSearchPage(api: OpenApiDocument, options: {route: string; context: string}): SearchPage {
  const sections: SearchSection[] = [{hash: '', title: api.info.title, text: plainText(api.info.description)}];
  const section = (title: string, anchor: string, text: string) => sections.push({hash: `#${anchor}`, title, text});

  for (const tag of api.tags ?? []) {
    section(tag['x-displayName'] ?? tag.name, tagAnchor(tag.name), plainText(tag.description));
  }

  for (const op of listOperations(api)) {
    const {method, path, operation} = op;
    const verbPath = `${method.toUpperCase()} ${path}`;
    const title = operation.summary ?? operation.operationId ?? verbPath;
    const anchor = operationAnchor({method, path, operationId: operation.operationId});
    const parameters = op.parameters.map((p) => `${p.name} ${plainText(p.description)}`);
    const schemas = operationSchemas(api, operation);
    const schemaNames = schemas.filter((s) => s.$ref).map((s) => refName(s.$ref!));
    const fields = schemas.flatMap((s) => propertyNames(api, s));
    const text = [
      verbPath,
      operation.operationId,
      plainText(operation.description),
      ...parameters,
      ...new Set([...schemaNames, ...fields]),
    ]
      .filter(Boolean)
      .join(' ');
    section(title, anchor, text);
  }

  for (const [name, schema] of Object.entries(api.components?.schemas ?? {})) {
    const anchor = schemaAnchor(name);
    const own = Object.entries(schema.properties ?? {});
    const nested = propertyNames(api, schema).filter((property) => !schema.properties?.[property]);
    const text = [
      schema.title,
      plainText(schema.description),
      ...own.map(([property, value]) => `${property} ${plainText(value.description)}`),
      ...nested,
    ]
      .filter(Boolean)
      .join(' ');
    section(name, anchor, text);
  }
  return {url: options.route, title: api.info.title, context: options.context, sections};
}
