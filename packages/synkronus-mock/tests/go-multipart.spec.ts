/**
 * The release dialect reads multipart bodies as the release's handlers do (packages/synkronus-mock/src/go/multipart.ts):
 * each body of packages/synkronus-mock/tests/fixtures/go-multipart/cases.json, sent as an app bundle and as an attachment, gets the
 * status and `error` the server answered (the file says which server and Go; record.mjs beside it wrote it), and
 * an attachment the server stored is stored with the same bytes.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {answerOf, BASE, session} from './support/engine-session';
import {RELEASE_TAG} from '../../../tests/support/release';

type Answered = {status: number; error?: string; stored?: string};
type Case = {name: string; contentType: string; query?: string; body: string; bundle: Answered; attachment: Answered};
const FILE = 'packages/synkronus-mock/tests/fixtures/go-multipart/cases.json';
const {recordedWith, cases} = JSON.parse(readFileSync(path.resolve(__dirname, '../../..', FILE), 'utf8')) as {
  recordedWith: string;
  cases: Case[];
};

test(`the release dialect reads ${cases.length} multipart bodies as the server does (${recordedWith})`, async () => {
  expect(cases.length).toBeGreaterThan(300);
  const s = await session(RELEASE_TAG);
  const send = async (method: string, where: string, c: Case, body?: Uint8Array) => {
    const headers = new Headers({Authorization: `Bearer ${s.access.admin}`});
    if (c.contentType) headers.set('Content-Type', c.contentType);
    return answerOf(await s.engine.handle(new Request(BASE + where, {method, headers, body: body?.slice()})));
  };
  const problems: string[] = [];
  let n = 0;
  for (const c of cases) {
    const latin1 = Buffer.from(c.body, 'base64').toString('latin1');
    const bodyWith = (field: string) => new Uint8Array(Buffer.from(latin1.replaceAll('FIELD', field), 'latin1'));
    const id = `mp-${++n}`;
    const answers = {
      bundle: await send('POST', `/app-bundle/push${c.query ?? ''}`, c, bodyWith('bundle')),
      attachment: await send('PUT', `/attachments/${id}${c.query ?? ''}`, c, bodyWith('file')),
    };
    for (const route of ['bundle', 'attachment'] as const) {
      const want = c[route];
      const got = answers[route];
      const error = (got.json as {error?: string} | undefined)?.error;
      if (got.status !== want.status || (want.error !== undefined && error !== want.error))
        problems.push(
          `${c.name} (${route}): ${got.status} ${JSON.stringify(error)}, the server ${want.status} ${JSON.stringify(want.error)}`,
        );
    }
    if (c.attachment.stored !== undefined && answers.attachment.status === 200) {
      const stored = await send('GET', `/attachments/${id}`, {...c, contentType: ''});
      const bytes = Buffer.from(stored.bytes).toString('base64');
      if (bytes !== c.attachment.stored) problems.push(`${c.name}: stored ${bytes}, the server ${c.attachment.stored}`);
    }
  }
  expect(problems).toEqual([]);
});
