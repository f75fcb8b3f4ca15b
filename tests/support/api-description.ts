/**
 * The API description as tests read it: the parsed document and an Ajv validator that checks a value
 * against any of its schemas (OpenAPI 3.0 `nullable` is understood by Ajv 8 itself).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {load} from 'js-yaml';
import type {OpenApiDocument, Schema} from '../../src/plugins/api-description/openapi';
import {API_SPEC_FILE} from '../../site.constants';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const API_SPEC_PATH = path.join(REPO_ROOT, API_SPEC_FILE);

export function loadApiDescription(): OpenApiDocument {
  return load(readFileSync(API_SPEC_PATH, 'utf8')) as OpenApiDocument;
}

export type SchemaValidator = (schema: Schema, value: unknown) => string[];

/** Returns a function that validates a value against a schema of `doc` (inline or `$ref`) and lists the errors. */
export function schemaValidator(doc: OpenApiDocument): SchemaValidator {
  const ajv = new Ajv({strict: false, allErrors: true});
  addFormats(ajv);
  ajv.addSchema({$id: 'api', components: doc.components});
  return (schema, value) => {
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/'));
    const validate = ajv.compile(rebased);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
  };
}

/** Validates a value against a named schema (`components.schemas[name]`). */
export function validateNamed(validate: SchemaValidator, name: string, value: unknown): string[] {
  return validate({$ref: `#/components/schemas/${name}`}, value);
}
