/**
 * Request bodies the engine's tests share with the generator of Go's answers
 * (packages/synkronus-mock/tests/fixtures/go-json/make-cases.cjs, which loads this file with jiti): the sample record, the JSON
 * literals and the malformed JSON. No imports, so that a plain Node script can load it.
 */

/** A record as a client pushes it, named `id`; `extra` adds or replaces fields after the usual ones. */
export const record = (id: string, extra: Record<string, unknown> = {}) => ({
  observation_id: id,
  form_type: 'household_survey',
  form_version: '1.0',
  data: {household_size: 3, village: 'Maseno'},
  created_at: '2025-06-20T09:00:00Z',
  updated_at: '2025-06-20T09:00:00Z',
  deleted: false,
  ...extra,
});

/** Every kind of JSON value other than an object, each as a whole body. */
export const JSON_LITERALS = ['null', 'true', '0', '"x"', '[]'];

/** Bodies that are not JSON, or that a strict decoder refuses: cut short, extra text, bad escapes, bad numbers. */
export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  '[1,]',
  "{'a':1}",
  'nul',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '1'.repeat(400),
  '{"a":1e999999}',
];
