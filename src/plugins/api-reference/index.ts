/**
 * The API reference at /api, rendered at build time by the site's own components
 * (src/components/ApiReference) from the API description.
 *
 * - `checkApiDescription` (called when docusaurus.config.ts loads, before any plugin) lints the
 *   description: an invalid one stops the build before anything is built, with a message naming the
 *   file and the problem.
 * - `loadContent` builds the page's model (./build.ts) from the description, through the site's one
 *   reader (src/plugins/api-description/validate.ts), and the `synk` command table; a description the
 *   model cannot show (a path parameter without an example for the curl sample…) fails the build the
 *   same way. In development it checks the description again after an edit.
 * - `contentLoaded` writes the model as a JSON data module and adds the route: the model reaches the
 *   page as the route's props, so no other page downloads it.
 * - `postBuild` copies the committed description into the build for download.
 * - The reference's styles go into the site's one stylesheet, as every component's do; the rules /api uses
 *   are inlined in its head after the build (src/plugins/critical-css), so it is styled without scripts.
 */
import {copyFile, mkdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {OpenApiDocument} from '../api-description/openapi';
import {readApiDescription, validateApiDescription} from '../api-description/validate';
import {buildReferenceModel, type SynkCommands} from './build';
import type {ApiReferenceModel} from './model';

/** The API spec entry of the configuration: id, spec file and route, and what the page links to. */
export type ApiReferenceOptions = {
  /** The plugin instance's id, e.g. "synkronus". */
  id: string;
  /** The committed description, relative to the site directory. */
  specFile: string;
  /** The page's route, e.g. "/api". */
  route: string;
  /** Where the build serves a copy of the description for download, e.g. "/api/synkronus.yaml". */
  downloadPath: string;
  /** The `synk` command table (relative to the site directory) and the docs page that documents it. */
  synkCommands?: {file: string; page: string};
};

/** The descriptions (the reader's objects) that passed `checkApiDescription`. */
const checked = new WeakSet<OpenApiDocument>();

/** Lints the description `specFile` of the site in `siteDir`; throws `Error("<file>: <problem> …")` if it is invalid. */
export async function checkApiDescription(siteDir: string, specFile: string): Promise<void> {
  checked.add(await validateApiDescription(siteDir, specFile));
}

export default function apiReferencePlugin(
  context: LoadContext,
  options: ApiReferenceOptions,
): Plugin<ApiReferenceModel> {
  const {siteDir} = context;
  const watched = [options.specFile, ...(options.synkCommands ? [options.synkCommands.file] : [])];
  return {
    name: 'api-reference',
    getPathsToWatch: () => watched.map((file) => path.resolve(siteDir, file)),
    async loadContent() {
      const doc = readApiDescription(options.specFile, siteDir);
      // At startup the config has checked this very object; after an edit (npm run dev) it is a new one.
      if (!checked.has(doc)) await checkApiDescription(siteDir, options.specFile);
      const synk = options.synkCommands && {
        data: JSON.parse(await readFile(path.resolve(siteDir, options.synkCommands.file), 'utf8')) as SynkCommands,
        page: options.synkCommands.page,
      };
      try {
        return buildReferenceModel(doc, {downloadUrl: options.downloadPath, synk});
      } catch (error) {
        throw new Error(`${options.specFile}: ${(error as Error).message}`, {cause: error});
      }
    },
    async contentLoaded({content, actions}) {
      const reference = await actions.createData('api-reference.json', JSON.stringify(content));
      actions.addRoute({
        path: options.route,
        component: '@site/src/components/ApiReference',
        exact: true,
        modules: {reference},
      });
    },
    async postBuild({outDir}) {
      const target = path.join(outDir, options.downloadPath);
      await mkdir(path.dirname(target), {recursive: true});
      await copyFile(path.resolve(siteDir, options.specFile), target);
    },
  };
}
