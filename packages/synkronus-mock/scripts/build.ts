/**
 * `npm run build` in this folder, and `prepack`, so that a plain `npm pack` here ships what it builds: the
 * engine's data made from the repository's API description and Known issues pages (src/api/engine-data.ts, the
 * site's one reader of them), then the command (bin.ts), the engine (src/) and that data bundled with Rspack (the
 * site's bundler) into dist/synkronus-mock.mjs, the engine's dependencies left to npm.
 */
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rspack, type Configuration} from '@rspack/core';
import {engineDataFromFiles} from '../../../src/api/engine-data';

const PACKAGE = path.resolve(__dirname, '..');
/** The repository the package is built from: the site whose API description and pages make its data. */
const ROOT = path.resolve(PACKAGE, '../..');
const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const BUNDLE = path.join(PACKAGE, 'dist/synkronus-mock.mjs');

function config(dataFile: string): Configuration {
  const external = Object.keys(manifest.dependencies);
  return {
    mode: 'production',
    target: 'node20.19',
    context: PACKAGE,
    entry: path.join(PACKAGE, 'bin.ts'),
    output: {
      path: path.dirname(BUNDLE),
      filename: path.basename(BUNDLE),
      module: true,
      chunkFormat: 'module',
      clean: true,
    },
    experiments: {outputModule: true},
    // The engine's dependencies are installed with the package; a deep import (`@noble/hashes/sha2.js`) too.
    externals: [
      ({request}, done) =>
        done(
          undefined,
          external.some((d) => request === d || request?.startsWith(`${d}/`)) ? `module ${request}` : undefined,
        ),
    ],
    externalsPresets: {node: true},
    resolve: {extensions: ['.ts', '.js', '.json'], alias: {'@synkronus-mock/engine-data.json': dataFile}},
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: {jsc: {parser: {syntax: 'typescript'}, target: 'es2022'}},
        },
      ],
    },
    plugins: [new rspack.BannerPlugin({banner: '#!/usr/bin/env node', raw: true, entryOnly: true})],
    // Readable in node_modules, as the engine's source is: the bundle is a few hundred kilobytes either way.
    optimization: {minimize: false},
    devtool: false,
  };
}

function bundle(dataFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config(dataFile), (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({all: false, errors: true})));
      resolve();
    });
  });
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'synkronus-mock-data-'));
  try {
    const dataFile = path.join(work, 'engine-data.json');
    writeFileSync(dataFile, JSON.stringify(engineDataFromFiles(ROOT)));
    await bundle(dataFile);
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
  console.log(
    `synkronus-mock: built ${path.relative(PACKAGE, BUNDLE)} (${(statSync(BUNDLE).size / 1024).toFixed(1)} KiB)`,
  );
}

main().catch((error: Error) => {
  console.error(`synkronus-mock build: ${error.message}`);
  process.exit(1);
});
