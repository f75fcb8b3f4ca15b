/**
 * How the cost of a first search grows with the content. The pages of the build are indexed as the site
 * does, once as they are and once three times over (every page twice more under another address: three
 * times the sections, and every word in three times as many of them, the worst case for the index's posting
 * lists), and the same queries are run on both with the browser's search engine
 * (src/components/Search/engine.ts), typed letter by letter, counting the gzip bytes of every index file
 * fetched. The reader is taken to type faster than a slow link answers, so only the last query's previews
 * are fetched (the engine skips those of a query the reader has typed past). The search code, the same at
 * any size, is measured in Chromium on the production build. A first search must stay within its budget
 * at three times the content, and cost well under three times as much. Prints the figures, beside those
 * of one unsplit MiniSearch index of the same documents.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {gzipSync, constants} from 'node:zlib';
import {test, expect, type Page} from '@playwright/test';
import MiniSearch from 'minisearch';
import {BUDGETS} from '../../perf/budgets';
import {measurePage, kib} from '../../scripts/page-weight.cjs';
import {searchBox} from '../support/search';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {readSitePages} from '../../src/plugins/local-search';
import {apiSearchPage} from '../../src/plugins/local-search/apiEntries';
import {buildSearchFiles, type SearchFiles, type SearchPage} from '../../src/plugins/local-search/buildIndex';
import {FIELDS} from '../../src/components/Search/searchIndex';
import {createSearch} from '../../src/components/Search/engine';
import {API_ROUTE, API_SPEC_FILE} from '../../site.constants';
import {loadApiModel} from '../../src/api/load';

const BUILD = path.join(REPO_ROOT, 'build');
/** Queries as a reader types them: each is searched at every length from two letters on. */
const QUERIES = ['sync', 'password', 'bundle', 'change_cutoff', 'reset password'];

const gzipBytes = (text: string) => gzipSync(text, {level: constants.Z_BEST_COMPRESSION}).length;

/** The routes of the built HTML pages (`build/docs/ODE/index.html` is `/docs/ODE`), as the plugin gets them. */
function builtRoutes(): string[] {
  return readdirSync(BUILD, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => `/${path.relative(BUILD, entry.parentPath).split(path.sep).join('/')}`.replace(/\/$/, '') || '/')
    .filter((route) => !route.startsWith('/assets'));
}

async function sitePages(): Promise<SearchPage[]> {
  const pages = await readSitePages(BUILD, builtRoutes(), {baseUrl: '/', apiRoute: API_ROUTE});
  pages.push(apiSearchPage(loadApiModel(API_SPEC_FILE, REPO_ROOT), {route: API_ROUTE, context: 'API'}));
  return pages;
}

const tripled = (pages: SearchPage[]): SearchPage[] =>
  [0, 1, 2].flatMap((copy) => pages.map((page) => (copy ? {...page, url: `${page.url}-copy-${copy}`} : page)));

/** gzip bytes of the index files a first search for `query`, typed letter by letter, fetches. */
async function firstSearchBytes({manifest, files}: SearchFiles, query: string) {
  const previewFiles = new Set(manifest.previews);
  const fetched = {manifest: 0, shardBytes: 0, previews: 0, files: 0};
  const search = createSearch('/', (url) => {
    const file = url.slice(1);
    const content = file === 'search-index.json' ? JSON.stringify(manifest) : files.get(file);
    if (content === undefined) throw new Error(`the engine asked for ${url}, which the index does not have`);
    const kind = file === 'search-index.json' ? 'manifest' : previewFiles.has(file) ? 'previews' : 'shardBytes';
    fetched[kind] += gzipBytes(content);
    fetched.files += 1;
    return Promise.resolve(JSON.parse(content) as unknown);
  });
  let results: unknown[] | undefined = [];
  for (let length = 2; length <= query.length; length++) {
    const typed = query.slice(0, length);
    results = await search(typed, () => typed === query);
  }
  const index = fetched.manifest + fetched.shardBytes + fetched.previews;
  return {...fetched, index, results: results?.length ?? 0};
}

/** Bytes of the search code: what a first search fetches in Chromium that is not part of the index. */
async function searchCodeBytes(browser: import('@playwright/test').Browser, baseURL: string) {
  const m = await measurePage(browser, `${baseURL}/docs/ODE`, {
    encoding: 'gzip',
    steps: [
      (page: Page) => searchBox(page).focus(),
      async (page: Page) => {
        await searchBox(page).fill('sync');
        await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      },
    ],
  });
  const fetched = (m.steps as {requests: {url: string; bytes: number}[]}[]).flatMap((step) => step.requests);
  const code = fetched.filter((r) => !/\/search-index\.json$|\/assets\/search\//.test(new URL(r.url).pathname));
  return code.reduce((sum, r) => sum + r.bytes, 0);
}

/** gzip bytes of one MiniSearch index of every section, unsplit (a candidate the split index replaced). */
function unsplitBytes(pages: SearchPage[]) {
  const index = new MiniSearch({fields: FIELDS, storeFields: ['url', 'title', 'page']});
  let id = 0;
  for (const page of pages) {
    for (const section of page.sections) {
      index.add({id: id++, title: section.title, text: section.text, url: page.url + section.hash, page: page.title});
    }
  }
  return gzipBytes(JSON.stringify(index));
}

test('search: a first search costs well under three times as much at three times the content', async ({
  browser,
  baseURL,
}) => {
  const pages = await sitePages();
  const bigger = tripled(pages);
  const code = await searchCodeBytes(browser, baseURL!);
  const sections = (list: SearchPage[]) => list.reduce((n, page) => n + page.sections.length, 0);
  console.log(
    `today: ${pages.length} pages, ${sections(pages)} sections; fixture: ${bigger.length} pages, ${sections(bigger)} sections; ` +
      `search code ${kib(code)} KiB gzip`,
  );
  console.log(
    `one unsplit MiniSearch index (with titles and addresses): ${kib(unsplitBytes(pages))} KiB gzip today, ` +
      `${kib(unsplitBytes(bigger))} KiB at three times the content`,
  );
  const budget = BUDGETS.search.firstSearchKiB;
  const line = (m: Awaited<ReturnType<typeof firstSearchBytes>>) =>
    `${kib(code + m.index)} KiB (index ${kib(m.index)}: manifest ${kib(m.manifest)}, shards ${kib(m.shardBytes)}, ` +
    `previews ${kib(m.previews)}, ${m.files} files)`;
  const todayIndex = buildSearchFiles(pages);
  const biggerIndex = buildSearchFiles(bigger);
  const whole = ({manifest, files}: SearchFiles) =>
    `${kib([...files.values()].reduce((sum, content) => sum + gzipBytes(content), 0))} KiB gzip in ` +
    `${manifest.shards.length} shards and ${manifest.previews.length} preview files`;
  console.log(`whole split index: today ${whole(todayIndex)}; three times the content ${whole(biggerIndex)}`);
  for (const query of QUERIES) {
    const today = await firstSearchBytes(todayIndex, query);
    const three = await firstSearchBytes(biggerIndex, query);
    console.log(
      `"${query}", first search with code, gzip: today ${line(today)}; three times the content ${line(three)}`,
    );
    expect(today.results, `"${query}" finds results`).toBeGreaterThan(0);
    expect(kib(code + three.index), `"${query}" at three times the content: KiB gzip`).toBeLessThanOrEqual(budget);
    // Three times the content: the whole index triples, what a first search fetches must not come near it.
    expect((code + three.index) / (code + today.index), `"${query}": growth of a first search`).toBeLessThan(2);
  }
});
