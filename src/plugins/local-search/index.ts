/**
 * Local search: after the build, writes the search index (src/components/Search/searchIndex.ts says how it is split) from the
 * sections of every docs page and standalone page, read from their built HTML, and of the API reference,
 * projected from the API model (src/api/load.ts; one section per tag, operation and schema, at its anchor on /api). The box
 * and its results are src/theme/SearchBar and src/components/Search.
 *
 * The index parts are JSON files the offline copy must hold; plugin-pwa collects the build's files while
 * plugins' postBuild steps still run, so the parts are added to its list by `withSearchInOfflineCopy`
 * (a workbox `manifestTransforms`), which waits for them.
 */
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {createHash} from 'node:crypto';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {API_ROUTE, API_SPEC_FILE} from '../../../site.constants';
import {loadApiModel} from '../../api/load';
import {apiSearchPage} from './apiEntries';
import {buildSearchFiles, pageSections, type SearchPage} from './buildIndex';
import {FILES_DIR, MANIFEST_PATH} from '../../components/Search/searchIndex';

/** Routes that are not reading matter: the not-found page. */
const SKIPPED_ROUTE = /^\/404(\.html)?$/;

/** The built HTML file of a route (`/a/b` is `a/b/index.html` or `a/b.html`, as Docusaurus wrote it). */
function htmlFileOf(outDir: string, route: string): string {
  const base = path.join(outDir, route);
  const candidates = [path.join(base, 'index.html'), `${base.replace(/\/$/, '')}.html`];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`local-search: no HTML file for the route ${route} (looked for ${candidates.join(', ')})`);
  return file;
}

/** The pages to index: every route of the build but /api (projected from the API model) and the 404 page. */
export async function readSitePages(outDir: string, routesPaths: string[], baseUrl: string): Promise<SearchPage[]> {
  const apiRoute = `${baseUrl}${API_ROUTE.replace(/^\//, '')}`;
  const routes = [...new Set(routesPaths)]
    .filter((route) => route !== apiRoute && !SKIPPED_ROUTE.test(route.slice(baseUrl.length - 1)))
    .sort();
  const pages = await Promise.all(
    routes.map(async (route) => {
      const file = htmlFileOf(outDir, route);
      try {
        return pageSections(await readFile(file, 'utf8'), route);
      } catch (error) {
        throw new Error(`local-search: ${file}: ${(error as Error).message}`, {cause: error});
      }
    }),
  );
  return pages.filter((page): page is SearchPage => page !== undefined);
}

type Written = {outDir: string; files: string[]};
let settle: ((run: Promise<Written>) => void) | undefined;
let written: Promise<Written> | undefined;

export default function localSearch(context: LoadContext): Plugin {
  written = new Promise<Written>((resolve, reject) => (settle = (run) => void run.then(resolve, reject)));
  // A failure reaches every waiter and fails the build; this only keeps it from being reported twice.
  written.catch(() => undefined);
  return {
    name: 'local-search',
    async postBuild({outDir, routesPaths}) {
      const run = (async () => {
        const pages = await readSitePages(outDir, routesPaths, context.baseUrl);
        const api = loadApiModel(API_SPEC_FILE, context.siteDir);
        pages.push(apiSearchPage(api, {route: `${context.baseUrl}${API_ROUTE.replace(/^\//, '')}`, context: 'API'}));
        const {manifest, files} = buildSearchFiles(pages);
        await mkdir(path.join(outDir, FILES_DIR), {recursive: true});
        await Promise.all([...files].map(([file, content]) => writeFile(path.join(outDir, file), content)));
        await writeFile(path.join(outDir, MANIFEST_PATH), JSON.stringify(manifest));
        return {outDir, files: [MANIFEST_PATH, ...files.keys()]};
      })();
      settle!(run);
      await run;
    },
  };
}

type ManifestEntry = {url: string; revision: string | null; size: number};

/**
 * Adds the search index files to plugin-pwa's list of the offline copy, once they are written (a
 * workbox `manifestTransforms`). Files already listed are left as they are.
 */
export async function withSearchInOfflineCopy(manifest: ManifestEntry[]): Promise<{manifest: ManifestEntry[]}> {
  if (written === undefined) return {manifest};
  const {outDir, files} = await written;
  const listed = new Set(manifest.map((entry) => entry.url));
  const added = await Promise.all(
    files
      .filter((file) => !listed.has(file))
      .map(async (file): Promise<ManifestEntry> => {
        const bytes = await readFile(path.join(outDir, file));
        return {url: file, revision: createHash('md5').update(bytes).digest('hex'), size: bytes.length};
      }),
  );
  return {manifest: [...manifest, ...added]};
}
