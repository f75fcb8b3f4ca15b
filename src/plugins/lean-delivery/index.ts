/**
 * Keeps what a reader downloads small (budgets: perf/budgets.json, tests/budgets/):
 * - no shared `common` chunk: Docusaurus puts every module used by half the pages into one chunk that
 *   every page then loads (on a site of this size that drags diagram and API code
 *   into every page); each route loads only its own chunks instead;
 * - a slim prism-react-renderer (src/prism/prism-react-renderer-slim.ts, browser code, so outside this Node-only folder) with only the grammars the docs use
 *   (patch prism-slim, PATCHES.md), bundled only with the code block (src/theme/CodeBlock loads it when a
 *   reader comes to a block), not in the main bundle;
 * - the theme's Collapsible, which both chunks of every docs page use, in one chunk of its own (COLLAPSIBLE_CHUNK);
 * - tslib's one helper that @docusaurus/utils-common uses, not all of tslib, in main.js (./utils-common-tslib.ts);
 * - the entry scripts compiled while they download (EAGER_COMPILE_HINT);
 * - the modules of `main.js` listed with their sizes for `npm run bench` (./main-modules.ts);
 * (The Brotli and gzip copies of the build are written after the build by scripts/precompress.cjs.)
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import path from 'node:path';
import {MainModulesPlugin} from './main-modules';
import {UTILS_COMMON_TSLIB} from './utils-common-tslib';

/**
 * V8's explicit compile hint (Chrome 136+; other browsers read a comment): the whole file is compiled
 * while it downloads, on a background thread, instead of function by function on the main thread as
 * each is first called. Every function of the entry scripts (React, the router, the theme's layout)
 * runs as the page starts, and compiling them lazily was most of the page's longest task.
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The theme's Collapsible (sidebar categories, the table of contents on a phone) and the helper it uses, in
 * one small chunk of their own. Both chunks every docs page loads (the docs layout's and the doc's) use it,
 * and below the 40 KB that a shared chunk must weigh (`minSize`) the bundler would copy it into each. It used
 * to come with main.js, for the navbar's dropdowns, which the site no longer bundles while its navbar has none
 * (src/plugins/navbar-item-types): on its own, each docs page loads it once, and the other pages not at all.
 *
 * Patch: collapsible-chunk
 * Library: @docusaurus/theme-common 3.10.2 (the private module paths `lib/components/Collapsible/` and
 *   `lib/utils/accessibilityUtils.js`)
 * Changes: nothing in the library; a split-chunks group names its files by path.
 * Why: the bundler's public options know modules only by path, and these paths are not the package's API.
 * Saves: 0.5 KiB with Brotli (0.6 with gzip) on every docs page (PATCHES.md).
 * Remove when: the saving no longer matters to the budgets. tests/unit/patches.spec.ts fails, naming this
 *   patch, when the test no longer matches the installed files.
 */
export const COLLAPSIBLE_CHUNK = {
  test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/](components[\\/]Collapsible[\\/]|utils[\\/]accessibilityUtils\.js)/,
  chunks: 'async',
  minChunks: 2,
  minSize: 0,
  priority: 5,
  name: 'collapsible',
} as const;

export default function leanDelivery(context: LoadContext): Plugin {
  return {
    name: 'lean-delivery',
    configureWebpack(_config, isServer, {currentBundler}) {
      const bothBundles = {
        resolve: {
          alias: {'prism-react-renderer$': path.join(__dirname, '../../prism/prism-react-renderer-slim.ts')},
        },
        // Loading either module changes nothing until `Highlight` renders: flagged free of side effects, they
        // let the bundler take Prism only into the chunks that use `Highlight`, not into the main bundle,
        // where the theme's client module imports `Prism` (unused) from the slim module.
        module: {
          rules: [
            {test: /[\\/]src[\\/]prism[\\/]prism-(react-renderer-slim|slim-highlight)\.ts$/, sideEffects: false},
            UTILS_COMMON_TSLIB,
          ],
        },
      };
      if (isServer) return bothBundles;
      return {
        ...bothBundles,
        optimization: {splitChunks: {minSize: 40_000, cacheGroups: {common: false, collapsible: COLLAPSIBLE_CHUNK}}},
        plugins: [
          new MainModulesPlugin(context.generatedFilesDir),
          // After minification, which would drop the comment.
          new currentBundler.instance.BannerPlugin({
            banner: EAGER_COMPILE_HINT,
            raw: true,
            entryOnly: true,
            test: /\.js$/,
            stage: currentBundler.instance.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
          }),
        ],
      };
    },
  };
}
