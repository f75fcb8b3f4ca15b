// Swizzled: every docs page's bundle holds a raw-HTML sidebar item only when something on the site uses it (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/DocSidebarItem-Html.js';
