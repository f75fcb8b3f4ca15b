// Swizzled: every docs page's bundle holds the button that shows a hidden sidebar again only when something on the site uses it (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/DocRoot-Layout-Sidebar-ExpandButton.js';
