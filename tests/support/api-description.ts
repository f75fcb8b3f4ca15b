/**
 * The API description as tests read it: api/synkronus.yaml through the site's own reader, like the
 * build does (rather than copying operation ids or summaries), plus an Ajv validator that checks a
 * value against any of its schemas (OpenAPI 3.0 `nullable` is understood by Ajv 8 itself).
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {listOperations, type OpenApiDocument, type OperationEntry, type Schema} from '../../src/api/openapi';
import {readApiDescription} from '../../src/api/description';
import {API_SPEC_FILE} from '../../site.constants';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const API_SPEC_PATH = path.join(REPO_ROOT, API_SPEC_FILE);

/** The parsed description. Shared with the other tests of the process: do not change it. */
export function loadApiDescription(): OpenApiDocument {
  return readApiDescription(API_SPEC_FILE, REPO_ROOT);
}

export const API = loadApiDescription();

let effectiveFile: string | undefined;

/**
 * ODE's file with its overlay applied, written once per process to a temporary file for the tools that read a
 * file (Prism, Redocly's CLI): ODE's file alone has dangling references, which those tools refuse.
 */
export function effectiveDescriptionFile(): string {
  if (!effectiveFile) {
    effectiveFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'synkronus-description-')), 'synkronus.json');
    writeFileSync(effectiveFile, JSON.stringify(loadApiDescription(), null, 2));
  }
  return effectiveFile;
}

/** The operation at `METHOD /path`, or an error naming what the description lacks. */
export function apiOperation(method: string, apiPath: string): OperationEntry & {operationId: string} {
  const op = listOperations(API).find((o) => o.method === method.toLowerCase() && o.path === apiPath);
  if (!op) throw new Error(`${API_SPEC_FILE} has no operation ${method.toUpperCase()} ${apiPath}`);
  if (!op.operation.operationId)
    throw new Error(`${API_SPEC_FILE}: ${method.toUpperCase()} ${apiPath} has no operationId`);
  return {...op, operationId: op.operation.operationId};
}

/** The component schema `name`, or an error naming what the description lacks. */
export function apiSchema(name: string): Schema {
  const schema = API.components.schemas[name];
  if (!schema) throw new Error(`${API_SPEC_FILE} has no component schema ${name}`);
  return schema;
}

export type SchemaValidator = (schema: Schema, value: unknown) => string[];

/** Returns a function that validates a value against a schema of `doc` (inline or `$ref`) and lists the errors. */
export function schemaValidator(doc: OpenApiDocument): SchemaValidator {
  const ajv = new Ajv({strict: false, allErrors: true});
  addFormats(ajv);
  ajv.addSchema({$id: 'api', components: doc.components});
  return (schema, value) => {
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')) as object;
    const validate = ajv.compile(rebased);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
  };
}

/** Validates a value against a named schema (`components.schemas[name]`). */
export function validateNamed(validate: SchemaValidator, name: string, value: unknown): string[] {
  return validate({$ref: `#/components/schemas/${name}`}, value);
}
