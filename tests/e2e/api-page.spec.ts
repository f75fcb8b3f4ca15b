/**
 * The API reference page /api (src/plugins/api, src/components/ApiReference): the whole
 * reference in the server-rendered HTML, checked against the description itself (not a hand-made list);
 * readable and navigable with JavaScript switched off; its navigation list and every expandable schema
 * usable with the keyboard alone; no sideways scrolling of the page in either colour mode on a desktop
 * or a 375 px phone; the site's layout, the release note, the download and the indigo colour.
 * (axe on the whole of /api in both modes: tests/e2e/a11y.spec.ts; the byte-for-byte download:
 * tests/e2e/machine-readable.spec.ts; search entries at the anchors: tests/e2e/search.spec.ts.)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import type {APIRequestContext, Browser, Page} from '@playwright/test';
import {test, expect, expectHydrated} from '../support/fixtures';
import {hasVisibleFocus, tabTo} from '../support/keyboard';
import {anchorTarget, operationSection, referenceNav, schemaSection} from '../support/api-reference';
import {loadApiDescription, REPO_ROOT} from '../support/api-description';
import {sectionOf as apiSectionOf} from '../../src/api/sections';
import {listOperations, resolveRef, type Schema} from '../../src/api/openapi';
import {requestSample, toCurl} from '../../src/api/curl';
import {
  legacyOperationAnchor,
  operationAnchor,
  SCHEMAS_ANCHOR,
  schemaAnchor,
  sectionAnchor,
  tagAnchor,
} from '../../src/api/anchors';
import {splitSections} from '../../src/api/model/markdown';
import {valueText} from '../../src/api/model/toPage';
import {loadCommandData} from '../support/synk-commands';
import {API_DOWNLOAD_PATH, API_ROUTE, ODE_API_VERSION, ODE_RELEASE} from '../../site.constants';

const doc = loadApiDescription();
const operations = listOperations(doc);
const schemaNames = Object.keys(doc.components.schemas);
/** The site's sections of calls (ODE's file tags two calls only): the names of those the calls fall in. */
const tagNames = [...new Set(operations.map((op) => apiSectionOf(op.path)!.name))];
/** The site's own introduction, before the calls. */
const INTRODUCTION = readFileSync(path.join(REPO_ROOT, 'src/api/introduction.md'), 'utf8');
const sectionTitles = splitSections(INTRODUCTION).sections.map((section) => section.title);
const synkCommands = loadCommandData();

/** Every anchor the page promises, by kind. */
const ANCHORS: {kind: string; anchor: string}[] = [
  ...sectionTitles.map((title) => ({kind: 'section', anchor: sectionAnchor(title)})),
  ...tagNames.map((tag) => ({kind: 'tag', anchor: tagAnchor(tag)})),
  ...operations.map((op) => ({
    kind: 'operation',
    anchor: operationAnchor({...op, operationId: op.operation.operationId}),
  })),
  // Redoc's other anchor, under the operation's own first tag, where ODE's file gives it one.
  ...operations
    .filter((op) => op.operation.tags?.length)
    .map((op) => ({
      kind: 'old operation',
      anchor: legacyOperationAnchor(op.operation.tags![0], {...op, operationId: op.operation.operationId}),
    })),
  {kind: 'schemas', anchor: SCHEMAS_ANCHOR},
  ...schemaNames.map((name) => ({kind: 'schema', anchor: schemaAnchor(name)})),
];

/** Text with its blanks collapsed, without the zero-width space of the headings' permalinks. */
const squash = (text: string) =>
  text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The bounds a schema sets, as the reference writes them ("minimum -90", "pattern ^\d+$", "default 50"). */
function bounds(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined)
    out.push(`${schema.exclusiveMinimum ? 'greater than' : 'minimum'} ${schema.minimum}`);
  if (schema.maximum !== undefined) out.push(`${schema.exclusiveMaximum ? 'less than' : 'maximum'} ${schema.maximum}`);
  if (schema.pattern !== undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${valueText(schema.default)}`);
  return out;
}

/** The fields of a schema (its own, and those of inline nested objects and items) with their bounds. */
function fieldsOf(schema: Schema, prefix = ''): {path: string; name: string; bounds: string[]}[] {
  const fields: {path: string; name: string; bounds: string[]}[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    fields.push({path: `${prefix}${name}`, name, bounds: property.$ref ? [] : bounds(property)});
    if (!property.$ref) fields.push(...fieldsOf(property, `${prefix}${name}.`));
  }
  if (schema.items && !schema.items.$ref) fields.push(...fieldsOf(schema.items, `${prefix}[].`));
  for (const part of schema.allOf ?? []) if (!part.$ref) fields.push(...fieldsOf(part, prefix));
  return fields;
}

/** The page as the server sends it, parsed once per test worker. */
let served: Promise<CheerioAPI> | undefined;
function servedPage(request: APIRequestContext): Promise<CheerioAPI> {
  served ??= request.get(API_ROUTE).then(async (response) => {
    expect(response.status()).toBe(200);
    return load(await response.text());
  });
  return served;
}

test.describe('/api: generated from the description, all in the server-rendered HTML', () => {
  let $: CheerioAPI;
  test.beforeEach(async ({request}) => {
    $ = await servedPage(request);
  });
  const byId = (anchor: string) => $('[id]').filter((_, element) => $(element).attr('id') === anchor);
  const sectionOf = (anchor: string) => byId(anchor).closest('section');
  /** The text of a fact of an operation (Token, Roles, Operation ID). */
  const fact = (section: ReturnType<typeof sectionOf>, name: string) =>
    squash(
      section
        .find('dt')
        .filter((_, dt) => $(dt).text() === name)
        .first()
        .next('dd')
        .text(),
    );

  test('every anchor: introduction sections, tags, operations (also as Redoc had them under their tag), schemas', () => {
    const missing = ANCHORS.filter(({anchor}) => byId(anchor).length !== 1).map(
      ({kind, anchor}) => `${kind} #${anchor}`,
    );
    expect(missing).toEqual([]);
  });

  test('every operation: method and path, summary, operationId, token and roles, every parameter and status code, the curl sample and its synk command', () => {
    for (const op of operations) {
      const id = op.operation.operationId!;
      const section = sectionOf(operationAnchor({...op, operationId: id}));
      const text = squash(section.text());
      const where = `${op.method.toUpperCase()} ${op.path}`;
      expect(squash(section.find('h3').first().text()), `${where}: heading`).toBe(op.operation.summary);
      expect(text, `${where}: method and path`).toContain(`${op.method.toUpperCase()} ${op.path}`);
      expect(fact(section, 'Operation ID'), `${where}: operationId`).toBe(id);
      expect(fact(section, 'Token'), `${where}: token`).toMatch(
        op.isPublic ? /^not needed$/ : new RegExp(`^required \\(${op.security.join('')}\\b`),
      );
      const roles = fact(section, 'Roles');
      for (const role of op.roles) expect(roles, `${where}: role ${role}`).toContain(role);
      for (const role of op.rolesUnspecified)
        expect(roles, `${where}: role ${role} not listed`).toMatch(new RegExp(`not listed:.*\\b${role}\\b`));
      const codes = section
        .find('code')
        .map((_, c) => $(c).text())
        .get();
      for (const parameter of op.parameters) {
        expect(codes, `${where}: parameter ${parameter.name}`).toContain(parameter.name);
        const schema = parameter.schema && resolveRef(doc, parameter.schema);
        for (const bound of schema ? bounds(schema) : [])
          expect(text, `${where}: parameter ${parameter.name} ${bound}`).toContain(bound);
      }
      const statuses = section
        .find('summary')
        .map((_, s) => squash($(s).text()).split(' ')[0])
        .get();
      for (const status of Object.keys(op.operation.responses))
        expect(statuses, `${where}: status ${status}`).toContain(status);
      // The statuses other than 2xx and 3xx are folded together, under a line that names each of them.
      const errorFold = section.find('summary').filter((_, s) => squash($(s).text()).startsWith('Error responses:'));
      const errors = Object.keys(op.operation.responses).filter((status) => !/^[23]/.test(status));
      expect(errorFold.length, `${where}: one fold for the error responses`).toBe(errors.length ? 1 : 0);
      for (const status of errors)
        expect(squash(errorFold.text()), `${where}: error fold names ${status}`).toMatch(new RegExp(`\\b${status}\\b`));
      // A body of a component schema links to that schema's section (checked field by field below); an
      // inline body shows its fields where it is.
      const body = op.operation.requestBody && resolveRef(doc, op.operation.requestBody);
      for (const media of Object.values(body?.content ?? {})) {
        const ref = media.schema?.$ref?.replace('#/components/schemas/', '');
        if (ref) {
          expect(
            section.find(`a[href="#${schemaAnchor(ref)}"]`).length,
            `${where}: request body links to schema ${ref}`,
          ).toBeGreaterThan(0);
        } else {
          for (const field of fieldsOf(media.schema ?? {}))
            expect(codes, `${where}: request body field ${field.path}`).toContain(field.name);
        }
      }
      expect(
        section
          .find('pre')
          .map((_, pre) => $(pre).text())
          .get(),
        `${where}: curl sample`,
      ).toContain(toCurl(requestSample(doc, op)));
      const command = synkCommands.commands.find((c) => c.operationId === id);
      if (command) expect(text, `${where}: synk command`).toContain(`synk ${command.command}`);
    }
  });

  test('every operation states its roles once: in its access facts, not again in its description', () => {
    for (const op of operations) {
      const where = `${op.method.toUpperCase()} ${op.path}`;
      const section = sectionOf(operationAnchor({...op, operationId: op.operation.operationId}));
      expect(section.find('dt').filter((_, dt) => $(dt).text() === 'Roles').length, `${where}: one Roles fact`).toBe(1);
      const restated = section
        .find('p, li, dd')
        .map((_, element) => squash($(element).text()))
        .get()
        .filter((text) => /^Roles\b/.test(text));
      expect(restated, `${where}: the roles stated again`).toEqual([]);
    }
  });

  test('every schema under its own heading, with every field and every bound (minimum, maximum, pattern, default)', () => {
    for (const name of schemaNames) {
      const section = sectionOf(schemaAnchor(name));
      expect(squash(section.find('h3').first().text()), `schema ${name}: heading`).toBe(name);
      const text = squash(section.text());
      const codes = section
        .find('code')
        .map((_, c) => $(c).text())
        .get();
      const schema = doc.components.schemas[name];
      for (const bound of bounds(schema)) expect(text, `schema ${name}: ${bound}`).toContain(bound);
      for (const field of fieldsOf(schema)) {
        expect(codes, `schema ${name}: field ${field.path}`).toContain(field.name);
        for (const bound of field.bounds) expect(text, `schema ${name}: ${field.path} ${bound}`).toContain(bound);
      }
    }
  });

  test('the introduction, rendered from its CommonMark: no raw backticks, code as code, tables as tables', () => {
    const main = $('main');
    expect(main.text(), 'raw backticks in the reference').not.toContain('`');
    for (const title of sectionTitles) {
      const section = sectionOf(sectionAnchor(title));
      expect(squash(section.find('h2').first().text()), `section ${title}`).toBe(title);
    }
    expect(sectionOf(sectionAnchor('Authentication')).find('pre code').text()).toContain('Authorization: Bearer');
    expect(
      sectionOf(sectionAnchor('API version header'))
        .find('code')
        .map((_, c) => $(c).text())
        .get(),
    ).toContain('x-api-version');
  });

  test("response headers are listed by their name in ODE's file: the manifest's etag", () => {
    const manifest = sectionOf(
      operationAnchor({method: 'get', path: '/app-bundle/manifest', operationId: 'getAppBundleManifest'}),
    );
    const names = Object.keys(resolveRef(doc, doc.paths['/app-bundle/manifest'].get!.responses['200']).headers ?? {});
    expect(names).toEqual(['etag']);
    const codes = manifest
      .find('code')
      .map((_, c) => $(c).text())
      .get();
    expect(codes).toContain('etag');
    expect($('main').text()).not.toContain('\\"');
  });

  test(`the title with the API version ${doc.info.version}, and the description to download`, () => {
    expect(squash($('main h1').text())).toBe(`${doc.info.title} (${doc.info.version})`);
    expect($(`main a[href="${API_DOWNLOAD_PATH}"]`).text()).toBe('Download');
  });
});

/** A browser context with JavaScript switched off. */
async function pageWithoutJs(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({baseURL, javaScriptEnabled: false});
  return context.newPage();
}

test.describe('/api with JavaScript switched off', () => {
  test('every operation heading is visible', async ({browser, baseURL}) => {
    const page = await pageWithoutJs(browser, baseURL);
    await page.goto(API_ROUTE);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
    for (const {operation} of operations) {
      await expect(page.getByRole('heading', {level: 3, name: operation.summary})).toBeVisible();
    }
    await page.context().close();
  });

  test('every anchor scrolls to its target: sections, tags, operations (new and old ids), schemas', async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutJs(browser, baseURL);
    await page.goto(API_ROUTE);
    for (const {kind, anchor} of ANCHORS) {
      await page.goto(`${API_ROUTE}#${anchor}`);
      await expect(anchorTarget(page, anchor), `${kind} #${anchor}`).toBeInViewport();
    }
    // A link from another page lands there too.
    await page.goto(`/docs/ODE`);
    await page.goto(`${API_ROUTE}#schema/Observation`);
    await expect(anchorTarget(page, 'schema/Observation')).toBeInViewport();
    await page.context().close();
  });

  test('the navigation list is plain links, and a schema opens without a script', async ({browser, baseURL}) => {
    const page = await pageWithoutJs(browser, baseURL);
    await page.goto(API_ROUTE);
    // Without a script the list stays folded under its title, which opens it.
    const pull = referenceNav(page).getByRole('link', {name: 'Pull updated records since last sync'});
    await expect(pull).toBeHidden();
    await referenceNav(page).getByText('Contents', {exact: true}).click();
    await pull.click();
    await expect(page).toHaveURL(/#operation\/syncPull$/);
    await expect(anchorTarget(page, 'operation/syncPull')).toBeInViewport();
    // The request body names its schema with a link to its section, which names the schemas of its fields.
    await operationSection(page, {method: 'post', path: '/sync/pull', operation: {operationId: 'syncPull'}})
      .getByRole('link', {name: 'SyncPullRequest', exact: true})
      .click();
    await expect(page).toHaveURL(/#schema\/SyncPullRequest$/);
    await expect(anchorTarget(page, 'schema/SyncPullRequest')).toBeInViewport();
    // A schema's fields are folded under its heading: without a script, the reader opens them.
    const sinceField = schemaSection(page, 'SyncPullRequest').getByText(
      'Optional pagination cursor indicating the last seen change',
    );
    await expect(sinceField).toBeHidden();
    await schemaSection(page, 'SyncPullRequest').locator('summary', {hasText: 'Fields of SyncPullRequest'}).click();
    await expect(sinceField).toBeVisible();
    const observation = schemaSection(page, 'Observation');
    await observation.locator('summary', {hasText: 'Fields of Observation'}).click();
    await observation.locator('summary', {hasText: 'Fields of geolocation'}).click();
    await expect(observation.getByText('minimum -90')).toBeVisible();
    await page.context().close();
  });
});

test.describe('/api with the keyboard alone', () => {
  test('the navigation list: Tab reaches it with a visible focus, Enter follows an entry, which becomes the current one', async ({
    page,
  }) => {
    await page.goto(API_ROUTE);
    const nav = referenceNav(page);
    const first = nav.getByRole('link').first();
    await tabTo(page, first, {maxPresses: 60});
    expect(await hasVisibleFocus(first), 'visible focus on the first entry').toBe(true);
    const pull = nav.getByRole('link', {name: 'Pull updated records since last sync'});
    await tabTo(page, pull, {maxPresses: 80});
    expect(await hasVisibleFocus(pull)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#operation\/syncPull$/);
    await expect(anchorTarget(page, 'operation/syncPull')).toBeInViewport();
    await expect(pull).toHaveAttribute('aria-current', 'location');
    await expect(pull).toBeInViewport();
  });

  test('every expandable schema opens and closes with Enter, with a visible focus', async ({page}) => {
    test.slow(); // a few hundred of them
    await page.goto(API_ROUTE);
    // Every part open, so that the nested ones can take the focus too.
    const details = page.locator('main details');
    await details.evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    // Keyboard first (Tab), so that focus moved from there is shown as keyboard focus.
    await page.keyboard.press('Tab');
    const summaries = page.locator('main details > summary');
    const count = await summaries.count();
    expect(count, 'expandable parts on the page').toBeGreaterThan(100);
    const problems: string[] = [];
    for (let i = 0; i < count; i++) {
      const summary = summaries.nth(i);
      await summary.focus();
      const label = squash((await summary.textContent()) ?? '');
      if (!(await hasVisibleFocus(summary))) problems.push(`${i} "${label}": no visible focus`);
      const open = () => summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
      await page.keyboard.press('Enter');
      if (await open()) problems.push(`${i} "${label}": Enter did not close it`);
      await page.keyboard.press('Enter');
      if (!(await open())) problems.push(`${i} "${label}": Enter did not open it`);
    }
    expect(problems).toEqual([]);
  });

  test("Tab moves from a call to its request body's schema, Enter follows it, and Enter opens a nested part", async ({
    page,
  }) => {
    await page.goto(`${API_ROUTE}#operation/syncPush`);
    const section = operationSection(page, {method: 'post', path: '/sync/push', operation: {operationId: 'syncPush'}});
    await section
      .getByRole('link', {name: /Direct link to/})
      .first()
      .focus();
    const body = section.getByRole('link', {name: 'SyncPushRequest', exact: true}).first();
    await tabTo(page, body, {maxPresses: 40});
    expect(await hasVisibleFocus(body)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#schema\/SyncPushRequest$/);
    await expect(anchorTarget(page, 'schema/SyncPushRequest')).toBeInViewport();
    const observation = schemaSection(page, 'Observation');
    await observation
      .getByRole('link', {name: /Direct link to/})
      .first()
      .focus();
    const fields = observation.locator('summary', {hasText: 'Fields of Observation'});
    await tabTo(page, fields, {maxPresses: 40});
    expect(await hasVisibleFocus(fields)).toBe(true);
    await page.keyboard.press('Enter');
    const geolocation = observation.locator('summary', {hasText: 'Fields of geolocation'});
    await tabTo(page, geolocation, {maxPresses: 40});
    expect(await hasVisibleFocus(geolocation)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(observation.getByText('minimum -90')).toBeVisible();
  });
});

test.describe('/api fits the screen: nothing scrolls the page sideways', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      test(`${colorScheme} mode at ${width} px, with every schema open`, async ({page}) => {
        await page.setViewportSize({width, height: 800});
        await page.emulateMedia({colorScheme});
        await page.goto(API_ROUTE);
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await page
          .locator('main details')
          .evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(widths.scroll, 'page width').toBeLessThanOrEqual(widths.client);
        // Long code scrolls inside its own box instead.
        const widestCode = await page
          .locator('main pre')
          .evaluateAll((pres) => Math.max(...pres.map((pre) => pre.getBoundingClientRect().right)));
        expect(widestCode).toBeLessThanOrEqual(width);
      });
    }
  }
});

test.describe('/api, the page', () => {
  test(`says which ODE release it describes (${ODE_RELEASE}, API ${ODE_API_VERSION}), near the top, and links the known issues`, async ({
    page,
  }) => {
    await page.goto(API_ROUTE);
    const note = page.getByRole('main').getByRole('note');
    await expect(note).toBeInViewport();
    await expect(note).toContainText(`Synkronus API ${ODE_API_VERSION}`);
    await expect(note).toContainText(`ODE release ${ODE_RELEASE}`);
    await expect(note).toContainText('Later ODE releases changed the API');
    await note.getByRole('link', {name: `Known issues in ${ODE_RELEASE}`}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Known issues in ${ODE_RELEASE}`);
  });

  test("sits in the site's layout: navbar, main landmark with the title, footer; the download from the site itself", async ({
    page,
  }) => {
    await page.goto(API_ROUTE);
    await expect(
      page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'API', exact: true}),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText(
      `Synkronus API (${ODE_API_VERSION})`,
    );
    await expect(page.getByRole('contentinfo').getByRole('link', {name: 'API Reference'})).toBeVisible();
    const download = page.getByRole('link', {name: 'Download', exact: true});
    await expect(download).toHaveAttribute('href', API_DOWNLOAD_PATH);
    const response = await page.request.get(API_DOWNLOAD_PATH);
    expect(response.status()).toBe(200);
  });

  for (const [colorScheme, color] of [
    ['light', 'rgb(63, 81, 181)'],
    ['dark', 'rgb(159, 168, 218)'],
  ] as const) {
    test(`${colorScheme} mode: the reference's primary colour is indigo (${color}), the rest of the site keeps its own`, async ({
      page,
    }) => {
      await page.emulateMedia({colorScheme});
      await page.goto(API_ROUTE);
      await expect(page.getByRole('link', {name: 'Download', exact: true})).toHaveCSS('color', color);
      await expect(page.getByRole('contentinfo').getByRole('link', {name: 'API Reference'})).not.toHaveCSS(
        'color',
        color,
      );
    });
  }

  test('shows the generated curl sample of a call, and the synk command that makes it, linked to its row on the CLI page', async ({
    page,
  }) => {
    await page.goto(API_ROUTE);
    const pull = operations.find((op) => op.operation.operationId === 'syncPull')!;
    const section = operationSection(page, pull);
    await expect(section.locator('pre').filter({hasText: /^curl /})).toHaveText(toCurl(requestSample(doc, pull)));
    await section.getByRole('link', {name: 'synk sync pull <output_file>'}).click();
    await expect(page).toHaveURL(/\/docs\/documentation\/synkronus-cli\/cli#synk-sync-pull$/);
    await expect(page.locator('[id="synk-sync-pull"]')).toBeInViewport();
  });

  test('the navigation list highlights the part being read, as the reader scrolls or follows a link', async ({
    page,
  }) => {
    await page.goto(`${API_ROUTE}#schema/UserResponse`);
    const nav = referenceNav(page);
    const user = nav.getByRole('link', {name: 'UserResponse', exact: true});
    await expect(user).toHaveAttribute('aria-current', 'location');
    await expect(user).toBeInViewport();
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    // The reader scrolls until a call's heading is at the top.
    await anchorTarget(page, 'operation/syncPush').evaluate((heading) => heading.scrollIntoView({block: 'start'}));
    await expect(nav.getByRole('link', {name: 'Push new or updated records to the server'})).toHaveAttribute(
      'aria-current',
      'location',
    );
  });

  test('an operation reached by its old anchor, and from the role matrix, lands on its section', async ({page}) => {
    // Redoc's anchor under the operation's tag in ODE's file.
    await page.goto(`${API_ROUTE}#tag/DataExport/operation/getParquetExportZip`);
    await expect(
      page.getByRole('heading', {level: 3, name: 'Download a ZIP archive of Parquet exports'}),
    ).toBeInViewport();
    await page.goto('/docs/documentation/synkronus/authentication');
    await page.getByRole('table').getByRole('link', {name: 'POST /sync/push'}).click();
    await expect(page).toHaveURL(/\/api#operation\/syncPush$/);
    await expect(
      page.getByRole('heading', {level: 3, name: 'Push new or updated records to the server'}),
    ).toBeInViewport();
  });

  test('after a client-side navigation to /api, the reference is there and its schemas open', async ({page}) => {
    await page.goto('/');
    await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'API', exact: true}).click();
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText(
      `Synkronus API (${ODE_API_VERSION})`,
    );
    await expectHydrated(page);
    await operationSection(
      page,
      operations.find((op) => op.operation.operationId === 'syncPull')!,
    )
      .getByRole('link', {name: 'SyncPullRequest', exact: true})
      .click();
    await expect(page).toHaveURL(/#schema\/SyncPullRequest$/);
    // The link opened the schema's folded fields.
    await expect(
      schemaSection(page, 'SyncPullRequest').getByText('Optional pagination cursor indicating the last seen change'),
    ).toBeVisible();
    const observation = schemaSection(page, 'Observation');
    await observation.locator('summary', {hasText: 'Fields of Observation'}).click();
    await observation.locator('summary', {hasText: 'Fields of geolocation'}).click();
    await expect(observation.getByText('minimum -90')).toBeVisible();
    // The reference's own stylesheet came with the route: an operation's method label is styled.
    await expect(page.getByRole('main').getByText('POST', {exact: true}).first()).toHaveCSS(
      'color',
      'rgb(255, 255, 255)',
    );
  });

  test("the reference's styles come in /api's own HTML, and in no other page's", async ({request}) => {
    // The critical CSS inlined in each page's head (src/plugins/critical-css) carries the rules its markup
    // uses: /api is styled before any stylesheet or script arrives, and other pages do not pay for its rules.
    const headOf = async (path: string) => {
      const html = await (await request.get(path)).text();
      return html.slice(0, html.indexOf('</head>'));
    };
    const indigo = /#3f51b5/i;
    expect(await headOf(API_ROUTE), "/api inlines the reference's colours").toMatch(indigo);
    for (const path of ['/', '/docs/ODE']) expect(await headOf(path), path).not.toMatch(indigo);
  });
});

test('/api hydrates without a warning and keeps the server markup: the schema trees are the same after hydration', async ({
  page,
  request,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) messages.push(message.text());
  });
  const servedDetails = (await servedPage(request))('main details').length;
  await page.goto(API_ROUTE);
  await expectHydrated(page);
  expect(await page.locator('main details').count()).toBe(servedDetails);
  expect(messages).toEqual([]);
});

test('a schema section shows its fields from the description', async ({page}) => {
  await page.goto(`${API_ROUTE}#schema/Observation`);
  // Its geolocation is an inline object: its fields and their bounds are shown under it.
  const section = schemaSection(page, 'Observation');
  await section.getByText('Fields of geolocation').click();
  await expect(section.getByText('minimum -90')).toBeVisible();
  await expect(section.getByText('maximum 180')).toBeVisible();
});

/** The most elements /api may have: a docs page has some 400; a page past a few thousand is slow to lay out and style. */
const MAX_API_ELEMENTS = 6000;

test(`/api draws each component schema once, and its uses link there: at most ${MAX_API_ELEMENTS} elements`, async ({
  page,
  request,
}) => {
  const $ = await servedPage(request);
  // Each field of a component schema is written once: in the schema's own section.
  expect($('main').text().split('Optional geolocation data for the observation').length - 1).toBe(1);
  await page.goto(API_ROUTE);
  await expectHydrated(page);
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  console.log(`/api: ${elements} elements (${$('*').length} in the served HTML)`);
  expect(elements, `elements on /api (budget ${MAX_API_ELEMENTS})`).toBeLessThanOrEqual(MAX_API_ELEMENTS);
  expect($('*').length, `elements in the served HTML of /api (budget ${MAX_API_ELEMENTS})`).toBeLessThanOrEqual(
    MAX_API_ELEMENTS,
  );
});

/**
 * What a slow phone spends on layout and style grows with the elements it lays out (the benchmark times
 * /api against a docs page). Two limits on a phone:
 * - in the page's flow: the contents list, each schema's fields and each operation's error responses are
 *   folded until the reader opens them;
 * - laid out at load: of the operations and schemas, only those near the screen (content-visibility), the
 *   others as the reader nears them.
 */
const MAX_API_IN_FLOW = 2700;
const MAX_API_LAID_OUT = 600;

test(`on a phone, /api lays out at most ${MAX_API_LAID_OUT} elements as it loads, and one far down once it is reached; the contents list opens with a tap`, async ({
  page,
}) => {
  await page.setViewportSize({width: 375, height: 740});
  await page.goto(API_ROUTE);
  await expectHydrated(page);
  // What is folded in a closed <details>, at any depth, has no box: checkVisibility() is false for it, and,
  // unlike getClientRects(), does not lay it out to answer. With contentVisibilityAuto, it is also false for
  // what content-visibility skips.
  const count = (skippedToo: boolean) =>
    page.evaluate(
      (contentVisibilityAuto) =>
        Array.from(document.body.querySelectorAll('*')).filter((element) =>
          element.checkVisibility({contentVisibilityAuto}),
        ).length,
      skippedToo,
    );
  const inFlow = await count(false);
  const laidOut = await count(true);
  console.log(
    `/api on a phone: ${inFlow} elements in the flow (budget ${MAX_API_IN_FLOW}), ${laidOut} laid out at load (budget ${MAX_API_LAID_OUT})`,
  );
  expect(inFlow, `elements in the flow of /api (budget ${MAX_API_IN_FLOW})`).toBeLessThanOrEqual(MAX_API_IN_FLOW);
  expect(laidOut, `elements laid out on /api at load (budget ${MAX_API_LAID_OUT})`).toBeLessThanOrEqual(
    MAX_API_LAID_OUT,
  );
  // A part far down is skipped at load, and laid out once the reader reaches it.
  const farTitle = anchorTarget(page, 'operation/syncPush');
  const skipped = () => farTitle.evaluate((title) => !title.checkVisibility({contentVisibilityAuto: true}));
  expect(await skipped(), 'the "Push new or updated records to the server" operation is skipped at load').toBe(true);
  await farTitle.scrollIntoViewIfNeeded();
  await expect
    .poll(skipped, {message: 'the "Push new or updated records to the server" operation laid out once on screen'})
    .toBe(false);
  const nav = referenceNav(page);
  const pull = nav.getByRole('link', {name: 'Pull updated records since last sync'});
  await expect(pull).toBeHidden();
  await nav.getByText('Contents', {exact: true}).click();
  await pull.click();
  await expect(anchorTarget(page, 'operation/syncPull')).toBeInViewport();
});

test('scrolling up from a schema far down, what the reader looks at moves with the wheel only, as the parts above get their real heights', async ({
  page,
}) => {
  await page.setViewportSize({width: 375, height: 740});
  await page.goto(`${API_ROUTE}#schema/Observation`);
  await expectHydrated(page);
  await expect(anchorTarget(page, 'schema/Observation')).toBeInViewport();
  // Within 2 px: boxes sit at fractions of a pixel.
  const WHEEL = 600;
  // Twenty wheel steps up cross some forty schemas and operations laid out for the first time, each at a
  // typical height until then: the browser's scroll anchoring keeps what is under the reader's eye in place.
  for (let step = 1; step <= 20; step++) {
    const before = await page.evaluate(() => {
      // What the reader looks at: the element at the middle of the screen, or just beside it when the middle falls
      // in a gap between two parts (a container's top moves as the parts it holds above the screen are laid out).
      const offsets = [0, 16, -16, 32, -32, 48, -48];
      const element = offsets
        .map((dy) => document.elementFromPoint(innerWidth / 2, innerHeight / 2 + dy)!)
        .find(
          (found) => !['SECTION', 'MAIN', 'ARTICLE', 'DIV'].includes(found.tagName) || !found.querySelector('section'),
        )!;
      (window as unknown as {probe: Element}).probe = element;
      return element.getBoundingClientRect().top;
    });
    await page.mouse.wheel(0, -WHEEL);
    const moved = () =>
      page.evaluate((top) => (window as unknown as {probe: Element}).probe.getBoundingClientRect().top - top, before);
    await expect
      .poll(moved, {message: `step ${step}: what the reader looked at moves down`})
      .toBeGreaterThan(WHEEL - 2);
    expect(await moved(), `step ${step}: it moves ${WHEEL} px, no more`).toBeLessThan(WHEEL + 2);
  }
});

test('on a wide screen, the contents list stands open beside the reference', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await page.goto(API_ROUTE);
  await expectHydrated(page);
  await expect(referenceNav(page).getByRole('link', {name: 'Pull updated records since last sync'})).toBeVisible();
});

test("an operation's error responses are one line naming each; opened, each error opens on its own", async ({page}) => {
  await page.goto(`${API_ROUTE}#operation/getHealth`);
  await expectHydrated(page);
  const section = operationSection(page, {method: 'get', path: '/health', operation: {operationId: 'getHealth'}});
  const success = section.locator('summary', {hasText: /^200 OK/});
  await expect(success).toBeVisible();
  // The successful response stands open: its fields are in view without a click.
  await expect(section.getByText('Current API version')).toBeVisible();
  const errors = section.locator('summary', {hasText: 'Error responses: 503 Service Unavailable'});
  const unavailable = section.locator('summary', {hasText: /^503 Service Unavailable/});
  await expect(unavailable).toBeHidden();
  await errors.click();
  await expect(unavailable).toBeVisible();
  await expect(section.getByText('Description of the error')).toBeHidden();
  await unavailable.click();
  await expect(section.getByText('Description of the error')).toBeVisible();
});
