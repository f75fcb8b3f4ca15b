/**
 * Every docs page's bundle holds the theme's optional parts only when the site has something for them to
 * show. The docs layout imports the version banner and badge, the tag list, the "last updated" line, the
 * unlisted and draft notices, the sidebar's hide and show buttons and the sidebar's raw-HTML item, whether
 * the site uses them or not; here they weighed 2.0 KiB with Brotli on a doc page (1.1 on a category index).
 * This plugin reads what the docs and pages plugins loaded (`allContentLoaded`) and the configuration, and
 * writes one data module per part, `@generated/theme-parts-in-use/default/<file>.js`: the theme's own component
 * (`@theme-original/…`) when something uses it, or a component that renders nothing. The swizzled
 * src/theme/<part>/index.tsx re-exports that module, so a part is in the next build as soon as a page, a
 * version or the configuration needs it. tests/unit/theme-parts-in-use.spec.ts checks the choice; the
 * fixture builds `navbar-every-item-kind` and `theme-parts-in-use` (tests/fixtures/build-guarantees) render
 * the parts once used.
 *
 * Patch: theme-parts-in-use
 * Library: @docusaurus/theme-classic 3.10.2
 * Changes: the eight parts (THEME_PARTS) are swizzled by replacement, an eject the theme does not declare
 *   safe for any of them (none is in its swizzle configuration), and `siteUses` restates when the theme shows
 *   each part.
 * Why: the theme's docs layout imports every part whether the site uses it or not, and no option leaves one out.
 * Saves: 2.0 KiB with Brotli on every doc page, 1.1 on a category index page (PATCHES.md).
 * Remove when: the theme loads these parts only when used, or the saving no longer matters to the budgets.
 *   tests/unit/patches.spec.ts fails, naming this patch, when a part is gone or rendered from another place.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {LoadedContent as PagesContent} from '@docusaurus/plugin-content-pages';

/** What a site can have that one of the parts shows. */
export type SiteUses = {
  /** A docs version with a banner (an unreleased or unmaintained version). */
  versionBanner: boolean;
  /** A docs version with a badge (the default once there are several versions). */
  versionBadge: boolean;
  /** A doc with tags. */
  tags: boolean;
  /** A doc or page with its last update (`showLastUpdateTime`, `showLastUpdateAuthor`, `last_update`). */
  lastUpdate: boolean;
  /** A doc or page that is unlisted, or a draft (drafts are left out of a production build). */
  unlistedOrDraft: boolean;
  /** A docs sidebar the reader can hide (`themeConfig.docs.sidebar.hideable`). */
  hideableSidebar: boolean;
  /** A sidebar item of type `html`. */
  sidebarHtml: boolean;
};

/** Each optional part: its theme component, and what makes it needed. */
export const THEME_PARTS = {
  DocVersionBanner: 'versionBanner',
  DocVersionBadge: 'versionBadge',
  TagsListInline: 'tags',
  LastUpdated: 'lastUpdate',
  ContentVisibility: 'unlistedOrDraft',
  'DocSidebar/Desktop/CollapseButton': 'hideableSidebar',
  'DocRoot/Layout/Sidebar/ExpandButton': 'hideableSidebar',
  'DocSidebarItem/Html': 'sidebarHtml',
} as const satisfies Record<string, keyof SiteUses>;

export type ThemePart = keyof typeof THEME_PARTS;

/** The data module's file name of a part (under `@generated/theme-parts-in-use/default/`). */
export const partFile = (part: ThemePart): string => `${part.replaceAll('/', '-')}.js`;

/** The plugins whose content says what the parts show; the blog's posts use the tag list and its kin. */
const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';
const PAGES_PLUGIN = 'docusaurus-plugin-content-pages';
const BLOG_PLUGIN = 'docusaurus-plugin-content-blog';

type SidebarItem = LoadedVersion['sidebars'][string][number];

/** A field of a doc's or a page's metadata (a JSX page has none of those read here). */
const field = (item: object, key: string): unknown => (item as Record<string, unknown>)[key];

/** Unlisted, or a draft, by its metadata or its front matter (in development, metadata says neither). */
function hidden(item: object): boolean {
  const frontMatter = (field(item, 'frontMatter') ?? {}) as {unlisted?: unknown; draft?: unknown};
  return Boolean(field(item, 'unlisted') || frontMatter.unlisted || frontMatter.draft);
}

const updated = (item: object) => Boolean(field(item, 'lastUpdatedAt') || field(item, 'lastUpdatedBy'));

const hasHtmlItem = (items: readonly SidebarItem[]): boolean =>
  items.some((item) => item.type === 'html' || (item.type === 'category' && hasHtmlItem(item.items)));

/** What the loaded content of all plugins, and the theme configuration, use. */
export function siteUses(
  allContent: Record<string, Record<string, unknown> | undefined>,
  themeConfig: {docs?: {sidebar?: {hideable?: boolean}}},
): SiteUses {
  const docs = Object.values(allContent[DOCS_PLUGIN] ?? {}) as DocsContent[];
  const pages = Object.values(allContent[PAGES_PLUGIN] ?? {}) as PagesContent[];
  const versions = docs.flatMap((content) => content.loadedVersions);
  const allDocs = versions.flatMap((version) => version.docs);
  const docsAndPages: object[] = [...allDocs, ...pages.flat()];
  const blog = Object.keys(allContent[BLOG_PLUGIN] ?? {}).length > 0;
  return {
    versionBanner: versions.some((version) => version.banner !== null),
    versionBadge: versions.some((version) => version.badge),
    tags: blog || allDocs.some((doc) => doc.tags.length > 0),
    lastUpdate: blog || docsAndPages.some(updated),
    unlistedOrDraft: blog || docsAndPages.some(hidden),
    hideableSidebar: Boolean(themeConfig.docs?.sidebar?.hideable),
    sidebarHtml: versions.some((version) => Object.values(version.sidebars).some(hasHtmlItem)),
  };
}

/** The source of a part's data module: the theme's component when the site uses it, or one that renders nothing. */
export function partModule(part: ThemePart, uses: SiteUses): string {
  const why = THEME_PARTS[part];
  return uses[why]
    ? `// Written by src/plugins/theme-parts-in-use: the site uses ${why}.\nexport {default} from '@theme-original/${part}';\n`
    : `// Written by src/plugins/theme-parts-in-use: nothing on the site uses ${why}.\nexport default function Unused() {\n  return null;\n}\n`;
}

export default function themePartsInUse(context: LoadContext): Plugin {
  return {
    name: 'theme-parts-in-use',
    async allContentLoaded({allContent, actions}) {
      const uses = siteUses(allContent, context.siteConfig.themeConfig);
      await Promise.all(
        (Object.keys(THEME_PARTS) as ThemePart[]).map((part) =>
          actions.createData(partFile(part), partModule(part, uses)),
        ),
      );
    },
  };
}
