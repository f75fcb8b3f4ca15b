// Ejected from @docusaurus/theme-classic/lib/theme/NavbarItem/ComponentTypes (a safe swizzle) so that every page's main bundle holds only the navbar item kinds the configuration uses, chosen at build time by src/plugins/navbar-item-types.
import type {ComponentTypesObject} from '@theme/NavbarItem/ComponentTypes';
import configuredKinds from '@generated/navbar-item-types/default/componentTypes.js';

/**
 * The components of the navbar item kinds of themeConfig.navbar.items (and of their dropdowns' items), of the
 * nine the theme has. A kind the site defines itself (`custom-…`) is added here.
 */
const ComponentTypes = {...configuredKinds} satisfies Partial<ComponentTypesObject>;

export default ComponentTypes;
