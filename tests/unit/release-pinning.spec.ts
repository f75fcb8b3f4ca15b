/**
 * The docs describe one ODE release, ODE_RELEASE (site.constants.ts): every page says so in its front matter
 * (shown at its foot), and no page points a reader at another release's image, download or source.
 */
import {load} from 'js-yaml';
import ts from 'typescript';
import {test, expect} from '@playwright/test';
import {listFiles, pageFiles, readRepoFile} from '../support/content';
import {ODE_RELEASE, SYNKRONUS_IMAGE} from '../../site.constants';
import {DEFAULT_DIALECT, DIALECTS} from 'synkronus-mock/src';

type FrontMatter = {ode_release?: unknown; verified_with?: unknown};

const frontMatterOf = (text: string): FrontMatter => {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  return match ? ((load(match[1]) as FrontMatter) ?? {}) : {};
};

/**
 * The ways a page can name a release of ODE, each capturing the release it names: the Synkronus image's tag,
 * a GitHub release (download, tag page, or `latest`), a blob or tree of the repository at a ref, and a
 * `go install` version.
 */
const RELEASE_REFERENCES: {what: string; pattern: RegExp}[] = [
  {what: 'Synkronus image tag', pattern: new RegExp(`${SYNKRONUS_IMAGE.replace(/[.]/g, '\\.')}:([\\w.-]+)`, 'g')},
  {what: 'GitHub release', pattern: /OpenDataEnsemble\/ode\/releases\/(?:download\/|tag\/)?([\w.-]+)/g},
  {what: 'source at a ref', pattern: /OpenDataEnsemble\/ode\/(?:blob|tree)\/([\w.-]+)/g},
  {what: 'go install version', pattern: /github\.com\/OpenDataEnsemble\/ode\/\S+@([\w.-]+)/g},
];

/** Every reference in `text` to a release other than ODE_RELEASE, as "line N: what ref". */
function otherReleases(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const {what, pattern} of RELEASE_REFERENCES) {
      for (const match of line.matchAll(pattern)) {
        if (match[1] !== ODE_RELEASE) found.push(`line ${i + 1}: ${what} ${match[1]}`);
      }
    }
  });
  return found;
}

/** Pages and the data they render: what a reader can be told to pull, download or read. */
const READER_FILES = [...pageFiles(), ...listFiles('data', /\.json$/), 'site.constants.ts', 'docusaurus.config.ts'];

test(`every docs page names ${ODE_RELEASE} in its front matter, with the upstream files it was verified with`, () => {
  const problems: string[] = [];
  for (const file of listFiles('docs', /\.mdx?$/)) {
    const {ode_release: release, verified_with: files} = frontMatterOf(readRepoFile(file));
    if (release !== ODE_RELEASE)
      problems.push(`${file}: front matter ode_release is ${JSON.stringify(release)}, expected ${ODE_RELEASE}`);
    if (!Array.isArray(files)) {
      problems.push(
        `${file}: front matter verified_with must list the ODE files (paths at ${ODE_RELEASE}) the page was checked with`,
      );
      continue;
    }
    // Pages about this docs site itself make no claim about ODE's code; every other page was checked with some.
    if (files.length === 0 && !file.startsWith('docs/For-developers/'))
      problems.push(`${file}: verified_with is empty`);
    for (const path of files) {
      if (typeof path !== 'string' || !/^[\w.-]+(\/[\w.-]+)*$/.test(path) || path.split('/').includes('..')) {
        problems.push(`${file}: verified_with entry ${JSON.stringify(path)} is not a path in the ODE repository`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test(`no page names an image tag, download or release other than ${ODE_RELEASE}`, () => {
  const problems = READER_FILES.flatMap((file) => otherReleases(readRepoFile(file)).map((p) => `${file}: ${p}`));
  expect(problems).toEqual([]);
});

test('the release check finds each kind of reference to another release, and passes the pinned one', () => {
  const text = [
    `image: ${SYNKRONUS_IMAGE}:latest`,
    `docker pull ${SYNKRONUS_IMAGE}:v1.0.0-alpha.5`,
    'https://github.com/OpenDataEnsemble/ode/releases/latest',
    'https://github.com/OpenDataEnsemble/ode/releases/download/v1.0.0-alpha.4/synk_Linux_x86_64.tar.gz',
    'https://github.com/OpenDataEnsemble/ode/blob/main/synkronus/README.md',
    'go install github.com/OpenDataEnsemble/ode/synkronus-cli/cmd/synkronus@latest',
    `image: ${SYNKRONUS_IMAGE}:${ODE_RELEASE}`,
    `https://github.com/OpenDataEnsemble/ode/releases/tag/${ODE_RELEASE}`,
  ].join('\n');
  expect(otherReleases(text)).toEqual([
    'line 1: Synkronus image tag latest',
    'line 2: Synkronus image tag v1.0.0-alpha.5',
    'line 3: GitHub release latest',
    'line 4: GitHub release v1.0.0-alpha.4',
    'line 5: source at a ref main',
    'line 6: go install version latest',
  ]);
});

/** The files of the ODE repository at the pinned release (tests/fixtures/ode-tree, from scripts/ode-tree.sh). */
const ODE_FILES = new Set(readRepoFile(`tests/fixtures/ode-tree/${ODE_RELEASE}.txt`).split('\n').filter(Boolean));

/** Every upstream file a text names: links to a file or folder of the repository at the pinned release. */
function upstreamLinks(text: string): {line: number; path: string}[] {
  const pattern = new RegExp(
    `OpenDataEnsemble/ode/(?:blob|tree)/${ODE_RELEASE.replace(/[.]/g, '\\.')}/([\\w./-]+)`,
    'g',
  );
  return text
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(pattern)].map((match) => ({line: i + 1, path: match[1].replace(/[/.]+$/, '')})),
    );
}

/** Whether `path` is a file, or a folder holding files, of the repository at the pinned release. */
const existsAtRelease = (path: string): boolean =>
  ODE_FILES.has(path) || [...ODE_FILES].some((file) => file.startsWith(`${path}/`));

test(`every upstream file a page names exists in ODE ${ODE_RELEASE}`, () => {
  const problems: string[] = [];
  for (const file of READER_FILES) {
    const text = readRepoFile(file);
    const {verified_with: files} = file.startsWith('docs/') ? frontMatterOf(text) : {verified_with: []};
    for (const path of Array.isArray(files) ? files : []) {
      if (typeof path === 'string' && !ODE_FILES.has(path))
        problems.push(`${file}: verified_with names ${path}, which ODE ${ODE_RELEASE} does not have`);
    }
    for (const {line, path} of upstreamLinks(text)) {
      if (!existsAtRelease(path))
        problems.push(`${file}: line ${line} links ${path}, which ODE ${ODE_RELEASE} does not have`);
    }
  }
  expect(problems).toEqual([]);
});

test('the upstream file check reads links to files and folders, with or without a line anchor', () => {
  const text = [
    `[a](https://github.com/OpenDataEnsemble/ode/blob/${ODE_RELEASE}/synkronus/internal/api/api.go#L58).`,
    `see https://github.com/OpenDataEnsemble/ode/tree/${ODE_RELEASE}/synkronus-cli/.`,
    `[b](https://github.com/OpenDataEnsemble/ode/blob/${ODE_RELEASE}/synkronus/no/such/file.go)`,
  ].join('\n');
  const links = upstreamLinks(text);
  expect(links).toEqual([
    {line: 1, path: 'synkronus/internal/api/api.go'},
    {line: 2, path: 'synkronus-cli'},
    {line: 3, path: 'synkronus/no/such/file.go'},
  ]);
  expect(links.map(({path}) => existsAtRelease(path))).toEqual([true, true, false]);
});

/**
 * The code and configuration where the tag is a fact to import, never to write (site.constants.ts defines it).
 * The index of the engine's release folder (packages/synkronus-mock/src/releases/<tag>/index.ts) is its one exception: it
 * states the tag of the release whose data it holds, which stays that release's when ODE_RELEASE moves on
 * (the engine's releases/index.ts then refuses to compile until the new release's folder is in RELEASES).
 */
const RELEASE_INDEX = `packages/synkronus-mock/src/releases/${ODE_RELEASE}/index.ts`;
const CODE = [
  ...listFiles('src', /\.(ts|tsx|js|cjs|mjs)$/).filter((file) => file !== RELEASE_INDEX),
  ...listFiles('scripts', /\.(ts|js|cjs|mjs)$/),
  ...['docusaurus.config.ts', 'sidebars.ts', 'site.rules.ts', 'playwright.config.ts', 'eslint.config.mjs'],
];

/**
 * The string literals of a file that hold `value`, as "file:line", module names aside: an import of the
 * release's own folder (packages/synkronus-mock/src/releases/<tag>/) names a folder, not the tag.
 */
function literalsHolding(file: string, value: string): string[] {
  const source = ts.createSourceFile(file, readRepoFile(file), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isModuleName =
      ts.isStringLiteral(node) && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && node.text.includes(value) && !isModuleName)
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('the release tag is written once, in site.constants.ts: code and configuration import it', () => {
  expect(CODE.length).toBeGreaterThan(100);
  expect(literalsHolding('site.constants.ts', ODE_RELEASE), 'the definition is found').toHaveLength(1);
  const written = CODE.flatMap((file) => literalsHolding(file, ODE_RELEASE));
  expect(written.map((where) => `${where}: writes ${ODE_RELEASE}; import ODE_RELEASE from site.constants.ts`)).toEqual(
    [],
  );
});

test('the engine answers by default as the release the site documents', () => {
  // The engine is a package of its own and knows its releases by their folders; the site names its release once.
  expect(DEFAULT_DIALECT).toBe(ODE_RELEASE);
  expect(DIALECTS).toContain(ODE_RELEASE);
});
