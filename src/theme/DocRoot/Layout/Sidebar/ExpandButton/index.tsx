// Swizzled so that every docs page's bundle holds the button that shows a hidden sidebar again only when the site has one (src/plugins/theme-parts-in-use).
export {default} from '@generated/theme-parts-in-use/default/DocRoot-Layout-Sidebar-ExpandButton.js';
