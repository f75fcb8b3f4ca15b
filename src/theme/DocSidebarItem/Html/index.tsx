// Swizzled so that every docs page's bundle holds a raw-HTML sidebar item only when the site has one (src/plugins/theme-parts-in-use).
export {default} from '@generated/theme-parts-in-use/default/DocSidebarItem-Html.js';
