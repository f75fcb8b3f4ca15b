/**
 * Keeps what a reader downloads small (budgets: tests/e2e/budgets.spec.ts):
 * - no shared `common` chunk: Docusaurus puts every module used by half the pages into one chunk that
 *   every page then loads (toolchain note P11: on a site of this size that drags diagram and API code
 *   into every page); each route loads only its own chunks instead;
 * - a slim prism-react-renderer (./prism-react-renderer-slim.ts) with only the grammars the docs use;
 * - precompressed copies of every text file of the build (`.br` at Brotli quality 11 and `.gz` at
 *   zlib level 9), served by nginx's `brotli_static` / `gzip_static` (deploy/nginx/docs-site.conf).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import fs from 'node:fs/promises';
import path from 'node:path';
import {precompressFile, isCompressible} from './precompress';

export default function leanDelivery(_context: LoadContext): Plugin {
  return {
    name: 'lean-delivery',
    configureWebpack(_config, isServer) {
      const prism = {
        resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'prism-react-renderer-slim.ts')}},
        module: {rules: [{resourceQuery: /private-prism/, use: [path.join(__dirname, 'private-prism-loader.cjs')]}]},
      };
      if (isServer) return prism;
      return {...prism, optimization: {splitChunks: {cacheGroups: {common: false}}}};
    },
    async postBuild({outDir}) {
      const files = await listFiles(outDir);
      await Promise.all(files.filter(isCompressible).map((file) => precompressFile(file)));
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
