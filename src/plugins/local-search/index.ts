/**
 * Local search: @easyops-cn/docusaurus-search-local, plus the API reference. That plugin indexes the
 * docs and pages from the built HTML; the /api page is left out of its scan (a page that is not a docs
 * page is indexed as one long text) and, after its index is written, one entry per tag, operation and
 * schema of the API description is added, each at its anchor on the page (from the reference's model, not
 * from the rendered HTML).
 *
 * Patch: search-index-api-entries
 * Library: @easyops-cn/docusaurus-search-local 0.55.3
 * Changes: nothing in the library; this plugin imports two of its private modules
 *   (dist/server/server/utils/buildIndex and processPluginOptions) and reads its index lists by position
 *   (titles, headings, descriptions, keywords, contents) to add the API entries.
 * Why: a feature, not speed: search finds each API operation and schema at its anchor
 *   (tests/e2e/search.spec.ts). The plugin has no public way to add documents, and its own builder is
 *   used so that the added entries get exactly its tokenizer and pipeline.
 * Gain: one search result per API tag, operation and schema instead of none for /api.
 * Remove when: the plugin accepts extra documents through an option, or indexes a page's headings the way
 *   it indexes a docs page's. tests/unit/patches.spec.ts fails, naming this patch, when the private modules
 *   or the list order change.
 */
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {API_ROUTE, API_SPEC_FILE} from '../../../site.constants';
import {readApiDescription} from '../api-description/validate';
import {apiSearchEntries} from './apiEntries';

type SearchPluginModule = {default: PluginModule; validateOptions: NonNullable<PluginModule['validateOptions']>};
type SearchDocument = {i: number};
type SearchIndexFile = {documents: SearchDocument[]; index: unknown}[];
/* The plugin's own index builder, so the added entries get exactly its tokenizer and pipeline. */
type BuildIndex = (allDocuments: SearchDocument[][], config: unknown) => SearchIndexFile;

const searchLocal = require('@easyops-cn/docusaurus-search-local') as SearchPluginModule;
const {buildIndex} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex') as {
  buildIndex: BuildIndex;
};
const {processPluginOptions} =
  require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions') as {
    processPluginOptions: (options: PluginOptions, context: LoadContext) => unknown;
  };

/** The index lists, in the plugin's order. */
const TITLES = 0;
const HEADINGS = 1;
const DESCRIPTIONS = 2;
const CONTENTS = 4;

function addApiToIndex(context: LoadContext, options: PluginOptions, outDir: string) {
  const api = readApiDescription(API_SPEC_FILE, context.siteDir);
  const config = processPluginOptions(options, context);
  const indexFiles = readdirSync(outDir).filter((name) => /^search-index.*\.json$/.test(name));
  if (indexFiles.length === 0) throw new Error(`local-search: no search-index*.json in ${outDir}`);
  for (const name of indexFiles) {
    const file = path.join(outDir, name);
    const lists = (JSON.parse(readFileSync(file, 'utf8')) as SearchIndexFile).map((entry) => entry.documents);
    const firstId = Math.max(0, ...lists.flat().map((document) => document.i)) + 1;
    const entries = apiSearchEntries(api, {
      route: `${context.baseUrl}${API_ROUTE.replace(/^\//, '')}`,
      pageTitle: api.info.title,
      breadcrumb: ['API'],
      firstId,
    });
    lists[TITLES].push(...entries.titles);
    lists[HEADINGS].push(...entries.headings);
    lists[DESCRIPTIONS].push(...entries.descriptions);
    lists[CONTENTS].push(...entries.contents);
    writeFileSync(file, JSON.stringify(buildIndex(lists, config)));
  }
}

const localSearch: PluginModule = (context, options) => {
  const searchOptions = options as PluginOptions;
  const plugin = searchLocal.default(context, {
    ...searchOptions,
    // The API page is indexed from its description instead (see above).
    ignoreFiles: [...[searchOptions.ignoreFiles ?? []].flat(), API_ROUTE.replace(/^\//, '')],
  }) as Plugin;
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild!(props);
      addApiToIndex(context, searchOptions, props.outDir);
    },
  };
};
localSearch.validateOptions = searchLocal.validateOptions;

export default localSearch;
