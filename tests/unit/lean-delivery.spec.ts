/**
 * src/plugins/lean-delivery: the route chunks each page lists with its entry scripts (patch route-chunks-in-html),
 * and the compile hint at the top of the entry scripts (in the build). Its patches are also checked against
 * the installed libraries by tests/unit/patches.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {EAGER_COMPILE_HINT} from '../../src/plugins/lean-delivery';
import {readRegistry, withModuleOrigins, type ClientManifest} from '../../src/plugins/lean-delivery/route-scripts';
import {mainModules} from '../../src/plugins/lean-delivery/main-modules';

const REGISTRY = `export default {
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "5e9f5e1a": [() => import(/* webpackChunkName: "5e9f5e1a" */ "@generated/docusaurus.config"), "@generated/docusaurus.config", require.resolveWeak("@generated/docusaurus.config")],
  "aba21aa0": [() => import(/* webpackChunkName: "aba21aa0" */ "@site/docs/ODE.md"), "@site/docs/ODE.md", require.resolveWeak("@site/docs/ODE.md")],};
`;

const MANIFEST: ClientManifest = {
  entrypoints: ['main'],
  origins: {main: ['4014', '9783', '1889'], '17896441': ['4014', '4926', '106'], aba21aa0: ['222']},
  assets: {},
};

test.describe('route scripts', () => {
  test('the registry pairs each chunk name with its module path', () => {
    expect([...readRegistry(REGISTRY, 'registry.js')]).toEqual([
      ['17896441', '@theme/DocItem'],
      ['5e9f5e1a', '@generated/docusaurus.config'],
      ['aba21aa0', '@site/docs/ODE.md'],
    ]);
  });

  test('a registry in another format fails the build, naming the file', () => {
    const changed = REGISTRY.replace(
      '"@theme/DocItem"), "@theme/DocItem"',
      '"@theme/DocItem"), {path: "@theme/DocItem"}',
    );
    expect(() => readRegistry(changed, '/site/.docusaurus/registry.js')).toThrow(
      /^\/site\/\.docusaurus\/registry\.js: read 2 of 3 registry entries/,
    );
  });

  test("each module path gets its chunk's ids; a module without a chunk of its own adds nothing", () => {
    const {origins} = withModuleOrigins(MANIFEST, readRegistry(REGISTRY, 'registry.js'), 'client-manifest.json');
    expect(origins['@theme/DocItem']).toEqual(['4014', '4926', '106']);
    expect(origins['@site/docs/ODE.md']).toEqual(['222']);
    expect(origins['@generated/docusaurus.config']).toBeUndefined();
    expect(origins.main).toEqual(MANIFEST.origins.main);
  });

  test('a manifest that knows none of the chunks fails the build, naming the file', () => {
    const manifest = {...MANIFEST, origins: {main: ['1889']}};
    expect(() =>
      withModuleOrigins(manifest, readRegistry(REGISTRY, 'registry.js'), '/site/.docusaurus/client-manifest.json'),
    ).toThrow(/^\/site\/\.docusaurus\/client-manifest\.json: none of the 3 registry chunks/);
  });
});

test('the modules of main.js are listed one by one, concatenated ones unpacked, largest first', () => {
  const stats = {
    chunks: [
      {names: ['runtime~main'], modules: [{name: 'webpack/runtime', size: 900}]},
      {
        names: ['main'],
        modules: [
          {
            name: './a.js + 2 modules',
            size: 300,
            modules: [
              {name: './a.js', size: 100},
              {name: './b.js', size: 200},
            ],
          },
          {name: './react-dom.js', size: 5000},
        ],
      },
    ],
  };
  expect(mainModules(stats)).toEqual([
    {name: './react-dom.js', bytes: 5000},
    {name: './b.js', bytes: 200},
    {name: './a.js', bytes: 100},
  ]);
  expect(() => mainModules({chunks: []})).toThrow(/no chunk named "main"/);
});

test('the built entry scripts, and only they, start with the eager-compile hint; no stylesheet carries it', () => {
  const assets = path.join(REPO_ROOT, 'build/assets');
  const files = fs
    .readdirSync(assets, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && /\.(js|css)$/.test(e.name))
    .map((e) => path.relative(assets, path.join(e.parentPath, e.name)));
  const text = (f: string) => fs.readFileSync(path.join(assets, f), 'utf8');
  // Starts with it: a page's text may quote the hint (the Performance budgets page does).
  const hinted = files.filter((f) => text(f).startsWith(`${EAGER_COMPILE_HINT}\n`));
  expect(hinted.map((f) => f.replace(/\.\w+\.js$/, '.js')).sort()).toEqual(['js/main.js', 'js/runtime~main.js']);
  const stylesheets = files.filter((f) => f.endsWith('.css'));
  expect(stylesheets.length).toBeGreaterThan(0);
  expect(
    stylesheets.filter((f) => text(f).includes(EAGER_COMPILE_HINT)),
    'a stylesheet with the hint loses its first rule',
  ).toEqual([]);
});
