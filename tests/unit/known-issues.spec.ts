/**
 * The Known issues are one overview page and one page per area, each entry a heading on its area's page. The
 * overview's list is made from those pages by the build (src/plugins/known-issues), so the overview writes no
 * entry itself; no page links to an entry at the overview, where it no longer is; and the reader the build uses
 * refuses a page whose entries it cannot read, naming the file and the line.
 */
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {KNOWN_ISSUES_DIR} from '../../src/known-issues';
import {readKnownIssues} from '../../src/known-issues/read';
import {knownIssuesIndex} from '../../src/plugins/known-issues';
import {listFiles, readRepoFile, ROOT} from '../support/content';
import {knownIssueEntries, OVERVIEW_FILE} from '../support/known-issues';

test('the overview writes no entry: the build lists them from the area pages', () => {
  const text = readRepoFile(OVERVIEW_FILE);
  expect(
    text.split('\n').filter((line) => line.trim() === '::known-issues-index'),
    OVERVIEW_FILE,
  ).toHaveLength(1);
  const written = knownIssueEntries().filter((e) => text.includes(`#${e.id}`) || text.includes(e.title));
  expect(written.map((e) => `${OVERVIEW_FILE} writes the entry #${e.id} again`)).toEqual([]);
});

test('the index lists every entry once, under its id, linking to its page, in the pages’ order', () => {
  const entries = knownIssueEntries();
  expect(entries.length).toBeGreaterThan(50);
  const items = JSON.stringify(knownIssuesIndex(ROOT));
  const listed = [...items.matchAll(/"name":"id","value":"([a-z0-9-]+)"/g)].map((m) => m[1]);
  expect(listed).toEqual(entries.map((e) => e.id));
  for (const e of entries) expect(items, `#${e.id}`).toContain(`"url":"./known-issues/${e.area}.md#${e.id}"`);
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

/** A site with one area page holding `body`, for the reader's refusals. */
function siteWith(body: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'known-issues-'));
  mkdirSync(path.join(root, KNOWN_ISSUES_DIR), {recursive: true});
  writeFileSync(
    path.join(root, KNOWN_ISSUES_DIR, 'area.md'),
    `---\ntitle: "Known issues: area"\n---\n\n## Section\n\n${body}\n`,
  );
  return root;
}

test('the reader names the file and line of an entry without its anchor, or of an id used twice', () => {
  expect(() => readKnownIssues(siteWith('### A title'))).toThrow(
    `${KNOWN_ISSUES_DIR}/area.md:7: an entry heading without an anchor`,
  );
  expect(() => readKnownIssues(siteWith('### One {/* #same */}\n\n### Two {/* #same */}'))).toThrow(
    `${KNOWN_ISSUES_DIR}/area.md:9: the entry #same is also at ${KNOWN_ISSUES_DIR}/area.md:7`,
  );
});

test('the reader names the folder when a site has no Known issues folder, and reads an empty one as no entries', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'known-issues-'));
  expect(() => readKnownIssues(root)).toThrow(`${KNOWN_ISSUES_DIR}/: no such folder`);
  mkdirSync(path.join(root, KNOWN_ISSUES_DIR), {recursive: true});
  expect(readKnownIssues(root)).toEqual([]);
});
