/**
 * Docusaurus plugin: the contract of the in-browser Synkronus (src/api/synkronus), made from the API
 * description at build time (./build.ts) through the site's one reader, published as a data module
 * (`@generated/api-console/default/api-console-contract.json`). Only the console's lazily loaded
 * chunk imports it (src/components/ApiConsole/lazy.ts): no page downloads it until a reader opens the
 * console. See ./README.md.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readApiDescription} from '../api-description/validate';
import type {Contract} from '../../api/synkronus/contract';
import {buildContract} from './build';

export const CONTRACT_FILE = 'api-console-contract.json';

export default function apiConsolePlugin(context: LoadContext, options: {specFile: string}): Plugin {
  return {
    name: 'api-console',
    getPathsToWatch: () => [path.resolve(context.siteDir, options.specFile)],
    loadContent(): Contract {
      const doc = readApiDescription(options.specFile, context.siteDir);
      try {
        return buildContract(doc);
      } catch (error) {
        throw new Error(`${options.specFile}: ${(error as Error).message}`, {cause: error});
      }
    },
    async contentLoaded({content, actions}) {
      await actions.createData(CONTRACT_FILE, JSON.stringify(content));
    },
  };
}
