/**
 * src/theme/Admonition/Types.tsx keeps only the admonition types the docs use. A page with another type
 * (`:::tip`) would be drawn as an info box with a warning in the console: this test names it instead.
 */
import {test, expect} from '@playwright/test';
import {pageFiles, readRepoFile, splitMarkdown} from '../support/content';

const TYPES_FILE = 'src/theme/Admonition/Types.tsx';

/** The keys of the map the file exports (it imports theme aliases, so it is read, not imported). */
function typesOf(source: string): Set<string> {
  const map = /const admonitionTypes = \{([^}]*)\}/.exec(source);
  if (!map) throw new Error(`${TYPES_FILE}: no "const admonitionTypes = {...}"`);
  return new Set([...map[1].matchAll(/^\s*([a-z]+):/gm)].map((m) => m[1]));
}

/** Each admonition of a Markdown text whose type is not in `known`, as "line N: :::type". */
function unknownAdmonitions(markdown: string, known: Set<string>): string[] {
  return splitMarkdown(markdown)
    .proseLines.map(({text, line}) => ({type: /^\s*:{3,}([a-z]+)/.exec(text)?.[1], line}))
    .filter(({type}) => type !== undefined && !known.has(type))
    .map(({type, line}) => `line ${line}: :::${type}`);
}

test('every admonition of the docs is of a type src/theme/Admonition/Types.tsx has', () => {
  const known = typesOf(readRepoFile(TYPES_FILE));
  expect(known.has('info'), `${TYPES_FILE} keeps info: the theme falls back to it`).toBe(true);
  expect(known.has('caution'), `${TYPES_FILE} keeps caution: the theme's unlisted-page banner is one`).toBe(true);
  const problems = pageFiles().flatMap((file) =>
    unknownAdmonitions(readRepoFile(file), known).map((p) => `${file}: ${p} is not in ${TYPES_FILE} (add it there)`),
  );
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the admonition check names a type the site does not have, and passes the ones it has', () => {
  const known = new Set(['note', 'info', 'warning']);
  const text = ':::note\na\n:::\n\n:::tip[Hint]\nb\n:::\n\n```md\n:::danger\n```\n';
  expect(unknownAdmonitions(text, known)).toEqual(['line 5: :::tip']);
});
