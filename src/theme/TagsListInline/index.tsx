// Swizzled: every docs page's bundle holds a doc's tags only when something on the site uses it (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/TagsListInline.js';
