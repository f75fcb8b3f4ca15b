/**
 * Builds the contract of the in-browser Synkronus (src/api/synkronus/contract.ts) from the parsed API
 * description, through the site's one OpenAPI model (listOperations, resolveRef): operations,
 * parameters, request bodies and their examples, roles, statuses and every component schema as JSON
 * Schema. Node only (reason phrases from node:http); a pure function of the description otherwise.
 */
import {STATUS_CODES} from 'node:http';
import {
  listOperations,
  refName,
  resolveRef,
  type MediaType,
  type OpenApiDocument,
  type Schema,
} from '../api-description/openapi';
import {operationAnchor} from '../api-reference/anchors';
import type {
  Contract,
  ContractBody,
  ContractOperation,
  ContractParameter,
  JsonSchema,
} from '../../api/synkronus/contract';

const isJson = (mediaType: string) => /^application\/(.+\+)?json\b/.test(mediaType);
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Keywords copied as they are from an OpenAPI 3.0 schema into JSON Schema. */
const COPIED = [
  'type',
  'format',
  'enum',
  'required',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const;

/**
 * An OpenAPI 3.0 schema as JSON Schema 2019-09: `nullable` becomes a `null` type, the boolean
 * `exclusiveMinimum`/`exclusiveMaximum` become numbers, references point at `#/$defs/<Name>`, and
 * what does not validate (descriptions, examples, the `binary` format of files) is left out.
 */
export function toJsonSchema(schema: Schema): JsonSchema {
  if (schema.$ref) return {$ref: `#/$defs/${refName(schema.$ref)}`};
  const out: JsonSchema = {};
  for (const keyword of COPIED) if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  if (out.format === 'binary') delete out.format;
  if (schema.exclusiveMinimum && schema.minimum !== undefined) {
    out.exclusiveMinimum = schema.minimum;
    delete out.minimum;
  }
  if (schema.exclusiveMaximum && schema.maximum !== undefined) {
    out.exclusiveMaximum = schema.maximum;
    delete out.maximum;
  }
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, toJsonSchema(property)]),
    );
  }
  if (schema.items) out.items = toJsonSchema(schema.items);
  if (typeof schema.additionalProperties === 'boolean') out.additionalProperties = schema.additionalProperties;
  else if (schema.additionalProperties) out.additionalProperties = toJsonSchema(schema.additionalProperties);
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const)
    if (schema[keyword]) out[keyword] = schema[keyword].map(toJsonSchema);
  if (!schema.nullable) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  }
  return {anyOf: [{type: 'null'}, out]};
}

function mediaExample(doc: OpenApiDocument, mediaType: string, media: MediaType): string | undefined {
  const example = media.example ?? (media.schema ? resolveRef(doc, media.schema).example : undefined);
  if (example === undefined) return undefined;
  return isJson(mediaType) ? JSON.stringify(example, null, 2) : text(example);
}

/** The contract of every operation of the description, in its order. */
export function buildContract(doc: OpenApiDocument): Contract {
  const operations = listOperations(doc).map((entry): ContractOperation => {
    const {operation, method, path} = entry;
    const operationId = operation.operationId;
    if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId: the API console needs one`);
    const parameters = entry.parameters.map((parameter): ContractParameter => {
      const model: ContractParameter = {name: parameter.name, in: parameter.in};
      if (parameter.required) model.required = true;
      if (parameter.schema) model.schema = toJsonSchema(parameter.schema);
      const example = parameter.example ?? parameter.schema?.example;
      if (example !== undefined) model.example = text(example);
      return model;
    });
    const model: ContractOperation = {
      operationId,
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? operationId,
      anchor: operationAnchor({method, path, operationId}),
      roles: entry.roles,
      parameters,
      responses: Object.entries(operation.responses).map(([status, raw]) => {
        const response = resolveRef(doc, raw);
        const mediaType = Object.keys(response.content ?? {})[0];
        return {
          status,
          ...(STATUS_CODES[status] ? {reason: STATUS_CODES[status]} : {}),
          ...(mediaType ? {mediaType} : {}),
          ...(response.headers ? {headers: Object.keys(response.headers)} : {}),
        };
      }),
    };
    if (entry.isPublic) model.isPublic = true;
    if (entry.rolesUnspecified.length) model.rolesUnspecified = entry.rolesUnspecified;
    if (operation.requestBody) {
      const requestBody = resolveRef(doc, operation.requestBody);
      const [mediaType, media] = Object.entries(requestBody.content)[0];
      const body: ContractBody = {mediaType};
      if (requestBody.required) body.required = true;
      if (media.schema) {
        body.schema = toJsonSchema(media.schema);
        const resolved = resolveRef(doc, media.schema);
        const files = Object.entries(resolved.properties ?? {}).filter(
          ([, property]) => resolveRef(doc, property).format === 'binary',
        );
        if (files.length) body.files = files.map(([name]) => name);
      }
      const example = mediaExample(doc, mediaType, media);
      if (example !== undefined) body.example = example;
      model.body = body;
    }
    return model;
  });
  return {
    title: doc.info.title,
    version: doc.info.version,
    operations,
    schemas: Object.fromEntries(
      Object.entries(doc.components.schemas ?? {}).map(([name, schema]) => [name, toJsonSchema(schema)]),
    ),
  };
}
