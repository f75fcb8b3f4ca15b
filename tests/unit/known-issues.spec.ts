/**
 * The Known issues are one overview page and one page per area. The map of src/api/synkronus/known-issues.ts
 * (which the release rules, the synk command table and the API console link through) must say where each
 * entry really is, the overview must list every entry with a link to it, and no page may link to an entry at
 * the overview, where it no longer is: each failure names the entry and the file.
 */
import {test, expect} from '@playwright/test';
import {KNOWN_ISSUE_AREAS} from '../../src/api/synkronus/known-issues';
import {listFiles, readRepoFile} from '../support/content';
import {AREA_DIR, areaFiles, knownIssueEntries, OVERVIEW_FILE} from '../support/known-issues';

const MAP = 'src/api/synkronus/known-issues.ts (KNOWN_ISSUE_AREAS)';
const mapped = Object.entries(KNOWN_ISSUE_AREAS).flatMap(([area, ids]) =>
  (ids as readonly string[]).map((id) => ({id, area})),
);

test('the map has one area for each area page, and each area page is in the map', () => {
  const pages = areaFiles().map((file) => file.slice(AREA_DIR.length + 1).replace(/\.mdx?$/, ''));
  expect(
    Object.keys(KNOWN_ISSUE_AREAS).sort(),
    `${MAP} names the areas of the pages in ${AREA_DIR}/ (${pages.join(', ')})`,
  ).toEqual(pages.sort());
});

test('every entry the map names is a heading on the page the map names', () => {
  const entries = knownIssueEntries();
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const {id, area} of mapped) {
    if (seen.has(id)) problems.push(`${MAP}: #${id} is listed twice`);
    seen.add(id);
    const entry = entries.find((e) => e.id === id);
    if (!entry) problems.push(`${MAP}: #${id} (area ${area}) is a heading on no page of ${AREA_DIR}/`);
    else if (entry.area !== area)
      problems.push(`${MAP}: #${id} is mapped to ${AREA_DIR}/${area}.md, but it is on ${entry.file}:${entry.line}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every entry on the area pages is in the map, once', () => {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const entry of knownIssueEntries()) {
    const where = `${entry.file}:${entry.line}`;
    if (seen.has(entry.id)) problems.push(`${where}: the entry #${entry.id} is also at ${seen.get(entry.id)}`);
    seen.set(entry.id, where);
    const inMap = mapped.find((m) => m.id === entry.id);
    if (!inMap) problems.push(`${where}: the entry #${entry.id} is not in ${MAP}: add it to "${entry.area}"`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

/** The overview's index: `<li id="<id>">[<title>](./known-issues/<area>.md#<id>)</li>`, one per entry. */
const INDEX_ITEM = /^<li id="([a-z0-9-]+)">\[(.+)\]\(\.\/known-issues\/([a-z0-9-]+)\.md#([a-z0-9-]+)\)<\/li>$/;

test('the overview lists every entry under its id, linking to the entry on its page', () => {
  const entries = knownIssueEntries();
  const lines = readRepoFile(OVERVIEW_FILE).split('\n');
  const problems: string[] = [];
  const listed = new Set<string>();
  lines.forEach((text, index) => {
    if (!text.startsWith('<li')) return;
    const where = `${OVERVIEW_FILE}:${index + 1}`;
    const item = INDEX_ITEM.exec(text);
    if (!item)
      return problems.push(`${where}: an index item that is not <li id="id">[title](./known-issues/area.md#id)</li>`);
    const [, id, title, area, anchor] = item;
    listed.add(id);
    const entry = entries.find((e) => e.id === id);
    if (!entry) return problems.push(`${where}: #${id} is an entry of no page in ${AREA_DIR}/`);
    if (anchor !== id) problems.push(`${where}: the item #${id} links to #${anchor}`);
    if (area !== entry.area) problems.push(`${where}: #${id} links to ${area}.md, but the entry is on ${entry.file}`);
    if (title !== entry.title)
      problems.push(`${where}: #${id} is titled ${JSON.stringify(title)}, its entry ${JSON.stringify(entry.title)}`);
  });
  for (const entry of entries)
    if (!listed.has(entry.id))
      problems.push(`${OVERVIEW_FILE}: no index item for #${entry.id} (${entry.file}:${entry.line})`);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('no page or component links to an entry at the overview: links go to its page', () => {
  const ids = new Set(knownIssueEntries().map((e) => e.id));
  // A Markdown link to the overview's file, or a route to the overview, with an entry's anchor.
  const oldLink = /known-issues(?:\.mdx?)?#([a-z0-9-]+)/g;
  const files = [
    ...listFiles('docs', /\.mdx?$/),
    ...listFiles('src', /\.(tsx?|mdx?)$/),
    ...listFiles('data', /\.json$/),
  ];
  const problems = files.flatMap((file) =>
    readRepoFile(file)
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(oldLink)]
          .filter((m) => ids.has(m[1]))
          .map(
            (m) => `${file}:${index + 1}: links #${m[1]} on the overview; link the entry's page (known-issues/<area>)`,
          ),
      ),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});
