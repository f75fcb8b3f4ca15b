/**
 * `npm run synkronus-mock:pack [-- --out <folder>]`: builds the synkronus-mock package (packages/synkronus-mock)
 * and packs it with `npm pack`: the engine's data made from the repository's files, the engine and the command
 * bundled with Rspack (the site's bundler) into one module, the engine's dependencies left to npm. Prints the
 * tarball's path and size. The folder defaults to .tmp/synkronus-mock.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {rspack, type Configuration} from '@rspack/core';
import {engineDataFromFiles} from '../src/api/synkronus/files';

const ROOT = path.resolve(__dirname, '..');
const PACKAGE = path.join(ROOT, 'packages/synkronus-mock');
const {values} = parseArgs({options: {out: {type: 'string', default: path.join(ROOT, '.tmp/synkronus-mock')}}});
const out = path.resolve(values.out);
const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function config(dataFile: string): Configuration {
  const external = Object.keys(manifest.dependencies);
  return {
    mode: 'production',
    target: 'node20.19',
    context: ROOT,
    entry: path.join(PACKAGE, 'bin.ts'),
    output: {
      path: path.join(PACKAGE, 'dist'),
      filename: 'synkronus-mock.mjs',
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
  mkdirSync(out, {recursive: true});
  const dataFile = path.join(out, 'engine-data.json');
  writeFileSync(dataFile, JSON.stringify(engineDataFromFiles(ROOT)));
  await bundle(dataFile);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out], {cwd: PACKAGE, encoding: 'utf8'}),
  ) as {filename: string}[];
  const tarball = path.join(out, packed[0].filename);
  console.log(`synkronus-mock: ${tarball} (${(statSync(tarball).size / 1024).toFixed(1)} KiB)`);
}

main().catch((error: Error) => {
  console.error(`synkronus-mock:pack: ${error.message}`);
  process.exit(1);
});
