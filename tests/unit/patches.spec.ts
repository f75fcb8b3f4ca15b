/**
 * The register of patches (PATCHES.md): every place where the site relies on what a library does not promise,
 * with its cost. A patch is marked in its source files by a line `Patch: <id>`, and in one of them by a full
 * header (Library, Changes, Why, Saves, Remove when); it has a section in PATCHES.md that says what it saves,
 * which upgrade breaks it, what catches that and whether it is kept; and a check here that holds it against the
 * installed version of its library, before any build: after an upgrade, the failing test names the patch to
 * port or remove. A swizzle of a theme component that the installed theme does not declare safe for the action
 * used (eject, or wrap) is a patch too: the last test computes which files under src/theme are.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {THEME_PARTS} from '../../src/plugins/theme-parts-in-use';
import {COLLAPSIBLE_CHUNK} from '../../src/plugins/lean-delivery';
import {UTILS_COMMON_TSLIB} from '../../src/plugins/lean-delivery/utils-common-tslib';

const HEADER_FIELDS = ['Library', 'Changes', 'Why', 'Saves', 'Remove when'];
/** What an entry of PATCHES.md must say of its cost: `- **<field>:** …`. */
const COST_FIELDS = ['Saves', 'Breaks on', 'Caught by', 'Verdict'];
/** A header line: ` * Patch: <id>` in a block comment, or `// Patch: <id>`. */
const PATCH_LINE = /^\s*(?:\*|\/\/)\s*Patch: ([a-z0-9-]+)\s*$/m;

const installed = (file: string) => path.join(REPO_ROOT, 'node_modules', file);
const readInstalled = (file: string) => fs.readFileSync(installed(file), 'utf8');
const versionOf = (pkg: string) => (JSON.parse(readInstalled(`${pkg}/package.json`)) as {version: string}).version;
const THEME = '@docusaurus/theme-classic/lib/theme';

/** Every source file under src/ that carries a `Patch:` line, grouped by patch id. */
function patchFiles(): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const src = path.join(REPO_ROOT, 'src');
  for (const entry of fs.readdirSync(src, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile() || !/\.(ts|tsx|cjs|js)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const id = PATCH_LINE.exec(fs.readFileSync(file, 'utf8'))?.[1];
    if (id) files.set(id, [...(files.get(id) ?? []), path.relative(REPO_ROOT, file)].sort());
  }
  return files;
}

/** The entries of PATCHES.md: each `### <id>` section's text, up to the next heading. */
function registerEntries(): Map<string, string> {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'PATCHES.md'), 'utf8');
  return new Map(
    [...text.matchAll(/^### `([a-z0-9-]+)`\n([\s\S]*?)(?=^##|(?![\s\S]))/gm)].map((m) => [m[1], m[2]] as const),
  );
}

/** The theme component that the source `themeDir`/`Name[/index].tsx` shadows, and the swizzle action it uses. */
type Swizzle = {file: string; component: string; action: 'wrap' | 'eject'};

/** Every swizzle under src/theme: a wrapper imports the theme's own component (`@theme-original/<component>`). */
function swizzles(): Swizzle[] {
  const themeDir = path.join(REPO_ROOT, 'src/theme');
  return fs
    .readdirSync(themeDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => {
      const file = path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name));
      const component = path
        .relative(themeDir, path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join('/')
        .replace(/\.(ts|tsx|js)$/, '')
        .replace(/\/index$/, '');
      const source = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      const wraps = new RegExp(`from '@theme-original/${component}'|import\\('@theme-original/${component}'\\)`);
      return {file, component, action: wraps.test(source) ? 'wrap' : 'eject'} as const;
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

type SwizzleStatus = 'safe' | 'unsafe' | 'forbidden';
/** The installed theme's own declaration of what may be swizzled: the source of `docusaurus swizzle --list`. */
const swizzleConfig = (
  createRequire(__filename)(installed('@docusaurus/theme-classic/lib/getSwizzleConfig.js')) as {
    default: () => {components: Record<string, {actions: Partial<Record<'wrap' | 'eject', SwizzleStatus>>}>};
  }
).default();

/**
 * Wraps by hand that Docusaurus' documentation shows, of components whose wrap the swizzle command cannot
 * write (an object, not a component: its status is "forbidden") and whose eject is safe.
 */
const DOCUMENTED_WRAPS: Record<string, string> = {
  MDXComponents: 'https://docusaurus.io/docs/markdown-features/react#mdx-component-scope',
};

/**
 * The installed theme's status of a swizzle: a component it does not list is "unsafe" for both actions,
 * as the swizzle command of @docusaurus/core treats it.
 */
function statusOf({component, action}: Swizzle): SwizzleStatus {
  const actions = swizzleConfig.components[component]?.actions ?? {};
  if (action === 'wrap' && component in DOCUMENTED_WRAPS && actions.eject === 'safe') return 'safe';
  return actions[action] ?? 'unsafe';
}

/**
 * The theme components that the theme itself imports `part` from: pinned where the site relies on where the
 * theme renders a component it swizzles, so that a new place is re-read before it is trusted.
 */
function importersOf(part: string): string[] {
  const lib = installed(THEME);
  return fs
    .readdirSync(lib, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .filter((entry) =>
      fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8').includes(`from '@theme/${part}'`),
    )
    .map((entry) => path.relative(lib, entry.parentPath).split(path.sep).join('/'))
    .sort();
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

  'theme-parts-in-use': () => {
    const fix = 'update src/plugins/theme-parts-in-use (siteUses) and its src/theme/<part>/index.tsx';
    /** Where the theme renders each part: `siteUses` decides from what these show. */
    const renderedBy: Record<keyof typeof THEME_PARTS, string[]> = {
      DocVersionBanner: ['DocCategoryGeneratedIndexPage', 'DocItem/Layout'],
      DocVersionBadge: ['DocCategoryGeneratedIndexPage', 'DocItem/Layout'],
      TagsListInline: ['BlogPostItem/Footer', 'DocItem/Footer'],
      LastUpdated: ['EditMetaRow'],
      ContentVisibility: ['BlogPostPage', 'DocItem/Layout', 'MDXPage'],
      'DocSidebar/Desktop/CollapseButton': ['DocSidebar/Desktop'],
      'DocRoot/Layout/Sidebar/ExpandButton': ['DocRoot/Layout/Sidebar'],
      'DocSidebarItem/Html': ['DocSidebarItem'],
    };
    for (const [part, importers] of Object.entries(renderedBy)) {
      expect(fs.existsSync(installed(`${THEME}/${part}/index.js`)), `the theme has no component ${part}: ${fix}`).toBe(
        true,
      );
      expect(
        importersOf(part),
        `the theme renders ${part} from other components than when it was last read: check that siteUses still says when it shows, then ${fix}`,
      ).toEqual(importers);
      expect(
        statusOf({file: '', component: part, action: 'eject'}),
        `the theme now declares ejecting ${part} safe: move it from PATCHES.md to the safe swizzles of src/theme/README.md`,
      ).not.toBe('safe');
    }
  },

  'doc-footer-wrapper': () => {
    const fix = 'update src/theme/DocItem/Footer/index.tsx';
    expect(
      fs.existsSync(installed(`${THEME}/DocItem/Footer/index.js`)),
      `the theme has no DocItem/Footer: ${fix}`,
    ).toBe(true);
    expect(
      importersOf('DocItem/Footer'),
      `the doc's footer is no longer rendered by the doc's layout alone, at the foot of every doc: ${fix}`,
    ).toEqual(['DocItem/Layout']);
    expect(
      readInstalled(`${THEME}/DocItem/Footer/index.js`),
      `the doc's footer no longer reads the doc with useDoc(), which the wrapper calls where the footer renders: ${fix}`,
    ).toMatch(/export default function DocItemFooter\(\) \{\s+const \{metadata\} = useDoc\(\);/);
    expect(
      statusOf({file: '', component: 'DocItem/Footer', action: 'wrap'}),
      'the theme now declares wrapping DocItem/Footer safe: move it from PATCHES.md to the safe swizzles of src/theme/README.md',
    ).not.toBe('safe');
  },

  'mobile-menu-when-idle': () => {
    const fix = 'update src/theme/Navbar/MobileSidebar/index.tsx';
    expect(
      importersOf('Navbar/MobileSidebar'),
      `the mobile menu is no longer rendered by the navbar's layout alone: ${fix}`,
    ).toEqual(['Navbar/Layout']);
    const layout = readInstalled(`${THEME}/Navbar/Layout/index.js`);
    expect(
      layout,
      `the navbar's layout now gives the mobile menu props, which the wrapper does not pass: ${fix}`,
    ).toMatch(/<NavbarMobileSidebar \/>/);
    expect(
      layout,
      `the navbar's layout no longer holds the menu's open state (useNavbarMobileSidebar), so a menu built late may lose a press: ${fix}`,
    ).toContain('useNavbarMobileSidebar()');
    expect(
      readInstalled(`${THEME}/Navbar/MobileSidebar/index.js`),
      `the mobile menu now takes props, or no longer reads its state from theme-common's provider: ${fix}`,
    ).toMatch(/export default function NavbarMobileSidebar\(\) \{\s+const mobileSidebar = useNavbarMobileSidebar\(\);/);
    expect(
      statusOf({file: '', component: 'Navbar/MobileSidebar', action: 'wrap'}),
      'the theme now declares wrapping Navbar/MobileSidebar safe: move it from PATCHES.md to the safe swizzles of src/theme/README.md',
    ).not.toBe('safe');
  },

  'not-found-title': () => {
    const fix = 'update src/theme/NotFound/Content/index.tsx';
    expect(
      importersOf('NotFound/Content'),
      `the not-found content is no longer rendered by the docs' root and the not-found page alone: ${fix}`,
    ).toEqual(['DocRoot', 'NotFound']);
    expect(
      readInstalled(`${THEME}/NotFound/index.js`),
      `the not-found page no longer takes its title from the translation theme.NotFound.title: ${fix}`,
    ).toMatch(/id: 'theme\.NotFound\.title'[\s\S]*<PageMetadata title=\{title\} \/>/);
    expect(
      readInstalled(`${THEME}/DocRoot/index.js`),
      'the docs root now sets a title with its not-found content: the upstream bug may be fixed, try removing patch not-found-title',
    ).not.toMatch(/PageMetadata|theme\.NotFound\.title/);
    expect(
      statusOf({file: '', component: 'NotFound/Content', action: 'wrap'}),
      'the theme now declares wrapping NotFound/Content safe: move it from PATCHES.md to the safe swizzles of src/theme/README.md',
    ).not.toBe('safe');
  },

  'collapsible-chunk': () => {
    const fix = 'update COLLAPSIBLE_CHUNK in src/plugins/lean-delivery/index.ts';
    const lib = '@docusaurus/theme-common/lib';
    for (const file of [`${lib}/components/Collapsible/index.js`, `${lib}/utils/accessibilityUtils.js`]) {
      expect(fs.existsSync(installed(file)), `theme-common has no ${file} any more: ${fix}`).toBe(true);
      expect(
        COLLAPSIBLE_CHUNK.test.test(installed(file)),
        `COLLAPSIBLE_CHUNK.test no longer matches ${file}: ${fix}`,
      ).toBe(true);
    }
    expect(
      readInstalled(`${lib}/components/Collapsible/index.js`),
      `the Collapsible no longer uses ../../utils/accessibilityUtils, the helper its chunk holds: ${fix}`,
    ).toContain("from '../../utils/accessibilityUtils'");
    // Both chunks of every docs page: the sidebar's categories (docs layout) and the table of contents (the doc).
    for (const user of ['DocSidebarItem/Category', 'TOCCollapsible'])
      expect(
        readInstalled(`${THEME}/${user}/index.js`),
        `the theme's ${user} no longer uses the Collapsible: the chunk may no longer be shared, measure again (PATCHES.md)`,
      ).toMatch(/\bCollapsible,?[\s\S]*from '@docusaurus\/theme-common'/);
  },

  'utils-common-tslib': () => {
    const fix =
      'update src/tslib/import-default.cjs and UTILS_COMMON_TSLIB (src/plugins/lean-delivery/utils-common-tslib.ts)';
    const index = '@docusaurus/utils-common/lib/index.js';
    expect(fs.existsSync(installed(index)), `utils-common has no ${index} any more: ${fix}`).toBe(true);
    expect(
      UTILS_COMMON_TSLIB.test.test(installed(index)),
      `UTILS_COMMON_TSLIB.test no longer matches ${index}: ${fix}`,
    ).toBe(true);
    const source = readInstalled(index);
    expect(source, `${index} no longer requires tslib: remove the patch`).toContain('require("tslib")');
    const helpers = [...new Set([...source.matchAll(/\btslib_1\.(\w+)/g)].map((m) => m[1]))];
    expect(helpers, `${index} uses other helpers of tslib than the module given to it has: ${fix}`).toEqual([
      '__importDefault',
    ]);
    // The helper given in tslib's place answers as the installed tslib's does.
    const load = createRequire(__filename);
    const given = load(path.join(REPO_ROOT, 'src/tslib/import-default.cjs')) as {
      __importDefault: (m: unknown) => unknown;
    };
    const tslib = load(installed('tslib')) as {__importDefault: (m: unknown) => unknown};
    for (const mod of [{__esModule: true, default: 1}, {default: 2}, () => 3, null, undefined])
      expect(given.__importDefault(mod), `__importDefault(${JSON.stringify(mod) ?? typeof mod})`).toEqual(
        tslib.__importDefault(mod),
      );
  },
};

test('PATCHES.md, the Patch: lines in src/ and the checks here name the same patches', () => {
  const inSource = [...patchFiles().keys()].sort();
  expect([...registerEntries().keys()].sort(), 'the ### sections of PATCHES.md').toEqual(inSource);
  expect(Object.keys(CHECKS).sort(), 'the CHECKS of tests/unit/patches.spec.ts').toEqual(inSource);
});

for (const [id, entry] of registerEntries()) {
  test(`patch ${id}: PATCHES.md says what it saves, which upgrade breaks it, what catches that and whether it stays`, () => {
    for (const field of COST_FIELDS)
      expect(entry, `the entry of ${id} in PATCHES.md lacks "- **${field}:** …"`).toMatch(
        new RegExp(`^- \\*\\*${field}:\\*\\* \\S`, 'm'),
      );
    const caughtBy = /^- \*\*Caught by:\*\* ([\s\S]*?)(?=^- \*\*|^$)/m.exec(entry)?.[1] ?? '';
    expect(caughtBy, `${id}: "Caught by" names the check of tests/unit/patches.spec.ts`).toContain(
      'tests/unit/patches.spec.ts',
    );
    for (const [, spec] of caughtBy.matchAll(/`(tests\/[^`\s]+\.spec\.ts)`/g))
      expect(fs.existsSync(path.join(REPO_ROOT, spec)), `${id}: "Caught by" names ${spec}, which does not exist`).toBe(
        true,
      );
    for (const file of patchFiles().get(id) ?? [])
      expect(entry, `${id}: ${file} carries "Patch: ${id}" but its entry in PATCHES.md does not name it`).toContain(
        `\`${file}\``,
      );
  });
}

for (const [id, files] of patchFiles()) {
  test(`patch ${id} (${files.join(', ')}) has a complete header and holds against the installed libraries`, () => {
    const headed = files.filter((file) => {
      const source = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
      return HEADER_FIELDS.every((field) => new RegExp(`^\\s*(?:\\*|//)\\s*${field}: \\S`, 'm').test(source));
    });
    expect(
      headed,
      `patch ${id}: none of ${files.join(', ')} has the whole header (${HEADER_FIELDS.map((f) => `${f}:`).join(' ')})`,
    ).not.toEqual([]);
    const check = CHECKS[id];
    expect(check, `patch ${id}: no check in tests/unit/patches.spec.ts`).toBeDefined();
    try {
      check();
    } catch (error) {
      throw new Error(
        `patch ${id} (${files.join(', ')}, PATCHES.md) does not hold against the installed libraries:\n${(error as Error).message}`,
        {cause: error},
      );
    }
  });
}

test('every swizzle the installed theme does not declare safe is a registered patch, and src/theme/README.md gives each swizzle its status', () => {
  const registered = registerEntries();
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'src/theme/README.md'), 'utf8');
  const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
  const all = swizzles();
  expect(all.length, 'swizzles found under src/theme').toBeGreaterThan(0);
  const problems = all.flatMap((swizzle) => {
    const {file, component, action} = swizzle;
    const status = statusOf(swizzle);
    const id = PATCH_LINE.exec(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'))?.[1];
    const named = file.slice('src/theme/'.length);
    const row = rows.find((line) => line.split('|')[1].includes(`\`${named}\``));
    const stated = `${action}, ${status}`;
    const exists = [`${THEME}/${component}.js`, `${THEME}/${component}/index.js`].some((f) =>
      fs.existsSync(installed(f)),
    );
    return [
      ...(exists ? [] : [`${file}: the installed theme has no component ${component}, so this file shadows nothing`]),
      ...(status === 'safe' || (id && registered.has(id))
        ? []
        : [
            `${file}: the ${action} of ${component} is "${status}" in the installed theme's getSwizzleConfig: register it in PATCHES.md and mark the file "Patch: <id>"`,
          ]),
      ...(row?.split('|')[2].includes(stated)
        ? []
        : [`src/theme/README.md: the row of \`${named}\` does not say "${stated}" in its second column`]),
    ];
  });
  expect(problems, problems.join('\n')).toEqual([]);
});
