/**
 * The anchors of the API reference page: the element ids the page gives each part of the description.
 * The API model (./model/build.ts) gives each operation, tag and schema its anchor from here, and the page,
 * its search entries and llms-full.txt take it from the model, so a link made by one lands in the others.
 *
 * They are the anchors Redoc gave the same parts (`#operation/<operationId>`, `#tag/<Tag>`,
 * `#schema/<Name>`, `#section/<Title>`), which the docs, llms.txt, search indexes and other sites link
 * to. An id may hold a slash in HTML; a CSS selector for one must escape it (`CSS.escape`), and
 * `document.getElementById` needs nothing.
 */

/** A heading or tag name as Redoc wrote it in an anchor: runs of blanks become "-", and nothing else changes. */
export function anchorSlug(text: string): string {
  return text.trim().replace(/\s+/g, '-');
}

/** `#section/<Title>`: a `## Title` section of the description's introduction. */
export const sectionAnchor = (title: string) => `section/${anchorSlug(title)}`;

/** `#tag/<Tag>`: the group of the operations of one tag. */
export const tagAnchor = (tag: string) => `tag/${anchorSlug(tag)}`;

/** The heading above every schema of the description. */
export const SCHEMAS_ANCHOR = tagAnchor('Schemas');

/** `#schema/<Name>`: one component schema. */
export const schemaAnchor = (name: string) => `schema/${name}`;

/** The JSON pointer segment of a path ("/users/{username}" → "~1users~1{username}"). */
const pointerSegment = (path: string) => path.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * `#operation/<operationId>`: one operation. An operation without an operationId gets its JSON
 * pointer instead, as Redoc did (`paths/~1health/get`).
 */
export function operationAnchor(op: {method: string; path: string; operationId?: string}): string {
  return op.operationId ? `operation/${op.operationId}` : `paths/${pointerSegment(op.path)}/${op.method.toLowerCase()}`;
}

/** Redoc's other id of an operation, under its first tag (`tag/Sync/operation/syncPull`): old links land there too. */
export function legacyOperationAnchor(tag: string, op: {method: string; path: string; operationId?: string}): string {
  return `${tagAnchor(tag)}/${operationAnchor(op)}`;
}
