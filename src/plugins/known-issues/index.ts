/**
 * The `known-issues` plugin: the Known issues entries, read once from their area pages (src/known-issues),
 * published where they are needed, so that no entry's id or title is written anywhere else.
 *
 * - Data modules for the browser: `@generated/known-issues/default/entries.json`, every entry, for the
 *   console's notes (the engine names each release rule by its entry, with its title), and `areas.json`,
 *   the id and area of each entry that the site's data files link to (the `knownIssue` values of
 *   LINKING_DATA) and nothing else, for pages that only link to entries (the synk command table).
 * - `knownIssuesIndexFor(siteDir)`, a remark plugin of the docs: the overview page's `::known-issues-index`
 *   becomes the list of every entry, by area and section, each under its own id (old links to
 *   `known-issues#<id>` land on it), linking to the entry on its page. A loader of the overview alone
 *   (./overview-dependencies.cjs) tells the bundler which pages that list is read from.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Heading, Link, PhrasingContent, Root, RootContent, Text} from 'mdast';
import type {} from 'mdast-util-directive';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import {KNOWN_ISSUES_DIR, type KnownIssue} from '../../known-issues';
import {existsSync, readFileSync} from 'node:fs';
import {knownIssuePages, readKnownIssues} from '../../known-issues/read';

export const ENTRIES_FILE = 'entries.json';
/** Makes the overview page depend on the area pages its index is made from (see the loader). */
const OVERVIEW_DEPENDENCIES = path.join(__dirname, 'overview-dependencies.cjs');
export const AREAS_FILE = 'areas.json';
/** The data files whose `knownIssue` values link to entries, relative to the site: areas.json holds those entries. */
export const LINKING_DATA: readonly string[] = ['data/synk-commands.json'];

/** Every `knownIssue` value of a JSON value, at any depth. */
function knownIssueIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(knownIssueIds);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'knownIssue' && typeof v === 'string' ? [v] : knownIssueIds(v),
  );
}

/** The ids the data files of LINKING_DATA link to (a file the site does not have links to none). */
export function linkedIds(siteDir: string): Set<string> {
  return new Set(
    LINKING_DATA.map((file) => path.join(siteDir, file))
      // A site without one of these files (a test's fixture site) has no links from it.
      .filter((file) => existsSync(file))
      .flatMap((file) => knownIssueIds(JSON.parse(readFileSync(file, 'utf8')))),
  );
}

/** The entries as the browser gets them: without the file and line they were read from. */
function publicEntries(siteDir: string): KnownIssue[] {
  return readKnownIssues(siteDir).map(({id, title, area, section, sources, href}) => ({
    id,
    title,
    area,
    section,
    sources,
    href,
  }));
}

export default function knownIssuesPlugin(context: LoadContext): Plugin<KnownIssue[]> {
  return {
    name: 'known-issues',
    getPathsToWatch: () => [
      path.join(context.siteDir, KNOWN_ISSUES_DIR, '*.md'),
      ...LINKING_DATA.map((file) => path.join(context.siteDir, file)),
    ],
    configureWebpack: () => ({
      module: {
        rules: [
          {
            resource: path.join(context.siteDir, `${KNOWN_ISSUES_DIR}.md`),
            enforce: 'pre',
            use: [{loader: OVERVIEW_DEPENDENCIES, options: {dir: path.join(context.siteDir, KNOWN_ISSUES_DIR)}}],
          },
        ],
      },
    }),
    loadContent: () => Promise.resolve(publicEntries(context.siteDir)),
    async contentLoaded({content, actions}) {
      await actions.createData(ENTRIES_FILE, JSON.stringify(content));
      // What a link to an entry needs, and no more: a page that only links carries the ids and areas of the
      // entries it links to, not every entry's, nor titles and sources (on the CLI page, the ids of every entry
      // were 0.8 KiB with gzip). A linked id no page has stays out, and knownIssueHref fails the build on it.
      const linked = linkedIds(context.siteDir);
      const areas = content.filter(({id}) => linked.has(id)).map(({id, area}) => ({id, area}));
      await actions.createData(AREAS_FILE, JSON.stringify(areas));
    },
  };
}

/** A title's Markdown (text and `code` only) as inline nodes. */
function inline(title: string): PhrasingContent[] {
  return title
    .split('`')
    .map((part, i) => ({type: i % 2 ? ('inlineCode' as const) : ('text' as const), value: part}))
    .filter((node) => node.value !== '');
}

const text = (value: string): Text => ({type: 'text', value});
const link = (url: string, children: PhrasingContent[]): Link => ({type: 'link', url, children});
const jsx = (name: string, children: MdxJsxFlowElement['children'], id?: string): MdxJsxFlowElement => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: id ? [{type: 'mdxJsxAttribute', name: 'id', value: id}] : [],
  children,
});

/** The overview's list: each section of each area page, its entries under their ids. */
export function knownIssuesIndex(siteDir: string): RootContent[] {
  const pages = knownIssuePages(siteDir);
  const entries = readKnownIssues(siteDir);
  const nodes: RootContent[] = [];
  for (const page of pages) {
    const href = `./known-issues/${page.area}.md`;
    const ofPage = entries.filter((e) => e.area === page.area);
    for (const section of [...new Set(ofPage.map((e) => e.section))]) {
      nodes.push({type: 'heading', depth: 2, children: [text(section)]} satisfies Heading);
      nodes.push({type: 'paragraph', children: [text('On '), link(href, [text(page.title)]), text(':')]});
      const items = ofPage
        .filter((e) => e.section === section)
        // Each item says where its entry is, for a reader who lands on it by an old anchor without JavaScript.
        .map((e) =>
          jsx('li', [link(`${href}#${e.id}`, inline(e.title)) as never, text(`, on ${page.title}`) as never], e.id),
        );
      nodes.push(jsx('ul', items));
    }
  }
  return nodes;
}

/**
 * Remark plugin: replaces the `::known-issues-index` directive of a page with the index. `siteDir` is bound here,
 * not given as a plugin option: the options are serialised into main.js with the site's configuration, and the
 * site's folder must not be (it would be published, and differ from one checkout to another).
 */
export function knownIssuesIndexFor(siteDir: string) {
  return function remarkKnownIssuesIndex() {
    return (tree: Root) => {
      const at = tree.children.findIndex((node) => node.type === 'leafDirective' && node.name === 'known-issues-index');
      if (at >= 0) tree.children.splice(at, 1, ...knownIssuesIndex(siteDir));
    };
  };
}
