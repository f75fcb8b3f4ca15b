/**
 * The API model of a description file, for the Node side (the `api` plugin, local search, llms-full.txt,
 * the Synkronus server for Node, the tests): read with the site's one reader (./description.ts) and built
 * once (./model/build.ts). While the file is unchanged the reader returns the same parsed object, and the
 * model made from it is returned again, so a build walks the description once whichever part asks first.
 */
import {readApiDescription} from './description';
import type {OpenApiDocument} from './openapi';
import {buildApiModel} from './model/build';
import type {ApiModel} from './model/types';

const models = new WeakMap<OpenApiDocument, ApiModel>();

/**
 * The model of `specFile` (relative to `siteDir`). A description the model cannot hold throws an Error whose
 * message starts with the file name.
 */
export function loadApiModel(specFile: string, siteDir = '.'): ApiModel {
  const doc = readApiDescription(specFile, siteDir);
  let model = models.get(doc);
  if (!model) {
    try {
      model = buildApiModel(doc);
    } catch (error) {
      throw new Error(`${specFile}: ${(error as Error).message}`, {cause: error});
    }
    models.set(doc, model);
  }
  return model;
}
