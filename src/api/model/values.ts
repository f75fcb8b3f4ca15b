/**
 * Values of the description as text, as the page, the console and the text all show them: a string as it is
 * (an ETag example reads `"9c4f0e7d2b1a"`, with its quotes, as sent), anything else as compact JSON; an
 * example body as it is sent (JSON pretty-printed for JSON media types). Pure, for any runtime.
 */

/** A value as text: strings as they are, anything else as compact JSON. */
export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const isJsonMediaType = (mediaType: string) => /^application\/(.+\+)?json\b/.test(mediaType);

/** An example body as it is sent: JSON pretty-printed for JSON media types, a string as it is otherwise. */
export function exampleText(mediaType: string, value: unknown): string {
  return isJsonMediaType(mediaType) ? JSON.stringify(value, null, 2) : valueText(value);
}
