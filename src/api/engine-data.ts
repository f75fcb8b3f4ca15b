/**
 * The engine's data made from this repository's files, as the build makes it: the contract from the API model
 * of the description (src/api/load.ts, src/api/model/toContract.ts) and the Known issues entries from their
 * pages. Node only, and for the site and its tests: the synkronus-mock package carries this data ready-made
 * (packages/synkronus-mock), so it needs neither the description's parser nor the pages.
 */
import {STATUS_CODES} from 'node:http';
import path from 'node:path';
import {readKnownIssues} from '../known-issues/read';
import {loadApiModel} from './load';
import {buildContract} from './model/toContract';
import type {Contract} from 'synkronus-mock/src/contract';
import type {EngineData} from 'synkronus-mock/src/index';

/** The description the site documents, relative to the repository. */
export const DESCRIPTION_FILE = 'api/synkronus.yaml';
const ROOT = path.resolve(__dirname, '../..');

export function contractFromFile(file = DESCRIPTION_FILE, root = ROOT): Contract {
  return buildContract(loadApiModel(file, root), STATUS_CODES);
}

export function engineDataFromFiles(root = ROOT): EngineData {
  return {contract: contractFromFile(DESCRIPTION_FILE, root), knownIssues: readKnownIssues(root)};
}
