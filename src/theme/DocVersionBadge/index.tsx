// Swizzled: every docs page's bundle holds the version badge (several docs versions) only when something on the site uses it (src/plugins/theme-parts-in-use).
// Patch: theme-parts-in-use
export {default} from '@generated/theme-parts-in-use/default/DocVersionBadge.js';
