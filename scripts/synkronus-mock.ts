/**
 * `npm run synkronus-mock -- [options]`: the synkronus-mock command (packages/synkronus-mock/src/cli.ts) with the engine's
 * data made from this repository's files. The package of the same name (packages/synkronus-mock) runs the same
 * command with that data built in. `--help` lists the options.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {runCli} from 'synkronus-mock/src/cli';
import {engineDataFromFiles} from '../src/api/engine-data';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../packages/synkronus-mock/package.json'), 'utf8')) as {
  name: string;
  version: string;
};

void runCli(process.argv.slice(2), {name: manifest.name, version: manifest.version, data: engineDataFromFiles()}).then(
  (code) => process.exit(code),
);
