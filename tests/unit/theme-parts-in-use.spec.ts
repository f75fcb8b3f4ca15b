/**
 * The theme's optional docs parts are in a page's bundle only when something on the site uses them:
 * src/plugins/theme-parts-in-use chooses at build time from the loaded content and the configuration, and
 * src/theme/<part>/index.tsx re-exports its choice. Here: how content decides, and that every part is wired.
 * (The fixture builds `navbar-every-item-kind` and `theme-parts-in-use` of tests/fixtures/build-guarantees
 * render the parts once used.)
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {
  THEME_PARTS,
  partFile,
  partModule,
  siteUses,
  type SiteUses,
  type ThemePart,
} from '../../src/plugins/theme-parts-in-use';
import {ROOT} from '../support/content';

const PARTS = Object.keys(THEME_PARTS) as ThemePart[];

/** A docs plugin's content: one version of `docs`, with a sidebar of `sidebarItems`. */
function docsContent(version: object = {}, docs: object[] = [{}], sidebarItems: object[] = []) {
  return {
    loadedVersions: [
      {
        banner: null,
        badge: false,
        docs: docs.map((doc) => ({tags: [], unlisted: false, frontMatter: {}, ...doc})),
        sidebars: {
          docs: [
            {type: 'doc', id: 'a'},
            {type: 'category', items: sidebarItems},
          ],
        },
        ...version,
      },
    ],
  };
}

const NONE: SiteUses = {
  versionBanner: false,
  versionBadge: false,
  tags: false,
  lastUpdate: false,
  unlistedOrDraft: false,
  hideableSidebar: false,
  sidebarHtml: false,
};

const usesOf = (docs: object, pages: object[] = [], themeConfig = {}, blog?: object) =>
  siteUses(
    {
      'docusaurus-plugin-content-docs': {default: docs},
      'docusaurus-plugin-content-pages': {default: pages},
      ...(blog ? {'docusaurus-plugin-content-blog': {default: blog}} : {}),
    },
    themeConfig,
  );

test('a site with one unversioned docs version, untagged and listed, uses none of the parts', () => {
  expect(usesOf(docsContent(), [{type: 'jsx', permalink: '/'}])).toEqual(NONE);
});

test('each thing a site can have turns on the parts that show it, and only those', () => {
  const cases: [string, SiteUses, SiteUses][] = [
    ['a version banner', usesOf(docsContent({banner: 'unmaintained'})), {...NONE, versionBanner: true}],
    ['a version badge', usesOf(docsContent({badge: true})), {...NONE, versionBadge: true}],
    ['a tagged doc', usesOf(docsContent({}, [{tags: [{label: 'sync'}]}])), {...NONE, tags: true}],
    ['a last update', usesOf(docsContent({}, [{lastUpdatedAt: 1_700_000_000_000}])), {...NONE, lastUpdate: true}],
    ['a last author', usesOf(docsContent({}, [{lastUpdatedBy: 'Ada'}])), {...NONE, lastUpdate: true}],
    ['an unlisted doc', usesOf(docsContent({}, [{unlisted: true}])), {...NONE, unlistedOrDraft: true}],
    ['a draft doc', usesOf(docsContent({}, [{frontMatter: {draft: true}}])), {...NONE, unlistedOrDraft: true}],
    [
      'an unlisted page',
      usesOf(docsContent(), [{type: 'mdx', frontMatter: {unlisted: true}}]),
      {...NONE, unlistedOrDraft: true},
    ],
    ['a page with its last update', usesOf(docsContent(), [{lastUpdatedAt: 1}]), {...NONE, lastUpdate: true}],
    [
      'a hideable sidebar',
      usesOf(docsContent(), [], {docs: {sidebar: {hideable: true}}}),
      {...NONE, hideableSidebar: true},
    ],
    [
      'an html sidebar item in a category',
      usesOf(docsContent({}, [{}], [{type: 'html', value: '<b>x</b>'}])),
      {...NONE, sidebarHtml: true},
    ],
    [
      'a blog',
      usesOf(docsContent(), [], {}, {blogPosts: []}),
      {...NONE, tags: true, lastUpdate: true, unlistedOrDraft: true},
    ],
  ];
  for (const [what, uses, expected] of cases) expect(uses, what).toEqual(expected);
});

test("a part's data module is the theme's component when used, and renders nothing when not", () => {
  expect(partFile('DocSidebar/Desktop/CollapseButton')).toBe('DocSidebar-Desktop-CollapseButton.js');
  expect(partModule('TagsListInline', {...NONE, tags: true})).toBe(
    "// Written by src/plugins/theme-parts-in-use: the site uses tags.\nexport {default} from '@theme-original/TagsListInline';\n",
  );
  expect(partModule('TagsListInline', NONE)).toMatch(
    /nothing on the site uses tags\.\nexport default function Unused\(\) \{\n {2}return null;\n\}\n$/,
  );
});

test('each part is a component of the installed theme, swizzled to re-export its data module', () => {
  const themeDir = path.join(ROOT, 'node_modules/@docusaurus/theme-classic/lib/theme');
  const problems = PARTS.flatMap((part) => {
    const swizzle = path.join('src/theme', part, 'index.tsx');
    const reexport = `export {default} from '@generated/theme-parts-in-use/default/${partFile(part)}';`;
    return [
      ...(fs.existsSync(path.join(themeDir, part, 'index.js')) ? [] : [`${part}: not a component of ${themeDir}`]),
      ...(fs.existsSync(path.join(ROOT, swizzle)) &&
      fs.readFileSync(path.join(ROOT, swizzle), 'utf8').includes(reexport)
        ? []
        : [`${swizzle}: missing, or without "${reexport}"`]),
    ];
  });
  expect(problems, problems.join('\n')).toEqual([]);
});

test("the last build wrote one data module per part, the theme's component or nothing", () => {
  const dir = path.join(ROOT, '.docusaurus/theme-parts-in-use/default');
  const chosen = PARTS.map((part) => {
    const written = fs.readFileSync(path.join(dir, partFile(part)), 'utf8');
    const used = written === partModule(part, {...NONE, [THEME_PARTS[part]]: true});
    expect(used || written === partModule(part, NONE), `${dir}/${partFile(part)}, written by the last build`).toBe(
      true,
    );
    return `${part}: ${used ? 'the theme’s' : 'nothing'}`;
  });
  console.log(`Theme parts in the last build: ${chosen.join('; ')}`);
});
