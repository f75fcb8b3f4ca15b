/**
 * Builds the model of the API reference page (./model.ts) from the parsed API description, with the
 * site's OpenAPI model (listOperations, resolveRef…), its curl samples and the `synk` command table.
 * Node only (HTTP reason phrases come from node:http); a pure function of its inputs otherwise.
 */
import {STATUS_CODES} from 'node:http';
import {
  listOperations,
  refName,
  resolveRef,
  type Header,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type Schema,
} from '../api-description/openapi';
import {requestSample, toCurl} from '../api-description/code-samples';
import {
  legacyOperationAnchor,
  operationAnchor,
  SCHEMAS_ANCHOR,
  schemaAnchor,
  sectionAnchor,
  tagAnchor,
} from './anchors';
import {renderMarkdown, splitSections} from './markdown';
import type {
  ApiReferenceModel,
  HeaderModel,
  MediaModel,
  OperationModel,
  ParameterModel,
  PropertyModel,
  ResponseModel,
  SchemaNode,
  SynkCommandModel,
  TagModel,
  Value,
} from './model';

/** The part of data/synk-commands.json read here. */
export type SynkCommands = {
  binary: string;
  commands: {command: string; args: string; operationId?: string; note?: string}[];
};

export type BuildOptions = {
  /** Where the site serves the description for download. */
  downloadUrl: string;
  /** The `synk` command table, and the page that documents it (each command's row is `#synk-<words>`). */
  synk?: {data: SynkCommands; page: string};
};

/** The group of operations without a tag. */
const UNTAGGED = 'Other operations';

/** Heading levels on the page: h1 title, h2 sections, tags and "Schemas", h3 operations and schemas, h4 their parts. */
const PROSE_IN_SECTION = {topHeading: 3};
const PROSE_IN_OPERATION = {topHeading: 5};

/** A value as text: strings as they are, anything else as compact JSON. */
export function valueText(value: unknown): Value {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const isJsonMediaType = (mediaType: string) => /^application\/(.+\+)?json\b/.test(mediaType);

/** An example body as it is sent: JSON pretty-printed for JSON media types, a string as it is otherwise. */
function exampleText(mediaType: string, value: unknown): Value {
  return isJsonMediaType(mediaType) ? JSON.stringify(value, null, 2) : valueText(value);
}

/** Copies `value` under `key` when it is set (and, for booleans, true), so the model carries no empty fields. */
function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | false | undefined | null): void {
  if (value === undefined || value === null || value === false) return;
  if (Array.isArray(value) && value.length === 0) return;
  target[key] = value;
}

/** The tree of a schema; references stay references (their content is in the model's `schemas`). */
export function schemaNode(schema: Schema): SchemaNode {
  // In OpenAPI 3.0, the siblings of a $ref are ignored.
  if (schema.$ref) return {ref: refName(schema.$ref)};
  const node: SchemaNode = {};
  put(node, 'type', schema.type);
  put(node, 'format', schema.format);
  put(node, 'title', schema.title);
  put(node, 'description', renderMarkdown(schema.description, PROSE_IN_OPERATION));
  put(node, 'nullable', schema.nullable === true || undefined);
  put(node, 'readOnly', schema.readOnly === true || undefined);
  put(node, 'writeOnly', schema.writeOnly === true || undefined);
  put(node, 'deprecated', schema.deprecated === true || undefined);
  put(node, 'enum', schema.enum?.map(valueText));
  if (schema.default !== undefined) node.default = valueText(schema.default);
  if (schema.example !== undefined) node.example = valueText(schema.example);
  put(node, 'minimum', schema.minimum);
  put(node, 'maximum', schema.maximum);
  put(node, 'exclusiveMinimum', schema.exclusiveMinimum === true || undefined);
  put(node, 'exclusiveMaximum', schema.exclusiveMaximum === true || undefined);
  put(node, 'multipleOf', schema.multipleOf);
  put(node, 'minLength', schema.minLength);
  put(node, 'maxLength', schema.maxLength);
  put(node, 'pattern', schema.pattern);
  put(node, 'minItems', schema.minItems);
  put(node, 'maxItems', schema.maxItems);
  put(node, 'uniqueItems', schema.uniqueItems === true || undefined);
  put(node, 'minProperties', schema.minProperties);
  put(node, 'maxProperties', schema.maxProperties);
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    node.properties = Object.entries(schema.properties).map(([name, property]) => {
      const model: PropertyModel = {name, schema: schemaNode(property)};
      if (required.has(name)) model.required = true;
      return model;
    });
  }
  if (schema.additionalProperties === true) node.additionalProperties = true;
  else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    node.additionalProperties = schemaNode(schema.additionalProperties);
  }
  if (schema.items) node.items = schemaNode(schema.items);
  put(node, 'allOf', schema.allOf?.map(schemaNode));
  put(node, 'oneOf', schema.oneOf?.map(schemaNode));
  put(node, 'anyOf', schema.anyOf?.map(schemaNode));
  return node;
}

/** The example of a body: the documented one, else the example of the schema it refers to. */
function mediaExample(doc: OpenApiDocument, media: MediaType): unknown {
  if (media.example !== undefined) return media.example;
  return media.schema ? resolveRef(doc, media.schema).example : undefined;
}

function mediaModels(doc: OpenApiDocument, content: Record<string, MediaType> | undefined): MediaModel[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const model: MediaModel = {mediaType};
    if (media.schema) model.schema = schemaNode(media.schema);
    const example = mediaExample(doc, media);
    if (example !== undefined) model.example = exampleText(mediaType, example);
    const encoding = Object.entries(media.encoding ?? {}).flatMap(([field, {contentType}]) =>
      contentType ? [{field, contentType}] : [],
    );
    put(model, 'encoding', encoding);
    return model;
  });
}

function parameterModel(parameter: Parameter): ParameterModel {
  const model: ParameterModel = {name: parameter.name, in: parameter.in};
  put(model, 'required', parameter.required === true || undefined);
  put(model, 'deprecated', parameter.deprecated === true || undefined);
  put(model, 'description', renderMarkdown(parameter.description, PROSE_IN_OPERATION));
  if (parameter.schema) model.schema = schemaNode(parameter.schema);
  const example = parameter.example ?? parameter.schema?.example;
  if (example !== undefined) model.example = valueText(example);
  return model;
}

function headerModel(doc: OpenApiDocument, name: string, raw: Header): HeaderModel {
  const header = resolveRef(doc, raw);
  const model: HeaderModel = {name};
  put(model, 'required', header.required === true || undefined);
  put(model, 'description', renderMarkdown(header.description, PROSE_IN_OPERATION));
  if (header.schema) model.schema = schemaNode(header.schema);
  // As sent on the wire: a string example is the header's value itself.
  const example = header.example ?? header.schema?.example;
  if (example !== undefined) model.example = valueText(example);
  return model;
}

function responseModels(doc: OpenApiDocument, entry: OperationEntry): ResponseModel[] {
  return Object.entries(entry.operation.responses).map(([status, raw]) => {
    const response = resolveRef(doc, raw);
    const model: ResponseModel = {status};
    put(model, 'reason', STATUS_CODES[status]);
    put(model, 'description', renderMarkdown(response.description, PROSE_IN_OPERATION));
    put(
      model,
      'headers',
      Object.entries(response.headers ?? {}).map(([name, header]) => headerModel(doc, name, header)),
    );
    put(model, 'content', mediaModels(doc, response.content));
    return model;
  });
}

/** The `synk` command that makes the operation's call, if the command table names one. */
function synkCommand(options: BuildOptions, operationId: string | undefined): SynkCommandModel | undefined {
  if (!operationId || !options.synk) return undefined;
  const {data, page} = options.synk;
  const command = data.commands.find((c) => c.operationId === operationId);
  if (!command) return undefined;
  const model: SynkCommandModel = {
    usage: [data.binary, command.command, command.args].filter(Boolean).join(' '),
    // The row anchor of src/components/SynkCommandTable.
    href: `${page}#synk-${command.command.replace(/\s+/g, '-')}`,
  };
  put(model, 'note', command.note);
  return model;
}

/**
 * The description without its "Roles: …" paragraph: the page states an operation's roles once, in its
 * access facts, from `x-roles` and `x-roles-unspecified` (tests/unit/api-contract.spec.ts keeps the words
 * and those lists in agreement).
 */
function withoutRolesParagraph(description: string | undefined): string | undefined {
  if (description === undefined) return undefined;
  const paragraphs = description.split(/\n[ \t]*\n/).filter((paragraph) => !/^Roles:/.test(paragraph.trimStart()));
  return paragraphs.length ? paragraphs.join('\n\n') : undefined;
}

function operationModel(doc: OpenApiDocument, entry: OperationEntry, options: BuildOptions): OperationModel {
  const {operation, method, path} = entry;
  const op = {method, path, operationId: operation.operationId};
  const model: OperationModel = {
    anchor: operationAnchor(op),
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? operation.operationId ?? `${method.toUpperCase()} ${path}`,
    responses: responseModels(doc, entry),
    curl: toCurl(requestSample(doc, entry)),
  };
  const firstTag = operation.tags?.[0];
  if (firstTag) model.legacyAnchor = legacyOperationAnchor(firstTag, op);
  put(model, 'operationId', operation.operationId);
  put(model, 'description', renderMarkdown(withoutRolesParagraph(operation.description), PROSE_IN_OPERATION));
  put(model, 'deprecated', operation.deprecated === true || undefined);
  put(model, 'isPublic', entry.isPublic || undefined);
  put(model, 'security', entry.security);
  put(model, 'roles', entry.roles);
  put(model, 'rolesUnspecified', entry.rolesUnspecified);
  put(model, 'parameters', entry.parameters.map(parameterModel));
  if (operation.requestBody) {
    const body = resolveRef(doc, operation.requestBody);
    model.requestBody = {content: mediaModels(doc, body.content)};
    put(model.requestBody, 'required', body.required === true || undefined);
    put(model.requestBody, 'description', renderMarkdown(body.description, PROSE_IN_OPERATION));
  }
  put(model, 'synk', synkCommand(options, operation.operationId));
  return model;
}

/** The operations grouped by their first tag: the description's tags in its order, then any other tag, then the untagged. */
function tagModels(doc: OpenApiDocument, options: BuildOptions): TagModel[] {
  const operations = listOperations(doc);
  const names = (doc.tags ?? []).map((tag) => tag.name);
  for (const op of operations) for (const tag of op.operation.tags ?? []) if (!names.includes(tag)) names.push(tag);
  const groups = names.map((name) => ({name, entries: operations.filter((op) => op.operation.tags?.[0] === name)}));
  const untagged = operations.filter((op) => !op.operation.tags?.length);
  if (untagged.length) groups.push({name: UNTAGGED, entries: untagged});
  return groups
    .filter((group) => group.entries.length > 0)
    .map(({name, entries}) => {
      const tag = doc.tags?.find((t) => t.name === name);
      const model: TagModel = {
        name: tag?.['x-displayName'] ?? name,
        anchor: tagAnchor(name),
        operations: entries.map((entry) => operationModel(doc, entry, options)),
      };
      put(model, 'description', renderMarkdown(tag?.description, PROSE_IN_SECTION));
      return model;
    });
}

/** The model of the whole reference page. */
export function buildReferenceModel(doc: OpenApiDocument, options: BuildOptions): ApiReferenceModel {
  const {lead, sections} = splitSections(doc.info.description);
  const model: ApiReferenceModel = {
    title: doc.info.title,
    version: doc.info.version,
    openapi: doc.openapi,
    downloadUrl: options.downloadUrl,
    sections: sections.map(({title, body}) => ({
      title,
      anchor: sectionAnchor(title),
      html: renderMarkdown(body, PROSE_IN_SECTION) ?? '',
    })),
    servers: (doc.servers ?? []).map((server) => {
      const model: ApiReferenceModel['servers'][number] = {url: server.url};
      put(model, 'description', renderMarkdown(server.description, PROSE_IN_OPERATION));
      put(
        model,
        'variables',
        Object.entries(server.variables ?? {}).map(([name, variable]) => {
          const entry: NonNullable<ApiReferenceModel['servers'][number]['variables']>[number] = {
            name,
            default: variable.default,
          };
          put(entry, 'description', renderMarkdown(variable.description, PROSE_IN_OPERATION));
          return entry;
        }),
      );
      return model;
    }),
    securitySchemes: Object.entries(doc.components.securitySchemes ?? {}).map(([name, scheme]) => {
      const model: ApiReferenceModel['securitySchemes'][number] = {name, type: scheme.type};
      put(model, 'scheme', scheme.scheme);
      put(model, 'bearerFormat', scheme.bearerFormat);
      put(model, 'description', renderMarkdown(scheme.description, PROSE_IN_OPERATION));
      return model;
    }),
    tags: tagModels(doc, options),
    schemasAnchor: SCHEMAS_ANCHOR,
    schemas: Object.entries(doc.components.schemas ?? {}).map(([name, schema]) => ({
      name,
      anchor: schemaAnchor(name),
      schema: schemaNode(schema),
    })),
  };
  put(model, 'lead', renderMarkdown(lead, PROSE_IN_SECTION));
  if (doc.info.license) model.license = doc.info.license;
  return model;
}
