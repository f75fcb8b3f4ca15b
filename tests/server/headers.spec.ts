/**
 * Response headers of deploy/nginx/docs-site.conf over the real build: pages, hashed assets,
 * sw.js and manifest.json, the API description, 404s and redirects.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {APIResponse} from '@playwright/test';
import {test, expect} from './fixture-server';
import {securityHeaderProblems, parseCsp} from './security-headers';
import {PAGE_PATHS} from '../support/routes.cjs';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {scanBuild} from '../../src/plugins/csp-header';

const BUILD = path.join(REPO_ROOT, 'build');
const GZIP = {'accept-encoding': 'gzip'};
const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The files of the build a reader can ask for. The precompressed copies beside them (`x.js.br`,
 * `x.js.gz`, written by src/plugins/lean-delivery) are not among them: nginx sends them as the
 * Content-Encoding of `x.js` (checked below).
 */
function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .filter((e) => !(/\.(br|gz)$/.test(e.name) && fs.existsSync(path.join(e.parentPath, e.name.slice(0, -3)))))
    .map((e) => '/' + path.relative(BUILD, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  expect(
    securityHeaderProblems((name) => response.headers()[name]),
    `security headers of ${what}`,
  ).toEqual([]);
}

test.describe('pages', () => {
  for (const pagePath of PAGE_PATHS) {
    test(`${pagePath}: 200 HTML in UTF-8, compressed, revalidated, with the security headers`, async ({request}) => {
      const response = await request.get(pagePath, {headers: GZIP, maxRedirects: 0});
      expect(response.status(), pagePath).toBe(200);
      const headers = response.headers();
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers['vary']).toBe('Accept-Encoding');
      expect(headers['cache-control']).toBe(REVALIDATE);
      expect(headers['etag'] ?? headers['last-modified'], 'a validator to revalidate with').toBeTruthy();
      expect(headers['server'], 'no version number').toBe('nginx');
      expectSecurityHeaders(response, pagePath);
    });
  }

  test('a revalidated page answers 304 with the same cache and security headers', async ({request}) => {
    const first = await request.get('/docs/ODE');
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const second = await request.get('/docs/ODE', {headers: {'if-none-match': etag}});
    expect(second.status()).toBe(304);
    expect(second.headers()['cache-control']).toBe(REVALIDATE);
    expectSecurityHeaders(second, '304 of /docs/ODE');
  });

  test('HEAD answers like GET, without a body', async ({request}) => {
    const head = await request.head('/docs/ODE');
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect((await head.body()).length).toBe(0);
    expectSecurityHeaders(head, 'HEAD /docs/ODE');
  });
});

test.describe('Content-Security-Policy', () => {
  test('allows only this origin, and exactly the inline scripts of the current build', async ({request}) => {
    const policy = (await request.get('/')).headers()['content-security-policy'];
    const csp = parseCsp(policy);
    const {hashes} = await scanBuild(BUILD);
    expect(hashes.length, 'the build has inline scripts to hash').toBeGreaterThan(0);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", ...hashes]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // Beyond 'self' and 'none', each directive may only have what the conf's comments justify.
    const extra: Record<string, string[]> = {
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:'],
    };
    for (const [directive, sources] of csp) {
      const allowed = ["'self'", "'none'", ...(extra[directive] ?? [])];
      const unexpected = sources.filter(
        (s) => !allowed.includes(s) && !(directive === 'script-src' && hashes.includes(s)),
      );
      expect(unexpected, `unexpected sources in ${directive}`).toEqual([]);
    }
  });
});

test.describe('hashed assets', () => {
  const assets = filesBelow(path.join(BUILD, 'assets'));

  test('every file under /assets/ has a content hash in its name (so caching it for a year is safe)', () => {
    expect(assets.length).toBeGreaterThan(0);
    const unhashed = assets.filter((a) => !/[.-][0-9a-f]{8,}\.[a-z0-9]+$/.test(a));
    expect(unhashed, 'files in build/assets without a content hash (static/assets/ is not hashed)').toEqual([]);
  });

  test('every file under /assets/ is cached for a year as immutable, with its type', async ({request}) => {
    for (const asset of assets) {
      const response = await request.get(asset, {headers: GZIP});
      expect(response.status(), asset).toBe(200);
      const headers = response.headers();
      expect(headers['cache-control'], asset).toBe(IMMUTABLE);
      expect(headers['content-type'], asset).not.toBe('application/octet-stream');
      if (/\.(js|css)$/.test(asset) && Number(headers['content-length'] ?? 1000) >= 256) {
        expect(headers['content-encoding'], `${asset} compressed`).toBe('gzip');
      }
      expectSecurityHeaders(response, asset);
    }
  });

  test('JavaScript, CSS and SVG are sent as their precompressed Brotli or gzip copies, as the reader accepts', async ({
    request,
  }) => {
    const samples = ['.js', '.css', '.svg'].map((ext) => assets.find((a) => a.endsWith(ext))!);
    for (const asset of samples) {
      const plain = fs.statSync(path.join(BUILD, asset)).size;
      for (const encoding of ['br', 'gzip']) {
        const response = await request.get(asset, {headers: {'accept-encoding': encoding}});
        expect(response.headers()['content-encoding'], `${asset} with Accept-Encoding: ${encoding}`).toBe(encoding);
        const sent = Number(response.headers()['content-length']);
        const copy = fs.statSync(path.join(BUILD, `${asset}.${encoding === 'br' ? 'br' : 'gz'}`)).size;
        expect(sent, `${asset}: the precompressed copy is what is sent`).toBe(copy);
        expect(sent).toBeLessThan(plain);
      }
    }
  });

  test('a script or stylesheet fetched as such carries nosniff but none of the document headers, and varies on Sec-Fetch-Dest', async ({
    request,
  }) => {
    for (const [ext, dest] of [
      ['.js', 'script'],
      ['.css', 'style'],
    ] as const) {
      const asset = assets.find((a) => a.endsWith(ext))!;
      const headers = (await request.get(asset, {headers: {...GZIP, 'sec-fetch-dest': dest}})).headers();
      expect(headers['x-content-type-options'], asset).toBe('nosniff');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy']) {
        expect(headers[name], `${name} of ${asset} fetched as a ${dest}`).toBeUndefined();
      }
      expect(headers['vary'], `${asset}: caches keep the lean answer apart`).toMatch(/Sec-Fetch-Dest/);
    }
  });

  test('the same script fetched as a worker, or without saying what for, carries every security header', async ({
    request,
  }) => {
    const script = assets.find((a) => a.endsWith('.js'))!;
    for (const dest of ['worker', undefined]) {
      const response = await request.get(script, {headers: dest ? {'sec-fetch-dest': dest} : {}});
      expectSecurityHeaders(response, `${script} fetched ${dest ? `as a ${dest}` : 'without Sec-Fetch-Dest'}`);
    }
  });

  test('a page asked for as a script still carries every security header', async ({request}) => {
    expectSecurityHeaders(
      await request.get('/docs/ODE', {headers: {'sec-fetch-dest': 'script'}}),
      '/docs/ODE fetched as a script',
    );
  });

  test('a missing file under /assets/ is a 404 that is not cached', async ({request}) => {
    const response = await request.get('/assets/js/no-such-file.0123abcd.js');
    expect(response.status()).toBe(404);
    expect(response.headers()['cache-control']).toBe(REVALIDATE);
    expectSecurityHeaders(response, 'a missing asset');
  });
});

test.describe('other files', () => {
  test('every kind of file in the build is served with a real Content-Type', async ({request}) => {
    const byExtension = new Map<string, string>();
    for (const file of filesBelow(BUILD)) {
      const ext = path.extname(file);
      if (!byExtension.has(ext)) byExtension.set(ext, file);
    }
    for (const [ext, file] of byExtension) {
      const response = await request.get(file, {maxRedirects: 0});
      // index.html files answer with a redirect; their type is checked on the pages above.
      if (ext === '.html' && response.status() === 301) continue;
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type'], `Content-Type of ${ext} (${file})`).not.toMatch(
        /^application\/octet-stream/,
      );
    }
  });

  test('the API description is YAML, compressed and revalidated', async ({request}) => {
    const yamlFiles = filesBelow(BUILD).filter((f) => /\.ya?ml$/.test(f));
    expect(yamlFiles.length, 'the build serves the API description').toBeGreaterThan(0);
    for (const file of yamlFiles) {
      const response = await request.get(file, {headers: GZIP});
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type']).toBe('application/yaml; charset=utf-8');
      expect(response.headers()['content-encoding']).toBe('gzip');
      expect(response.headers()['cache-control']).toBe(REVALIDATE);
      expect(await response.text()).toMatch(/^openapi: /m);
    }
  });

  test('the Markdown twins of the docs pages are Markdown in UTF-8, compressed and revalidated, with the security headers', async ({
    request,
  }) => {
    const twins = filesBelow(BUILD).filter((f) => f.endsWith('.md'));
    expect(twins, 'the build has a Markdown twin of the Overview').toContain('/docs/ODE.md');
    for (const file of twins) {
      const response = await request.get(file, {headers: GZIP});
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type'], file).toBe('text/markdown; charset=utf-8');
      expect(response.headers()['content-encoding'], file).toBe('gzip');
      expect(response.headers()['cache-control'], file).toBe(REVALIDATE);
      expectSecurityHeaders(response, file);
      expect(await response.text(), file).toMatch(/^# \S/);
    }
  });

  for (const [file, type] of [
    ['/sw.js', /^(application|text)\/javascript; charset=utf-8$/],
    ['/manifest.json', /^application\/(manifest\+)?json; charset=utf-8$/],
  ] as const) {
    test(`${file} is revalidated on every use, never cached as immutable`, async ({request, fixtureServer}) => {
      // The fixture server serves a copy of the build; it adds a stand-in only if the build has none.
      test.info().annotations.push({
        type: 'file',
        description: fixtureServer.standIns.includes(file.slice(1))
          ? `${file}: stand-in (not in the build yet)`
          : `${file}: from the build`,
      });
      const response = await request.get(`${fixtureServer.origin}${file}`, {headers: GZIP});
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(type);
      expect(response.headers()['cache-control']).toBe(REVALIDATE);
      expectSecurityHeaders(response, file);
    });
  }
});

test.describe('errors and redirects', () => {
  test("an unknown path is the site's 404 page with status 404, not cached", async ({request}) => {
    for (const missing of ['/no-such-page', '/docs/no-such-page', '/404']) {
      const response = await request.get(missing);
      expect(response.status(), missing).toBe(404);
      expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers()['cache-control']).toBe(REVALIDATE);
      expect(await response.text()).toContain('Page Not Found');
      expectSecurityHeaders(response, `404 for ${missing}`);
    }
  });

  test('a directory without a page is a 404, never a listing', async ({request}) => {
    for (const dir of ['/assets', '/assets/', '/assets/js/', '/assets/css/', '/img/']) {
      const response = await request.get(dir, {maxRedirects: 0});
      expect(response.status(), dir).toBe(404);
      expect(await response.text(), dir).not.toMatch(/Index of/);
    }
  });

  test('/docs and /docs/ answer one 301 to the Overview', async ({request}) => {
    for (const docs of ['/docs', '/docs/']) {
      const response = await request.get(docs, {maxRedirects: 0});
      expect(response.status(), docs).toBe(301);
      expect(response.headers()['location']).toBe('/docs/ODE');
      expect(response.headers()['cache-control']).toBe(REVALIDATE);
      expectSecurityHeaders(response, `301 for ${docs}`);
    }
  });

  test('every page requested as .../index.html answers one 301 to its path without it', async ({request}) => {
    for (const pagePath of PAGE_PATHS) {
      const withIndex = pagePath.replace(/\/?$/, '/index.html');
      const target = pagePath === '/' ? '/' : pagePath.replace(/\/$/, '');
      const response = await request.get(withIndex, {maxRedirects: 0});
      expect(response.status(), withIndex).toBe(301);
      expect(response.headers()['location'], withIndex).toBe(target);
      expectSecurityHeaders(response, `301 for ${withIndex}`);
      expect((await request.get(target, {maxRedirects: 0})).status(), `${target} after the redirect`).toBe(200);
    }
  });

  test('the index.html redirect keeps the query string', async ({request}) => {
    const response = await request.get('/docs/ODE/index.html?from=test', {maxRedirects: 0});
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/docs/ODE?from=test');
  });
});
