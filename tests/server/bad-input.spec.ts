/**
 * Hostile and malformed requests, sent byte for byte over a raw socket to nginx with the production
 * configuration (the fixture server: a copy of build/ with a canary file beside it, dotfiles and
 * the build has no symbolic links: tests/unit/build-output.spec.ts). Each case states the one status it must get: 4xx for anything
 * hostile, 200/206/404 where the input is harmless. Never a 5xx, never the canary or a system file,
 * never a redirect to another host, and always the security headers.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from './fixture-server';
import {rawRequest, requestText, type RawResponse} from './raw-http';
import {securityHeaderProblems} from './security-headers';

type Case = {name: string; request: string; status: number};

const get = (target: string, headers?: Record<string, string>) => requestText('GET', target, headers);

const TRAVERSAL: Case[] = [
  {name: 'dot-dot segment', request: get('/../canary.txt'), status: 400},
  {name: 'dot-dot to a system file', request: get('/../../../../etc/passwd'), status: 400},
  {name: 'dot-dot after a real directory', request: get('/docs/../../canary.txt'), status: 400},
  {name: 'encoded dot-dot', request: get('/%2e%2e/canary.txt'), status: 400},
  {name: 'upper-case encoded dot-dot', request: get('/%2E%2E/%2E%2E/etc/passwd'), status: 400},
  {name: 'half-encoded dot-dot', request: get('/.%2e/canary.txt'), status: 400},
  {name: 'encoded slash after dot-dot', request: get('/..%2fcanary.txt'), status: 400},
  {name: 'encoded slashes around dot-dot', request: get('/%2f..%2f..%2fcanary.txt'), status: 400},
  {name: 'encoded slash inside a real path (harmless: the page)', request: get('/docs%2fODE'), status: 200},
  {name: 'encoded backslash dot-dot (a file name on Linux)', request: get('/..%5ccanary.txt'), status: 404},
  {name: 'encoded backslashes', request: get('/%5c..%5c..%5ccanary.txt'), status: 404},
  {name: 'raw backslashes', request: get('/\\..\\canary.txt'), status: 404},
  {name: 'relative request target', request: get('../canary.txt'), status: 400},
  {name: 'absolute-form target with dot-dot', request: get('http://127.0.0.1/../canary.txt'), status: 400},
  {name: 'dotfile', request: get('/.env'), status: 404},
  {name: 'encoded dotfile', request: get('/%2eenv'), status: 404},
  {name: 'file in a dot-directory', request: get('/.git/config'), status: 404},
];

const NULL_BYTES: Case[] = [
  {name: 'null byte in a file name', request: get('/x%00.html'), status: 400},
  {name: 'null byte after a real file', request: get('/index.html%00'), status: 400},
  {name: 'null byte before an extension', request: get('/canary.txt%00.html'), status: 400},
  {name: 'raw null byte in a header', request: get('/', {'X-Test': 'a\0b'}), status: 400},
];

const LONG_PATHS: Case[] = [
  {
    name: 'one 300-character segment (longer than a file name can be)',
    request: get('/' + 'a'.repeat(300)),
    status: 404,
  },
  {name: '4 KiB path of short segments', request: get('/a'.repeat(2048)), status: 404},
  {name: '8 KiB path', request: get('/' + 'a'.repeat(8192)), status: 414},
  {name: '64 KiB path', request: get('/' + 'a'.repeat(65536)), status: 414},
  {name: '8 KiB header', request: get('/', {'X-Long': 'a'.repeat(8192)}), status: 400},
];

const METHODS: Case[] = [
  ...['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'BREW', 'FOO'].flatMap((method) => [
    {name: `${method} on a page`, request: requestText(method, '/docs/ODE'), status: 405},
    {name: `${method} on an asset path`, request: requestText(method, '/assets/js/main.js'), status: 405},
  ]),
  {name: 'POST with a body', request: requestText('POST', '/', {'Content-Length': '5'}) + 'hello', status: 405},
  {name: 'OPTIONS *', request: requestText('OPTIONS', '*'), status: 400},
  {name: 'CONNECT', request: requestText('CONNECT', '127.0.0.1:443'), status: 400},
  {name: 'lower-case method', request: requestText('get', '/'), status: 400},
  {name: 'HEAD (allowed)', request: requestText('HEAD', '/'), status: 200},
];

const RANGE = '/img/logo.svg';
const RANGES: Case[] = [
  {name: 'valid range (control)', request: get(RANGE, {Range: 'bytes=0-99'}), status: 206},
  {name: 'not a number', request: get(RANGE, {Range: 'bytes=abc'}), status: 416},
  {name: 'end before start', request: get(RANGE, {Range: 'bytes=99-0'}), status: 416},
  {name: 'empty suffix', request: get(RANGE, {Range: 'bytes=-0'}), status: 416},
  {name: 'double minus', request: get(RANGE, {Range: 'bytes=--1'}), status: 416},
  {name: 'start past the end', request: get(RANGE, {Range: 'bytes=999999999-'}), status: 416},
  {name: '64-bit overflow', request: get(RANGE, {Range: 'bytes=0-18446744073709551616'}), status: 416},
  {name: 'empty range set (ignored)', request: get(RANGE, {Range: 'bytes='}), status: 200},
  {name: 'unknown unit (ignored)', request: get(RANGE, {Range: 'pages=1-2'}), status: 200},
  {
    name: 'several ranges (answered in full: max_ranges 1)',
    request: get(RANGE, {Range: 'bytes=0-1,2-3,4-5'}),
    status: 200,
  },
  {
    name: '1000 overlapping ranges',
    request: get(RANGE, {Range: 'bytes=' + Array.from({length: 1000}, (_, i) => `0-${i}`).join(',')}),
    status: 200,
  },
];

const ENCODINGS: Case[] = [
  {name: 'bad q-value', request: get('/docs/ODE', {'Accept-Encoding': 'gzip;q=abc'}), status: 200},
  {name: 'wildcard', request: get('/docs/ODE', {'Accept-Encoding': '*'}), status: 200},
  {name: 'identity refused', request: get('/docs/ODE', {'Accept-Encoding': 'identity;q=0'}), status: 200},
  {name: 'only unsupported codings', request: get('/docs/ODE', {'Accept-Encoding': 'br, zstd, compress'}), status: 200},
  {name: 'separators only', request: get('/docs/ODE', {'Accept-Encoding': ';;;,,,'}), status: 200},
  {name: 'empty', request: get('/docs/ODE', {'Accept-Encoding': ''}), status: 200},
  {name: '7 KiB of repeated gzip', request: get('/docs/ODE', {'Accept-Encoding': 'gzip, '.repeat(1200)}), status: 200},
  {name: 'bytes above 0x7f', request: get('/docs/ODE', {'Accept-Encoding': '\xff\xfegzip\x80'}), status: 200},
  {name: '10 KB value', request: get('/docs/ODE', {'Accept-Encoding': 'x'.repeat(10000)}), status: 400},
];

const REDIRECT_PROBES: Case[] = [
  {name: 'protocol-relative index.html', request: get('//evil.example/index.html'), status: 404},
  {name: 'backslash index.html', request: get('/\\evil.example/index.html'), status: 404},
  {
    name: 'encoded slashes index.html (same-site Location)',
    request: get('/%2f%2fevil.example/index.html'),
    status: 301,
  },
  {name: 'encoded backslash index.html (same-site Location)', request: get('/%5cevil.example/index.html'), status: 301},
  {name: 'absolute-form with another host', request: get('http://evil.example/docs/ODE/index.html'), status: 301},
];

const GROUPS: Record<string, Case[]> = {
  'path traversal': TRAVERSAL,
  'null bytes': NULL_BYTES,
  'overlong paths and headers': LONG_PATHS,
  'methods other than GET and HEAD': METHODS,
  'malformed Range': RANGES,
  'malformed Accept-Encoding': ENCODINGS,
  'open-redirect probes': REDIRECT_PROBES,
};

function problems(response: RawResponse, expected: number, canary: string): string[] {
  const found: string[] = [];
  if (response.status !== expected)
    found.push(`status ${response.status || 'none'} (${response.statusLine}), expected ${expected}`);
  if (response.status >= 500) found.push('a 5xx');
  if (response.status === 405 && response.headers.get('allow') !== 'GET, HEAD')
    found.push('a 405 without "Allow: GET, HEAD"');
  if (response.raw.includes(canary)) found.push('the canary from outside the root');
  if (/root:.*:0:0:/.test(response.raw)) found.push('/etc/passwd');
  const location = response.headers.get('location');
  if (location !== undefined && !/^\/(?![/\\])/.test(location)) found.push(`Location leaves the site: ${location}`);
  found.push(...securityHeaderProblems((name) => response.headers.get(name)));
  return found;
}

for (const [group, cases] of Object.entries(GROUPS)) {
  test(`${group}: each answer is the expected one, never 5xx, never outside the root`, async ({fixtureServer}) => {
    const report: string[] = [];
    const failures: string[] = [];
    for (const c of cases) {
      const response = await rawRequest(fixtureServer.port, c.request);
      report.push(`${response.status} ${c.name}`);
      const found = problems(response, c.status, fixtureServer.canary);
      if (found.length) failures.push(`${c.name}: ${found.join('; ')}`);
    }
    console.log(`${group}:\n  ${report.join('\n  ')}`);
    expect(failures, `${group}: bad answers`).toEqual([]);
  });
}

test('the canary files are there: without the defences of the configuration they would be served', async ({
  fixtureServer,
}) => {
  // Guards the cases above: they prove something only if their targets exist and hold the token.
  const {root, canary} = fixtureServer;
  for (const target of ['../canary.txt', '.env', '.git/config']) {
    expect(fs.readFileSync(path.join(root, target), 'utf8'), target).toContain(canary);
  }
  const response = await rawRequest(fixtureServer.port, get('/docs/ODE'));
  expect(problems({...response, raw: response.raw + canary}, 200, canary)).toContain(
    'the canary from outside the root',
  );
});
