/**
 * The engine is a package of its own: its code imports only itself, Node's modules and the dependencies its
 * package.json declares, and it reads no file at run time (its data is handed to it). So the site, the console and
 * the bin consume one engine, and the packed tarball runs outside the repository.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import path from 'node:path';
import {test, expect} from '@playwright/test';

const PACKAGE = path.resolve(__dirname, '..');
const SRC = path.join(PACKAGE, 'src');
const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
/** Packages a dependency brings in, imported for their types only (erased from the built code). */
const TYPES_FROM_DEPENDENCIES = new Set(['hyparquet']);
/** Each import: `import ... from`, `export ... from`, `import('...')`, with whether it is type-only. */
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'|import\('([^']+)'\)/g;

const sourceFiles = (readdirSync(SRC, {recursive: true}) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(SRC, f));

function importsOf(file: string): {specifier: string; typeOnly: boolean}[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => ({specifier: m[3] ?? m[4], typeOnly: Boolean(m[2])}));
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

test('the engine imports only itself, Node’s modules and its declared dependencies', () => {
  expect(sourceFiles.length, 'the engine’s source files').toBeGreaterThan(40);
  const problems: string[] = [];
  for (const file of sourceFiles) {
    const name = path.relative(PACKAGE, file);
    for (const {specifier, typeOnly} of importsOf(file)) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (!target.startsWith(SRC + path.sep) && target !== SRC)
          problems.push(`${name}: ${specifier} is outside the package's src/`);
      } else if (specifier.startsWith('node:') || builtinModules.includes(specifier)) {
        continue;
      } else if (packageName(specifier) in manifest.dependencies) {
        continue;
      } else if (!(typeOnly && TYPES_FROM_DEPENDENCIES.has(packageName(specifier)))) {
        problems.push(`${name}: ${specifier} is not a dependency in packages/synkronus-mock/package.json`);
      }
    }
  }
  expect(problems).toEqual([]);
});

/** What the engine may use of the file system: the command writes the `--har` file, entry by entry. */
const FILE_WRITES = new Set(['openSync', 'writeSync', 'closeSync']);

test('the engine reads no file at run time: its data is handed to it', () => {
  const uses: string[] = [];
  for (const file of sourceFiles) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+([^'";]*?)\s+from\s+'(?:node:)?fs(?:\/promises)?'/g)) {
      const named = /^\{([^}]*)\}$/.exec(m[1].trim());
      const names = named ? named[1].split(',').map((n) => n.trim().split(/\s+as\s+/)[0]) : [m[1].trim()];
      for (const n of names.filter((n) => n && !FILE_WRITES.has(n))) uses.push(`${path.relative(PACKAGE, file)}: ${n}`);
    }
  }
  expect(uses, 'file system calls other than writing the --har file').toEqual([]);
});
