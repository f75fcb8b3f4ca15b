/**
 * Every page's bundle holds only the navbar item types the site uses (src/theme/NavbarItem/ComponentTypes.tsx):
 * an item of another type in the configured navbar would fail the build on its first page, with the theme's
 * message that does not say where to fix it. This names the type and the file.
 */
import {test, expect} from '@playwright/test';
import {readRepoFile} from '../support/content';

const TYPES_FILE = 'src/theme/NavbarItem/ComponentTypes.tsx';
const CONFIG_FILE = 'docusaurus.config.ts';

test(`every navbar item type of ${CONFIG_FILE} is in ${TYPES_FILE}`, () => {
  const types = /const ComponentTypes = \{([^}]*)\}/.exec(readRepoFile(TYPES_FILE))?.[1];
  expect(types, `${TYPES_FILE}: the object ComponentTypes`).toBeDefined();
  const kept = new Set([...types!.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]));
  const config = readRepoFile(CONFIG_FILE);
  const navbar = /^ {4}navbar: \{\n([\s\S]*?)^ {4}\},?$/m.exec(config)?.[1];
  expect(navbar, `${CONFIG_FILE}: themeConfig.navbar`).toBeDefined();
  const used = new Set([...navbar!.matchAll(/\btype: '(\w+)'/g)].map((m) => m[1]));
  // An item without a type is a link (`default`), or a `dropdown` when it has items of its own.
  if (/\{(?![^}]*\btype:)[^}]*\b(?:to|href):/.test(navbar!)) used.add('default');
  if ((navbar!.match(/\bitems: \[/g) ?? []).length > 1) used.add('dropdown');
  expect(used.size, `${CONFIG_FILE}: navbar item types found`).toBeGreaterThan(0);
  expect(
    [...used].filter((type) => !kept.has(type)),
    `navbar item types of ${CONFIG_FILE} missing from ${TYPES_FILE}: import their components there`,
  ).toEqual([]);
});
