/**
 * How the release server reads a JSON body: Go's encoding/json decodes it into the handler's struct and
 * refuses only a value of the wrong JSON type; a missing field or a null takes the zero value, and formats,
 * bounds, patterns and required lists are left to the handler. This projection keeps only the types of a
 * contract schema (null allowed everywhere), for the dialect "v1.0.0-alpha.6".
 */
import type {JsonSchema} from './contract';
import {schemaValidator, type SchemaValidator} from './validate';

const KEPT = new Set(['type', 'properties', 'items', 'additionalProperties', 'allOf', 'anyOf', 'oneOf', '$ref']);

export function typesOnly(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!KEPT.has(keyword)) continue;
    if (keyword === 'type') {
      const types = Array.isArray(value) ? (value as string[]) : [value as string];
      out.type = types.includes('null') ? types : [...types, 'null'];
    } else if (keyword === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, s]) => [name, typesOnly(s)]),
      );
    } else if (Array.isArray(value)) {
      out[keyword] = (value as JsonSchema[]).map(typesOnly);
    } else if (value && typeof value === 'object') {
      out[keyword] = typesOnly(value as JsonSchema);
    } else {
      out[keyword] = value;
    }
  }
  // A oneOf whose branches now overlap would refuse every value: Go has no such rule.
  if (out.oneOf) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  return out;
}

/** A validator that checks only what Go's decoding checks: each schema, and the component schemas, as types. */
export function typesValidator(defs: Record<string, JsonSchema>): SchemaValidator {
  const validate = schemaValidator(Object.fromEntries(Object.entries(defs).map(([name, schema]) => [name, typesOnly(schema)])));
  // Projected once per schema object, so the validator's own cache (by schema identity) keeps working.
  const projected = new WeakMap<JsonSchema, JsonSchema>();
  return (schema, value, field) => {
    let types = projected.get(schema);
    if (!types) {
      types = typesOnly(schema);
      projected.set(schema, types);
    }
    return validate(types, value, field);
  };
}
