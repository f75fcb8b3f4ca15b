/**
 * The model's schemas are the description's own Schema objects, where a component schema is
 * `$ref: '#/components/schemas/<Name>'` and its content is in `ApiModel.schemas` once: these follow such
 * a reference. Pure, for any runtime.
 */
import {refName, type Schema} from '../openapi';
import type {ApiModel} from './types';

export const COMPONENT_SCHEMA = '#/components/schemas/';

/** A component schema by name, or an error naming the missing one. */
export function schemaNamed(model: Pick<ApiModel, 'schemas'>, name: string): Schema {
  const entry = model.schemas.find((schema) => schema.name === name);
  if (!entry) throw new Error(`API description: unresolved reference ${COMPONENT_SCHEMA}${name}`);
  return entry.schema;
}

/** The schema a reference points to (through references to references), or the schema itself. */
export function resolveSchema(model: Pick<ApiModel, 'schemas'>, schema: Schema): Schema {
  let current = schema;
  for (let step = 0; current.$ref; step++) {
    if (step === 10) throw new Error(`API description: more than 10 references in a row at ${current.$ref}`);
    if (!current.$ref.startsWith(COMPONENT_SCHEMA))
      throw new Error(`API description: a schema may only refer to a component schema, not ${current.$ref}`);
    current = schemaNamed(model, refName(current.$ref));
  }
  return current;
}

/**
 * The property names of a schema, through references, allOf/oneOf/anyOf and arrays, to a small
 * depth: enough for a search for a field name to find the operations and schemas that carry it.
 */
export function propertyNames(model: Pick<ApiModel, 'schemas'>, schema: Schema | undefined, depth = 2): string[] {
  if (!schema || depth < 0) return [];
  const resolved = resolveSchema(model, schema);
  const names: string[] = [];
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    names.push(name, ...propertyNames(model, property, depth - 1));
  }
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) {
    names.push(...propertyNames(model, part, depth));
  }
  if (resolved.items) names.push(...propertyNames(model, resolved.items, depth));
  return [...new Set(names)];
}

/** Longest chain of nested objects an example is made through. */
const EXAMPLE_DEPTH = 4;

/**
 * A schema's example, else one made of the examples the description gives its fields (ODE's file gives many
 * fields an example and few bodies one): an object of each field that has one, nested objects made the same way.
 */
export function fieldsExample(model: Pick<ApiModel, 'schemas'>, schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > EXAMPLE_DEPTH) return undefined;
  const resolved = resolveSchema(model, schema);
  if (resolved.example !== undefined) return resolved.example;
  const fields = Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => {
    const example = fieldsExample(model, property, depth + 1);
    return example === undefined ? [] : [[name, example] as const];
  });
  return fields.length ? Object.fromEntries(fields) : undefined;
}
