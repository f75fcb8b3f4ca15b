/**
 * The `api` plugin: the one build step of the API feature, Node only. It reads the API description once,
 * builds the API model once (src/api/load.ts, src/api/model/build.ts) and publishes what the browser needs,
 * each projected from that model (src/api/model/):
 *
 * - `checkApiDescription` (called when docusaurus.config.ts loads, before any plugin) lints the
 *   description: an invalid one stops the build before anything is built, with a message naming the
 *   file and the problem. In development `loadContent` checks it again after an edit.
 * - the /api route, whose props are the page's model (toPage.ts): no other page downloads it;
 * - the console's contract (toContract.ts) as a data module, `@generated/api/<id>/contract.json`, that
 *   only the console's lazily loaded chunk imports (src/components/ApiConsole/session.ts);
 * - the role matrix and error catalogue (tables.ts) as a data module, `@generated/api/<id>/tables.json`,
 *   that only the RoleMatrix and ErrorCatalogue components import (not global data, which every page
 *   would download);
 * - after the build, the committed description copied for download.
 *
 * The model itself, the route and the download path are the plugin's content too: local search and
 * llms-full.txt take them from it after the build (`apiContentOf`; src/plugins/local-search,
 * src/plugins/site-files), never from the description again. The reference's styles go into the site's one stylesheet, as every component's
 * do; the rules /api uses are inlined in its head after the build (src/plugins/critical-css).
 */
import {STATUS_CODES} from 'node:http';
import {copyFile, mkdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, LoadedPlugin, Plugin} from '@docusaurus/types';
import {overlayFileOf, readApiDescription, validateApiDescription} from '../../api/description';
import {loadApiModel} from '../../api/load';
import type {OpenApiDocument} from '../../api/openapi';
import {buildReferenceModel, type SynkCommands} from '../../api/model/toPage';
import {buildContract} from '../../api/model/toContract';
import {errorCatalogue, roleMatrix, silences, type ApiTables, type SilenceRow} from '../../api/model/tables';
import type {ApiReferenceModel} from '../../api/model/page';
import type {ApiModel} from '../../api/model/types';
import type {Contract} from 'synkronus-mock/src/contract';
import {afterBuildStep} from '../after-build';

/** The API spec entry of the configuration: id, spec file and route, and what the page links to. */
export type ApiOptions = {
  /** The plugin instance's id, e.g. "synkronus": the data modules are `@generated/api/<id>/…`. */
  id: string;
  /** The committed description, relative to the site directory. */
  specFile: string;
  /** The page's route, e.g. "/api". */
  route: string;
  /** Where the build serves a copy of the description for download, e.g. "/api/synkronus.yaml". */
  downloadPath: string;
  /** The `synk` command table (relative to the site directory) and the docs page that documents it. */
  synkCommands?: {file: string; page: string};
  /** The site's own introduction to the reference (CommonMark, relative to the site directory): not the description's words. */
  introductionFile?: string;
};

/** The data modules the plugin writes (typed by src/api/generated.d.ts). */
export const CONTRACT_FILE = 'contract.json';
export const TABLES_FILE = 'tables.json';
export const SILENCES_FILE = 'silences.json';

/** What the plugin loads: the model, where the reference and the description are served, and the projections. */
export type ApiContent = {
  model: ApiModel;
  /** The site's introduction to the reference (CommonMark), shown before the description's calls. */
  introduction?: string;
  /** The reference's route (`/api`) and the description's download path, as the options give them. */
  route: string;
  downloadPath: string;
  page: ApiReferenceModel;
  contract: Contract;
  tables: ApiTables;
  /** Where the description is silent, call by call (the DescriptionSilences component). */
  silences: SilenceRow[];
};

const PLUGIN_NAME = 'api';

/**
 * The `api` plugin's content among the build's plugins (postBuild's `plugins`), for a step after the build
 * that projects the API model (`step` names it in the error when the plugin is not part of the build).
 */
export function apiContentOf(plugins: readonly LoadedPlugin[], step: string): ApiContent {
  const plugin = plugins.find((candidate) => candidate.name === PLUGIN_NAME);
  if (!plugin)
    throw new Error(`${step}: the API model comes from the api plugin (src/plugins/api), which is not loaded`);
  return plugin.content as ApiContent;
}

/** The descriptions (the reader's objects) that passed `checkApiDescription`. */
const checked = new WeakSet<OpenApiDocument>();

/** Lints the description `specFile` of the site in `siteDir`; throws `Error("<file>: <problem> …")` if it is invalid. */
export async function checkApiDescription(siteDir: string, specFile: string): Promise<void> {
  checked.add(await validateApiDescription(siteDir, specFile));
}

export default function apiPlugin(context: LoadContext, options: ApiOptions): Plugin<ApiContent> {
  const {siteDir} = context;
  const watched = [
    options.specFile,
    overlayFileOf(options.specFile),
    ...(options.synkCommands ? [options.synkCommands.file] : []),
    ...(options.introductionFile ? [options.introductionFile] : []),
  ];
  return {
    name: PLUGIN_NAME,
    getPathsToWatch: () => watched.map((file) => path.resolve(siteDir, file)),
    async loadContent() {
      // At startup the config has checked this very object; after an edit (npm run dev) it is a new one.
      if (!checked.has(readApiDescription(options.specFile, siteDir)))
        await checkApiDescription(siteDir, options.specFile);
      const api = loadApiModel(options.specFile, siteDir);
      const synk = options.synkCommands && {
        data: JSON.parse(await readFile(path.resolve(siteDir, options.synkCommands.file), 'utf8')) as SynkCommands,
        page: options.synkCommands.page,
      };
      const introduction =
        options.introductionFile && (await readFile(path.resolve(siteDir, options.introductionFile), 'utf8'));
      try {
        return {
          model: api,
          ...(introduction ? {introduction} : {}),
          route: options.route,
          downloadPath: options.downloadPath,
          page: buildReferenceModel(api, {downloadUrl: options.downloadPath, synk, introduction}),
          contract: buildContract(api, STATUS_CODES),
          tables: {roleMatrix: roleMatrix(api), errorCatalogue: errorCatalogue(api)},
          silences: silences(api),
        };
      } catch (error) {
        throw new Error(`${options.specFile}: ${(error as Error).message}`, {cause: error});
      }
    },
    async contentLoaded({content, actions}) {
      const reference = await actions.createData('api-reference.json', JSON.stringify(content.page));
      await actions.createData(CONTRACT_FILE, JSON.stringify(content.contract));
      await actions.createData(TABLES_FILE, JSON.stringify(content.tables));
      await actions.createData(SILENCES_FILE, JSON.stringify(content.silences));
      actions.addRoute({
        path: options.route,
        component: '@site/src/components/ApiReference',
        exact: true,
        // By the `@generated` alias, not the absolute path createData returns: the route table in main.js
        // would otherwise publish the builder's folder, and differ from one checkout to another.
        modules: {
          reference: `@generated/${path.relative(context.generatedFilesDir, reference).split(path.sep).join('/')}`,
        },
      });
    },
    postBuild: afterBuildStep(async ({outDir}) => {
      const target = path.join(outDir, options.downloadPath);
      await mkdir(path.dirname(target), {recursive: true});
      await copyFile(path.resolve(siteDir, options.specFile), target);
    }),
  };
}
