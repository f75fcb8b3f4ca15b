/**
 * The navbar item kinds of a build (src/plugins/navbar-item-types): those it chose, from the data module it
 * wrote, and those whose components `main.js`, the script every page loads, holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {MainModule} from '../../src/plugins/lean-delivery/main-modules';
import {MAIN_MODULES_FILE} from '../../src/plugins/lean-delivery/main-modules';
import {COMPONENT_TYPES_FILE, NAVBAR_ITEM_COMPONENTS, type NavbarItemKind} from '../../src/plugins/navbar-item-types';

/** A module of the theme's navbar items: `…/theme/NavbarItem/<component>.js`, or a file in its folder. */
const NAVBAR_ITEM_MODULE = /[\\/]theme-classic[\\/]lib[\\/]theme[\\/]NavbarItem[\\/](\w+)(?:\.js$|[\\/])/;

const ALL_KINDS = Object.keys(NAVBAR_ITEM_COMPONENTS) as NavbarItemKind[];

/** The kinds whose theme components render the components of other kinds (the theme's own imports). */
const RENDERS: Partial<Record<NavbarItemKind, NavbarItemKind[]>> = {
  doc: ['default'],
  docSidebar: ['default'],
  docsVersion: ['default'],
  docsVersionDropdown: ['dropdown', 'default'],
  localeDropdown: ['dropdown', 'default'],
};

/** The kinds whose components come into the bundle with `kinds`, sorted. */
export const withWhatTheyRender = (kinds: readonly NavbarItemKind[]): NavbarItemKind[] =>
  [...new Set(kinds.flatMap((kind) => [kind, ...(RENDERS[kind] ?? [])]))].sort();

/** The data module a build wrote under its generated-files folder (`.docusaurus`). */
export const componentTypesFile = (generatedDir: string) =>
  path.join(generatedDir, 'navbar-item-types/default', COMPONENT_TYPES_FILE);

/** The kinds a build chose: the keys of its data module's map. */
export function chosenNavbarKinds(generatedDir: string): NavbarItemKind[] {
  const source = fs.readFileSync(componentTypesFile(generatedDir), 'utf8');
  const map = /^export default \{(.*)\};$/m.exec(source)?.[1] ?? '';
  return ALL_KINDS.filter((kind) => new RegExp(`(^|, )${kind}: `).test(map));
}

/**
 * The kinds whose theme components are among the modules of `main.js`, sorted, from the list a build writes
 * (src/plugins/lean-delivery/main-modules.ts). Complete only for a build without the bundler's persistent
 * cache (the fixture builds): with it, modules restored from the cache may be missing from the list.
 */
export function bundledNavbarKinds(generatedDir: string): NavbarItemKind[] {
  const file = path.join(generatedDir, MAIN_MODULES_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: it is written by a build`);
  const modules = JSON.parse(fs.readFileSync(file, 'utf8')) as MainModule[];
  const components = new Set(modules.map((m) => NAVBAR_ITEM_MODULE.exec(m.name)?.[1]).filter(Boolean));
  return ALL_KINDS.filter((kind) => components.has(NAVBAR_ITEM_COMPONENTS[kind])).sort();
}
