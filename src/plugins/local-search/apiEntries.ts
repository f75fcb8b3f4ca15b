/**
 * The search sections of the API reference page, projected from the API model (src/api/model/types.ts):
 * the page itself, then each tag, each operation and each component schema, each at the anchor the model
 * gives it on the page.
 */
import {refName} from '../../api/openapi';
import {propertyNames} from '../../api/model/schemas';
import type {ApiModel} from '../../api/model/types';
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

export function apiSearchPage(
  api: ApiModel,
  options: {route: string; context: string; introduction?: string},
): SearchPage {
  const lead = [api.description, options.introduction?.split(/^## /m)[0]].map(plainText).join(' ').trim();
  const sections: SearchSection[] = [{hash: '', title: api.title, text: lead}];
  const section = (title: string, anchor: string, text: string) => sections.push({hash: `#${anchor}`, title, text});

  for (const tag of api.tags) section(tag.displayName, tag.anchor, plainText(tag.description));

  for (const op of api.operations) {
    const verbPath = `${op.method.toUpperCase()} ${op.path}`;
    const title = op.summary ?? op.operationId ?? verbPath;
    const parameters = op.parameters.map((p) => `${p.name} ${plainText(p.description)}`);
    const schemas = [...(op.requestBody?.content ?? []), ...op.responses.flatMap((response) => response.content)]
      .map((media) => media.schema)
      .filter((schema) => schema !== undefined);
    const schemaNames = schemas.filter((s) => s.$ref).map((s) => refName(s.$ref!));
    const fields = schemas.flatMap((s) => propertyNames(api, s));
    const text = [
      verbPath,
      op.operationId,
      plainText(op.description),
      ...parameters,
      ...new Set([...schemaNames, ...fields]),
    ]
      .filter(Boolean)
      .join(' ');
    section(title, op.anchor, text);
  }

  for (const {name, anchor, schema} of api.schemas) {
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
  return {url: options.route, title: api.title, context: options.context, sections};
}
