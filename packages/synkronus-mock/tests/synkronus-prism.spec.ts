/**
 * Every answer of the Synkronus engine, in both dialects, checked by Prism's validator (@stoplight/prism-http,
 * as `prism proxy` runs it) against the effective description, api/synkronus.yaml with its overlay: status,
 * documented headers, Content-Type (exactly) and body. The requests are made from the description's contract
 * (packages/synkronus-mock/tests/support/synkronus-corpus.ts). A violation is allowed only where the engine says why: in the
 * description dialect with X-Synkronus-Unspecified (the file is silent), in the release dialect with
 * X-Synkronus-Rules (a Known issues entry). The test prints the figures and, when it fails, each offending
 * exchange; `npx jiti scripts/synkronus-conformance.ts` prints the whole report without asserting.
 */
import {test, expect} from '@playwright/test';
import {DIALECTS} from '../src';
import {request} from './support/engine-session';
import {explainingHeader, figuresOf, runDialect, unreached} from './support/prism-conformance';
import {reportText} from './support/prism-conformance-report';
import {checkedExchange} from './support/prism-validator';

for (const dialect of DIALECTS) {
  test(`${dialect}: every answer conforms to the description, or ${explainingHeader(dialect)} says why`, async () => {
    const run = await runDialect(dialect);
    const figures = figuresOf(run);
    console.log(reportText([run]));
    expect.soft(run.caseErrors, 'corpus cases that could not run').toEqual([]);
    expect.soft(unreached(run).operations, 'operations no answer came from').toEqual([]);
    const documented = run.exchanges.filter((x) => x.case.endsWith(': the documented request'));
    expect
      .soft(
        documented.filter((x) => x.requestProblems.length).map((x) => `${x.case}: ${x.requestProblems.join('; ')}`),
        'documented requests Prism finds invalid',
      )
      .toEqual([]);
    expect(figures.unexplained, `answers that violate the description without ${explainingHeader(dialect)}`).toBe(0);
  });
}

const PROBLEM = {type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'no token'};

/** Synthetic answers and what the validator must say of each. */
const SYNTHETIC: {
  what: string;
  method: string;
  path: string;
  status: number;
  type?: string;
  body?: unknown;
  finds: RegExp[];
}[] = [
  {
    what: 'a conforming 401',
    method: 'GET',
    path: '/users',
    status: 401,
    type: 'application/problem+json',
    body: PROBLEM,
    finds: [],
  },
  {
    what: 'application/json where application/problem+json is documented',
    method: 'GET',
    path: '/users',
    status: 401,
    type: 'application/json',
    body: PROBLEM,
    finds: [/^\[exact\] Content-Type application\/json; 401 documents application\/problem\+json$/],
  },
  {
    what: 'an undocumented status',
    method: 'GET',
    path: '/users',
    status: 418,
    finds: [/Unable to match the returned status code/],
  },
  {
    what: 'a body against its schema',
    method: 'GET',
    path: '/users',
    status: 200,
    type: 'application/json',
    body: [{username: 'x'}],
    finds: [/required property 'role'/, /required property 'createdAt'/],
  },
  {
    what: 'a body where none is documented',
    method: 'GET',
    path: '/attachments/a.jpg',
    status: 404,
    type: 'application/json',
    body: {error: 'x'},
    finds: [/^\[exact\] a body of \d+ bytes/],
  },
  {
    what: 'a path the description lacks',
    method: 'GET',
    path: '/nope',
    status: 404,
    finds: [/has no operation GET \/nope/],
  },
];

test("the validator flags what Prism alone lets through, and Prism's own findings", async () => {
  for (const s of SYNTHETIC) {
    const headers = s.type ? {'Content-Type': s.type} : undefined;
    const answer = () =>
      Promise.resolve(new Response(s.body === undefined ? null : JSON.stringify(s.body), {status: s.status, headers}));
    const {checked} = await checkedExchange(request(s.method, s.path), answer);
    expect(checked.violations, s.what).toHaveLength(s.finds.length);
    for (const pattern of s.finds) expect(checked.violations, s.what).toContainEqual(expect.stringMatching(pattern));
  }
});
