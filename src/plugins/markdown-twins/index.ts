/**
 * A Markdown twin of every docs page, written after the build by the maintained
 * @signalwire/docusaurus-plugin-llms-txt from the page's built HTML: /docs/ODE → build/docs/ODE.md.
 * The twins are what the "Copy page as Markdown" button (src/components/CopyPageMarkdown) copies and
 * what llms-full.txt is made of (src/plugins/site-files).
 *
 * The library's postBuild is a step of the after-build pipeline (src/plugins/after-build): llms-full.txt and
 * the offline copy's list of files (src/plugins/offline-copy, `twinManifestEntries`) come after it.
 */
import {createHash} from 'node:crypto';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import llmsTxtPlugin from '@signalwire/docusaurus-plugin-llms-txt';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {inAfterBuild} from '../after-build';
import {MARKDOWN_TWINS_OPTIONS} from './options';

export default function markdownTwins(context: LoadContext): Plugin | null {
  // The library's plugin has no content of its own (Plugin<void>).
  return inAfterBuild(llmsTxtPlugin(context, MARKDOWN_TWINS_OPTIONS) as Plugin);
}

/** An entry of a workbox precache list: the address, relative to the build, and its revision. */
type ManifestEntry = {url: string; revision: string};

/**
 * Every twin of the build in `outDir`, as an entry of the offline copy's list of files: its address and, as
 * workbox gives the files it finds itself, the MD5 of its bytes as its revision.
 */
export async function twinManifestEntries(outDir: string): Promise<ManifestEntry[]> {
  const entries = await readdir(outDir, {withFileTypes: true, recursive: true});
  const twins = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    twins.sort().map(async (file): Promise<ManifestEntry> => {
      const bytes = await readFile(file);
      return {
        url: path.relative(outDir, file).split(path.sep).join('/'),
        revision: createHash('md5').update(bytes).digest('hex'),
      };
    }),
  );
}
