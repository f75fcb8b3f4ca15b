/**
 * Every comment, configuration line, test and maintainer's document of the repository states its rule
 * itself. None points at a section of a document that is not in the repository (a specification cited by
 * section or by name), because a maintainer cannot follow such a pointer. The pages for readers (docs/)
 * may cite public documents, such as a section of an RFC, and are not checked.
 */
import {test, expect} from '@playwright/test';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {ROOT} from '../support/content';

/** Installed and version-control folders, wherever they are: not the repository's own text. */
const SKIPPED_ANYWHERE = new Set(['node_modules', '.git']);
/**
 * Top-level folders that are not the repository's own text (build outputs, caches, test results: build/
 * and build-*), and docs/, the pages for readers, which may cite public documents such as an RFC's section.
 */
const SKIPPED_AT_ROOT = /^(docs|build|build-.*|\.docusaurus|\.tmp|test-results|playwright-report)$/;
/** The lockfile holds package metadata, not prose; this file names the forms it forbids. */
const SKIPPED_FILES = new Set(['package-lock.json', relative(ROOT, __filename)]);
const MAX_TEXT_BYTES = 2 * 1024 * 1024;

const CITATIONS: {pattern: RegExp; what: string}[] = [
  {pattern: /§\s*\d/, what: 'a section sign with a number'},
  {pattern: /\bsections?[-\s]+\d/i, what: 'a section number'},
  // The OpenAPI Specification is a public document, and citing it by name is fine.
  {pattern: /(?<!OpenAPI )\bspecification\b/i, what: 'a specification that is not in the repository'},
  {pattern: /\bspec,?\s+section\b/i, what: 'a section of a specification'},
];

/** Every text file of the repository, relative to its root. */
function repositoryTextFiles(dir = ROOT): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = SKIPPED_ANYWHERE.has(entry.name) || (dir === ROOT && SKIPPED_AT_ROOT.test(entry.name));
      if (!skipped) files.push(...repositoryTextFiles(path));
      continue;
    }
    const file = relative(ROOT, path);
    if (!entry.isFile() || SKIPPED_FILES.has(file) || statSync(path).size > MAX_TEXT_BYTES) continue;
    if (!readFileSync(path).includes(0)) files.push(file);
  }
  return files;
}

/** Each line of `text` that cites a section or a specification, as "file:line: what: the line". */
function citations(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const {pattern, what} of CITATIONS) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
    }
  });
  return problems;
}

test('no file cites a section of a document outside the repository: each states the rule itself', () => {
  const files = repositoryTextFiles();
  expect(files).toContain('docusaurus.config.ts');
  expect(files).toContain('src/css/custom.css');
  expect(files).toContain('tests/build/build-guarantees.spec.ts');
  const problems = files.flatMap((file) => citations(file, readFileSync(join(ROOT, file), 'utf8')));
  expect(problems, `state the rule itself instead:\n${problems.join('\n')}`).toEqual([]);
});

test('the check finds citations by section and by name, and names file and line', () => {
  expect(citations('a.ts', 'ok\n// trailingSlash left unset (site specification, section 9)')).toEqual([
    'a.ts:2: a section number: // trailingSlash left unset (site specification, section 9)',
    'a.ts:2: a specification that is not in the repository: // trailingSlash left unset (site specification, section 9)',
  ]);
  expect(citations('b.ts', '/** The API spec entry (§3). */')).toHaveLength(1);
  expect(citations('c.ts', '// Keyboard mode (spec section four)')).toHaveLength(1);
  expect(citations('d.yaml', '# Section-3 entities')).toHaveLength(1);
  expect(citations('e.ts', 'test(`every route of the specification`)')).toHaveLength(1);
  expect(citations('f.md', 'The API spec entry is described by the OpenAPI Specification 3.0.')).toEqual([]);
  expect(citations('g.ts', 'const specFile = "api/synkronus.yaml"; // the spec file')).toEqual([]);
});
