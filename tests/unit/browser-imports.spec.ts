/**
 * A plugin folder (src/plugins/<name>) is a Node-only build step, never a library the browser bundles.
 * Everything else under src/ is browser code or code shared with it (components, theme, pages, the API
 * model and engine in src/api, the client modules, the offline copy), so no module there imports from
 * src/plugins: code both sides need lives outside the plugin folders (src/api, src/client-modules…), and
 * a plugin imports it from there. The docs' MDX pages are browser code too. Checked on the import
 * specifiers of the source files.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const PLUGINS = path.join(SRC, 'plugins');

/** Every source file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(m?[jt]sx?|mdx)$/.test(entry.name) ? [file] : [];
  });
}

/** The specifiers of a file's static and dynamic imports, re-exports and require calls. */
export function importSpecifiers(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]\s*\)/g,
    /\brequire(?:\.resolve)?\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

/** Whether `specifier`, imported by `file`, points into src/plugins. */
function intoPlugins(file: string, specifier: string): boolean {
  let target: string;
  if (specifier.startsWith('@site/')) target = path.join(ROOT, specifier.slice('@site/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return false;
  return target === PLUGINS || target.startsWith(`${PLUGINS}${path.sep}`);
}

test('the import specifiers of a file are all found: static, type-only, dynamic, re-exports and require', () => {
  const source = [
    "import a from '../plugins/a';",
    "import type {B} from '@site/src/plugins/b/model';",
    "import {\n  c,\n  d,\n} from './c';",
    "export {e} from '../e';",
    "import './side-effect.css';",
    'const f = import(/* webpackChunkName: "f" */ \'./f\');',
    "require.resolve('../g');",
  ].join('\n');
  expect(importSpecifiers(source)).toEqual(
    expect.arrayContaining([
      '../plugins/a',
      '@site/src/plugins/b/model',
      './c',
      '../e',
      './side-effect.css',
      './f',
      '../g',
    ]),
  );
  expect(intoPlugins(path.join(SRC, 'components/X/index.tsx'), '@site/src/plugins/api/model')).toBe(true);
  expect(intoPlugins(path.join(SRC, 'api/model/build.ts'), '../../plugins/api')).toBe(true);
  expect(intoPlugins(path.join(SRC, 'api/model/build.ts'), '../openapi')).toBe(false);
});

test('no module outside src/plugins imports from a plugin folder', () => {
  const files = [...sourceFiles(SRC), ...sourceFiles(path.join(ROOT, 'docs'))].filter(
    (file) => !file.startsWith(`${PLUGINS}${path.sep}`),
  );
  expect(files.length, 'the source files were found').toBeGreaterThan(50);
  const offenders = files.flatMap((file) =>
    importSpecifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => intoPlugins(file, specifier))
      .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
  );
  expect(
    offenders,
    'browser code imports from a Node-only plugin folder: move what both need out of src/plugins (src/api, src/client-modules…)',
  ).toEqual([]);
});

test('each plugin client module lives outside src/plugins', () => {
  const clientModules = sourceFiles(PLUGINS).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/getClientModules\(\)\s*{\s*return\s*\[([^\]]*)\]/g)].flatMap((match) =>
      importSpecifiers(match[1]).map((specifier) => ({file, specifier})),
    ),
  );
  expect(clientModules.length, 'the client modules of the plugins were found').toBeGreaterThan(0);
  const offenders = clientModules
    .filter(({file, specifier}) => intoPlugins(file, specifier))
    .map(({file, specifier}) => `${path.relative(ROOT, file)}: client module ${specifier}`);
  expect(offenders, 'a client module is bundled for the browser: put it in src/client-modules').toEqual([]);
});
