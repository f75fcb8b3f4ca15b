/**
 * The /api page's props (./page.ts) projected from the API model (./types.ts): texts rendered from
 * CommonMark to HTML, values as the text a reader types or receives, the curl sample and the `synk`
 * command of each call. Node side (micromark renders the texts); a pure function of its inputs.
 */
import {refName, type Schema} from '../openapi';
import {toCurl} from '../curl';
import {SCHEMAS_ANCHOR, sectionAnchor} from '../anchors';
import {renderMarkdown, splitSections} from './markdown';
import {exampleText, valueText} from './values';

export {valueText};
import type {ApiHeader, ApiMedia, ApiModel, ApiOperation, ApiParameter, ApiResponse, ApiTag} from './types';
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
} from './page';

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
  /** The site's own introduction (CommonMark), shown before the calls; the description's own comes first if it has one. */
  introduction?: string | false;
};

/** Heading levels on the page: h1 title, h2 sections, tags and "Schemas", h3 operations and schemas, h4 their parts. */
const PROSE_IN_SECTION = {topHeading: 3};
const PROSE_IN_OPERATION = {topHeading: 5};

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

function mediaModels(content: ApiMedia[]): MediaModel[] {
  return content.map((media) => {
    const model: MediaModel = {mediaType: media.mediaType};
    if (media.schema) model.schema = schemaNode(media.schema);
    if (media.example !== undefined) model.example = exampleText(media.mediaType, media.example);
    put(model, 'siteExample', media.siteExample);
    put(model, 'encoding', media.encoding);
    return model;
  });
}

function parameterModel(parameter: ApiParameter): ParameterModel {
  const model: ParameterModel = {name: parameter.name, in: parameter.in};
  put(model, 'required', parameter.required || undefined);
  put(model, 'deprecated', parameter.deprecated || undefined);
  put(model, 'description', renderMarkdown(parameter.description, PROSE_IN_OPERATION));
  if (parameter.schema) model.schema = schemaNode(parameter.schema);
  if (parameter.example !== undefined) model.example = valueText(parameter.example);
  put(model, 'siteExample', parameter.siteExample);
  return model;
}

function headerModel(header: ApiHeader): HeaderModel {
  const model: HeaderModel = {name: header.name};
  put(model, 'required', header.required || undefined);
  put(model, 'description', renderMarkdown(header.description, PROSE_IN_OPERATION));
  if (header.schema) model.schema = schemaNode(header.schema);
  // As sent on the wire: a string example is the header's value itself.
  if (header.example !== undefined) model.example = valueText(header.example);
  return model;
}

function responseModel(response: ApiResponse): ResponseModel {
  const model: ResponseModel = {status: response.status};
  put(model, 'reason', response.reason);
  put(model, 'description', renderMarkdown(response.description, PROSE_IN_OPERATION));
  put(model, 'headers', response.headers.map(headerModel));
  put(model, 'content', mediaModels(response.content));
  return model;
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

function operationModel(op: ApiOperation, options: BuildOptions): OperationModel {
  if (!op.sample) throw new Error(op.sampleProblem);
  const model: OperationModel = {
    anchor: op.anchor,
    method: op.method.toUpperCase(),
    path: op.path,
    summary: op.summary ?? op.operationId ?? `${op.method.toUpperCase()} ${op.path}`,
    responses: op.responses.map(responseModel),
    curl: toCurl(op.sample),
  };
  put(model, 'legacyAnchor', op.legacyAnchor);
  put(model, 'operationId', op.operationId);
  put(model, 'description', renderMarkdown(op.description, PROSE_IN_OPERATION));
  put(model, 'deprecated', op.deprecated || undefined);
  put(model, 'isPublic', op.isPublic || undefined);
  put(model, 'security', op.security);
  put(model, 'roles', op.roles);
  put(model, 'rolesUnspecified', op.rolesUnspecified);
  put(model, 'parameters', op.parameters.map(parameterModel));
  if (op.requestBody) {
    model.requestBody = {content: mediaModels(op.requestBody.content)};
    put(model.requestBody, 'required', op.requestBody.required || undefined);
    put(model.requestBody, 'description', renderMarkdown(op.requestBody.description, PROSE_IN_OPERATION));
  }
  put(model, 'synk', synkCommand(options, op.operationId));
  return model;
}

function tagModel(tag: ApiTag, options: BuildOptions): TagModel {
  const model: TagModel = {
    name: tag.displayName,
    anchor: tag.anchor,
    operations: tag.operations.map((op) => operationModel(op, options)),
  };
  put(model, 'description', renderMarkdown(tag.description, PROSE_IN_SECTION));
  return model;
}

/** The props of the whole reference page. */
export function buildReferenceModel(api: ApiModel, options: BuildOptions): ApiReferenceModel {
  const {lead, sections} = splitSections(
    [api.description, options.introduction].filter((text): text is string => Boolean(text)).join('\n\n') || undefined,
  );
  const model: ApiReferenceModel = {
    title: api.title,
    version: api.version,
    openapi: api.openapi,
    downloadUrl: options.downloadUrl,
    sections: sections.map(({title, body}) => ({
      title,
      anchor: sectionAnchor(title),
      html: renderMarkdown(body, PROSE_IN_SECTION) ?? '',
    })),
    servers: api.servers.map((server) => {
      const model: ApiReferenceModel['servers'][number] = {url: server.url};
      put(model, 'description', renderMarkdown(server.description, PROSE_IN_OPERATION));
      put(
        model,
        'variables',
        server.variables.map((variable) => {
          const entry: NonNullable<ApiReferenceModel['servers'][number]['variables']>[number] = {
            name: variable.name,
            default: variable.default,
          };
          put(entry, 'description', renderMarkdown(variable.description, PROSE_IN_OPERATION));
          return entry;
        }),
      );
      return model;
    }),
    securitySchemes: api.securitySchemes.map((scheme) => {
      const model: ApiReferenceModel['securitySchemes'][number] = {name: scheme.name, type: scheme.type};
      put(model, 'scheme', scheme.scheme);
      put(model, 'bearerFormat', scheme.bearerFormat);
      put(model, 'description', renderMarkdown(scheme.description, PROSE_IN_OPERATION));
      return model;
    }),
    tags: api.tags.map((tag) => tagModel(tag, options)),
    schemasAnchor: SCHEMAS_ANCHOR,
    schemas: api.schemas.map(({name, anchor, schema}) => ({name, anchor, schema: schemaNode(schema)})),
  };
  put(model, 'lead', renderMarkdown(lead, PROSE_IN_SECTION));
  if (api.license) model.license = api.license;
  return model;
}
