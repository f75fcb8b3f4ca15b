/**
 * Keeps what a reader downloads small (budgets: perf/budgets.json, tests/budgets/):
 * - no shared `common` chunk: Docusaurus puts every module used by half the pages into one chunk that
 *   every page then loads (toolchain note P11: on a site of this size that drags diagram and API code
 *   into every page); each route loads only its own chunks instead;
 * - a slim prism-react-renderer (./prism-react-renderer-slim.ts) with only the grammars the docs use;
 * - the scripts asked for once the page is painted (./ssr-template.ts, the config's `ssrTemplate`),
 *   the route's chunks with the entry scripts (./route-scripts.ts);
 * - theme-common's shallow memo without `localeCompare`, whose first call costs ~10 ms of collation
 *   set-up after hydration (./theme-common-patches-loader.cjs);
 * (The Brotli and gzip copies of the build are written after the build by scripts/precompress.cjs.)
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import path from 'node:path';
import {RouteScriptsPlugin} from './route-scripts';

export default function leanDelivery(context: LoadContext): Plugin {
  return {
    name: 'lean-delivery',
    configureWebpack(_config, isServer) {
      const bothBundles = {
        resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'prism-react-renderer-slim.ts')}},
        module: {
          rules: [
            {resourceQuery: /private-prism/, use: [path.join(__dirname, 'private-prism-loader.cjs')]},
            {
              test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
              use: [path.join(__dirname, 'theme-common-patches-loader.cjs')],
            },
          ],
        },
      };
      if (isServer) return bothBundles;
      return {
        ...bothBundles,
        optimization: {splitChunks: {minSize: 40_000, cacheGroups: {common: false}}},
        plugins: [new RouteScriptsPlugin(context.generatedFilesDir)],
      };
    },
  };
}
