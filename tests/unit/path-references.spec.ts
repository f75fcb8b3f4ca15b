/**
 * Comments that point at paths stay true: every repository path named in a comment of the code, tests,
 * scripts and configuration, or in a README, CONTRIBUTING or PATCHES file, exists (in this repository, or in
 * ODE's at the documented release for the upstream files the comments cite). A failure names the file, the
 * line and the path. tests/support/path-references.ts says what counts as a path.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {
  REPO_ROOT,
  checkPathReferences,
  entriesOf,
  generatedRoots,
  namedPaths,
  repositoryFiles,
} from '../support/path-references';
import {ODE_RELEASE} from '../../site.constants';

/** Fewer paths than this means the check stopped reading something, not that the comments name none. */
const AT_LEAST_PATHS = 600;
const AT_LEAST_FILES = 200;

/**
 * Stale paths in code another change is restructuring at the same time, to fix there: each entry fails the
 * test once its path exists again or the comment no longer names it, so that it is deleted then.
 */
/** Named paths known to be stale, each with why it may stay for now; the test fails once one is fixed. */
const PENDING = new Set<string>([]);

test('every repository path named in a comment or a README exists', () => {
  const files = repositoryFiles();
  const repository = entriesOf(files);
  const odeTree = path.join(REPO_ROOT, `tests/fixtures/ode-tree/${ODE_RELEASE}.txt`);
  const ode = entriesOf(fs.readFileSync(odeTree, 'utf8').split('\n').filter(Boolean));
  const {
    references,
    missing,
    files: read,
  } = checkPathReferences({
    read: files,
    repository,
    exists: (candidate) => repository.has(candidate) || ode.has(candidate),
    generated: generatedRoots(),
  });
  console.log(`${references.length} paths named in ${read} files, ${missing.length} missing`);
  expect(read, 'files whose comments or text were read').toBeGreaterThanOrEqual(AT_LEAST_FILES);
  expect(references.length, 'paths found').toBeGreaterThanOrEqual(AT_LEAST_PATHS);
  const reported = missing.map(({file, line, named}) => `${file}:${line}: ${named}`);
  expect(
    reported.filter((entry) => !PENDING.has(entry)).map((entry) => `${entry} does not exist`),
    'paths named in comments and READMEs that do not exist: fix the comment, or the path',
  ).toEqual([]);
  expect(
    [...PENDING].filter((entry) => !reported.includes(entry)),
    'PENDING entries that are fixed now: delete them from PENDING',
  ).toEqual([]);
});

test.describe('what counts as a named path', () => {
  const paths = (text: string, where: Parameters<typeof namedPaths>[1]) => namedPaths(text, where).map((n) => n.path);
  const scope = (file: string) => ({
    file,
    folderEntries: new Set(['support', 'limits.ts']),
    rootEntries: new Set(['src', 'tests', 'PATCHES.md', 'api']),
  });

  test('paths from the root, from the folder, and relative ones', () => {
    expect(
      paths(
        '// see src/plugins/api/index.ts, support/fixtures.ts and ./options.ts (or ../api/README.md); PATCHES.md.',
        scope('tests/x.ts'),
      ),
    ).toEqual(['src/plugins/api/index.ts', 'support/fixtures.ts', './options.ts', '../api/README.md', 'PATCHES.md']);
    expect(paths("import x from '@site/src/components/Search';", scope('docs/a.mdx'))).toEqual([
      '@site/src/components/Search',
    ]);
  });

  test('not addresses, routes, patterns, packages or words of prose', () => {
    const text =
      '* https://github.com/OpenDataEnsemble/ode/tree/main/src/x, /docs/ODE, pathname:///api, ' +
      'src/components/<Name>/index.tsx, tests/**/*.spec.ts, $TMPDIR/src/x, @docusaurus/core, ' +
      'and/or, synkronus/pkg/config/config.go, api-console.<hash>.js';
    expect(paths(text, scope('src/x.ts'))).toEqual([]);
  });

  test('in a README, every link target, from the README’s folder; not the addresses, examples or quotations', () => {
    const readme = {...scope('src/plugins/README.md'), folderEntries: new Set(['api'])};
    expect(paths('[a](api/README.md), [b](../../PATCHES.md#x), [c](https://x.test/a/b), [d](#here)', readme)).toEqual([
      './api/README.md',
      '../../PATCHES.md',
    ]);
    expect(paths('Link with `[App bundle](./app-bundle.md)`; import from `./src/api`.', readme)).toEqual([]);
    expect(paths('> the render reports `@site/docs/intro.md` and src/x.ts', readme)).toEqual([]);
  });

  test('a missing path is reported with its file and line; paths to build outputs are not checked', () => {
    const file = 'tests/unit/example.ts';
    const text = [
      'const a = 1;',
      '/**',
      ' * Made by src/plugins/api/index.ts and',
      ' * src/plugins/gone/index.ts, copied to build/x.js.',
      ' */',
      'const b = "src/nowhere";',
    ].join('\n');
    const repository = entriesOf([...repositoryFiles(), file]);
    const {references, missing} = checkPathReferences({
      read: [file],
      repository,
      exists: (p) => repository.has(p),
      generated: generatedRoots(),
      textOf: () => text,
    });
    expect(references.map((r) => r.named)).toEqual(['src/plugins/api/index.ts', 'src/plugins/gone/index.ts']);
    expect(missing).toEqual([{file, line: 4, named: 'src/plugins/gone/index.ts'}]);
  });
});
