/**
 * Local search: after the build, writes the search index (src/components/Search/searchIndex.ts says how it is split) from the
 * sections of every docs page and standalone page, read from their built HTML, and of the API reference,
 * projected from the API model that the `api` plugin loaded (its content: src/plugins/api; one section per
 * tag, operation and schema, at its anchor on /api). The box and its results are src/theme/SearchBar and
 * src/components/Search.
 *
 * A step of the after-build pipeline (src/plugins/after-build): it reads the pages once their critical CSS is
 * in, and the offline copy, listed last, finds the index parts it writes.
 */
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {afterBuildStep} from '../after-build';
import {apiContentOf} from '../api';
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

/**
 * The pages to index: every route of the build but the API reference's, `apiRoute` (projected from the API
 * model), and the 404 page.
 */
export async function readSitePages(
  outDir: string,
  routesPaths: string[],
  {baseUrl, apiRoute}: {baseUrl: string; apiRoute: string},
): Promise<SearchPage[]> {
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

export default function localSearch(context: LoadContext): Plugin {
  return {
    name: 'local-search',
    postBuild: afterBuildStep(async ({outDir, routesPaths, plugins}) => {
      const api = apiContentOf(plugins, 'local-search');
      const apiRoute = `${context.baseUrl}${api.route.replace(/^\//, '')}`;
      const pages = await readSitePages(outDir, routesPaths, {baseUrl: context.baseUrl, apiRoute});
      pages.push(apiSearchPage(api.model, {route: apiRoute, context: 'API', introduction: api.introduction}));
      const {manifest, files} = buildSearchFiles(pages);
      await mkdir(path.join(outDir, FILES_DIR), {recursive: true});
      await Promise.all([...files].map(([file, content]) => writeFile(path.join(outDir, file), content)));
      await writeFile(path.join(outDir, MANIFEST_PATH), JSON.stringify(manifest));
    }),
  };
}
