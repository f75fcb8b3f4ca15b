// Swizzled so that every docs page's bundle holds a doc's tags only when the site has one (src/plugins/theme-parts-in-use).
export {default} from '@generated/theme-parts-in-use/default/TagsListInline.js';
