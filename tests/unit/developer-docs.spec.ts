/**
 * The page for developers says what the repository runs: its list of test projects ("in projects:") names
 * exactly the projects of playwright.config.ts (all of them, whichever part of the suite runs), each with its
 * folder.
 */
import {test, expect} from '@playwright/test';
import {PROJECTS} from '../../playwright.config';
import {readRepoFile} from '../support/content';

const PAGE = 'docs/For-developers/docusaurus/intro.md';

/** The `- \`name\` (\`tests/<folder>/\`)` items of the list that follows "in projects:", folder '' when none is given. */
function listedProjects(text: string): {name: string; folder: string}[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /in projects:$/.test(line));
  if (start < 0) throw new Error(`${PAGE}: no list of the test projects ("... in projects:")`);
  const items: {name: string; folder: string}[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' && items.length) break;
    const item = /^- `([^`]+)`(?: \(`([^`]+)`\))?/.exec(line);
    if (item) items.push({name: item[1], folder: item[2] ?? ''});
  }
  return items;
}

test(`${PAGE} lists exactly the test projects of playwright.config.ts, with their folders`, () => {
  const configured = PROJECTS.map((project) => ({
    name: project.name,
    folder: `${project.testDir.replace(/^\.\//, '')}/`,
  }));
  expect(listedProjects(readRepoFile(PAGE)), `${PAGE}: the projects under "in projects:"`).toEqual(configured);
});

test('the list is read item by item, up to the blank line after it', () => {
  const text = [
    'The tests run in projects:',
    '',
    '- `unit` (`tests/unit/`): x.',
    '- `other`: y.',
    '',
    '- `not` z',
  ].join('\n');
  expect(listedProjects(text)).toEqual([
    {name: 'unit', folder: 'tests/unit/'},
    {name: 'other', folder: ''},
  ]);
});
