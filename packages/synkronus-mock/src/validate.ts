/**
 * Validation of values against the contract's JSON Schemas with @cfworker/json-schema: a small,
 * maintained validator that interprets schemas instead of compiling them to code, so it runs under
 * the site's Content-Security-Policy, which forbids 'unsafe-eval' (Ajv compiles with `new Function`).
 * Errors come back as the description's FieldError objects: `{field, message}`, the field a dotted
 * path (`since.version`, `records[2].form_type`).
 */
import {Validator} from '@cfworker/json-schema';
import type {JsonSchema} from './contract';

export type FieldError = {field: string; message: string};

/** Keywords whose error only says that a part below had an error (reported on its own). */
const WRAPPERS = new Set([
  '$ref',
  'properties',
  'items',
  'allOf',
  'additionalProperties',
  'prefixItems',
  'unevaluatedProperties',
]);

/** `#/since/version` → `since.version`; `#/records/2/id` → `records[2].id`. */
function fieldName(location: string, prefix: string): string {
  const parts = location
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let name = prefix;
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : `${name ? '.' : ''}${part}`;
  return name;
}

export type SchemaValidator = (schema: JsonSchema, value: unknown, field?: string) => FieldError[];

/** A validator for the schemas of one contract; `defs` are its component schemas (`#/$defs/<Name>`). */
export function schemaValidator(defs: Record<string, JsonSchema>): SchemaValidator {
  const cache = new WeakMap<JsonSchema, Validator>();
  return (schema, value, field = '') => {
    let validator = cache.get(schema);
    if (!validator) {
      validator = new Validator({...schema, $defs: defs}, '2019-09', false);
      cache.set(schema, validator);
    }
    const result = validator.validate(value);
    if (result.valid) return [];
    const errors: FieldError[] = [];
    for (const error of result.errors) {
      if (WRAPPERS.has(error.keyword)) continue;
      const missing = error.keyword === 'required' ? /property "([^"]+)"/.exec(error.error)?.[1] : undefined;
      const location = missing ? `${error.instanceLocation}/${missing}` : error.instanceLocation;
      const name = fieldName(location, field) || field || 'body';
      const message = missing ? `${name} is required` : `${name}: ${error.error.replace(/^Instance /, 'value ')}`;
      if (!errors.some((e) => e.field === name && e.message === message)) errors.push({field: name, message});
    }
    return errors.length ? errors : [{field: field || 'body', message: `${field || 'body'} does not match the schema`}];
  };
}
