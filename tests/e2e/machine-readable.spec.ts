/**
 * What machines and link previews read: llms.txt and llms-full.txt, the sitemap, robots.txt, the
 * downloadable API description, canonical URLs, Open Graph / Twitter card metadata with the social
 * image, and the web app manifest. Checked on the served HTML and files (no JavaScript), as crawlers
 * and link unfurlers see them.
 */
import {readFileSync} from 'node:fs';
import {load} from 'cheerio';
import {test, expect} from '../support/fixtures';
import {API, API_SPEC_PATH} from '../support/api-description';
import {DOCS_PATHS, PAGE_PATHS} from '../support/routes.cjs';
import {API_DOWNLOAD_PATH, API_SPEC_FILE, SITE_URL} from '../../site.constants';
import {listOperations} from '../../src/api/openapi';

const SOCIAL_IMAGE = `${SITE_URL}/img/social-card.png`;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)};
}

test.describe('machine-readable files', () => {
  test('llms.txt lists every docs page with its description, the API reference and the API description', async ({
    request,
  }) => {
    const response = await request.get('/llms.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    const links = new Map(
      [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?:: (.*))?$/gm)].map((m) => [
        m[2],
        {title: m[1], description: m[3] ?? ''},
      ]),
    );
    for (const docsPath of DOCS_PATHS) {
      const entry = links.get(`${SITE_URL}${docsPath}`);
      expect(entry, `llms.txt has no entry for ${docsPath}`).toBeDefined();
      expect(entry!.description, `llms.txt: ${docsPath} has no description`).not.toBe('');
    }
    expect(links.has(`${SITE_URL}/api`), 'llms.txt links the API reference').toBe(true);
    expect(links.has(`${SITE_URL}/api/synkronus.yaml`), 'llms.txt links the API description').toBe(true);
    expect(links.has(`${SITE_URL}/llms-full.txt`), 'llms.txt links llms-full.txt').toBe(true);
  });

  test('llms-full.txt has the text of every docs page and every operation and schema of the API', async ({request}) => {
    const response = await request.get('/llms-full.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    for (const docsPath of DOCS_PATHS) {
      expect(text, `llms-full.txt has no section for ${docsPath}`).toContain(`URL: ${SITE_URL}${docsPath}\n`);
    }
    for (const {method, path: apiPath, operation} of listOperations(API)) {
      expect(text, `llms-full.txt lacks ${method.toUpperCase()} ${apiPath}`).toContain(
        `\`${method.toUpperCase()} ${apiPath}\``,
      );
      if (operation.summary) expect(text).toContain(`### ${operation.summary}\n`);
    }
    for (const name of Object.keys(API.components?.schemas ?? {})) {
      expect(text, `llms-full.txt lacks the schema ${name}`).toContain(`### ${name}\n`);
    }
  });

  test(`the API description can be downloaded at ${API_DOWNLOAD_PATH}, identical to the source`, async ({request}) => {
    const response = await request.get(API_DOWNLOAD_PATH);
    expect(response.status()).toBe(200);
    const source = readFileSync(API_SPEC_PATH);
    expect(Buffer.compare(await response.body(), source), `${API_DOWNLOAD_PATH} differs from ${API_SPEC_FILE}`).toBe(0);
  });

  test('robots.txt allows crawling and points at the sitemap', async ({request}) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\s*$/m);
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  test('the sitemap lists every route, and the route list every page of the sitemap', async ({request}) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const pagePath of PAGE_PATHS) {
      expect(locations, `sitemap.xml lacks ${pagePath}`).toContain(`${SITE_URL}${pagePath}`);
    }
    // The route list is what the per-page tests (axe, budgets, headers…) cover: a new page must be added to it.
    expect(
      locations.filter((l) => !PAGE_PATHS.includes(l.slice(SITE_URL.length))),
      'pages in sitemap.xml missing from tests/support/routes.cjs',
    ).toEqual([]);
    expect(locations, 'sitemap.xml lists the search results page').not.toContain(`${SITE_URL}/search`);
  });

  test('the social image is a light 1200×630 PNG', async ({request}) => {
    const response = await request.get('/img/social-card.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const bytes = await response.body();
    expect(bytes.length, 'social-card.png size').toBeLessThan(100 * 1024);
    expect(pngSize(bytes)).toEqual({width: 1200, height: 630});
  });

  test('the web app manifest names the site and its icons, each small', async ({request}) => {
    const response = await request.get('/manifest.json');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: {src: string; sizes: string; purpose?: string}[];
    };
    expect(manifest.name).toBe('ODE - Open Data Ensemble');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect((await image.body()).length, `${icon.src} size`).toBeLessThan(24 * 1024);
    }
  });
});

test.describe('canonical URL and social metadata', () => {
  for (const pagePath of PAGE_PATHS) {
    test(`${pagePath} has a canonical link, Open Graph and Twitter card metadata`, async ({request}) => {
      const response = await request.get(pagePath);
      expect(response.status()).toBe(200);
      const $ = load(await response.text());
      const meta = (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
      const canonical = $('link[rel="canonical"]').attr('href');
      expect(canonical, `${pagePath}: canonical link`).toBe(`${SITE_URL}${pagePath}`);
      expect(meta('og:url'), `${pagePath}: og:url`).toBe(canonical);
      expect(meta('og:title'), `${pagePath}: og:title`).toBeTruthy();
      expect(meta('og:description'), `${pagePath}: og:description`).toBeTruthy();
      expect(meta('og:image'), `${pagePath}: og:image`).toBe(SOCIAL_IMAGE);
      expect(meta('twitter:card'), `${pagePath}: twitter:card`).toBe('summary_large_image');
      expect(meta('twitter:image'), `${pagePath}: twitter:image`).toBe(SOCIAL_IMAGE);
      expect(meta('og:image:alt'), `${pagePath}: og:image:alt`).toBeTruthy();
      expect(meta('twitter:image:alt'), `${pagePath}: twitter:image:alt`).toBe(meta('og:image:alt'));
      expect(meta('og:site_name'), `${pagePath}: og:site_name`).toBe('ODE - Open Data Ensemble');
      expect(meta('description'), `${pagePath}: description`).toBe(meta('og:description'));
    });
  }
});
