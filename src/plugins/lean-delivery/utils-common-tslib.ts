import path from 'node:path';

/**
 * @docusaurus/utils-common, which main.js holds for every page, requires tslib for one helper,
 * `__importDefault`; a CommonJS `require` keeps all of tslib's helpers (11 KB minified). This rule
 * gives utils-common's index, and it alone, a module with that helper only (src/tslib/import-default.cjs).
 *
 * Patch: utils-common-tslib
 * Library: @docusaurus/utils-common 3.10.2 (`lib/index.js`, its `require("tslib")`), tslib 2.9.1
 * Changes: nothing in the libraries; a bundler rule resolves `tslib` to src/tslib/import-default.cjs for
 *   utils-common's `lib/index.js`.
 * Why: utils-common is compiled to CommonJS, so the bundler cannot leave out the helpers it does not call.
 * Saves: 3.2 KiB with Brotli, 3.8 KiB with gzip, on every docs page (PATCHES.md).
 * Remove when: utils-common ships ES modules, or stops requiring tslib. tests/unit/patches.spec.ts fails,
 *   naming this patch, when its lib/index.js uses another helper of tslib.
 */
export const UTILS_COMMON_TSLIB = {
  test: /[\\/]@docusaurus[\\/]utils-common[\\/]lib[\\/]index\.js$/,
  resolve: {alias: {tslib$: path.join(__dirname, '../../tslib/import-default.cjs')}},
};
