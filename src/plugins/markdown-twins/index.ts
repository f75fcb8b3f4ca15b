/**
 * A Markdown twin of every docs page, written after the build by the maintained
 * @signalwire/docusaurus-plugin-llms-txt from the page's built HTML: /docs/ODE → build/docs/ODE.md.
 * The twins are what the "Copy page as Markdown" button (src/components/CopyPageMarkdown) copies and
 * what llms-full.txt is made of (src/plugins/site-files).
 *
 * Docusaurus runs every plugin's postBuild at once, so what reads the twins (llms-full.txt, and the
 * list of files of the reader's offline copy, `withTwinsInOfflineCopy`) waits for `twinsWritten()`.
 */
import {createHash} from 'node:crypto';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import llmsTxtPlugin from '@signalwire/docusaurus-plugin-llms-txt';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {MARKDOWN_TWINS_OPTIONS} from './options';

let settle: ((outDir: Promise<string>) => void) | undefined;
let written: Promise<string> | undefined;

/**
 * Resolves with the build directory once every twin is written; undefined when the plugin is not
 * part of this build (fixture builds may leave it out).
 */
export function twinsWritten(): Promise<string> | undefined {
  return written;
}

export default function markdownTwins(context: LoadContext): Plugin {
  // The library's plugin has no content of its own (Plugin<void>).
  const plugin = llmsTxtPlugin(context, MARKDOWN_TWINS_OPTIONS) as Plugin;
  const postBuild = plugin.postBuild!.bind(plugin);
  written = new Promise<string>((resolve, reject) => (settle = (run) => void run.then(resolve, reject)));
  // A failure of the library reaches every waiter, and fails the build; this only keeps it from
  // being reported once more as an unhandled rejection when nothing waits.
  written.catch(() => undefined);
  return {
    ...plugin,
    postBuild: (props) => {
      const run = Promise.resolve(postBuild(props)).then(() => props.outDir);
      settle!(run);
      return run.then(() => undefined);
    },
  };
}

type ManifestEntry = {url: string; revision: string | null; size: number};

/**
 * A workbox `manifestTransforms` entry for plugin-pwa's injectManifestConfig: adds every twin to the
 * files the offline copy downloads (plugin-pwa's own glob patterns cannot be extended), so that Copy
 * works offline. The revision is the file's MD5, as workbox gives the files it finds itself.
 */
export async function withTwinsInOfflineCopy(manifest: ManifestEntry[]): Promise<{manifest: ManifestEntry[]}> {
  const outDir = await twinsWritten();
  if (outDir === undefined) return {manifest};
  const entries = await readdir(outDir, {withFileTypes: true, recursive: true});
  const twins = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const added = await Promise.all(
    twins.sort().map(async (file): Promise<ManifestEntry> => {
      const bytes = await readFile(file);
      return {
        url: path.relative(outDir, file).split(path.sep).join('/'),
        revision: createHash('md5').update(bytes).digest('hex'),
        size: bytes.length,
      };
    }),
  );
  return {manifest: [...manifest, ...added]};
}
