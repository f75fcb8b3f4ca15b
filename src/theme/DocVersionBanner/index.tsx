// Swizzled so that every docs page's bundle holds the version banner (an unreleased or unmaintained docs version) only when the site has one (src/plugins/theme-parts-in-use).
export {default} from '@generated/theme-parts-in-use/default/DocVersionBanner.js';
