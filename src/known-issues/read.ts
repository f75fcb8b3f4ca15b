/**
 * Reads the Known issues from their area pages (Node only): every `### Title {/* #id *\/}` heading under its
 * `## Section`, with the files of its `**Source:**` line. Throws, naming file and line, on an entry heading
 * without its anchor or an id used twice.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {ODE_RELEASE, MONOREPO_URL} from '../../site.constants';
import {entryHref, KNOWN_ISSUES_DIR, type KnownIssue} from './index';

export type KnownIssuePage = {area: string; file: string; title: string};
export type KnownIssueWithLine = KnownIssue & {file: string; line: number};

const HEADING = /^### (.+?)\s*\{\/\*\s*#([a-z0-9-]+)\s*\*\/\}\s*$/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A source link at the release's tag: its file's path. */
const SOURCE = new RegExp(`\\[\`([^\`]+)\`\\]\\(${escape(`${MONOREPO_URL}/blob/${ODE_RELEASE}/`)}`, 'g');

/** The area pages, in name order, with their titles. */
export function knownIssuePages(siteDir: string): KnownIssuePage[] {
  const dir = path.join(siteDir, KNOWN_ISSUES_DIR);
  if (!existsSync(dir))
    throw new Error(`${KNOWN_ISSUES_DIR}/: no such folder; the Known issues pages are read from it`);
  return readdirSync(dir)
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const title = /^title:\s*"?(.+?)"?\s*$/m.exec(text)?.[1] ?? name;
      return {area: name.replace(/\.mdx?$/, ''), file: `${KNOWN_ISSUES_DIR}/${name}`, title};
    });
}

export function readKnownIssues(siteDir: string): KnownIssueWithLine[] {
  const entries: KnownIssueWithLine[] = [];
  for (const {area, file} of knownIssuePages(siteDir)) {
    let section = '';
    let current: KnownIssueWithLine | undefined;
    readFileSync(path.join(siteDir, file), 'utf8')
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
          const twice = entries.find((e) => e.id === heading[2]);
          if (twice)
            throw new Error(`${file}:${index + 1}: the entry #${heading[2]} is also at ${twice.file}:${twice.line}`);
          const id = heading[2];
          current = {
            id,
            title: heading[1],
            area,
            section,
            sources: [],
            href: entryHref({id, area}),
            file,
            line: index + 1,
          };
          entries.push(current);
          return;
        }
        if (current && /^- \*\*Source:\*\*/.test(line)) current.sources = [...line.matchAll(SOURCE)].map((m) => m[1]);
      });
  }
  return entries;
}
