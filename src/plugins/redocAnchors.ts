/**
 * The anchors Redoc gave the operations, schemas and tags of the API description on the built /api page.
 * Read from the rendered HTML rather than assumed, so links point at ids that exist.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import type {OperationEntry} from './api-description/openapi';

export type RedocAnchors = {
  operation: (op: Pick<OperationEntry, 'method' | 'path' | 'operation'>) => string | undefined;
  schema: (name: string) => string | undefined;
  tag: (name: string) => string | undefined;
};

/** The HTML file the build wrote for a route: "/api" → build/api/index.html or build/api.html. */
export function builtPageFile(outDir: string, route: string): string {
  const candidates = [path.join(outDir, route, 'index.html'), path.join(outDir, `${route.replace(/\/$/, '')}.html`)];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`no built page for ${route} (looked for ${candidates.join(', ')})`);
  return file;
}

/** Every element id of a built page. */
export function builtPageIds(outDir: string, route: string): Set<string> {
  const $ = load(readFileSync(builtPageFile(outDir, route), 'utf8'));
  return new Set($('[id]').map((_, element) => $(element).attr('id')!).get());
}

/**
 * Redoc renders "operation/<operationId>" and "schema/<Name>" ids (the latter when schemas are shown),
 * besides tag-prefixed ones such as "tag/Sync/operation/<operationId>"; operations without an
 * operationId get an id ending with their JSON pointer ("paths/~1health/get").
 */
export function redocAnchors(ids: ReadonlySet<string>): RedocAnchors {
  const bySuffix = (exact: string) => (ids.has(exact) ? exact : [...ids].find((id) => id.endsWith(`/${exact}`)));
  const looseKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const tagIds = [...ids].filter((id) => /^tag\/[^/]+$/.test(id));
  return {
    operation: ({method, path: apiPath, operation}) =>
      bySuffix(
        operation.operationId
          ? `operation/${operation.operationId}`
          : `paths/${apiPath.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`,
      ),
    schema: (name) => bySuffix(`schema/${name}`),
    tag: (name) => tagIds.find((id) => looseKey(decodeURIComponent(id.slice('tag/'.length))) === looseKey(name)),
  };
}
