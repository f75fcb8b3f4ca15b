/**
 * The Known issues as their pages have them: the overview (docs/documentation/synkronus/known-issues.md) and
 * one page per area in docs/documentation/synkronus/known-issues/. The entries are read from the Markdown of
 * every area page there, not from the map of src/api/synkronus/known-issues.ts, so that the tests can hold
 * the map against the pages.
 */
import {listFiles, readRepoFile} from './content';
import {KNOWN_ISSUES_PATH} from '../../src/api/synkronus/known-issues';
import {ODE_RELEASE} from '../../site.constants';

export const OVERVIEW_FILE = 'docs/documentation/synkronus/known-issues.md';
/** The overview's route, as the site serves it. */
export const OVERVIEW_PATH = KNOWN_ISSUES_PATH;
export const AREA_DIR = 'docs/documentation/synkronus/known-issues';

/** One entry: `### Title {/* #id *\/}` under a `## Section`, with the files of its `**Source:**` line. */
export type KnownIssueEntry = {
  id: string;
  title: string;
  /** The section (`## …`) it is in. */
  section: string;
  /** The area page's file, and its slug (the page's route is OVERVIEW_PATH/slug). */
  file: string;
  area: string;
  line: number;
  sources: string[];
};

const HEADING = /^### (.+?)\s*\{\/\*\s*#([a-z0-9-]+)\s*\*\/\}\s*$/;
/** A source link at the release's tag: its file's path. */
const SOURCE = new RegExp(
  `\\[\`([^\`]+)\`\\]\\(https://github\\.com/OpenDataEnsemble/ode/blob/${ODE_RELEASE.replace(/\./g, '\\.')}/`,
  'g',
);

/** The area pages' files, in name order. */
export const areaFiles = (): string[] => listFiles(AREA_DIR, /\.mdx?$/);

/** Every entry of every area page; throws, naming file and line, on an entry heading without its anchor. */
export function knownIssueEntries(): KnownIssueEntry[] {
  const entries: KnownIssueEntry[] = [];
  for (const file of areaFiles()) {
    const area = file.slice(AREA_DIR.length + 1).replace(/\.mdx?$/, '');
    let section = '';
    let current: KnownIssueEntry | undefined;
    readRepoFile(file)
      .split('\n')
      .forEach((line, index) => {
        const sectionMatch = /^## (.+)$/.exec(line);
        if (sectionMatch) {
          section = sectionMatch[1].trim();
          current = undefined;
          return;
        }
        const heading = HEADING.exec(line);
        if (/^### /.test(line) && !heading)
          throw new Error(`${file}:${index + 1}: an entry heading without an anchor {/* #id */}`);
        if (heading) {
          current = {id: heading[2], title: heading[1], section, file, area, line: index + 1, sources: []};
          entries.push(current);
          return;
        }
        if (current && /^- \*\*Source:\*\*/.test(line)) current.sources = [...line.matchAll(SOURCE)].map((m) => m[1]);
      });
  }
  return entries;
}
