/**
 * Builds the search index files (shape and reasons in src/components/Search/searchIndex.ts) from the sections of the site:
 * the docs pages and standalone pages read from the built HTML, the API reference from its description.
 */
import {createHash} from 'node:crypto';
import {load} from 'cheerio';
import MiniSearch from 'minisearch';
import {
  BLOCK_SIZE,
  FIELDS,
  FILES_DIR,
  MIN_WORD_LENGTH,
  shardKey,
  words,
  type Preview,
  type SearchDocument,
  type SearchManifest,
} from '../../components/Search/searchIndex';

/** One searchable section of a page: its anchor ('' for the page's opening), title and text. */
export type SearchSection = {hash: string; title: string; text: string};

/** A page's sections, with the page's title and what a result of its opening shows as its page. */
export type SearchPage = {url: string; title: string; context: string; sections: SearchSection[]};

/** Characters of a section's text shown under its result. */
export const EXCERPT_LENGTH = 120;
/**
 * A shard file grows until its index reaches about this many bytes (raw JSON): small enough that a query
 * fetches little, large enough that the site needs tens of files rather than hundreds.
 */
export const SHARD_TARGET_BYTES = 12_000;

const BLOCK_ELEMENTS = 'p, li, dt, dd, td, th, tr, div, pre, blockquote, figcaption, h4, h5, h6, br';

const normalize = (text: string) => text.replace(/[\s\u200b]+/g, ' ').trim();

/**
 * The sections of a built page: its opening (the text before the first h2 or h3 that has an id), then each
 * such heading with the text up to the next. Docs pages are read from their Markdown content, other pages
 * from `<main>`. Returns undefined for a page without content of its own (a generated category index).
 */
export function pageSections(html: string, url: string): SearchPage | undefined {
  const $ = load(html);
  const docContent = $('.theme-doc-markdown').first();
  // A docs page without Markdown content is a generated category index: a list of links to other pages.
  if (docContent.length === 0 && $('html').hasClass('plugin-docs')) return undefined;
  const root = docContent.length > 0 ? docContent : $('main').first();
  if (root.length === 0) return undefined;
  root.find('.hash-link, button, script, style, svg, nav').remove();
  // Block elements end a word: their texts are joined with a space, not run together ("1.0.3This guide").
  root.find(BLOCK_ELEMENTS).append(' ');
  const title = normalize(root.find('h1').first().text()) || normalize($('title').text().split('|')[0]);
  if (!title) throw new Error(`the page ${url} has no h1 and no <title> to name its search results`);
  const breadcrumbs = $('.breadcrumbs__item')
    .map((_, item) => normalize($(item).text()))
    .get()
    .filter((crumb) => crumb && crumb !== title);
  root.find('h1').remove();

  const sections: SearchSection[] = [{hash: '', title, text: ''}];
  const texts: string[][] = [[]];
  const walk = (parent: ReturnType<typeof root.children>) => {
    parent.each((_, node) => {
      const element = $(node);
      if (/^h[23]$/.test(node.tagName) && element.attr('id')) {
        sections.push({hash: `#${element.attr('id')}`, title: normalize(element.text()), text: ''});
        texts.push([]);
      } else if (element.find('h2[id], h3[id]').length > 0) {
        walk(element.children());
      } else {
        texts[texts.length - 1].push(element.text());
      }
    });
  };
  walk(root.children());
  sections.forEach((section, i) => (section.text = normalize(texts[i].join(' '))));
  return {url, title, context: breadcrumbs.join(' › '), sections};
}

/** The files of the index: the manifest and every shard and preview file, by path under the build folder. */
export type SearchFiles = {manifest: SearchManifest; files: Map<string, string>};

// `part.<hash>.json`, the hashed-name form every file under /assets/ has (nginx caches them a year).
const hashed = (content: string) =>
  `${FILES_DIR}/part.${createHash('sha256').update(content).digest('hex').slice(0, 12)}.json`;

/** Splits the pages into documents and writes the manifest, the shards and the previews. */
export function buildSearchFiles(pages: SearchPage[], shardTargetBytes = SHARD_TARGET_BYTES): SearchFiles {
  const documents: SearchDocument[] = [];
  const previews: Preview[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      const id = documents.length;
      documents.push({id, title: section.title, text: section.text});
      const excerpt = section.text.length > EXCERPT_LENGTH ? `${section.text.slice(0, EXCERPT_LENGTH)}…` : section.text;
      previews.push([`${page.url}${section.hash}`, section.title, section.hash ? page.title : page.context, excerpt]);
    }
  }

  // For each key, the documents that hold a word of it, and an estimate of its share of a shard's JSON.
  const keyDocuments = new Map<string, Set<number>>();
  const keyBytes = new Map<string, number>();
  const keyWords = new Map<string, Set<string>>();
  for (const document of documents) {
    const seen = new Set(FIELDS.flatMap((field) => words(document[field as 'title' | 'text'])));
    for (const word of seen) {
      const key = shardKey(word);
      if (!keyDocuments.has(key)) keyDocuments.set(key, new Set());
      if (!keyWords.has(key)) keyWords.set(key, new Set());
      keyDocuments.get(key)!.add(document.id);
      keyWords.get(key)!.add(word);
      // A posting ("id":count) of the word, in one or both fields.
      keyBytes.set(key, (keyBytes.get(key) ?? 0) + 8);
    }
  }
  const groups: string[][] = [];
  let size = Infinity;
  for (const key of [...keyDocuments.keys()].sort()) {
    // Each document of a shard also costs its id and field lengths, each word its entry.
    const bytes =
      keyBytes.get(key)! +
      20 * keyDocuments.get(key)!.size +
      [...keyWords.get(key)!].reduce((total, word) => total + word.length + 12, 0);
    if (size >= shardTargetBytes) {
      groups.push([]);
      size = 0;
    }
    groups[groups.length - 1].push(key);
    size += bytes;
  }

  const files = new Map<string, string>();
  const manifest: SearchManifest = {shards: [], previews: []};
  for (const keys of groups) {
    const inShard = new Set(keys);
    const index = new MiniSearch<SearchDocument>({
      fields: FIELDS,
      processTerm: (term) => {
        const word = term.toLowerCase();
        return word.length >= MIN_WORD_LENGTH && inShard.has(shardKey(word)) ? word : null;
      },
    });
    const ids = new Set(keys.flatMap((key) => [...keyDocuments.get(key)!]));
    index.addAll(documents.filter((document) => ids.has(document.id)));
    const content = JSON.stringify(index);
    const file = hashed(content);
    files.set(file, content);
    manifest.shards.push([keys[0], file]);
  }
  for (let start = 0; start < previews.length; start += BLOCK_SIZE) {
    const content = JSON.stringify(previews.slice(start, start + BLOCK_SIZE));
    const file = hashed(content);
    files.set(file, content);
    manifest.previews.push(file);
  }
  return {manifest, files};
}
