/**
 * Every page's bundle holds the navbar item kinds the configuration uses, and no other: src/plugins/navbar-item-types
 * chooses them at build time (src/theme/NavbarItem/ComponentTypes.tsx exports its choice). Here: how a navbar's
 * items decide the kinds, and, on the last build of the site, that the choice follows docusaurus.config.ts.
 * (The fixture builds of tests/fixtures/build-guarantees check that `main.js` holds the components of the
 * chosen kinds and of no other: `navbar-every-item-kind` with all nine, `site-navbar` with the site's navbar.)
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import createJiti from 'jiti';
import type {Config} from '@docusaurus/types';
import {
  NAVBAR_ITEM_COMPONENTS,
  componentTypesModule,
  navbarItemKinds,
  type ConfiguredNavbarItem,
} from '../../src/plugins/navbar-item-types';
import {chosenNavbarKinds, componentTypesFile} from '../support/navbar-item-kinds';
import {ROOT} from '../support/content';

const GENERATED = path.join(ROOT, '.docusaurus');

test('an item without a type is a link, or a dropdown when it has items; the items of dropdowns count', () => {
  expect(navbarItemKinds([])).toEqual([]);
  expect(navbarItemKinds([{type: 'docSidebar'}, {type: 'search'}])).toEqual(['search', 'docSidebar']);
  expect(navbarItemKinds([{}])).toEqual(['default']);
  expect(navbarItemKinds([{items: [{type: 'doc'}, {type: 'html'}]}])).toEqual(['dropdown', 'html', 'doc']);
  expect(navbarItemKinds([{type: 'dropdown', items: [{type: 'docsVersion'}]}])).toEqual(['dropdown', 'docsVersion']);
  // The version and locale dropdowns list links of their own making, and the items given before and after them.
  expect(navbarItemKinds([{type: 'docsVersionDropdown'}])).toEqual(['default', 'docsVersionDropdown']);
  expect(navbarItemKinds([{type: 'localeDropdown', dropdownItemsAfter: [{type: 'html'}]}])).toEqual([
    'default',
    'html',
    'localeDropdown',
  ]);
  // A kind of the site's own is added to ComponentTypes.tsx by hand.
  expect(navbarItemKinds([{type: 'custom-banner'}])).toEqual([]);
});

test('a type the theme does not have names the file and the item', () => {
  const items: ConfiguredNavbarItem[] = [{type: 'search'}, {items: [{type: 'docsSidebar'}]}];
  expect(() => navbarItemKinds(items)).toThrow(
    /docusaurus\.config\.ts: themeConfig\.navbar\.items\[1\]\.items\[0\] has the navbar item type "docsSidebar"/,
  );
});

test('the data module imports the theme component of each kind, and maps the kind to it', () => {
  expect(componentTypesModule(['default', 'html'])).toBe(
    [
      '// Written by src/plugins/navbar-item-types: the navbar item kinds the configuration uses.',
      "import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';",
      "import HtmlNavbarItem from '@theme/NavbarItem/HtmlNavbarItem';",
      'export default {default: DefaultNavbarItem, html: HtmlNavbarItem};',
      '',
    ].join('\n'),
  );
});

test('each of the nine kinds names a component the installed theme has', () => {
  const themeDir = path.join(ROOT, 'node_modules/@docusaurus/theme-classic/lib/theme/NavbarItem');
  const missing = Object.values(NAVBAR_ITEM_COMPONENTS).filter(
    (name) =>
      !fs.existsSync(path.join(themeDir, `${name}.js`)) && !fs.existsSync(path.join(themeDir, name, 'index.js')),
  );
  expect(missing, `components of src/plugins/navbar-item-types missing from ${themeDir}`).toEqual([]);
  expect(Object.keys(NAVBAR_ITEM_COMPONENTS)).toHaveLength(9);
});

test("the last build chose the configuration's kinds", async () => {
  // The configuration as Docusaurus loads it (jiti, as Docusaurus does).
  const createConfig = createJiti(__filename, {interopDefault: true})(
    '../../docusaurus.config.ts',
  ) as () => Promise<Config>;
  const {navbar} = (await createConfig()).themeConfig as {navbar: {items: ConfiguredNavbarItem[]}};
  const kinds = navbarItemKinds(navbar.items);
  expect(kinds.length, 'navbar item kinds of docusaurus.config.ts').toBeGreaterThan(0);
  const written = componentTypesFile(GENERATED);
  expect(fs.readFileSync(written, 'utf8'), `${written}, written by the last build`).toBe(componentTypesModule(kinds));
  expect(chosenNavbarKinds(GENERATED)).toEqual(kinds);
});
