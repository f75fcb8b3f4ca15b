/**
 * The contract of the in-browser Synkronus (packages/synkronus-mock/src/contract.ts) projected from the API model
 * (./types.ts): operations, parameters, request bodies and their examples, roles, statuses, and every
 * schema as JSON Schema (`toJsonSchema`). A pure function of the model, safe in any runtime.
 */
import {refName, type Schema} from '../openapi';
import type {
  Contract,
  ContractBody,
  ContractOperation,
  ContractParameter,
  JsonSchema,
} from 'synkronus-mock/src/contract';
import {fieldsExample} from './schemas';
import type {ApiModel} from './types';
import {exampleText, valueText} from './values';

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
  // Not a check: the value the engine takes for a parameter left out (a pull's `limit`).
  'default',
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

/**
 * The contract of every operation of the model, in the description's order, with `reasonPhrases` (node:http's
 * STATUS_CODES, passed in to keep this function free of Node) for the statuses the description does not list.
 */
export function buildContract(api: ApiModel, reasonPhrases: Record<string, string | undefined>): Contract {
  const operations = api.operations.map((op): ContractOperation => {
    const {operationId, method, path} = op;
    if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId: the API console needs one`);
    const parameters = op.parameters.map((parameter): ContractParameter => {
      const model: ContractParameter = {name: parameter.name, in: parameter.in};
      if (parameter.required) model.required = true;
      if (parameter.schema) model.schema = toJsonSchema(parameter.schema);
      if (parameter.example !== undefined) model.example = valueText(parameter.example);
      return model;
    });
    const model: ContractOperation = {
      operationId,
      method: method.toUpperCase(),
      path,
      summary: op.summary ?? operationId,
      anchor: op.anchor,
      roles: op.roles,
      parameters,
      responses: op.responses.map((response) => {
        const mediaType = response.content[0]?.mediaType;
        // The engine answers a success it cannot compute (the versions of GET /version) with the file's examples.
        const example = response.content[0]?.example ?? fieldsExample(api, response.content[0]?.schema);
        const schema = response.content[0]?.schema?.$ref;
        return {
          status: response.status,
          ...(response.reason ? {reason: response.reason} : {}),
          ...(mediaType ? {mediaType} : {}),
          ...(schema ? {schema: refName(schema)} : {}),
          ...(example !== undefined && mediaType === 'application/json' ? {example} : {}),
          ...(response.headers.length ? {headers: response.headers.map((header) => header.name)} : {}),
        };
      }),
    };
    if (op.isPublic) model.isPublic = true;
    if (op.rolesUnspecified.length) model.rolesUnspecified = op.rolesUnspecified;
    if (op.requestBody) {
      const media = op.requestBody.content[0];
      const body: ContractBody = {mediaType: media.mediaType};
      if (op.requestBody.required) body.required = true;
      if (media.schema) {
        body.schema = toJsonSchema(media.schema);
        if (media.files.length) body.files = media.files;
      }
      if (media.example !== undefined) body.example = exampleText(media.mediaType, media.example);
      model.body = body;
    }
    return model;
  });
  return {
    title: api.title,
    version: api.version,
    operations,
    schemas: Object.fromEntries(api.schemas.map(({name, schema}) => [name, toJsonSchema(schema)])),
    reasons: Object.fromEntries(
      Object.entries(reasonPhrases).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
  };
}
