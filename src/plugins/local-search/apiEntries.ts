/**
 * Search entries for the API reference page, made from the API description: the page itself, each tag,
 * each operation and each component schema, each pointing at its anchor on the page, which the
 * reference's own model gives it (src/plugins/api-reference/anchors.ts).
 * The entry shapes are those of @easyops-cn/docusaurus-search-local's index (one list per kind).
 */
import {
  listOperations,
  operationSchemas,
  propertyNames,
  refName,
  type OpenApiDocument,
} from '../api-description/openapi';
import {operationAnchor, schemaAnchor, tagAnchor} from '../api-reference/anchors';

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

/** A page title entry. */
export type TitleEntry = {i: number; t: string; u: string; b: string[]};
/** A section heading entry (h is the "#anchor"). */
export type HeadingEntry = {i: number; t: string; u: string; h: string; p: number};
/** A description entry of a page. */
export type DescriptionEntry = {i: number; t: string; s: string; u: string; p: number};
/** A text entry of a section. */
export type ContentEntry = {i: number; t: string; s: string; u: string; h: string; p: number};

export type ApiSearchEntries = {
  titles: TitleEntry[];
  headings: HeadingEntry[];
  descriptions: DescriptionEntry[];
  contents: ContentEntry[];
};

export function apiSearchEntries(
  api: OpenApiDocument,
  options: {route: string; pageTitle: string; breadcrumb: string[]; firstId: number},
): ApiSearchEntries {
  const {route} = options;
  let nextId = options.firstId;
  const result: ApiSearchEntries = {titles: [], headings: [], descriptions: [], contents: []};
  const pageId = nextId++;
  result.titles.push({i: pageId, t: options.pageTitle, u: route, b: options.breadcrumb});
  const description = plainText(api.info.description);
  if (description) result.descriptions.push({i: pageId, t: description, s: options.pageTitle, u: route, p: pageId});

  const section = (title: string, anchor: string, text: string) => {
    const h = `#${anchor}`;
    result.headings.push({i: nextId++, t: title, u: route, h, p: pageId});
    if (text) result.contents.push({i: nextId++, t: text, s: title, u: route, h, p: pageId});
  };

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
  return result;
}
