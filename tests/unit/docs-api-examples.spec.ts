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
 *
 * (c) A push example (a curl to /sync/push) followed on its page by a ```json schema=SyncPushResponse block is that
 *     block's request: sent to the Synkronus engine as the server of the release answers (its seed is the
 *     examples' state), it gets exactly that answer.
 *
 * (d) A curl to `http://localhost:8080/__synkronus/...` calls the control API of synkronus-mock, not the API:
 *     each is run, in the order of its page, against the engine's Node server with the control API on, and
 *     must get a 2xx JSON answer; every call of the control API has an example.
 */
import {test, expect} from '@playwright/test';
import {CURL_BASE_URL} from '../../src/api/curl';
import {listOperations, resolveRef, type Schema} from '../../src/api/openapi';
import {loadApiDescription, schemaValidator} from '../support/api-description';
import {listFiles, readRepoFile, splitMarkdown, type Line} from '../support/content';
import {mockApiPort, runCurl, runCurlAsync, startMockApi, type MockApi} from '../support/mock-api';
import {newSynkronus} from '../support/api-console';
import {joinContinuations} from '../support/synk-commands';
import {CONTROL_CALLS, CONTROL_PREFIX} from 'synkronus-mock/src/control';
import {startSynkronusServer} from 'synkronus-mock/src/node';
import {ENGINE_DATA} from '../support/api-console';
import {RELEASE_TAG} from '../support/release';

const doc = loadApiDescription();
const validate = schemaValidator(doc);
const operations = listOperations(doc);

type Block = {file: string; line: number; lang: string; meta: string; lines: Line[]; closed: boolean};

/** The fenced code blocks of every docs page; `closed` is false for a block that runs to the end of its file. */
const blocks: Block[] = listFiles('docs', /\.mdx?$/).flatMap((file) => {
  const text = readRepoFile(file);
  const lineCount = text.split('\n').length;
  return splitMarkdown(text).codeBlocks.map((block) => ({
    file,
    ...block,
    // The line after the block's content is its closing fence; an unclosed block has no such line.
    closed: block.line + block.lines.length < lineCount,
  }));
});
const jsonBlocks = blocks.filter((b) => b.lang === 'json');
const body = (block: Block) => block.lines.map((l) => l.text).join('\n');

/** The curl commands of the shell blocks, continuation lines joined, each with the line it starts on. */
const allCurls = blocks
  .filter((b) => ['bash', 'sh', 'shell'].includes(b.lang))
  .flatMap((b) =>
    joinContinuations(b.lines)
      .map((l) => ({file: b.file, line: l.line, command: l.text.trim()}))
      .filter(({command}) => command.startsWith('curl ')),
  );
const isControl = ({command}: {command: string}) => command.includes(`${CURL_BASE_URL}${CONTROL_PREFIX}`);
/** The API's examples, and the control API's (d). */
const curls = allCurls.filter((c) => !isControl(c));
const controlCurls = allCurls.filter(isControl);

/** The operation a method and URL path belong to (path templates such as /users/{username} match one segment). */
function operationFor(method: string, pathname: string) {
  return operations.find(
    (entry) =>
      entry.method.toUpperCase() === method &&
      new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
}

/**
 * The schema a JSON block names: a component schema (`schema=SyncPushRequest`), or, where ODE's file writes a
 * body inline, an operation's request body (`schema=login.request`) or response (`schema=getHealth.503`).
 * A string says what is wrong.
 */
function exampleSchema(name: string): Schema | string {
  const [first, part] = name.split('.');
  if (part === undefined)
    return doc.components.schemas[first]
      ? {$ref: `#/components/schemas/${first}`}
      : 'not a schema of api/synkronus.yaml';
  const entry = operations.find((op) => op.operation.operationId === first);
  if (!entry) return `${first} is not an operationId of api/synkronus.yaml`;
  const content =
    part === 'request'
      ? entry.operation.requestBody && resolveRef(doc, entry.operation.requestBody).content
      : entry.operation.responses[part] && resolveRef(doc, entry.operation.responses[part]).content;
  const schema = content?.['application/json']?.schema ?? content?.['application/problem+json']?.schema;
  return schema ?? `${first} has no JSON ${part === 'request' ? 'request body' : `${part} answer`}`;
}

test.describe('API examples on docs pages', () => {
  test('every code block of the docs is closed', () => {
    expect(blocks.filter((b) => !b.closed).map((b) => `${b.file}:${b.line}: code block is never closed`)).toEqual([]);
  });

  test('there are examples to check (the Synkronus pages use both conventions)', () => {
    expect(jsonBlocks.filter((b) => /schema=/.test(b.meta)).length).toBeGreaterThan(5);
    expect(curls.length).toBeGreaterThan(5);
  });

  test('every JSON block names its schema (and validates against it) or names the file it shows', () => {
    const problems: string[] = [];
    for (const block of jsonBlocks) {
      const where = `${block.file}:${block.line}`;
      const schema = block.meta.match(/(?:^|\s)schema=([A-Za-z][\w.]*)/)?.[1];
      if (!schema) {
        if (!/title="[^"]+\.json"/.test(block.meta))
          problems.push(`${where}: a json block needs schema=<Schema> (API payload) or title="<file>.json"`);
        continue;
      }
      const target = exampleSchema(schema);
      if (typeof target === 'string') {
        problems.push(`${where}: schema=${schema}: ${target}`);
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(body(block));
      } catch (error) {
        problems.push(`${where}: not valid JSON (${(error as Error).message})`);
        continue;
      }
      for (const error of validate(target, value)) problems.push(`${where}: does not match ${schema}: ${error}`);
    }
    expect(problems).toEqual([]);
  });

  test('a push example gets, from the engine of the release, the answer its page shows after it', async () => {
    const pushes = curls.filter(({command}) => command.includes('/sync/push'));
    expect(pushes.length, 'the sync protocol page has a push example').toBeGreaterThan(0);
    const problems: string[] = [];
    for (const {file, line, command} of pushes) {
      const where = `${file}:${line}`;
      const answer = jsonBlocks.find(
        (b) => b.file === file && b.line > line && /schema=SyncPushResponse\b/.test(b.meta),
      );
      const sent = /\s-d '([^']*)'/.exec(command)?.[1];
      if (!answer || !sent) {
        problems.push(`${where}: a push example needs a -d '<json>' body and a SyncPushResponse block after it`);
        continue;
      }
      const engine = newSynkronus(RELEASE_TAG);
      const login = await engine.handle(
        new Request(`${CURL_BASE_URL}/auth/login`, {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({username: 'fieldworker', password: 's3cret-passphrase'}),
        }),
      );
      const {token} = (await login.json()) as {token: string};
      const response = await engine.handle(
        new Request(`${CURL_BASE_URL}/sync/push`, {
          method: 'POST',
          headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
          body: sent,
        }),
      );
      const got: unknown = await response.json();
      const shown: unknown = JSON.parse(body(answer));
      if (JSON.stringify(got) !== JSON.stringify(shown))
        problems.push(
          `${where}: the engine answers ${JSON.stringify(got)}; ${file}:${answer.line} shows ${JSON.stringify(shown)}`,
        );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('every control API example gets a 2xx JSON answer from the engine, and every control call has one', async () => {
    const server = await startSynkronusServer({data: ENGINE_DATA, control: true});
    const problems: string[] = [];
    const called = new Set<string>();
    try {
      for (const {file, line, command} of controlCurls) {
        const {status, method, url} = await runCurlAsync(command, server.origin);
        called.add(`${method} ${url.pathname}`);
        if (status < 200 || status > 299) problems.push(`${file}:${line}: ${method} ${url.pathname} got ${status}`);
      }
    } finally {
      await server.close();
    }
    for (const {method, path} of CONTROL_CALLS)
      if (!called.has(`${method} ${CONTROL_PREFIX}${path}`))
        problems.push(`no page has a curl example of the control call ${method} ${CONTROL_PREFIX}${path}`);
    expect(problems, problems.join('\n')).toEqual([]);
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
        if (!command.includes(CURL_BASE_URL)) {
          problems.push(`${where}: a curl example must call ${CURL_BASE_URL}: ${command}`);
          continue;
        }
        const {status, method, url} = runCurl(command, mock, 'docs-test-token');
        const entry = operationFor(method, url.pathname);
        if (!entry) {
          problems.push(`${where}: ${method} ${url.pathname} is not an operation of api/synkronus.yaml`);
          continue;
        }
        const documented = Object.keys(entry.operation.responses);
        if (!documented.includes(String(status))) {
          problems.push(`${where}: ${method} ${entry.path} got ${status}, documented: ${documented.join(', ')}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
