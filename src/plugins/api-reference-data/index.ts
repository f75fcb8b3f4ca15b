/**
 * Docusaurus plugin: reads the API description at build time and publishes the role matrix and the
 * error catalogue as a data module (not global data, which every page would download) that the
 * RoleMatrix and ErrorCatalogue components import: `@generated/api-reference-data/default/api-reference-data.json`.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {parseYaml} from '@redocly/openapi-core';
import type {OpenApiDocument} from '../api-description/openapi';
import {errorCatalogue, roleMatrix, type ApiReferenceData} from './data';

export const PLUGIN_NAME = 'api-reference-data';
const DATA_FILE = 'api-reference-data.json';

export default function apiReferenceDataPlugin(context: LoadContext, options: {specFile: string}): Plugin {
  const file = path.resolve(context.siteDir, options.specFile);
  return {
    name: PLUGIN_NAME,
    getPathsToWatch: () => [file],
    async loadContent(): Promise<ApiReferenceData> {
      const doc = parseYaml(await readFile(file, 'utf8')) as OpenApiDocument;
      return {roleMatrix: roleMatrix(doc), errorCatalogue: errorCatalogue(doc)};
    },
    async contentLoaded({content, actions}) {
      await actions.createData(DATA_FILE, JSON.stringify(content));
    },
  };
}
