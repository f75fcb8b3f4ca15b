/**
 * API examples on docs pages are checked against the API description. Conventions for every page in
 * docs/**\/*.md(x):
 *
 * (a) JSON code blocks. A ```json block that shows an API payload names its schema in the fence meta:
 *     ```json schema=SyncPullRequest
 *     Its content must parse and validate against components.schemas.SyncPullRequest of
 *     api/synkronus.yaml. A ```json block that is NOT an API payload (a form's schema.json, a config
 *     file...) must instead carry a title naming the file it shows, ending in .json:
 *     ```json title="forms/survey/schema.json"
 *     A ```json block with neither fails.
 *
 * (b) curl examples. Every command starting with `curl` in a ```bash (or ```sh / ```shell) block is run
 *     against the mock server of the API description: `http://localhost:8080` (the default address of
 *     Synkronus) is replaced by the mock's address and $TOKEN is set to a token. The call must match an
 *     operation of the description, and the status it gets must be one documented for that operation.
 *     Files uploaded with `-F field=@name` are created for the run.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {listOperations} from '../../src/plugins/api-description/openapi';
import {loadApiDescription, REPO_ROOT, schemaValidator, validateNamed} from '../support/api-description';
import {mockApiPort, startMockApi, type MockApi} from '../support/mock-api';

const doc = loadApiDescription();
const validate = schemaValidator(doc);
const operations = listOperations(doc);
const BASE_URL = 'http://localhost:8080';

type Block = {file: string; line: number; lang: string; meta: string; body: string};

function docsFiles(dir = path.join(REPO_ROOT, 'docs')): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return docsFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

/** Fenced code blocks (``` or ~~~, three or more) with their language, meta string and content. */
function codeBlocks(file: string, text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^\s*(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.trim().startsWith(open[1]) && line.trim().replace(/[`~]/g, '') === '');
    if (end === -1) throw new Error(`${file}:${i + 1}: code block is never closed`);
    blocks.push({file: path.relative(REPO_ROOT, file), line: i + 1, lang: open[2], meta: open[3], body: lines.slice(i + 1, end).join('\n')});
    i = end;
  }
  return blocks;
}

const blocks = docsFiles().flatMap((file) => codeBlocks(file, readFileSync(file, 'utf8')));
const jsonBlocks = blocks.filter((b) => b.lang === 'json');

/** The curl commands of a shell block, continuation lines joined. */
function curlCommands(body: string): string[] {
  return body
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '));
}
const curls = blocks
  .filter((b) => ['bash', 'sh', 'shell'].includes(b.lang))
  .flatMap((b) => curlCommands(b.body).map((command) => ({...b, command})));

/** The operation a method and URL path belong to (path templates such as /users/{username} match one segment). */
function operationFor(method: string, pathname: string) {
  return operations.find(
    (entry) =>
      entry.method.toUpperCase() === method &&
      new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
}

test.describe('API examples on docs pages', () => {
  test('there are examples to check (the Synkronus pages use both conventions)', () => {
    expect(jsonBlocks.filter((b) => /schema=/.test(b.meta)).length).toBeGreaterThan(5);
    expect(curls.length).toBeGreaterThan(5);
  });

  test('every JSON block names its schema (and validates against it) or names the file it shows', () => {
    const problems: string[] = [];
    for (const block of jsonBlocks) {
      const where = `${block.file}:${block.line}`;
      const schema = block.meta.match(/(?:^|\s)schema=([A-Za-z]\w*)/)?.[1];
      if (!schema) {
        if (!/title="[^"]+\.json"/.test(block.meta)) problems.push(`${where}: a json block needs schema=<Schema> (API payload) or title="<file>.json"`);
        continue;
      }
      if (!doc.components.schemas[schema]) {
        problems.push(`${where}: schema=${schema} is not a schema of api/synkronus.yaml`);
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(block.body);
      } catch (error) {
        problems.push(`${where}: not valid JSON (${(error as Error).message})`);
        continue;
      }
      for (const error of validateNamed(validate, schema, value)) problems.push(`${where}: does not match ${schema}: ${error}`);
    }
    expect(problems).toEqual([]);
  });

  test.describe('curl examples against the mock server', () => {
    let mock: MockApi;
    test.beforeAll(async ({}, workerInfo) => {
      mock = await startMockApi(mockApiPort(1, workerInfo.parallelIndex));
    });
    test.afterAll(() => mock?.stop());

    test('every curl example calls a documented operation and gets one of its documented statuses', () => {
      const problems: string[] = [];
      for (const {file, line, command} of curls) {
        const where = `${file}:${line}`;
        if (!command.includes(BASE_URL)) {
          problems.push(`${where}: a curl example must call ${BASE_URL}: ${command}`);
          continue;
        }
        const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-curl-'));
        try {
          for (const [, name] of command.matchAll(/=@([^;"'\s]+)/g)) writeFileSync(path.join(dir, name), 'sample bytes');
          const run = `${command.replaceAll(BASE_URL, mock.origin)} -s -w '\\n%{http_code} %{method} %{url_effective}'`;
          const output = execFileSync('bash', ['-c', run], {cwd: dir, env: {...process.env, TOKEN: 'docs-test-token'}, encoding: 'utf8'});
          const [status, method, url] = output.trim().split('\n').pop()!.split(' ');
          const entry = operationFor(method, new URL(url).pathname);
          if (!entry) {
            problems.push(`${where}: ${method} ${new URL(url).pathname} is not an operation of api/synkronus.yaml`);
            continue;
          }
          const documented = Object.keys(entry.operation.responses);
          if (!documented.includes(status)) {
            problems.push(`${where}: ${method} ${entry.path} got ${status}, documented: ${documented.join(', ')}`);
          }
        } finally {
          rmSync(dir, {recursive: true, force: true});
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
