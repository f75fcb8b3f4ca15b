/**
 * A mock server made from the API description (Prism) answers every call's example request (the file's, else
 * the site's) with a documented status, refuses protected calls without a token and a pull with limit 501, and
 * the curl example generated for each call (shown on /api) runs against it.
 */
import {test, expect} from '@playwright/test';
import {requestSample, toCurl, type RequestSample} from '../../src/api/curl';
import {listOperations} from '../../src/api/openapi';
import {loadApiDescription} from '../support/api-description';
import {mockApiPort, runCurl, startMockApi, type MockApi} from '../support/mock-api';

const doc = loadApiDescription();
const operations = listOperations(doc);
const TOKEN = 'test-token';

let mock: MockApi;
test.beforeAll(async ({}, workerInfo) => {
  // Each worker that runs tests of this file starts its own mock server, on its own port.
  mock = await startMockApi(mockApiPort(0, workerInfo.parallelIndex));
});
test.afterAll(() => mock?.stop());

async function send(
  sample: RequestSample,
  {token = TOKEN, query = ''}: {token?: string | null; query?: string} = {},
): Promise<number> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sample.headers)) {
    if (name === 'Authorization') {
      if (token) headers[name] = value.replace('$TOKEN', token);
    } else if (name !== 'Content-Type' || sample.jsonBody !== undefined) headers[name] = value;
  }
  let body: string | FormData | undefined;
  if (sample.jsonBody !== undefined) body = JSON.stringify(sample.jsonBody);
  if (sample.files) {
    body = new FormData();
    for (const file of sample.files)
      body.append(file.field, new Blob(['sample bytes'], {type: file.contentType}), file.fileName);
  }
  const url = `${mock.origin}${sample.pathAndQuery}${query}`;
  const response = await fetch(url, {method: sample.method, headers, body});
  await response.arrayBuffer();
  return response.status;
}

const documented = (entryIndex: number) => Object.keys(operations[entryIndex].operation.responses).map(Number);

test.describe('the mock server of the API description', () => {
  operations.forEach((entry, index) => {
    const sample = requestSample(doc, entry);
    const name = `${entry.method.toUpperCase()} ${entry.path}`;

    test(`${name}: the documented example request gets a documented success`, async () => {
      const status = await send(sample);
      expect(documented(index), `${name} answered ${status}`).toContain(status);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
    });

    if (!entry.isPublic) {
      test(`${name}: without a token the call is refused with 401`, async () => {
        expect(await send(sample, {token: null})).toBe(401);
      });
    }

    test(`${name}: the generated curl example runs and gets a documented success`, () => {
      const command = toCurl(sample);
      const {status} = runCurl(command, mock, TOKEN);
      expect(documented(index), `${name}: curl got ${status}\n${command}`).toContain(status);
      expect(status).toBeLessThan(300);
    });
  });

  // ODE's file lists no 400 for these calls: Prism refuses an invalid request with its own 422 then.
  test('a pull with limit 501 (or 0) is refused with 422; limit 500 is accepted', async () => {
    const pull = operations.find((e) => e.operation.operationId === 'syncPull')!;
    const sample = {...requestSample(doc, pull), pathAndQuery: '/sync/pull'};
    expect(await send(sample, {query: '?limit=501'})).toBe(422);
    expect(await send(sample, {query: '?limit=0'})).toBe(422);
    expect(await send(sample, {query: '?limit=500'})).toBe(200);
  });

  test('an x-api-version header that is not MAJOR.MINOR.PATCH is refused: 400 where the call lists one', async () => {
    const byId = (id: string) =>
      requestSample(
        doc,
        operations.find((e) => e.operation.operationId === id)!,
      );
    const changes = byId('getAppBundleChanges');
    expect(await send({...changes, headers: {...changes.headers, 'x-api-version': '1.0'}})).toBe(400);
    const versions = byId('getAppBundleVersions');
    expect(await send({...versions, headers: {...versions.headers, 'x-api-version': '1.0'}})).toBe(422);
    expect(await send({...versions, headers: {...versions.headers, 'x-api-version': '1.0.3'}})).toBe(200);
  });
});
