/**
 * The words of a field's constraint keywords, written once: the page /api (src/components/ApiReference/Schema.tsx)
 * and llms-full.txt (./toText.ts) both state each keyword as one of these parts, the page with its values as code
 * elements, the text with them in backticks. A pure function, safe in any runtime.
 */
import type {ValueConstraints} from '../openapi';

/** One constraint as the reference states it: its label, and its values when it has any. */
export type ConstraintPart = {label: string; values?: string[]};

/** The constraint keywords of a schema, in the description's raw form or the page model's (values as text). */
export type Constrained = ValueConstraints & {
  enum?: readonly unknown[];
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  uniqueItems?: boolean;
  default?: unknown;
  example?: unknown;
};

/** A value as a reader types or receives it: a string as it is, anything else as JSON. */
export const valueWords = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Every constraint keyword a schema sets, in the reference's words and order. */
export function constraintParts(schema: Constrained): ConstraintPart[] {
  const parts: ConstraintPart[] = [];
  const add = (label: string, ...values: unknown[]) =>
    parts.push(values.length ? {label, values: values.map(valueWords)} : {label});
  if (schema.enum) add('allowed values', ...schema.enum);
  if (schema.minimum !== undefined) add(schema.exclusiveMinimum ? 'greater than' : 'minimum', schema.minimum);
  if (schema.maximum !== undefined) add(schema.exclusiveMaximum ? 'less than' : 'maximum', schema.maximum);
  if (schema.multipleOf !== undefined) add('multiple of', schema.multipleOf);
  if (schema.minLength !== undefined) add('minimum length', schema.minLength);
  if (schema.maxLength !== undefined) add('maximum length', schema.maxLength);
  if (schema.pattern !== undefined) add('pattern', schema.pattern);
  if (schema.minItems !== undefined) add('minimum items', schema.minItems);
  if (schema.maxItems !== undefined) add('maximum items', schema.maxItems);
  if (schema.uniqueItems) add('items unique');
  if (schema.minProperties !== undefined) add('minimum properties', schema.minProperties);
  if (schema.maxProperties !== undefined) add('maximum properties', schema.maxProperties);
  if (schema.default !== undefined) add('default', schema.default);
  if (schema.example !== undefined) add('example', schema.example);
  return parts;
}
