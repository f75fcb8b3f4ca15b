/** The navbar item kinds a build put in `main.js`, the script every page loads (src/plugins/navbar-item-types). */
import fs from 'node:fs';
import type {MainModule} from '../../src/plugins/lean-delivery/main-modules';
import {NAVBAR_ITEM_COMPONENTS, type NavbarItemKind} from '../../src/plugins/navbar-item-types';

/** A module of the theme's navbar items: `…/theme/NavbarItem/<component>.js`, or a file in its folder. */
const NAVBAR_ITEM_MODULE = /[\\/]theme-classic[\\/]lib[\\/]theme[\\/]NavbarItem[\\/](\w+)(?:\.js$|[\\/])/;

/**
 * The kinds whose theme components are among the modules of `main.js`, sorted, read from the list a build
 * writes (`.docusaurus/main-modules.json`, src/plugins/lean-delivery/main-modules.ts).
 */
export function bundledNavbarKinds(mainModulesFile: string): NavbarItemKind[] {
  if (!fs.existsSync(mainModulesFile)) throw new Error(`${mainModulesFile} is missing: it is written by a build`);
  const modules = JSON.parse(fs.readFileSync(mainModulesFile, 'utf8')) as MainModule[];
  const components = new Set(modules.map((m) => NAVBAR_ITEM_MODULE.exec(m.name)?.[1]).filter(Boolean));
  return (Object.keys(NAVBAR_ITEM_COMPONENTS) as NavbarItemKind[])
    .filter((kind) => components.has(NAVBAR_ITEM_COMPONENTS[kind]))
    .sort();
}
