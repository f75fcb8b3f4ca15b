/**
 * The register of patches (PATCHES.md): every place where the site depends on what a library does not promise.
 * Each patch is marked in its source file by a header (`Patch: <id>`, then Library, Changes, Why, Gain,
 * Remove when), is listed in PATCHES.md, and has a check here that holds it against the installed version of
 * its library, before any build: after an upgrade, the failing test names the patch to port or remove.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';

const HEADER_FIELDS = ['Library', 'Changes', 'Why', 'Gain', 'Remove when'];
/** A header line: ` * Patch: <id>` in a block comment, or `// Patch: <id>`. */
const PATCH_LINE = /^\s*(?:\*|\/\/)\s*Patch: ([a-z0-9-]+)\s*$/m;

const installed = (file: string) => path.join(REPO_ROOT, 'node_modules', file);
const readInstalled = (file: string) => fs.readFileSync(installed(file), 'utf8');
const versionOf = (pkg: string) => (JSON.parse(readInstalled(`${pkg}/package.json`)) as {version: string}).version;

/** Every source file under src/ that carries a patch header, by patch id. */
function patchFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const src = path.join(REPO_ROOT, 'src');
  for (const entry of fs.readdirSync(src, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile() || !/\.(ts|tsx|cjs|js)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const id = PATCH_LINE.exec(fs.readFileSync(file, 'utf8'))?.[1];
    if (id) files.set(id, path.relative(REPO_ROOT, file));
  }
  return files;
}

/** The patch ids of PATCHES.md: its `### <id>` sections. */
function registeredIds(): string[] {
  return [...fs.readFileSync(path.join(REPO_ROOT, 'PATCHES.md'), 'utf8').matchAll(/^### `([a-z0-9-]+)`/gm)].map(
    (m) => m[1],
  );
}

/**
 * What each patch relies on in the installed libraries. A check throws, with a message that says what
 * changed and what to do, when an upgrade has broken the patch or made it unnecessary.
 */
const CHECKS: Record<string, () => void> = {
  'prism-slim': () => {
    const version = versionOf('prism-react-renderer');
    expect(
      version,
      'prism-react-renderer changed: port its changes to prism-react-renderer-slim.ts, or remove the patch if the budget allows',
    ).toBe('2.4.1');
    // The names the theme imports at run time must all be in the slim module.
    const slim = fs.readFileSync(path.join(REPO_ROOT, 'src/prism/prism-react-renderer-slim.ts'), 'utf8');
    const exported = new Set([
      ...[...slim.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]),
      // Re-exports, such as `export {Highlight}` from src/prism/prism-slim-highlight.ts.
      ...[...slim.matchAll(/^export \{([^}]+)\}/gm)].flatMap((m) =>
        m[1].split(',').map((name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        ),
      ),
    ]);
    const imported = new Set<string>();
    for (const lib of ['@docusaurus/theme-classic/lib', '@docusaurus/theme-common/lib']) {
      for (const entry of fs.readdirSync(installed(lib), {recursive: true, withFileTypes: true})) {
        if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
        const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
        for (const m of source.matchAll(/import \{([^}]+)\} from ['"]prism-react-renderer['"]/g)) {
          for (const name of m[1].split(',')) imported.add(name.trim().split(/\s+as\s+/)[0]);
        }
      }
    }
    expect(
      imported.size,
      'the theme no longer imports prism-react-renderer: the alias of patch prism-slim does nothing',
    ).toBeGreaterThan(0);
    expect(
      [...imported].filter((name) => !exported.has(name)),
      'names the theme imports from prism-react-renderer that the slim module lacks',
    ).toEqual([]);
    expect(
      fs.existsSync(installed('@docusaurus/theme-classic/lib/theme/prism-include-languages.js')),
      'the theme component the no-op swizzle replaces',
    ).toBe(true);
    // The code block wrapper (src/theme/CodeBlock): the server's highlighted markup kept through hydration,
    // restyled for the other colour mode through the custom properties the theme's CSS reads.
    const wrapper = 'update src/theme/CodeBlock/index.tsx and restyleCodeBlock (src/prism/prism-slim-styles.ts)';
    expect(
      versionOf('react-dom').split('.')[0],
      `React is no longer 19, whose hydration leaves an element's dangerouslySetInnerHTML as the server wrote it: ${wrapper}`,
    ).toBe('19');
    expect(
      fs.existsSync(installed('@docusaurus/theme-classic/lib/theme/CodeBlock/index.js')),
      `the theme's CodeBlock that the wrapper loads as @theme-original/CodeBlock is gone: ${wrapper}`,
    ).toBe(true);
    const container = readInstalled('@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css');
    for (const property of ['--prism-color', '--prism-background-color'])
      expect(container, `the theme's code block no longer takes its colours from ${property}: ${wrapper}`).toContain(
        `var(${property})`,
      );
  },

  'announcement-bar-new-id': () => {
    const store = readInstalled('@docusaurus/theme-common/lib/contexts/announcementBar.js');
    expect(store, "theme-common's dismissal key changed: update src/plugins/announcement-bar-id").toContain(
      "createStorageSlot('docusaurus.announcement.dismiss')",
    );
    expect(store, "theme-common's id key changed: update src/plugins/announcement-bar-id").toContain(
      "createStorageSlot('docusaurus.announcement.id')",
    );
    const inline = readInstalled('@docusaurus/theme-classic/lib/inlineScripts.js');
    expect(inline, "the theme's inline script no longer sets data-announcement-bar-initially-dismissed").toContain(
      'data-announcement-bar-initially-dismissed',
    );
    expect(
      inline,
      "the theme's inline script now reads the announcement id: the upstream bug may be fixed, try removing patch announcement-bar-new-id",
    ).not.toContain('docusaurus.announcement.id');
  },

  'pwa-offline-protocol': () => {
    const fix = 'update src/offline (offlineCopy.ts, status.ts)';
    const plugin = readInstalled('@docusaurus/plugin-pwa/lib/index.js');
    for (const name of ['PWA_SERVICE_WORKER_URL', 'PWA_DEBUG', 'PWA_OFFLINE_MODE_ACTIVATION_STRATEGIES']) {
      expect(plugin, `plugin-pwa no longer defines process.env.${name} for the client bundle: ${fix}`).toMatch(
        new RegExp(`\\b${name}:`),
      );
    }
    const worker = readInstalled('@docusaurus/plugin-pwa/lib/sw.js');
    expect(worker, `plugin-pwa's service worker no longer reads its parameters from ?params=<JSON>: ${fix}`).toContain(
      "JSON.parse(new URLSearchParams(self.location.search).get('params'))",
    );
    expect(worker, `plugin-pwa's service worker no longer precaches the site on params.offlineMode: ${fix}`).toMatch(
      /if \(params\.offlineMode\)/,
    );
    expect(
      readInstalled('@docusaurus/plugin-pwa/lib/registerSw.js'),
      `plugin-pwa's own registration no longer builds the worker's address as ?params=<JSON of {offlineMode, debug}>: ${fix}`,
    ).toMatch(
      /\?params=\$\{encodeURIComponent\(paramsQueryString\)\}[\s\S]*createServiceWorkerUrl\(\{ offlineMode, debug: PWA_DEBUG \}\)/,
    );
  },

  'twins-theme-markup': () => {
    const fix = 'update src/plugins/markdown-twins/rehypeThemeMarkup.ts';
    const theme = '@docusaurus/theme-classic/lib/theme';
    const classNames = readInstalled('@docusaurus/theme-common/lib/utils/ThemeClassNames.js');
    expect(classNames, `the theme's class name of a code block changed: ${fix}`).toContain(
      "codeBlock: 'theme-code-block'",
    );
    expect(classNames, `the theme's class name of an admonition changed: ${fix}`).toContain(
      "admonition: 'theme-admonition'",
    );
    expect(
      readInstalled(`${theme}/CodeBlock/Container/index.js`),
      `a code block's container no longer carries the theme's code block class: ${fix}`,
    ).toContain('ThemeClassNames.common.codeBlock');
    expect(
      readInstalled(`${theme}/CodeBlock/Layout/index.js`),
      `a code block's title is no longer an element with the CSS-module class codeBlockTitle before its content: ${fix}`,
    ).toMatch(/className=\{styles\.codeBlockTitle\}[\s\S]*<Content \/>[\s\S]*<Buttons \/>/);
    expect(
      readInstalled(`${theme}/CodeBlock/Layout/styles.module.css`),
      `the CSS module of a code block's layout has no class codeBlockTitle: ${fix}`,
    ).toMatch(/^\.codeBlockTitle \{/m);
    expect(
      readInstalled('@docusaurus/core/lib/webpack/base.js'),
      `CSS-module classes are no longer named "<class>_<hash>": ${fix}`,
    ).toContain('localIdentName: `[local]_[contenthash:base64:4]`');
    expect(
      readInstalled(`${theme}/CodeBlock/Line/index.js`),
      `a code line is no longer one element with prism-react-renderer's line props (class token-line): ${fix}`,
    ).toMatch(/const lineProps = getLineProps\([\s\S]*<div \{\.\.\.lineProps\}>/);
    expect(
      readInstalled('prism-react-renderer/dist/index.js'),
      `prism-react-renderer no longer gives a line the class token-line: ${fix}`,
    ).toContain('"token-line"');
    expect(
      readInstalled(`${theme}/CodeBlock/Buttons/Button/index.js`),
      `a code block's buttons are no longer <button> elements: ${fix}`,
    ).toContain('<button type="button"');
    expect(
      readInstalled(`${theme}/Admonition/Layout/index.js`),
      `an admonition is no longer its heading, then its content, inside the theme's admonition class: ${fix}`,
    ).toMatch(
      /ThemeClassNames\.common\.admonition[\s\S]*<AdmonitionHeading title=\{title\} icon=\{icon\} \/>[\s\S]*<AdmonitionContent>\{children\}<\/AdmonitionContent>/,
    );
    expect(
      readInstalled(`${theme}/Heading/index.js`),
      `a heading's anchor no longer has the class hash-link: ${fix}`,
    ).toContain('className="hash-link"');
  },
};

/**
 * The most patches the site may carry: each is a triage at every upgrade, so a new one must replace one or
 * bring a measured gain that outweighs that cost (CONTRIBUTING.md).
 */
const MAX_PATCHES = 4;

test(`PATCHES.md, the patch headers in src/ and the checks here name the same patches, at most ${MAX_PATCHES}`, () => {
  const inSource = [...patchFiles().keys()].sort();
  expect(inSource.length, `patches in src/ (${inSource.join(', ')})`).toBeLessThanOrEqual(MAX_PATCHES);
  expect(registeredIds().sort(), 'the ### sections of PATCHES.md').toEqual(inSource);
  expect(Object.keys(CHECKS).sort(), 'the CHECKS of tests/unit/patches.spec.ts').toEqual(inSource);
});

for (const [id, file] of patchFiles()) {
  test(`patch ${id} (${file}) has a complete header and holds against the installed libraries`, () => {
    const source = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    for (const field of HEADER_FIELDS) {
      expect(source, `patch ${id}: its header in ${file} lacks "${field}:"`).toMatch(
        new RegExp(`^\\s*(?:\\*|//)\\s*${field}: \\S`, 'm'),
      );
    }
    const check = CHECKS[id];
    expect(check, `patch ${id}: no check in tests/unit/patches.spec.ts`).toBeDefined();
    try {
      check();
    } catch (error) {
      throw new Error(
        `patch ${id} (${file}, PATCHES.md) does not hold against the installed libraries:\n${(error as Error).message}`,
        {cause: error},
      );
    }
  });
}
