/**
 * The site configuration holds the site's settings only: it exports the configuration Docusaurus loads and
 * nothing else (what the fixture builds need lives beside them, tests/fixtures/build-guarantees/fixture.config.ts),
 * and it sets nothing that has no effect.
 */
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {test, expect} from '@playwright/test';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {ROOT, readRepoFile} from '../support/content';

const CONFIG_FILE = 'docusaurus.config.ts';

/** The names a module's text exports, `default` for its default export. */
function exportedNames(text: string): string[] {
  return [
    ...text.matchAll(
      /^export\s+(default\b|(?:async\s+)?(?:const|let|function|class|type|interface)\s+(\w+)|\{[^}]*\})/gm,
    ),
  ].map(([, what, name]) => (what === 'default' ? 'default' : (name ?? what)));
}

/** Settings that have no effect in `text`, a configuration: each as "file:line: why". */
function deadSettings(file: string, text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  const lineOf = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line)) + 1;
  // Docusaurus' own value: setting it only hides that it is the default.
  const duplicateRoutes = lineOf(/^\s*onDuplicateRoutes:\s*'warn'/);
  if (duplicateRoutes) problems.push(`${file}:${duplicateRoutes}: onDuplicateRoutes is set to its default, 'warn'`);
  // The blog's theme settings do nothing while the classic preset's blog is switched off.
  const blogOff = lineOf(/^\s*blog:\s*false/);
  const blogTheme = lineOf(/^\s*blog:\s*\{/);
  if (blogOff && blogTheme)
    problems.push(`${file}:${blogTheme}: themeConfig.blog is set, but the blog is off (line ${blogOff})`);
  return problems;
}

test(`${CONFIG_FILE} exports the configuration Docusaurus loads and nothing else`, () => {
  expect(
    exportedNames(readRepoFile(CONFIG_FILE)),
    `${CONFIG_FILE}: move what only the fixture builds use to tests/fixtures/build-guarantees/fixture.config.ts`,
  ).toEqual(['default']);
});

test(`${CONFIG_FILE} sets nothing that has no effect`, () => {
  const problems = deadSettings(CONFIG_FILE, readRepoFile(CONFIG_FILE));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the checks find extra exports and dead settings, naming file and line', () => {
  expect(
    exportedNames('export const config = {};\nexport default async function createConfig() {}\nexport {x};'),
  ).toEqual(['config', 'default', '{x}']);
  expect(exportedNames('const a = 1;\nexport default a;')).toEqual(['default']);
  const dead = [
    'const config = {',
    "  onDuplicateRoutes: 'warn',",
    '  blog: false,',
    '  themeConfig: {',
    '    blog: {sidebar: {}},',
  ];
  expect(deadSettings('c.ts', dead.join('\n'))).toEqual([
    "c.ts:2: onDuplicateRoutes is set to its default, 'warn'",
    'c.ts:5: themeConfig.blog is set, but the blog is off (line 3)',
  ]);
  expect(deadSettings('c.ts', "  onDuplicateRoutes: 'throw',\n  blog: {path: 'news'},")).toEqual([]);
});

/**
 * The configuration restates no Docusaurus default, so some settings the site requires come from Docusaurus'
 * defaults: a broken link fails the build; one English locale; the docs version chosen is kept in local storage;
 * the docs sidebar neither hides nor collapses categories by itself; the table of contents lists levels 2 and 3;
 * the colour mode starts light, can be switched and follows the system's; the announcement can be closed. The
 * configuration the last build resolved (defaults filled in by Docusaurus and the classic theme) must still
 * hold them, whatever a later Docusaurus makes its default.
 */
test('the configuration the build resolved holds the settings the site requires', async () => {
  const resolvedFile = path.join(ROOT, '.docusaurus', 'docusaurus.config.mjs');
  expect(fs.existsSync(resolvedFile), `${resolvedFile}: missing; run the build first`).toBe(true);
  const resolved = ((await import(pathToFileURL(resolvedFile).href)) as {default: Config}).default;
  const {themeConfig} = resolved as {themeConfig: Preset.ThemeConfig};
  expect(resolved.onBrokenLinks, 'a broken link fails the build').toBe('throw');
  expect(resolved.trailingSlash, 'trailingSlash stays unset').toBeUndefined();
  expect(resolved.i18n).toMatchObject({defaultLocale: 'en', locales: ['en']});
  expect(themeConfig.docs).toEqual({
    versionPersistence: 'localStorage',
    sidebar: {hideable: false, autoCollapseCategories: false},
  });
  expect(themeConfig.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
  expect(themeConfig.colorMode).toEqual({
    defaultMode: 'light',
    disableSwitch: false,
    respectPrefersColorScheme: true,
  });
  expect(themeConfig.announcementBar).toMatchObject({isCloseable: true});
});
