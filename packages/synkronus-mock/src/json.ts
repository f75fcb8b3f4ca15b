/**
 * JSON the engine reads from a request: parsed only when it is within the engine's limits, so that no
 * body can make it throw later (V8's JSON.stringify overflows its stack a few thousand levels down, and
 * every stored record is serialised again by each pull and export).
 */

/** The deepest nesting of arrays and objects the engine stores. */
export const MAX_JSON_DEPTH = 512;
/** The largest JSON body the engine reads, in bytes. */
export const MAX_JSON_BYTES = 1024 * 1024;

/** How deeply `text` nests arrays and objects, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

export type ParsedJson = {value: unknown} | {error: string} | {limit: string};

export function parseJson(text: string): ParsedJson {
  if (text.length > MAX_JSON_BYTES) return {limit: `a JSON body over ${MAX_JSON_BYTES} bytes`};
  if (jsonDepth(text) > MAX_JSON_DEPTH) return {limit: `JSON nested more than ${MAX_JSON_DEPTH} levels deep`};
  try {
    return {value: JSON.parse(text) as unknown};
  } catch (error) {
    return {error: (error as Error).message};
  }
}
