/**
 * tslib's `__importDefault`, alone: what @docusaurus/utils-common asks of tslib in the browser. The bundler gives
 * this file to utils-common in place of tslib (UTILS_COMMON_TSLIB, src/plugins/lean-delivery): a CommonJS
 * `require('tslib')` keeps every helper of tslib, about 3.8 KiB with gzip, in the main.js of every page.
 *
 * Patch: utils-common-tslib
 */
'use strict';

/** As tslib 2.9.1 writes it. */
exports.__importDefault = function (mod) {
  return mod && mod.__esModule ? mod : {default: mod};
};
