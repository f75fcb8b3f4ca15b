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
import {REQUEST_EXAMPLES} from '../../src/api/request-examples';
import {API_SECTIONS, sectionOf} from '../../src/api/sections';
import {readFileSync} from 'node:fs';
import path from 'node:path';

const CLI_PAGE = '/docs/cli';
const INTRODUCTION = readFileSync(path.join(__dirname, '../../src/api/introduction.md'), 'utf8');
const model = buildReferenceModel(buildApiModel(API), {
  downloadUrl: '/api/spec.yaml',
  synk: {data: loadCommandData(), page: CLI_PAGE},
  introduction: INTRODUCTION,
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
  test("every operation once, in the site's sections (API_SECTIONS), in the order their first call comes", () => {
    expect(API_SECTIONS.length).toBeGreaterThan(0);
    const described = listOperations(API);
    const sections = [...new Set(described.map((op) => sectionOf(op.path)!.name))];
    expect(model.tags.map((tag) => tag.name)).toEqual(sections);
    expect(allOperations.map((op) => op.operationId)).toEqual(
      sections.flatMap((name) =>
        described.filter((op) => sectionOf(op.path)!.name === name).map((op) => op.operation.operationId),
      ),
    );
    for (const tag of model.tags) {
      expect(tag.anchor).toBe(`tag/${anchorSlug(tag.name)}`);
      for (const op of tag.operations) {
        expect(op.anchor).toBe(`operation/${op.operationId}`);
        expect(sectionOf(op.path)!.name).toBe(tag.name);
      }
    }
    // Redoc's other anchor follows the description's own first tag, where it gives one.
    expect(operation('getHealth').legacyAnchor).toBe('tag/Health/operation/getHealth');
    expect(operation('getParquetExportZip').legacyAnchor).toBe('tag/DataExport/operation/getParquetExportZip');
    expect(operation('syncPull').legacyAnchor).toBeUndefined();
  });

  test("the introduction is the site's: a lead saying whose words it is, then its sections with their anchors", () => {
    expect(model.lead).toContain("This page is ODE's own description of the Synkronus API");
    expect(model.sections.map((section) => section.anchor)).toEqual(
      splitSections(INTRODUCTION).sections.map((section) => sectionAnchor(section.title)),
    );
    expect(model.sections.map((section) => section.title)).toEqual([
      'Authentication',
      'Roles',
      'Errors',
      'API version header',
      'Examples',
    ]);
  });

  test('no description keeps its raw backticks', () => {
    const html = htmlFields(model);
    expect(html.length).toBeGreaterThan(100);
    expect(html.filter((text) => text.includes('`'))).toEqual([]);
  });

  test('a header is listed with its schema; a 304 with its reason phrase', () => {
    const etag = operation('getAppBundleManifest')
      .responses.find((r) => r.status === '200')!
      .headers!.find((h) => h.name === 'etag')!;
    expect(etag).toMatchObject({name: 'etag', schema: {type: 'string'}});
    const ifNoneMatch = operation('downloadAppBundleFile').parameters!.find((p) => p.name === 'if-none-match')!;
    expect(ifNoneMatch).toMatchObject({in: 'header', schema: {type: 'string'}});
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
    // ODE's file gives the pull no example: the site's own is shown, and marked so.
    expect(pull.requestBody!.content[0].siteExample).toBe(true);
    expect(JSON.parse(pull.requestBody!.content[0].example!)).toEqual(REQUEST_EXAMPLES.syncPull.body);
    expect(pull.parameters!.find((p) => p.name === 'schemaType')).toMatchObject({
      example: 'household_survey',
      siteExample: true,
    });
    expect(operation('downloadAttachment').parameters!.find((p) => p.name === 'attachment_id')).toEqual(
      expect.objectContaining({example: 'abc123.jpg'}),
    );
    expect(
      operation('downloadAttachment').parameters!.find((p) => p.name === 'attachment_id')!.siteExample,
    ).toBeUndefined();
    expect(operation('pushAppBundle').requestBody!.content[0]).toMatchObject({mediaType: 'multipart/form-data'});
  });

  test('access: public calls, the roles listed as bearer scopes, and the roles not listed', () => {
    expect(operation('getHealth')).toMatchObject({isPublic: true});
    expect(operation('getHealth').roles).toBeUndefined();
    expect(operation('syncPush')).toMatchObject({
      security: ['bearerAuth'],
      roles: ['read-write'],
      rolesUnspecified: ['read-only', 'admin'],
    });
    expect(operation('changePassword').rolesUnspecified).toBeUndefined();
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
    expect(field('Observation', 'data').schema.type).toBe('object');
    expect(field('UserResponse', 'role').schema.enum).toEqual(['read-only', 'read-write', 'admin']);
    expect(field('SyncPullResponse', 'records').schema).toEqual({type: 'array', items: {ref: 'Observation'}});
  });

  test('the model survives JSON as it is (the route props are JSON)', () => {
    expect(JSON.parse(JSON.stringify(model)) as ApiReferenceModel).toEqual(model);
  });
});

test('a description the reference cannot show fails with what is missing', () => {
  const broken = structuredClone<OpenApiDocument>(API);
  const operation = broken.paths['/app-bundle/download/{path}'].get!;
  operation.operationId = 'downloadWithoutExample';
  expect(() => buildReferenceModel(buildApiModel(broken), {downloadUrl: '/x'})).toThrow(
    'downloadWithoutExample: path parameter path has no example',
  );
});
