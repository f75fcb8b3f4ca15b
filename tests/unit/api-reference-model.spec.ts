/**
 * The model of the API reference page (src/api/model/toPage.ts, projected from the API model): CommonMark rendered at build time,
 * the anchors, and the model of the real description (every operation by tag, examples as sent, the
 * curl samples, the synk commands, schemas as trees), serialisable as the route's props.
 */
import {test, expect} from '@playwright/test';
import {API} from '../support/api-description';
import {loadCommandData} from '../support/synk-commands';
import {listOperations, type OpenApiDocument} from '../../src/api/openapi';
import {requestSample, toCurl} from '../../src/api/curl';
import {
  anchorSlug,
  legacyOperationAnchor,
  operationAnchor,
  schemaAnchor,
  sectionAnchor,
  tagAnchor,
} from '../../src/api/anchors';
import {renderMarkdown, splitSections, TABLE_BOX_CLASS} from '../../src/api/model/markdown';
import {buildReferenceModel} from '../../src/api/model/toPage';
import type {ApiReferenceModel, OperationModel, SchemaNode} from '../../src/api/model/page';
import {buildApiModel} from '../../src/api/model/build';

const CLI_PAGE = '/docs/cli';
const model = buildReferenceModel(buildApiModel(API), {
  downloadUrl: '/api/spec.yaml',
  synk: {data: loadCommandData(), page: CLI_PAGE},
});
const allOperations = model.tags.flatMap((tag) => tag.operations);
const operation = (operationId: string): OperationModel => {
  const found = allOperations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the model`);
  return found;
};

/** Every string of the model under a key that holds HTML rendered from CommonMark. */
function htmlFields(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['description', 'html', 'lead'].includes(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => htmlFields(item));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => htmlFields(v, k));
  return [];
}

test.describe('CommonMark rendered at build time', () => {
  test('inline code, emphasis and links become HTML; raw HTML of the description is escaped', () => {
    expect(renderMarkdown('Send `x-api-version` *now*, see [docs](https://x.test/).')).toBe(
      '<p>Send <code>x-api-version</code> <em>now</em>, see <a href="https://x.test/">docs</a>.</p>',
    );
    expect(renderMarkdown('a <script>alert(1)</script> b')).toBe('<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>');
    expect(renderMarkdown('  \n')).toBeUndefined();
  });

  test('tables are GFM tables in a focusable box; headings start at the level asked for', () => {
    const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')!;
    expect(html).toMatch(
      new RegExp(`^<div class="${TABLE_BOX_CLASS}" tabindex="0"><table>[\\s\\S]*<td>2</td>[\\s\\S]*</table></div>$`),
    );
    expect(renderMarkdown('# One\n\n## Two', {topHeading: 3})).toBe('<h3>One</h3>\n<h4>Two</h4>');
  });

  test('an introduction splits at its ## headings, not at one inside fenced code', () => {
    const {lead, sections} = splitSections(
      'Lead text.\n\n## First\n\nOne.\n\n```\n## not a heading\n```\n\n## Second ##\n\nTwo.',
    );
    expect(lead).toBe('Lead text.');
    expect(sections).toEqual([
      {title: 'First', body: 'One.\n\n```\n## not a heading\n```'},
      {title: 'Second', body: 'Two.'},
    ]);
  });
});

test('anchors are those Redoc gave: blanks become hyphens, operations without an id are at their JSON pointer', () => {
  expect(anchorSlug(' App  bundle ')).toBe('App-bundle');
  expect(tagAnchor('Data export')).toBe('tag/Data-export');
  expect(sectionAnchor('API version header')).toBe('section/API-version-header');
  expect(schemaAnchor('User')).toBe('schema/User');
  expect(operationAnchor({method: 'post', path: '/sync/pull', operationId: 'syncPull'})).toBe('operation/syncPull');
  expect(operationAnchor({method: 'get', path: '/users/{username}'})).toBe('paths/~1users~1{username}/get');
  expect(legacyOperationAnchor('App bundle', {method: 'get', path: '/x', operationId: 'getX'})).toBe(
    'tag/App-bundle/operation/getX',
  );
});

test.describe('the model of api/synkronus.yaml', () => {
  test("every operation once, under its first tag, tags in the description's order", () => {
    const described = listOperations(API);
    expect(allOperations.map((op) => op.operationId).sort()).toEqual(
      described.map((op) => op.operation.operationId).sort(),
    );
    const order = (API.tags ?? [])
      .map((tag) => tag.name)
      .filter((name) => described.some((op) => op.operation.tags?.[0] === name));
    expect(model.tags.map((tag) => tag.name)).toEqual(order);
    for (const tag of model.tags) {
      for (const op of tag.operations) {
        expect(op.anchor).toBe(`operation/${op.operationId}`);
        expect(op.legacyAnchor).toBe(`tag/${anchorSlug(tag.name)}/operation/${op.operationId}`);
      }
    }
  });

  test('the introduction: a lead, then its sections with their anchors', () => {
    expect(model.lead).toContain('<code>synk</code>');
    expect(model.sections.map((section) => section.anchor)).toEqual(
      splitSections(API.info.description).sections.map((section) => sectionAnchor(section.title)),
    );
    expect(model.sections.find((s) => s.title === 'Roles')!.html).toContain('<table>');
  });

  test('no description keeps its raw backticks', () => {
    const html = htmlFields(model);
    expect(html.length).toBeGreaterThan(100);
    expect(html.filter((text) => text.includes('`'))).toEqual([]);
  });

  test('a header example is the value as sent on the wire: the ETag keeps its quotes, unescaped', () => {
    const etag = operation('getAppBundleManifest')
      .responses.find((r) => r.status === '200')!
      .headers!.find((h) => h.name === 'ETag')!;
    expect(etag.example).toBe('"9c4f0e7d2b1a"');
    const ifNoneMatch = operation('downloadAppBundleFile').parameters!.find((p) => p.name === 'If-None-Match')!;
    expect(ifNoneMatch).toMatchObject({in: 'header', example: '"5d41402abc4b2a76"'});
    expect(operation('downloadAppBundleFile').responses.find((r) => r.status === '304')).toMatchObject({
      reason: 'Not Modified',
    });
  });

  test('parameters carry their bounds and default; bodies their schema and their example as sent', () => {
    const pull = operation('syncPull');
    expect(pull.parameters!.find((p) => p.name === 'limit')).toMatchObject({
      in: 'query',
      schema: {type: 'integer', minimum: 1, maximum: 500, default: '50'},
      example: '50',
    });
    expect(pull.parameters!.find((p) => p.name === 'x-api-version')!.schema!.pattern).toBe('^\\d+\\.\\d+\\.\\d+$');
    expect(pull.requestBody).toMatchObject({
      required: true,
      content: [{mediaType: 'application/json', schema: {ref: 'SyncPullRequest'}}],
    });
    expect(JSON.parse(pull.requestBody!.content[0].example!)).toEqual(
      API.paths['/sync/pull'].post!.requestBody!.content['application/json'].example,
    );
    expect(operation('pushAppBundle').requestBody!.content[0]).toMatchObject({
      mediaType: 'multipart/form-data',
      encoding: [{field: 'bundle', contentType: 'application/zip'}],
    });
  });

  test('access: public calls, roles, and roles the description leaves unspecified', () => {
    expect(operation('getHealth')).toMatchObject({isPublic: true});
    expect(operation('getHealth').roles).toBeUndefined();
    expect(operation('syncPush')).toMatchObject({
      security: ['bearerAuth'],
      roles: ['read-write'],
      rolesUnspecified: ['admin'],
    });
  });

  test('each operation has its generated curl sample, and the synk command that makes the call where there is one', () => {
    for (const op of listOperations(API))
      expect(operation(op.operation.operationId!).curl).toBe(toCurl(requestSample(API, op)));
    expect(operation('syncPull').synk).toMatchObject({
      usage: 'synk sync pull <output_file>',
      href: `${CLI_PAGE}#synk-sync-pull`,
      note: expect.stringMatching(/--page-token/),
    });
    expect(operation('downloadAppBundleFile').synk?.note).toMatch(/--preview/);
    const mapped = new Set(loadCommandData().commands.flatMap((c) => (c.operationId ? [c.operationId] : [])));
    for (const op of allOperations)
      expect(Boolean(op.synk), `${op.operationId} has a synk command`).toBe(mapped.has(op.operationId!));
  });

  test('every component schema as a tree: required fields, bounds, nullable references', () => {
    expect(model.schemas.map((s) => s.name)).toEqual(Object.keys(API.components.schemas));
    const schema = (name: string): SchemaNode => model.schemas.find((s) => s.name === name)!.schema;
    const field = (name: string, property: string) => schema(name).properties!.find((p) => p.name === property)!;
    const geolocation = field('Observation', 'geolocation').schema;
    expect(geolocation).toMatchObject({type: 'object', nullable: true});
    expect(geolocation.properties!.find((p) => p.name === 'latitude')).toMatchObject({
      schema: {type: 'number', minimum: -90, maximum: 90},
    });
    expect(field('Observation', 'data').schema.additionalProperties).toBe(true);
    expect(schema('Role').enum).toEqual(['read-only', 'read-write', 'admin']);
    expect(field('SyncPullResponse', 'records').schema).toEqual({
      type: 'array',
      description: '<p>The records of this page.</p>',
      items: {ref: 'SyncRecord'},
    });
  });

  test('the model survives JSON as it is (the route props are JSON)', () => {
    expect(JSON.parse(JSON.stringify(model)) as ApiReferenceModel).toEqual(model);
  });
});

test('a description the reference cannot show fails with what is missing', () => {
  const broken = structuredClone<OpenApiDocument>(API);
  const username = broken.paths['/users/{username}'].parameters!.find((p) => 'name' in p && p.name === 'username')!;
  delete username.example;
  expect(() => buildReferenceModel(buildApiModel(broken), {downloadUrl: '/x'})).toThrow(
    'deleteUser: path parameter username has no example',
  );
});
