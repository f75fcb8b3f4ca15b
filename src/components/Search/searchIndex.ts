/**
 * The shape of the site's search index, shared by the build (src/plugins/local-search/buildIndex.ts writes
 * it) and the browser (src/components/Search/engine.ts reads it).
 *
 * The index is split so that a query downloads only what it needs, however much the site grows:
 * - `/search-index.json`, the manifest: which shard file holds the words of each key, and which preview
 *   file holds each block of documents (a few hundred bytes);
 * - shard files, each a MiniSearch index (https://lucaong.github.io/minisearch/) of the words whose first two
 *   letters fall in its range of keys: a query fetches one shard per word;
 * - preview files, each the address, title, page and opening text of BLOCK_SIZE documents in id order: a
 *   query fetches the blocks of the results it shows.
 * Shard and preview files are named by their content's hash under /assets/search/, so browsers keep them
 * (nginx serves /assets/ as immutable) and a changed site never mixes old and new parts.
 */
import MiniSearch from 'minisearch';

/** A searchable unit: the opening of a page, or one of its headed sections. */
export type SearchDocument = {id: number; title: string; text: string};

/** What a result shows, stored apart from the index: [address, title, page it belongs to, opening text]. */
export type Preview = [url: string, title: string, page: string, excerpt: string];

export type SearchManifest = {
  /** Shards, sorted by their first key: a key belongs to the last shard whose first key is not after it. */
  shards: [firstKey: string, file: string][];
  /** Preview files: block n holds the documents with ids n * BLOCK_SIZE to (n + 1) * BLOCK_SIZE - 1. */
  previews: string[];
};

/** The manifest's address (the only part that is not content-hashed, so it is revalidated on each visit). */
export const MANIFEST_PATH = 'search-index.json';
/** Where the shard and preview files are written, under the site's base URL. */
export const FILES_DIR = 'assets/search';
export const BLOCK_SIZE = 16;
/** Indexed fields; a result's page title is shown, not searched (it would match every section of a page). */
export const FIELDS = ['title', 'text'];
/** Words shorter than this are neither indexed nor searched: a single letter matches almost everything. */
export const MIN_WORD_LENGTH = 2;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The words of a text as the index holds them: split as MiniSearch does by default, lowercased. */
export function words(text: string): string[] {
  return tokenize(text)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= MIN_WORD_LENGTH);
}

/** The key that decides a word's shard: its first two letters (so a prefix search stays in one shard). */
export function shardKey(word: string): string {
  return Array.from(word).slice(0, MIN_WORD_LENGTH).join('');
}

/** The shard file that holds the words of a key. */
export function shardFileFor(manifest: SearchManifest, key: string): string | undefined {
  let found: string | undefined;
  for (const [firstKey, file] of manifest.shards) {
    if (firstKey > key) break;
    found = file;
  }
  return found;
}
