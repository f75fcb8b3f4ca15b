/**
 * The build checks the API description before anything is built (docusaurus.config.ts calls
 * prepareApiDescription): an invalid description is refused with a message naming the file and the problem.
 */
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {overlayFileOf, validateApiDescription} from '../../src/api/description';
import {API_SPEC_FILE} from '../../site.constants';
import {REPO_ROOT} from '../support/api-description';

const OVERLAY = overlayFileOf(API_SPEC_FILE);

/** A site directory whose API description is the committed one changed by `edit`, with its overlay unless told. */
function siteWith(edit: (text: string) => string, {overlay = true} = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-validation-'));
  mkdirSync(path.join(dir, 'api'));
  copyFileSync(path.join(REPO_ROOT, 'api/redocly.yaml'), path.join(dir, 'api/redocly.yaml'));
  if (overlay) copyFileSync(path.join(REPO_ROOT, OVERLAY), path.join(dir, OVERLAY));
  writeFileSync(path.join(dir, API_SPEC_FILE), edit(readFileSync(path.join(REPO_ROOT, API_SPEC_FILE), 'utf8')));
  return dir;
}

test('the committed description passes', async () => {
  const doc = await validateApiDescription(REPO_ROOT, API_SPEC_FILE);
  expect(doc.info.version).toBe('1.0.3');
});

test("ODE's file without its overlay is refused, naming the dangling reference and its line", async () => {
  const dir = siteWith((text) => text, {overlay: false});
  try {
    await expect(validateApiDescription(dir, API_SPEC_FILE)).rejects.toThrow(
      /^api\/synkronus\.yaml: Can't resolve \$ref \(#\/paths\/~1dataexport~1parquet\/get\/responses\/401, line 956; rule no-unresolved-refs\)/,
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

for (const [problem, edit, message] of [
  [
    'a YAML syntax error',
    (t: string) => t.replace('paths:\n', 'paths: [\n'),
    /^api\/synkronus\.yaml: is not valid YAML: .*\(line \d+, column \d+\)/,
  ],
  [
    'no openapi version',
    (t: string) => t.replace(/^openapi: .*$/m, ''),
    /^api\/synkronus\.yaml: is not an OpenAPI 3 description/,
  ],
  [
    'an operation without summary',
    (t: string) => t.replace('      summary: Pull updated records since last sync\n', ''),
    /^api\/synkronus\.yaml: Operation object should contain `summary` field\. \(#\/paths\/~1sync~1pull\/post.*line \d+; rule operation-summary\)/,
  ],
  [
    'a reference to a missing schema',
    (t: string) =>
      t.replace("$ref: '#/components/schemas/SyncPullRequest'", "$ref: '#/components/schemas/NoSuchSchema'"),
    /^api\/synkronus\.yaml: Can't resolve \$ref/,
  ],
] as const) {
  test(`a description with ${problem} is refused, naming the file and the problem`, async () => {
    const dir = siteWith(edit);
    try {
      await expect(validateApiDescription(dir, API_SPEC_FILE)).rejects.toThrow(message);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
}
