/**
 * Reads and checks the API description before anything is built. Any problem throws an Error whose
 * message starts with the file name, for example `api/synkronus.yaml: Operation object should
 * contain `summary` field. (#/paths/~1health/get, line 16)`.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {getLineColLocation, lint, loadConfig, parseYaml} from '@redocly/openapi-core';
import type {OpenApiDocument} from './openapi';

/** Lint configuration of the description (recommended rules), beside it. */
const LINT_CONFIG = 'api/redocly.yaml';

function fail(file: string, problems: string[]): never {
  throw new Error(problems.map((problem) => `${file}: ${problem}`).join('\n'));
}

/**
 * Parses `file` (relative to `siteDir`), checks it is an OpenAPI 3 description and lints it with
 * the recommended rules; lint errors fail, warnings are left to the lint test.
 */
export async function validateApiDescription(siteDir: string, file: string): Promise<OpenApiDocument> {
  const absolute = path.resolve(siteDir, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    fail(file, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    const {reason, mark} = error as {reason?: string; mark?: {line: number; column: number}};
    fail(file, [`is not valid YAML: ${reason ?? String(error)}${mark ? ` (line ${mark.line + 1}, column ${mark.column + 1})` : ''}`]);
  }
  const version = (doc as {openapi?: unknown} | null)?.openapi;
  if (typeof version !== 'string' || !version.startsWith('3.')) {
    fail(file, ['is not an OpenAPI 3 description (it needs a top-level "openapi: 3.x" field)']);
  }
  const config = await loadConfig({configPath: path.resolve(siteDir, LINT_CONFIG)});
  const errors = (await lint({ref: absolute, config})).filter((problem) => problem.severity === 'error');
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
  return doc as OpenApiDocument;
}
