/**
 * Content checks over every page and the components that show text: no unfinished or template text,
 * no empty section, no heavy image.
 */
import {test, expect} from '@playwright/test';
import {statSync} from 'node:fs';
import {join} from 'node:path';
import {ROOT, emptySections, listFiles, pageFiles, readRepoFile, splitMarkdown} from '../support/content';

/** Text that must never reach a reader: unfinished work and the Docusaurus starter template. */
const FORBIDDEN: {pattern: RegExp; what: string}[] = [
  {pattern: /\bTODO\b/, what: 'TODO'},
  {pattern: /\bFIXME\b/, what: 'FIXME'},
  {pattern: /coming soon/i, what: '"coming soon"'},
  {pattern: /lorem ipsum/i, what: 'lorem ipsum'},
  {pattern: /Docusaurus Tutorial/i, what: 'Docusaurus template text ("Docusaurus Tutorial")'},
  {pattern: /tutorial-basics/, what: 'Docusaurus template text ("tutorial-basics")'},
  {pattern: /Dinosaurs are cool/i, what: 'Docusaurus template text ("Dinosaurs are cool")'},
  {pattern: /\bMy Site\b/, what: 'Docusaurus template text ("My Site")'},
  {pattern: /Tutorial Intro/i, what: 'Docusaurus template text ("Tutorial Intro")'},
  {pattern: /Docusaurus in less than 5 minutes/i, what: 'Docusaurus template text'},
  {pattern: /Let's discover \*?\*?Docusaurus/i, what: 'Docusaurus template text'},
  {
    pattern: /Focus on What Matters|Powered by React|designed from the ground up to be easily installed/i,
    what: 'Docusaurus template features',
  },
  {pattern: /undraw_docusaurus|docusaurus-social-card/i, what: 'Docusaurus template image'},
];

const MAX_IMAGE_BYTES = 200 * 1024;

/** Pages, components and the site configuration: everything whose text a reader can see. */
function textFiles(): string[] {
  return [...pageFiles(), ...listFiles('src/components', /\.tsx$/), 'docusaurus.config.ts', 'sidebars.ts'];
}

function forbiddenText(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const {pattern, what} of FORBIDDEN) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
    }
  });
  return problems;
}

test('no page contains TODO, "coming soon", lorem ipsum or Docusaurus template text', () => {
  const problems = textFiles().flatMap((file) => forbiddenText(file, readRepoFile(file)));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('no page has an empty section', () => {
  const files = pageFiles().filter((f) => /\.mdx?$/.test(f));
  expect(files.length).toBeGreaterThan(10);
  const problems = files.flatMap((file) =>
    emptySections(readRepoFile(file)).map(
      (h) => `${file}:${h.line}: the section "${'#'.repeat(h.level)} ${h.title}" has no content`,
    ),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('admonitions use the :::type[Title] syntax, so they render instead of showing as text', () => {
  const opener = /^\s*:::(note|tip|info|warning|danger|caution)(\[[^\]]*\])?\s*$/;
  const problems = pageFiles()
    .filter((f) => /\.mdx?$/.test(f))
    .flatMap((file) =>
      splitMarkdown(readRepoFile(file))
        .proseLines.filter(({text}) => /^\s*:::\S/.test(text) && !opener.test(text))
        .map(({text, line}) => `${file}:${line}: write "${text.trim()}" as :::type[Title]`),
    );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('no image in static/ or docs/ is over 200 KiB', () => {
  const images = [
    ...listFiles('static', /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp)$/i),
    ...listFiles('docs', /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp)$/i),
  ];
  expect(images.length, 'the site has at least its logo and favicon').toBeGreaterThan(0);
  const problems = images
    .map((file) => ({file, size: statSync(join(ROOT, file)).size}))
    .filter(({size}) => size > MAX_IMAGE_BYTES)
    .map(({file, size}) => `${file}: ${(size / 1024).toFixed(0)} KiB, over the 200 KiB limit`);
  expect(problems, problems.join('\n')).toEqual([]);
});

test.describe('the content checks themselves', () => {
  test('find forbidden text and name the line', () => {
    expect(forbiddenText('x.md', 'fine\nTODO: write this')).toEqual(['x.md:2: TODO: TODO: write this']);
    expect(forbiddenText('x.md', 'More pages coming Soon!')).toHaveLength(1);
    expect(forbiddenText('x.md', 'A todo list app and a tutorial about extras')).toEqual([]);
  });

  test('find empty sections but not sections with text, code or sub-sections', () => {
    const md = [
      '---',
      'title: T',
      '---',
      '# Title',
      '',
      '## Empty',
      '## Has a sub-section',
      '### Sub',
      'text',
      '## Code only',
      '```bash',
      '# a shell comment, not a heading',
      '```',
      '## Last',
    ].join('\n');
    expect(emptySections(md).map((h) => [h.title, h.line])).toEqual([
      ['Empty', 6],
      ['Last', 14],
    ]);
  });
});
