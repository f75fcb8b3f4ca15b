/**
 * The package's `synkronus-mock` bin: the engine's command (./src/cli.ts) with the engine's data built in.
 * ./scripts/build.ts (the package's `prepack`) writes that data from the repository's files and bundles this file,
 * the engine and the data into dist/synkronus-mock.mjs; the engine's own dependencies stay packages of their own.
 */
import engineData from '@synkronus-mock/engine-data.json';
import {runCli} from './src/cli';
import manifest from './package.json';

process.exitCode = await runCli(process.argv.slice(2), {
  name: manifest.name,
  version: manifest.version,
  data: engineData,
});
