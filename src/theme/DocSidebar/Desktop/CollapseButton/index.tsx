// Swizzled: every docs page's bundle holds the button that hides a hideable sidebar only when something on the site uses it (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/DocSidebar-Desktop-CollapseButton.js';
