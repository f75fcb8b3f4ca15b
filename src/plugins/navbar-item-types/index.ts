/**
 * Every page's bundle holds the navbar item kinds the configuration uses, and no other. The theme's map of
 * kinds (`@theme/NavbarItem/ComponentTypes`) imports the components of all nine, and every page loads it with
 * the navbar; this plugin reads the configured navbar (`themeConfig.navbar.items`, with the items of its
 * dropdowns) when the site loads and writes a map of the kinds it uses as a data module,
 * `@generated/navbar-item-types/default/componentTypes.js`, which the ejected
 * src/theme/NavbarItem/ComponentTypes.tsx exports in the theme's place. A kind added to the configuration
 * (a locale dropdown, raw HTML, a doc link, a docs version link or dropdown) is in the next build; a kind
 * no item uses weighs nothing. Only the plugin API (`contentLoaded`, `createData`) and the theme's public
 * component names are used: no patch. The fixture build `navbar-every-item-kind`
 * (tests/fixtures/build-guarantees) renders all nine; tests/unit/navbar-item-types.spec.ts checks the choice.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Props as NavbarItemProps} from '@theme/NavbarItem';

/** The kinds of navbar item the theme renders, each with its theme component (`@theme/NavbarItem/<name>`). */
export const NAVBAR_ITEM_COMPONENTS = {
  default: 'DefaultNavbarItem',
  dropdown: 'DropdownNavbarItem',
  search: 'SearchNavbarItem',
  html: 'HtmlNavbarItem',
  doc: 'DocNavbarItem',
  docSidebar: 'DocSidebarNavbarItem',
  docsVersion: 'DocsVersionNavbarItem',
  docsVersionDropdown: 'DocsVersionDropdownNavbarItem',
  localeDropdown: 'LocaleDropdownNavbarItem',
} as const satisfies Record<NonNullable<NavbarItemProps['type']>, string>;

export type NavbarItemKind = keyof typeof NAVBAR_ITEM_COMPONENTS;

/** A navbar item as the configuration gives it: only what decides the kinds it needs. */
export type ConfiguredNavbarItem = {
  type?: string;
  items?: readonly ConfiguredNavbarItem[];
  dropdownItemsBefore?: readonly ConfiguredNavbarItem[];
  dropdownItemsAfter?: readonly ConfiguredNavbarItem[];
};

/** The data module's file name (under `@generated/navbar-item-types/default/`). */
export const COMPONENT_TYPES_FILE = 'componentTypes.js';

/** Dropdowns that make links of their own (a version's or a locale's), which the theme renders as `default` items. */
const MAKES_LINKS = new Set<string>(['docsVersionDropdown', 'localeDropdown']);

/** The prefix of the kinds a site defines itself (added to src/theme/NavbarItem/ComponentTypes.tsx by hand). */
const CUSTOM_KIND = 'custom-';

const isKind = (kind: string): kind is NavbarItemKind => Object.hasOwn(NAVBAR_ITEM_COMPONENTS, kind);

/**
 * The kinds the theme renders `items` with, in the theme's order: an item without a type is a link
 * (`default`), or a `dropdown` when it has items, as the theme decides; the items of a dropdown count too.
 */
export function navbarItemKinds(items: readonly ConfiguredNavbarItem[]): NavbarItemKind[] {
  const used = new Set<string>();
  const walk = (item: ConfiguredNavbarItem, where: string) => {
    const kind = !item.type || item.type === 'default' ? (item.items ? 'dropdown' : 'default') : item.type;
    if (kind.startsWith(CUSTOM_KIND)) return;
    if (!isKind(kind)) {
      throw new Error(
        `docusaurus.config.ts: ${where} has the navbar item type "${kind}", which the theme does not have (it has ${Object.keys(NAVBAR_ITEM_COMPONENTS).join(', ')})`,
      );
    }
    used.add(kind);
    if (MAKES_LINKS.has(kind)) used.add('default');
    for (const key of ['items', 'dropdownItemsBefore', 'dropdownItemsAfter'] as const) {
      item[key]?.forEach((child, index) => walk(child, `${where}.${key}[${index}]`));
    }
  };
  items.forEach((item, index) => walk(item, `themeConfig.navbar.items[${index}]`));
  return (Object.keys(NAVBAR_ITEM_COMPONENTS) as NavbarItemKind[]).filter((kind) => used.has(kind));
}

/** The source of the data module: the theme component of each kind, by kind. */
export function componentTypesModule(kinds: readonly NavbarItemKind[]): string {
  return [
    '// Written by src/plugins/navbar-item-types: the navbar item kinds the configuration uses.',
    ...kinds.map((kind) => {
      const name = NAVBAR_ITEM_COMPONENTS[kind];
      return `import ${name} from '@theme/NavbarItem/${name}';`;
    }),
    `export default {${kinds.map((kind) => `${kind}: ${NAVBAR_ITEM_COMPONENTS[kind]}`).join(', ')}};`,
    '',
  ].join('\n');
}

export default function navbarItemTypes(context: LoadContext): Plugin {
  return {
    name: 'navbar-item-types',
    async contentLoaded({actions}) {
      const {navbar} = context.siteConfig.themeConfig as {navbar?: {items?: ConfiguredNavbarItem[]}};
      await actions.createData(COMPONENT_TYPES_FILE, componentTypesModule(navbarItemKinds(navbar?.items ?? [])));
    },
  };
}
