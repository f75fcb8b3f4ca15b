/**
 * Unit tests of the build-time plugins (src/plugins): the search index (a page's sections, the split index
 * and the engine that reads it), the search entries and the text reference made from an API description (each at the anchor the reference page gives it) and the docs page list.
 * (The Markdown of the docs pages is tested on the build: tests/unit/markdown-twins.spec.ts.)
 * They use a small API description written here, so they hold whatever api/synkronus.yaml contains; the
 * search index and llms-full.txt are also made after a build of this description's model, which they take
 * from the `api` plugin's content.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {LoadContext, LoadedPlugin, Plugin} from '@docusaurus/types';
import type {OpenApiDocument} from '../../src/api/openapi';
import {apiSearchPage} from '../../src/plugins/local-search/apiEntries';
import {buildSearchFiles, pageSections, type SearchPage} from '../../src/plugins/local-search/buildIndex';
import {createSearch} from '../../src/components/Search/engine';
import {apiReferenceText} from '../../src/api/model/toText';
import {docsPages} from '../../src/plugins/site-files/docsPages';
import {buildApiModel} from '../../src/api/model/build';
import afterBuild, {type AfterBuildProps} from '../../src/plugins/after-build';
import type {ApiContent} from '../../src/plugins/api';
import localSearch from '../../src/plugins/local-search';
import siteFiles from '../../src/plugins/site-files';

const API: OpenApiDocument = {
  openapi: '3.0.3',
  info: {title: 'Example API', version: '2.0.0', description: 'An example.'},
  tags: [{name: 'Sync', description: 'Moving *records*.'}],
  paths: {
    '/sync/pull': {
      post: {
        operationId: 'pullRecords',
        tags: ['Sync'],
        summary: 'Pull records',
        parameters: [{name: 'limit', in: 'query', schema: {type: 'integer', minimum: 1, maximum: 500, default: 50}}],
        requestBody: {
          required: true,
          content: {'application/json': {schema: {$ref: '#/components/schemas/PullRequest'}}},
        },
        responses: {
          '200': {
            description: 'A page.',
            content: {'application/json': {schema: {$ref: '#/components/schemas/PullResponse'}}},
          },
        },
      },
    },
    '/health': {get: {summary: 'Health', security: [], responses: {'200': {description: 'ok'}}}},
  },
  components: {
    schemas: {
      PullRequest: {type: 'object', properties: {client_id: {type: 'string'}}, required: ['client_id']},
      PullResponse: {
        type: 'object',
        description: 'One page of changes.',
        properties: {change_cutoff: {type: 'integer', description: 'Next since.version.'}, has_more: {type: 'boolean'}},
      },
    },
    securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT'}},
  },
  security: [{bearerAuth: []}],
};

test.describe('API search entries', () => {
  const page = apiSearchPage(buildApiModel(API), {route: '/api', context: 'API'});

  test('the page, then a section per tag, operation and schema at its anchor on the reference page', () => {
    expect(page).toMatchObject({url: '/api', title: 'Example API', context: 'API'});
    // The sections are the site's (src/api/sections.ts), by the first segment of each path.
    expect(page.sections.map((s) => [s.title, s.hash])).toEqual([
      ['Example API', ''],
      ['Sync', '#tag/Sync'],
      ['Health', '#tag/Health'],
      ['Pull records', '#operation/pullRecords'],
      // An operation without an operationId is at its JSON pointer, as Redoc had it.
      ['Health', '#paths/~1health/get'],
      ['PullRequest', '#schema/PullRequest'],
      ['PullResponse', '#schema/PullResponse'],
    ]);
  });

  test('an operation is found by its path, id, parameters and the fields it sends and receives', () => {
    const pull = page.sections.find((s) => s.title === 'Pull records')!;
    for (const word of ['POST /sync/pull', 'pullRecords', 'limit', 'PullResponse', 'change_cutoff', 'client_id']) {
      expect(pull.text).toContain(word);
    }
    expect(pull.hash).toBe('#operation/pullRecords');
  });
});

test.describe('search index', () => {
  const docsPage = (markdown: string) =>
    `<html class="plugin-docs"><head><title>T | ODE</title></head><body><nav class="breadcrumbs"><li class="breadcrumbs__item">Synkronus</li></nav>` +
    `<article><div class="theme-doc-markdown markdown">${markdown}</div></article></body></html>`;

  test('a page is its opening, then one section per h2 and h3 with an id; block texts keep a space between them', () => {
    const page = pageSections(
      docsPage(
        '<header><h1>Sync protocol</h1></header><p>Four calls.</p><ul><li>pull</li><li>push</li></ul>' +
          '<h2 id="pull">Pull<a class="hash-link" href="#pull">#</a></h2><p>Since version.</p>' +
          '<details><summary>More</summary><h3 id="cutoff">Cutoff</h3><p>change_cutoff</p></details><h4>Not a section</h4><p>x</p>',
      ),
      '/docs/sync',
    );
    expect(page).toEqual({
      url: '/docs/sync',
      title: 'Sync protocol',
      context: 'Synkronus',
      sections: [
        {hash: '', title: 'Sync protocol', text: 'Four calls. pull push'},
        {hash: '#pull', title: 'Pull', text: 'Since version. More'},
        {hash: '#cutoff', title: 'Cutoff', text: 'change_cutoff Not a section x'},
      ],
    });
  });

  test('a generated category index is left out; a page without a title is refused', () => {
    expect(pageSections('<html class="plugin-docs"><body><main><h1>Synkronus</h1></main></body></html>', '/c')).toBe(
      undefined,
    );
    expect(() => pageSections('<html><body><main><p>text</p></main></body></html>', '/x')).toThrow(
      'the page /x has no h1 and no <title>',
    );
  });

  const pages: SearchPage[] = Array.from({length: 30}, (_, n) => ({
    url: `/docs/p${n}`,
    title: `Page ${n}`,
    context: '',
    sections: [
      {hash: '', title: `Page ${n}`, text: `common words for page ${n}`},
      {
        hash: '#reset',
        title: n === 7 ? 'Reset password' : `Section ${n}`,
        text: n === 7 ? 'POST /users/reset' : 'password',
      },
    ],
  }));

  test('a query fetches the manifest, one shard per word and the previews of its results, each once', async () => {
    const {manifest, files} = buildSearchFiles(pages, 400);
    expect(manifest.shards.length, 'a small shard size splits the index').toBeGreaterThan(3);
    const fetched: string[] = [];
    const search = createSearch('/', (url) => {
      fetched.push(url);
      const content = url === '/search-index.json' ? JSON.stringify(manifest) : files.get(url.slice(1));
      return content === undefined ? Promise.reject(new Error(`${url}: 404`)) : Promise.resolve(JSON.parse(content));
    });
    // Both words count: the section with both comes first; "passw" is still being typed, so it is a prefix.
    const results = await search('reset passw');
    expect(results?.[0]).toEqual({
      url: '/docs/p7#reset',
      title: 'Reset password',
      page: 'Page 7',
      excerpt: 'POST /users/reset',
    });
    const shards = new Set(manifest.shards.map(([, file]) => `/${file}`));
    expect(fetched[0]).toBe('/search-index.json');
    expect(fetched.filter((url) => shards.has(url)).length, 'one shard for "re", one for "pa"').toBe(2);
    expect(new Set(fetched).size, 'no file fetched twice').toBe(fetched.length);
    // A later query in the same shards fetches only previews it lacks.
    const before = fetched.length;
    await search('password reset');
    expect(fetched.slice(before).filter((url) => shards.has(url) || url === '/search-index.json')).toEqual([]);
    // A query the reader has typed past fetches no previews and answers nothing.
    expect(await search('common', () => false)).toBe(undefined);
  });
});

test.describe('API reference text', () => {
  const text = apiReferenceText(buildApiModel(API), {
    reference: 'https://x.test/api',
    description: 'https://x.test/api/example.yaml',
  });

  test("lists operations by the site's sections with parameters, body, responses and authentication", () => {
    expect(text).toContain('# Example API reference');
    expect(text).toContain('## Sync\n\nPull and push observations.');
    expect(text).toContain(
      '### Pull records\n\n`POST /sync/pull` · operationId `pullRecords`\nReference: https://x.test/api#operation/pullRecords',
    );
    expect(text).toContain('- `limit` (query, integer, optional, minimum `1`, maximum `500`, default `50`)');
    expect(text).toContain('Request body (required)\n- application/json: PullRequest');
    expect(text).toContain('- 200: A page.\n  - application/json: PullResponse');
    expect(text).toContain('Authentication: bearerAuth.');
    expect(text).toMatch(/### Health\n\n`GET \/health`[\s\S]*Authentication: none\./);
    expect(text).toContain('## Health\n\nWhether the server is up.');
  });

  test('lists every schema with its properties', () => {
    expect(text).toContain('### PullResponse\n\nType: object. Reference: https://x.test/api#schema/PullResponse');
    expect(text).toContain('- `change_cutoff` (integer, optional): Next since.version.');
    expect(text).toContain('### PullRequest\n\nType: object. Reference: https://x.test/api#schema/PullRequest\n');
    expect(text).toContain('- `client_id` (string, required)');
  });
});

test('docs pages follow the sidebar, with category index pages and unlisted docs left out', () => {
  const doc = (id: string, unlisted = false) => ({
    id,
    title: `T ${id}`,
    permalink: `/docs/${id}`,
    description: `D ${id}`,
    unlisted,
  });
  const content = {
    loadedVersions: [
      {
        docs: [doc('b'), doc('a'), doc('c'), doc('hidden', true), doc('outside')],
        sidebars: {
          docs: [
            {type: 'doc', id: 'a'},
            {
              type: 'category',
              label: 'Cat',
              link: {
                type: 'generated-index',
                slug: '/category/cat',
                permalink: '/docs/category/cat',
                description: 'About cat',
              },
              items: [
                {type: 'doc', id: 'b'},
                {type: 'doc', id: 'hidden'},
              ],
            },
            {type: 'category', label: 'With doc', link: {type: 'doc', id: 'c'}, items: []},
          ],
        },
      },
    ],
  } as unknown as LoadedContent;
  const pages = docsPages(content);
  expect(pages.map((p) => p.permalink)).toEqual([
    '/docs/a',
    '/docs/category/cat',
    '/docs/b',
    '/docs/c',
    '/docs/outside',
  ]);
  const category = pages[1];
  expect(category.kind === 'category' && category.children.map((c) => c.permalink)).toEqual(['/docs/b']);
  expect(category.title).toBe('Cat');
  expect(category.description).toBe('About cat');
});

test.describe('after the build, search and llms-full.txt project the API model of the api plugin', () => {
  /** The `api` plugin as the build loaded it: the model of the small description, its reference at /reference. */
  const apiPlugin = {
    name: 'api',
    content: {model: buildApiModel(API), route: '/reference', downloadPath: '/reference/example.yaml'} as ApiContent,
  } as unknown as LoadedPlugin;
  const context = {
    baseUrl: '/',
    siteDir: '/no-site-dir',
    siteConfig: {url: 'https://x.test', title: 'Example site', tagline: 'Examples.'},
  } as unknown as LoadContext;
  let outDir = '';
  test.beforeEach(() => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-plugins-'));
  });
  test.afterEach(() => fs.rmSync(outDir, {recursive: true, force: true}));

  /** Runs `plugin`'s step after a build in `outDir` whose plugins are it and `others`. */
  const runStep = (plugin: Plugin, routesPaths: string[], others: LoadedPlugin[]) =>
    afterBuild(context, {order: [plugin.name], beside: []}).postBuild!({
      outDir,
      routesPaths,
      plugins: [{...plugin, content: undefined} as unknown as LoadedPlugin, ...others],
    } as unknown as AfterBuildProps);

  test('the search index holds the model’s operations at the route the api plugin gives', async () => {
    fs.mkdirSync(path.join(outDir, 'docs/page'), {recursive: true});
    fs.writeFileSync(
      path.join(outDir, 'docs/page/index.html'),
      '<html><head><title>A page</title></head><body><main><h1>A page</h1><p>Text.</p></main></body></html>',
    );
    // No HTML for /reference: the reference's sections come from the model, never from its page.
    await runStep(localSearch(context), ['/docs/page', '/reference'], [apiPlugin]);
    const written = fs
      .readdirSync(outDir, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');
    expect(written).toContain('/reference#operation/pullRecords');
    expect(written).toContain('/docs/page');
  });

  test('llms.txt and llms-full.txt give the model’s reference and description at the api plugin’s addresses', async () => {
    fs.mkdirSync(path.join(outDir, 'docs'), {recursive: true});
    fs.writeFileSync(path.join(outDir, 'docs/a.md'), '# A\n\nThe twin of page a.\n');
    const docs = {
      name: 'docusaurus-plugin-content-docs',
      content: {
        loadedVersions: [
          {
            docs: [{id: 'a', title: 'A', permalink: '/docs/a', description: 'Page a.', unlisted: false}],
            sidebars: {docs: [{type: 'doc', id: 'a'}]},
          },
        ],
      },
    } as unknown as LoadedPlugin;
    await runStep(siteFiles(context), ['/docs/a', '/reference'], [docs, apiPlugin]);
    const llms = fs.readFileSync(path.join(outDir, 'llms.txt'), 'utf8');
    expect(llms).toContain('- [Example API reference](https://x.test/reference): An example. Version 2.0.0.');
    expect(llms).toContain('(https://x.test/reference/example.yaml)');
    const full = fs.readFileSync(path.join(outDir, 'llms-full.txt'), 'utf8');
    expect(full).toContain('The twin of page a.');
    expect(full).toContain('# Example API reference');
    expect(full).toContain('Reference: https://x.test/reference#operation/pullRecords');
  });
});
