/**
 * Reads and checks the API description (Node only). Any problem throws an Error whose message starts
 * with the file name, for example `api/synkronus.yaml: Operation object should contain `summary`
 * field. (#/paths/~1health/get, line 16)`.
 *
 * - `readApiDescription()` is the one reader of the description: every part of the build and the
 *   tests call it rather than parsing the file themselves. It parses with Redocly's YAML parser (the
 *   one its linter uses: dates stay strings), checks the result is an OpenAPI 3 description, and applies
 *   the OpenAPI Overlay beside it (`api/synkronus.overlay.yaml`): ODE's file is kept as published, and
 *   what a correct build needs changed is an action of the overlay, with its reason. An action that
 *   finds nothing to change fails the read, naming it.
 * - `validateApiDescription()` reads it and lints it with the recommended rules; the build calls it
 *   (through `checkApiDescription()` of src/plugins/api) before anything is built.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {
  BaseResolver,
  getLineColLocation,
  lintDocument,
  loadConfig,
  makeDocumentFromString,
  parseYaml,
} from '@redocly/openapi-core';
import type {OpenApiDocument} from './openapi';

/** The overlay of a description, beside it: `api/synkronus.yaml` → `api/synkronus.overlay.yaml`. */
export const overlayFileOf = (file: string) => file.replace(/(\.ya?ml)$/, '.overlay$1');

/** Applies an overlay with openapi-format, whose API is async, in a child process (see the script). */
const APPLY_OVERLAY = path.join(__dirname, 'overlay/apply.cjs');

/** Lint configuration of the description (recommended rules), beside it. */
const LINT_CONFIG = 'api/redocly.yaml';

function fail(file: string, problems: string[]): never {
  throw new Error(problems.map((problem) => `${file}: ${problem}`).join('\n'));
}

/** What a read depends on: the description's and the overlay's modification times and sizes. */
type Stamp = string;
type ReadDescription = {stamp: Stamp; text: string; doc: OpenApiDocument};

/**
 * The descriptions read so far, by absolute path: a build reads the same file from several plugins,
 * and it is parsed again only when its modification time or size changed.
 */
const cache = new Map<string, ReadDescription>();

function stampOf(...files: string[]): Stamp {
  return files.map((file) => (existsSync(file) ? `${statSync(file).mtimeMs}:${statSync(file).size}` : '-')).join('|');
}

type OverlayResult = {doc: OpenApiDocument; unused: {index: number; target: string; description?: string}[]};

/** `absolute` with the overlay `overlay` (relative to the site, for messages) applied. */
function applyOverlay(absolute: string, overlay: string, siteDir: string): OpenApiDocument {
  let result: OverlayResult;
  try {
    const stdout = execFileSync(process.execPath, [APPLY_OVERLAY, absolute, path.resolve(siteDir, overlay)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    result = JSON.parse(stdout) as OverlayResult;
  } catch (error) {
    const {stderr} = error as {stderr?: string};
    fail(overlay, [`cannot be applied: ${(stderr || String(error)).trim().split('\n')[0]}`]);
  }
  if (result.unused.length)
    fail(
      overlay,
      result.unused.map(
        (action) =>
          `action ${action.index} (${action.description ?? 'no description'}) finds nothing at ${action.target}: ` +
          "ODE's file may no longer need it; remove it, or point it at what moved",
      ),
    );
  return result.doc;
}

function read(file: string, siteDir: string): ReadDescription {
  const absolute = path.resolve(siteDir, file);
  const overlay = overlayFileOf(file);
  const hasOverlay = overlay !== file && existsSync(path.resolve(siteDir, overlay));
  let text: string;
  let stamp: Stamp;
  try {
    stamp = stampOf(absolute, path.resolve(siteDir, overlay));
    const cached = cache.get(absolute);
    if (cached?.stamp === stamp) return cached;
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
  const result = {stamp, text, doc: hasOverlay ? applyOverlay(absolute, overlay, siteDir) : (doc as OpenApiDocument)};
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
 * Reads `file` (relative to `siteDir`) with `readApiDescription` and lints it, overlay applied, with the
 * recommended rules; lint errors fail, warnings are left to the lint test. Lines are those of ODE's file:
 * the overlay only adds, so every pointer a problem names outside what it adds is a place in that file.
 */
export async function validateApiDescription(siteDir: string, file: string): Promise<OpenApiDocument> {
  const {text, doc} = read(file, siteDir);
  const config = await loadConfig({configPath: path.resolve(siteDir, LINT_CONFIG)});
  const document = {...makeDocumentFromString(text, path.resolve(siteDir, file)), parsed: structuredClone(doc)};
  const problems = await lintDocument({document, config: config.styleguide, externalRefResolver: new BaseResolver()});
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
