/**
 * The package's `synkronus-mock` bin: the site's command (src/api/synkronus/cli.ts) with the engine's data
 * built in. scripts/pack-synkronus-mock.ts writes that data from the repository's files and bundles this file,
 * the engine and the data into dist/synkronus-mock.mjs; the engine's own dependencies stay packages of their own.
 */
import engineData from '@synkronus-mock/engine-data.json';
import {runCli} from '../../src/api/synkronus/cli';
import manifest from './package.json';

process.exitCode = await runCli(process.argv.slice(2), {
  name: manifest.name,
  version: manifest.version,
  data: engineData,
});
