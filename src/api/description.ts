/**
 * Reads and checks the API description (Node only). Any problem throws an Error whose message starts
 * with the file name, for example `api/synkronus.yaml: Operation object should contain `summary`
 * field. (#/paths/~1health/get, line 16)`.
 *
 * - `readApiDescription()` is the one reader of the description: every part of the build and the
 *   tests call it rather than parsing the file themselves. It parses with Redocly's YAML parser (the
 *   one its linter uses: dates stay strings) and checks the result is an OpenAPI 3 description.
 * - `validateApiDescription()` reads it and lints it with the recommended rules; the build calls it
 *   (through `checkApiDescription()` of src/plugins/api) before anything is built.
 */
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {getLineColLocation, lintFromString, loadConfig, parseYaml} from '@redocly/openapi-core';
import type {OpenApiDocument} from './openapi';

/** Lint configuration of the description (recommended rules), beside it. */
const LINT_CONFIG = 'api/redocly.yaml';

function fail(file: string, problems: string[]): never {
  throw new Error(problems.map((problem) => `${file}: ${problem}`).join('\n'));
}

type ReadDescription = {mtimeMs: number; size: number; text: string; doc: OpenApiDocument};

/**
 * The descriptions read so far, by absolute path: a build reads the same file from several plugins,
 * and it is parsed again only when its modification time or size changed.
 */
const cache = new Map<string, ReadDescription>();

function read(file: string, siteDir: string): ReadDescription {
  const absolute = path.resolve(siteDir, file);
  let text: string;
  let mtimeMs: number;
  let size: number;
  try {
    ({mtimeMs, size} = statSync(absolute));
    const cached = cache.get(absolute);
    if (cached?.mtimeMs === mtimeMs && cached.size === size) return cached;
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    fail(file, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    const {reason, mark} = error as {reason?: string; mark?: {line: number; column: number}};
    fail(file, [
      `is not valid YAML: ${reason ?? String(error)}${mark ? ` (line ${mark.line + 1}, column ${mark.column + 1})` : ''}`,
    ]);
  }
  const version = (doc as {openapi?: unknown} | null)?.openapi;
  if (typeof version !== 'string' || !version.startsWith('3.')) {
    fail(file, ['is not an OpenAPI 3 description (it needs a top-level "openapi: 3.x" field)']);
  }
  const result = {mtimeMs, size, text, doc: doc as OpenApiDocument};
  cache.set(absolute, result);
  return result;
}

/**
 * The parsed description `file` (relative to `siteDir`, by default the working directory), checked
 * to be OpenAPI 3 but not linted. The same object is returned while the file is unchanged: read it,
 * do not change it (`structuredClone` it first).
 */
export function readApiDescription(file: string, siteDir = '.'): OpenApiDocument {
  return read(file, siteDir).doc;
}

/**
 * Reads `file` (relative to `siteDir`) with `readApiDescription` and lints it with the recommended
 * rules; lint errors fail, warnings are left to the lint test.
 */
export async function validateApiDescription(siteDir: string, file: string): Promise<OpenApiDocument> {
  const {text, doc} = read(file, siteDir);
  const config = await loadConfig({configPath: path.resolve(siteDir, LINT_CONFIG)});
  const problems = await lintFromString({source: text, absoluteRef: path.resolve(siteDir, file), config});
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length) {
    fail(
      file,
      errors.map((problem) => {
        const location = problem.location[0];
        const line = location ? ` line ${getLineColLocation(location).start.line}` : '';
        return `${problem.message} (${location?.pointer ?? '#'},${line}; rule ${problem.ruleId})`;
      }),
    );
  }
  return doc;
}
