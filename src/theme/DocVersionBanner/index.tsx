// Swizzled: every docs page's bundle holds the version banner (an unreleased or unmaintained docs version) only when something on the site uses it (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/DocVersionBanner.js';
