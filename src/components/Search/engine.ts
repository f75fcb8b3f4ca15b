/**
 * Runs a query against the split search index (./searchIndex.ts, written by src/plugins/local-search): fetches the
 * manifest once, then for each word the one shard that holds it, and the previews of the results shown.
 * Every file is fetched at most once per page session (a shard serves every later query whose words share
 * its keys). No browser API but `fetch`, so the budget tests run the same code in Node.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import {
  BLOCK_SIZE,
  FIELDS,
  MANIFEST_PATH,
  shardFileFor,
  shardKey,
  words,
  type Preview,
  type SearchManifest,
} from './searchIndex';

export type Result = {url: string; title: string; page: string; excerpt: string};

/** How many results a query shows. */
export const RESULT_LIMIT = 8;
/** Words of at least this length also match words one letter away (a typo), within their shard. */
const FUZZY_FROM_LENGTH = 5;
/** A word found in a section's title counts this many times a word of its text. */
const TITLE_BOOST = 3;

export type FetchJson = (url: string) => Promise<unknown>;

const fetchJson: FetchJson = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search: ${url} answered ${response.status}`);
  return response.json();
};

/**
 * A search over the index published under `baseUrl`. `wanted` says whether the query is still the one the
 * reader waits for: when it no longer is (they typed on), no previews are fetched for it and it answers
 * undefined, so on a slow link the letters typed along the way cost no more than their shards.
 */
export type Search = ((query: string, wanted?: () => boolean) => Promise<Result[] | undefined>) & {
  /** Starts fetching the manifest, which every query needs first (the reader has come to the box). */
  warm: () => void;
};

export function createSearch(baseUrl: string, load: FetchJson = fetchJson): Search {
  const files = new Map<string, Promise<unknown>>();
  const get = <T>(path: string): Promise<T> => {
    let file = files.get(path);
    if (!file) {
      file = load(`${baseUrl}${path}`);
      files.set(path, file);
      // A failed fetch (offline without a saved copy) is tried again by the next query.
      file.catch(() => files.delete(path));
    }
    return file as Promise<T>;
  };
  const shards = new Map<string, Promise<MiniSearch>>();
  const shard = (file: string) => {
    let index = shards.get(file);
    if (!index) {
      index = get<object>(file).then((json) => MiniSearch.loadJS(json as never, {fields: FIELDS}));
      shards.set(file, index);
      index.catch(() => shards.delete(file));
    }
    return index;
  };

  const search = async function search(query: string, wanted = () => true) {
    const queryWords = words(query);
    if (queryWords.length === 0) return [];
    // The word being typed matches the words it begins; a finished word (followed by a space) only itself.
    const typing = /\S$/.test(query) ? queryWords[queryWords.length - 1] : undefined;
    const manifest = await get<SearchManifest>(MANIFEST_PATH);
    const perWord = await Promise.all(
      [...new Set(queryWords)].map(async (word): Promise<SearchResult[]> => {
        const file = shardFileFor(manifest, shardKey(word));
        if (!file) return [];
        return (await shard(file)).search(word, {
          prefix: word === typing,
          fuzzy: word.length >= FUZZY_FROM_LENGTH ? 0.2 : false,
          boost: {title: TITLE_BOOST},
        });
      }),
    );
    // Sections that hold more of the words first, then by their summed relevance.
    const found = new Map<number, {words: number; score: number}>();
    for (const results of perWord) {
      for (const {id, score} of results) {
        const entry = found.get(id as number) ?? {words: 0, score: 0};
        entry.words += 1;
        entry.score += score;
        found.set(id as number, entry);
      }
    }
    const top = [...found]
      .sort(([, a], [, b]) => b.words - a.words || b.score - a.score)
      .slice(0, RESULT_LIMIT)
      .map(([id]) => id);
    if (!wanted()) return undefined;
    const blocks = new Map(
      await Promise.all(
        [...new Set(top.map((id) => Math.floor(id / BLOCK_SIZE)))].map(
          async (block) => [block, await get<Preview[]>(manifest.previews[block])] as const,
        ),
      ),
    );
    return top.map((id) => {
      const [url, title, page, excerpt] = blocks.get(Math.floor(id / BLOCK_SIZE))![id % BLOCK_SIZE];
      return {url, title, page, excerpt};
    });
  };
  return Object.assign(search, {warm: () => void get(MANIFEST_PATH).catch(() => undefined)});
}
