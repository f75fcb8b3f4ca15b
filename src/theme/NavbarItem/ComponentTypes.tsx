// Ejected from @docusaurus/theme-classic/lib/theme/NavbarItem/ComponentTypes (a safe swizzle) to keep out of every page's main bundle the navbar item types the site does not use (the locale dropdown, html, doc and docsVersion items).
import type {ComponentTypesObject} from '@theme/NavbarItem/ComponentTypes';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';
import DocSidebarNavbarItem from '@theme/NavbarItem/DocSidebarNavbarItem';
import DocsVersionDropdownNavbarItem from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';

/**
 * The types of themeConfig.navbar.items (an item with `items` and no type is a `dropdown`), and
 * `docsVersionDropdown`, which the steps to cut a docs version add. A navbar item of another type fails the
 * build with the theme's "No NavbarItem component found for type": add its component here
 * (tests/unit/navbar-item-types.spec.ts checks the configuration against this list).
 */
const ComponentTypes = {
  default: DefaultNavbarItem,
  dropdown: DropdownNavbarItem,
  search: SearchNavbarItem,
  docSidebar: DocSidebarNavbarItem,
  docsVersionDropdown: DocsVersionDropdownNavbarItem,
} satisfies Partial<ComponentTypesObject>;

export default ComponentTypes;
