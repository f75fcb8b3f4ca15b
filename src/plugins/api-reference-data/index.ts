/**
 * Docusaurus plugin: reads the API description at build time and publishes the role matrix and the
 * error catalogue as a data module (not global data, which every page would download) that the
 * RoleMatrix and ErrorCatalogue components import: `@generated/api-reference-data/default/api-reference-data.json`.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readApiDescription} from '../api-description/validate';
import {errorCatalogue, roleMatrix, type ApiReferenceData} from './data';

const PLUGIN_NAME = 'api-reference-data';
const DATA_FILE = 'api-reference-data.json';

export default function apiReferenceDataPlugin(context: LoadContext, options: {specFile: string}): Plugin {
  return {
    name: PLUGIN_NAME,
    getPathsToWatch: () => [path.resolve(context.siteDir, options.specFile)],
    loadContent(): ApiReferenceData {
      const doc = readApiDescription(options.specFile, context.siteDir);
      return {roleMatrix: roleMatrix(doc), errorCatalogue: errorCatalogue(doc)};
    },
    async contentLoaded({content, actions}) {
      await actions.createData(DATA_FILE, JSON.stringify(content));
    },
  };
}
