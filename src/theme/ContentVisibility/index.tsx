// Swizzled: every docs page's bundle holds the unlisted and draft notices only when something on the site uses them (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/ContentVisibility.js';
