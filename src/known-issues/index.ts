/**
 * The Known issues as data, for the build and the browser alike: one overview page
 * (KNOWN_ISSUES_PATH) and one page per area, each entry a `### Title {/* #id *\/}` heading on its area's
 * page with a `**Source:**` line. The entries are read from those pages once (./read.ts, at build time) and
 * handed on: to the overview, which lists them (src/plugins/known-issues), to the engine, whose release rules
 * are entries of these pages, and to every link to an entry.
 */

/** The overview page of the Known issues. */
export const KNOWN_ISSUES_PATH = '/docs/documentation/synkronus/known-issues';
/** Where the pages are, relative to the site. */
export const KNOWN_ISSUES_DIR = 'docs/documentation/synkronus/known-issues';
/** The areas whose entries are about the clients of the server (synk, Formulus): they have no engine rule. */
export const CLIENT_AREAS: readonly string[] = ['synk', 'formulus'];

export type KnownIssue = {
  id: string;
  title: string;
  /** The area page's slug: the entry is at KNOWN_ISSUES_PATH/<area>#<id>. */
  area: string;
  /** The `## ` section of the area page it is under. */
  section: string;
  /** The files of its `**Source:**` line, at the release's tag. */
  sources: string[];
  /** Its address, KNOWN_ISSUES_PATH/<area>#<id>: the engine links its rules by it. */
  href: string;
};

/** The address of an entry; throws on an id no page has, which fails the build that links to it. */
export function knownIssueHref(entries: readonly Pick<KnownIssue, 'id' | 'area'>[], id: string): string {
  const entry = entries.find((e) => e.id === id);
  if (!entry)
    throw new Error(`No Known issues entry #${id}: no heading {/* #${id} */} on the pages of ${KNOWN_ISSUES_DIR}/`);
  return entryHref(entry);
}

/** The address of an entry of an area page. */
export const entryHref = ({id, area}: Pick<KnownIssue, 'id' | 'area'>): string => `${KNOWN_ISSUES_PATH}/${area}#${id}`;
