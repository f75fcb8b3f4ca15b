// Bundler loader (loaders must be plain JS) for @docusaurus/theme-common's lib/utils/reactUtils.js.
// `useShallowMemoObject` sorts an object's keys with `localeCompare`. The first `localeCompare` of a
// page loads the browser's collation data: ~10 ms on the main thread, inside the render that follows
// hydration on every docs page (the mobile sidebar's NavbarSecondaryMenuFiller), where Lighthouse
// counts it as blocking time. The keys are property names and only need a stable order, so they are
// compared by code unit instead. The build fails, naming the file, if the code it replaces is gone (an
// upgrade must then revisit this patch).
'use strict';

const PATTERN = /deps\.sort\(\(a, b\) => a\[0\]\.localeCompare\(b\[0\]\)\);/;
const REPLACEMENT = 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));';

module.exports = function patchThemeCommon(source) {
  if (!PATTERN.test(source)) {
    throw new Error(
      `${this.resourcePath}: useShallowMemoObject no longer sorts keys with localeCompare; update src/plugins/lean-delivery/theme-common-patches-loader.cjs`,
    );
  }
  return source.replace(PATTERN, REPLACEMENT);
};
