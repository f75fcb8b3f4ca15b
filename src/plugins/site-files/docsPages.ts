/**
 * Every docs page a reader can open, in the order of the docs sidebars: docs, and category index pages
 * (generated indexes) with the pages they list. Listed docs outside any sidebar come last.
 */
import type {LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';

type SidebarItem = LoadedVersion['sidebars'][string][number];

export type DocsPage =
  | {kind: 'doc'; title: string; permalink: string; description: string}
  | {kind: 'category'; title: string; permalink: string; description: string; children: DocsPage[]};

export function docsPages(content: LoadedContent): DocsPage[] {
  const pages: DocsPage[] = [];
  const seen = new Set<string>();
  for (const version of content.loadedVersions) {
    const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
    const docPage = (id: string): DocsPage | undefined => {
      const doc = docsById.get(id);
      if (!doc || doc.unlisted) return undefined;
      return {kind: 'doc', title: doc.title, permalink: doc.permalink, description: doc.description};
    };
    /** Adds the pages of `items` to the list and returns the ones directly under them. */
    const walk = (items: SidebarItem[]): DocsPage[] => {
      const direct: DocsPage[] = [];
      for (const item of items) {
        if (item.type === 'doc' || item.type === 'ref') {
          const page = docPage(item.id);
          if (page && !seen.has(page.permalink)) {
            seen.add(page.permalink);
            pages.push(page);
            direct.push(page);
          }
        } else if (item.type === 'category') {
          const {link} = item;
          let page: DocsPage | undefined;
          if (link?.type === 'generated-index') {
            page = {
              kind: 'category',
              title: link.title ?? item.label,
              permalink: link.permalink,
              description: link.description ?? item.description ?? '',
              children: [],
            };
          } else if (link?.type === 'doc') {
            page = docPage(link.id);
          }
          if (page && !seen.has(page.permalink)) {
            seen.add(page.permalink);
            pages.push(page);
          }
          const children = walk(item.items);
          if (page?.kind === 'category') page.children.push(...children);
          if (page) direct.push(page);
          else direct.push(...children);
        }
      }
      return direct;
    };
    for (const sidebar of Object.values(version.sidebars)) walk(sidebar);
    for (const doc of version.docs) {
      const page = docPage(doc.id);
      if (page && !seen.has(page.permalink)) {
        seen.add(page.permalink);
        pages.push(page);
      }
    }
  }
  return pages;
}
