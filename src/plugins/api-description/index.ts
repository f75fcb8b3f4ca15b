/**
 * The API description at build time:
 * - `prepareApiDescription` (called when docusaurus.config.ts loads, before any plugin) validates
 *   the description and writes the copy that redocusaurus renders: the same description plus a
 *   generated curl example per operation (`x-codeSamples`);
 * - the plugin serves the committed description for download, keeps Redoc from loading its logo
 *   from a CDN, and in development watches the description: when it changes, `loadContent` prepares
 *   the copy again, and redocusaurus (which watches the copy) shows it.
 */
import {copyFile, mkdir, readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stringifyYaml} from '@redocly/openapi-core';
import {withCodeSamples} from './code-samples';
import type {OpenApiDocument} from './openapi';
import {readApiDescription, validateApiDescription} from './validate';

/** For each derived file written, the description it was made from (the reader's object for that version of the file). */
const preparedFrom = new Map<string, OpenApiDocument>();

/** Writes `text` to `file` unless it already holds it; through a temporary file, so a reader never sees half a file. */
async function writeIfChanged(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return;
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** Validates `specFile` and writes the derived copy for redocusaurus to `derivedFile` (both relative to `siteDir`). */
export async function prepareApiDescription(siteDir: string, specFile: string, derivedFile: string): Promise<OpenApiDocument> {
  const doc = await validateApiDescription(siteDir, specFile);
  const target = path.resolve(siteDir, derivedFile);
  await mkdir(path.dirname(target), {recursive: true});
  const header = `# Generated from ${specFile} when the site is built (curl examples added); do not edit.\n`;
  await writeIfChanged(target, header + stringifyYaml(withCodeSamples(doc)));
  preparedFrom.set(target, doc);
  return doc;
}

export type ApiDescriptionOptions = {
  /** The committed description, relative to the site directory. */
  specFile: string;
  /** Where the build serves a copy of it, for example `/api/synkronus.yaml`. */
  downloadPath: string;
  /** The copy redocusaurus renders (see prepareApiDescription), relative to the site directory. */
  derivedFile: string;
};

export default function apiDescriptionPlugin(context: LoadContext, options: ApiDescriptionOptions): Plugin {
  return {
    name: 'api-description',
    getPathsToWatch: () => [path.resolve(context.siteDir, options.specFile)],
    // At startup the copy is the one the config just wrote; in development, after an edit of the
    // description, it is prepared again (the reader returns a new object once the file changed).
    async loadContent() {
      const target = path.resolve(context.siteDir, options.derivedFile);
      if (readApiDescription(options.specFile, context.siteDir) !== preparedFrom.get(target)) {
        await prepareApiDescription(context.siteDir, options.specFile, options.derivedFile);
      }
    },
    configureWebpack: (_config, isServer, {currentBundler}) => ({
      module: {
        rules: [{test: /[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/, loader: require.resolve('./redoc-patches-loader.cjs')}],
      },
      // The server build renders Redoc's styles for both colour modes and Redoc itself, which the
      // browser only loads on use (src/theme/Redoc/*.server.tsx in place of *.tsx).
      plugins: isServer
        ? [
            ...['ThemeStyles', 'Reference'].map(
              (name) =>
                new currentBundler.instance.NormalModuleReplacementPlugin(
                  new RegExp(`[\\\\/]src[\\\\/]theme[\\\\/]Redoc[\\\\/]${name}\\.tsx$`),
                  path.resolve(context.siteDir, `src/theme/Redoc/${name}.server.tsx`),
                ),
            ),
          ]
        : [],
    }),
    async postBuild({outDir}) {
      const target = path.join(outDir, options.downloadPath);
      await mkdir(path.dirname(target), {recursive: true});
      await copyFile(path.resolve(context.siteDir, options.specFile), target);
    },
  };
}
