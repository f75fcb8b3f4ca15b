// Swizzled so that every docs page's bundle holds the version badge (several docs versions) only when the site has one (src/plugins/theme-parts-in-use).
export {default} from '@generated/theme-parts-in-use/default/DocVersionBadge.js';
