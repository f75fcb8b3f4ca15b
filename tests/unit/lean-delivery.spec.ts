/**
 * src/plugins/lean-delivery: the list of main.js's modules for the benchmark, and the compile hint at the top
 * of the entry scripts (in the build). Its patch is also checked against the installed library by
 * tests/unit/patches.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {EAGER_COMPILE_HINT} from '../../src/plugins/lean-delivery';
import {mainModules} from '../../src/plugins/lean-delivery/main-modules';

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
