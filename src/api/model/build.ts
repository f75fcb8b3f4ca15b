/**
 * `buildApiModel(doc)`: the one walk of the parsed API description, made once per build (./types.ts says
 * what the model holds). Every other part of the site reads the model, never the description: a rule of
 * the description (which parameter wins, which example counts, who may call) is decided here, once.
 * A pure function of the description; Node only, for the HTTP reason phrases of node:http.
 */
import {STATUS_CODES} from 'node:http';
import {legacyOperationAnchor, operationAnchor, schemaAnchor, tagAnchor} from '../anchors';
import {requestSample} from '../curl';
import {
  listOperations,
  resolveRef,
  type Header,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
} from '../openapi';
import {sectionOf} from '../sections';
import {REQUEST_EXAMPLES, type RequestExample} from '../request-examples';
import type {ApiHeader, ApiMedia, ApiModel, ApiOperation, ApiParameter, ApiSchema, ApiTag} from './types';

/** The group of the operations in none of the site's sections. */
export const UNTAGGED = 'Other operations';

/**
 * Each media type of a body; its example is the documented one, else the example of the schema it refers to,
 * else, for a JSON request body, the site's own (`siteExample`).
 */
function mediaModels(
  doc: OpenApiDocument,
  content: Record<string, MediaType> | undefined,
  siteExample?: unknown,
): ApiMedia[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const resolved = media.schema && resolveRef(doc, media.schema);
    const model: ApiMedia = {
      mediaType,
      encoding: Object.entries(media.encoding ?? {}).flatMap(([field, {contentType}]) =>
        contentType ? [{field, contentType}] : [],
      ),
      files: Object.entries(resolved?.properties ?? {})
        .filter(([, property]) => resolveRef(doc, property).format === 'binary')
        .map(([name]) => name),
    };
    if (media.schema) model.schema = media.schema;
    const example = media.example ?? resolved?.example;
    if (example !== undefined) model.example = example;
    else if (siteExample !== undefined && mediaType === 'application/json') {
      model.example = siteExample;
      model.siteExample = true;
    }
    return model;
  });
}

function parameterModel(parameter: Parameter, site: RequestExample): ApiParameter {
  const model: ApiParameter = {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required === true,
    deprecated: parameter.deprecated === true,
  };
  if (parameter.description !== undefined) model.description = parameter.description;
  if (parameter.schema) model.schema = parameter.schema;
  const example = parameter.example ?? parameter.schema?.example;
  const siteExample = site.parameters?.[parameter.name];
  if (example !== undefined) model.example = example;
  else if (siteExample !== undefined) {
    model.example = siteExample;
    model.siteExample = true;
  }
  return model;
}

function headerModel(doc: OpenApiDocument, name: string, raw: Header): ApiHeader {
  const header = resolveRef(doc, raw);
  const model: ApiHeader = {name, required: header.required === true};
  if (header.description !== undefined) model.description = header.description;
  if (header.schema) model.schema = header.schema;
  const example = header.example ?? header.schema?.example;
  if (example !== undefined) model.example = example;
  return model;
}

function operationModel(doc: OpenApiDocument, entry: OperationEntry): ApiOperation {
  const {operation, method, path} = entry;
  const op = {method, path, operationId: operation.operationId};
  const site = REQUEST_EXAMPLES[operation.operationId ?? ''] ?? {};
  const model: ApiOperation = {
    anchor: operationAnchor(op),
    method,
    path,
    tags: operation.tags ?? [],
    deprecated: operation.deprecated === true,
    isPublic: entry.isPublic,
    security: entry.security,
    roles: entry.roles,
    rolesUnspecified: entry.rolesUnspecified,
    parameters: entry.parameters.map((parameter) => parameterModel(parameter, site)),
    responses: Object.entries(operation.responses).map(([status, raw]) => {
      const response = resolveRef(doc, raw);
      return {
        status,
        ...(STATUS_CODES[status] ? {reason: STATUS_CODES[status]} : {}),
        ...(response.description !== undefined ? {description: response.description} : {}),
        headers: Object.entries(response.headers ?? {}).map(([name, header]) => headerModel(doc, name, header)),
        content: mediaModels(doc, response.content),
      };
    }),
  };
  try {
    model.sample = requestSample(doc, entry);
  } catch (error) {
    model.sampleProblem = (error as Error).message;
  }
  const firstTag = operation.tags?.[0];
  if (firstTag) model.legacyAnchor = legacyOperationAnchor(firstTag, op);
  if (operation.operationId) model.operationId = operation.operationId;
  if (operation.summary !== undefined) model.summary = operation.summary;
  if (operation.description !== undefined) model.description = operation.description;
  if (operation.requestBody) {
    const body = resolveRef(doc, operation.requestBody);
    model.requestBody = {required: body.required === true, content: mediaModels(doc, body.content, site.body)};
    if (body.description !== undefined) model.requestBody.description = body.description;
  }
  return model;
}

/** The operations in the site's sections (../sections.ts), in the order their first call comes in the description. */
function sectionGroups(operations: ApiOperation[]): ApiTag[] {
  const groups = new Map<string, ApiTag>();
  for (const op of operations) {
    const section = sectionOf(op.path);
    const name = section?.name ?? UNTAGGED;
    let group = groups.get(name);
    if (!group) {
      group = {name, displayName: name, anchor: tagAnchor(name), operations: []};
      if (section) group.description = section.description;
      groups.set(name, group);
    }
    group.operations.push(op);
  }
  return [...groups.values()];
}

/** The model of the description; a description it cannot hold (a path parameter without an example…) throws. */
export function buildApiModel(doc: OpenApiDocument): ApiModel {
  const operations = listOperations(doc).map((entry) => operationModel(doc, entry));
  const schemas: ApiSchema[] = Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    anchor: schemaAnchor(name),
    schema,
  }));
  const model: ApiModel = {
    title: doc.info.title,
    version: doc.info.version,
    openapi: doc.openapi,
    servers: (doc.servers ?? []).map((server) => ({
      url: server.url,
      ...(server.description !== undefined ? {description: server.description} : {}),
      variables: Object.entries(server.variables ?? {}).map(([name, variable]) => ({
        name,
        default: variable.default,
        ...(variable.description !== undefined ? {description: variable.description} : {}),
      })),
    })),
    securitySchemes: Object.entries(doc.components?.securitySchemes ?? {}).map(([name, scheme]) => ({name, ...scheme})),
    operations,
    tags: sectionGroups(operations),
    declaredTags: (doc.tags ?? []).map((tag) => ({
      name: tag.name,
      displayName: tag['x-displayName'] ?? tag.name,
      anchor: tagAnchor(tag.name),
      ...(tag.description !== undefined ? {description: tag.description} : {}),
    })),
    schemas,
  };
  if (doc.info.description !== undefined) model.description = doc.info.description;
  if (doc.info.license) model.license = doc.info.license;
  return model;
}
