/**
 * The API description as tests see it: they read api/synkronus.yaml, like the site does, rather than
 * copying operation ids or summaries.
 */
import path from 'node:path';
import {API_SPEC_FILE} from '../../site.constants';
import {type ApiOperation, listOperations, loadApiDescription} from '../../src/plugins/openapi';

export const API = loadApiDescription(path.resolve(__dirname, '../..', API_SPEC_FILE));

/** The operation at `METHOD /path`, or an error naming what the description lacks. */
export function apiOperation(method: string, apiPath: string): ApiOperation & {operationId: string} {
  const op = listOperations(API).find((o) => o.method === method.toLowerCase() && o.path === apiPath);
  if (!op) throw new Error(`${API_SPEC_FILE} has no operation ${method.toUpperCase()} ${apiPath}`);
  if (!op.operation.operationId) throw new Error(`${API_SPEC_FILE}: ${method.toUpperCase()} ${apiPath} has no operationId`);
  return {...op, operationId: op.operation.operationId};
}

/** The component schema `name`, or an error naming what the description lacks. */
export function apiSchema(name: string) {
  const schema = API.components?.schemas?.[name];
  if (!schema) throw new Error(`${API_SPEC_FILE} has no component schema ${name}`);
  return schema;
}
