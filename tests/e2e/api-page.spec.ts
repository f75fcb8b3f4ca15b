/**
 * The API reference page /api: the whole reference in the server-rendered HTML, the generated curl
 * examples, the description file to download, the site's navbar and footer, readable in both colour
 * modes with no flash of the other theme. (axe on the whole of /api, in both modes: tests/e2e/a11y.spec.ts;
 * the byte-for-byte download: tests/e2e/machine-readable.spec.ts.)
 */
import type {Page} from '@playwright/test';
import {test, expect, apiReference, makeReferenceInteractive} from '../support/fixtures';
import {axeViolations} from '../support/axe';
import {loadApiDescription} from '../support/api-description';
import {listOperations} from '../../src/plugins/api-description/openapi';
import {requestSample, toCurl} from '../../src/plugins/api-description/code-samples';
import {API_DOWNLOAD_PATH, API_ROUTE, ODE_API_VERSION, ODE_RELEASE} from '../../site.constants';

const doc = loadApiDescription();
const operations = listOperations(doc);

/** Relative luminance of a CSS rgb()/rgba() colour, 0 (black) to 1 (white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Alpha of a CSS colour: an unstyled (transparent) background is not a theme. */
function alpha(color: string): number {
  const parts = color.match(/[\d.]+/g) ?? [];
  return parts.length > 3 ? Number(parts[3]) : 1;
}

type ThemeFrames = {themeFrames: [string, string][]; stopThemeFrames?: boolean};

/**
 * Records, on every animation frame from the start of the page until the test stops it, the colours of
 * Redoc's side menu and title.
 */
async function recordThemeFrames(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as ThemeFrames;
    w.themeFrames = [];
    const tick = () => {
      const menu = document.querySelector('.redocusaurus .menu-content');
      const title = document.querySelector('.redocusaurus h1');
      if (menu && title) w.themeFrames.push([getComputedStyle(menu).backgroundColor, getComputedStyle(title).color]);
      if (!w.stopThemeFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const recordedFrames = (page: Page) => page.evaluate(() => (window as unknown as ThemeFrames).themeFrames.length);

test.describe('/api, the API reference', () => {
  test('the server-rendered HTML holds every operation, every schema and the curl examples', async ({request}) => {
    const response = await request.get(API_ROUTE);
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const entry of operations) {
      const {operationId, summary} = entry.operation;
      expect(html, `operation ${operationId}`).toMatch(new RegExp(`id="?operation/${operationId}[" >]`));
      expect(html, `summary of ${operationId}`).toContain(`>${summary}<`);
    }
    for (const name of Object.keys(doc.components.schemas)) {
      expect(html, `schema ${name}`).toMatch(new RegExp(`id="?schema/${name}[" >]`));
    }
    expect(html.match(/role="?tab"?[^>]*>curl</g)?.length, 'one "curl" request sample tab per operation').toBe(operations.length);
  });

  test('shows the generated curl example of a call', async ({page}) => {
    await page.goto(API_ROUTE);
    const pull = operations.find((e) => e.operation.operationId === 'syncPull')!;
    const section = page.locator('[id="operation/syncPull"]');
    await section.getByRole('tab', {name: 'curl'}).click();
    await expect(section.getByRole('tabpanel').filter({hasText: 'curl'}).locator('pre')).toHaveText(toCurl(requestSample(doc, pull)));
  });

  test(`says which ODE release it describes (${ODE_RELEASE}, API ${ODE_API_VERSION}), that later ones are not covered, and links the known issues`, async ({page}) => {
    await page.goto(API_ROUTE);
    // Leaving /api while Redoc is still taking the page over can throw in Redoc's hydration (React error 424;
    // the site's own reference of issue 18 removes that code): let it finish first.
    await makeReferenceInteractive(page);
    const note = page.getByRole('main').getByRole('note');
    await expect(note).toContainText(`Synkronus API ${ODE_API_VERSION}`);
    await expect(note).toContainText(`ODE release ${ODE_RELEASE}`);
    await expect(note).toContainText('Later ODE releases changed the API');
    await note.getByRole('link', {name: `Known issues in ${ODE_RELEASE}`}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Known issues in ${ODE_RELEASE}`);
  });

  test('offers the API description for download, from the site itself', async ({page}) => {
    await page.goto(API_ROUTE);
    const link = page.getByRole('link', {name: 'Download', exact: true});
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', API_DOWNLOAD_PATH);
  });

  test("sits in the site's layout: navbar, main landmark with the title, footer; indigo primary colour", async ({page}) => {
    await page.goto(API_ROUTE);
    await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'API', exact: true})).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Synkronus API (1.0.3)');
    await expect(page.getByRole('contentinfo').getByRole('link', {name: 'API Reference'})).toBeVisible();
    await expect(page.getByRole('link', {name: 'Download', exact: true})).toHaveCSS('color', 'rgb(63, 81, 181)');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`${mode} mode: Redoc is ${mode} from the first frame to long after load`, async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await recordThemeFrames(page);
      await page.goto(API_ROUTE);
      await page.waitForLoadState('load');
      await makeReferenceInteractive(page);
      // Long after Redoc took over: another 60 frames, however long they take on this machine.
      const atTakeOver = await recordedFrames(page);
      await expect.poll(() => recordedFrames(page)).toBeGreaterThan(atTakeOver + 60);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const frames = await page.evaluate(() => {
        const w = window as unknown as ThemeFrames;
        w.stopThemeFrames = true;
        return w.themeFrames;
      });
      expect(frames.length, 'frames recorded').toBeGreaterThan(10);
      const wrong = frames.filter(
        ([menu, title]) =>
          alpha(menu) < 1 ||
          (mode === 'dark' ? luminance(menu) > 0.1 || luminance(title) < 0.5 : luminance(menu) < 0.9 || luminance(title) > 0.1),
      );
      expect(wrong, `frames not in ${mode} mode (menu background, title colour)`).toEqual([]);
    });
  }

  test('dark mode: an opened error response, with its two body shapes, has no axe violations', async ({page}) => {
    test.slow(); // axe needs a while on the whole reference
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto(API_ROUTE);
    await makeReferenceInteractive(page);
    const section = page.locator('[id="operation/syncPull"]');
    await section.getByRole('button', {name: /^400 /}).click();
    await expect(section.getByRole('button', {name: 'ProblemDetail'})).toBeVisible();
    expect(await axeViolations(page, '[id="operation/syncPull"]')).toEqual([]);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`${mode} mode: hydrating the reference inserts no CSS rule (the server sent them all)`, async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await page.goto(API_ROUTE);
      await makeReferenceInteractive(page);
      // styled-components injects into <style data-styled>; each rule it inserts restyles the whole page.
      const inserted = await page.evaluate(() =>
        Array.from(document.querySelectorAll('style[data-styled]'), (style) => (style as HTMLStyleElement).sheet?.cssRules.length ?? 0).reduce((a, b) => a + b, 0),
      );
      expect(inserted, 'CSS rules styled-components inserted while hydrating /api').toBe(0);
      // A state the server did not render still gets its styles: an opened response.
      const section = page.locator('[id="operation/syncPull"]');
      await section.getByRole('button', {name: /^400 /}).click();
      await expect(section.getByRole('button', {name: 'ProblemDetail'})).toBeVisible();
    });
  }

  test('switching the colour mode switches Redoc too', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto(API_ROUTE);
    const menu = page.locator('.redocusaurus .menu-content');
    expect(luminance(await menu.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeGreaterThan(0.9);
    const toggle = page.getByRole('button', {name: /dark mode|light mode|system mode/});
    while ((await page.locator('html').getAttribute('data-theme')) !== 'dark') await toggle.click();
    await expect.poll(async () => luminance(await menu.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.1);
  });
});

/** Redoc's code runs when the reader first acts on a loaded /api (src/theme/Redoc/Reference.tsx). */
test.describe('/api: Redoc takes the server markup over when the reader acts', () => {
  const syncPull = (page: Page) => page.locator('[id="operation/syncPull"]');

  test("on load the reference is complete, and Redoc's code is downloaded only once the reader acts", async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(API_ROUTE);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const beforeReader = scripts.length;
    await expect(apiReference(page)).not.toHaveAttribute('data-interactive');
    // Each call's heading: its permalink (labelled with the call's id), then its summary.
    for (const {operation} of operations) {
      await expect(page.getByRole('heading', {name: `operation/${operation.operationId} ${operation.summary}`})).toBeVisible();
    }
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 600);
    await expect(apiReference(page)).toHaveAttribute('data-interactive', 'true');
    expect(scripts.length, "scripts requested once the reader acts (Redoc's)").toBeGreaterThan(beforeReader);
  });

  test('a click made before Redoc runs is not lost: the side menu still takes the reader to the section', async ({page}) => {
    await page.goto(API_ROUTE);
    await expect(apiReference(page)).not.toHaveAttribute('data-interactive');
    // On the first screen, so the click needs no scrolling (scrolling alone starts Redoc).
    const version = page.locator('[data-item-id="tag/Version"] > label');
    await expect(version).toBeInViewport();
    await version.click();
    await expect(page).toHaveURL(/#tag\/Version$/);
    await expect(page.getByRole('heading', {name: 'tag/Version Version', exact: true})).toBeInViewport();
  });

  test('Enter on a focused response before Redoc runs still opens it', async ({page}) => {
    await page.goto(API_ROUTE);
    await expect(apiReference(page)).not.toHaveAttribute('data-interactive');
    await syncPull(page).getByRole('button', {name: /^400 /}).focus();
    await page.keyboard.press('Enter');
    await expect(syncPull(page).getByRole('button', {name: 'ProblemDetail'})).toBeVisible();
  });

  test('a reader who followed a link to a call and scrolled away stays where they are when Redoc starts', async ({page}) => {
    await page.goto(`${API_ROUTE}#operation/syncPull`);
    await expect(syncPull(page)).toBeInViewport();
    const start = await page.evaluate(() => window.scrollY);
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 3000);
    await expect(apiReference(page)).toHaveAttribute('data-interactive', 'true');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(start + 2000);
    await expect(syncPull(page)).not.toBeInViewport();
  });

  test('after a client-side navigation to /api, Redoc renders there and works', async ({page}) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', {name: 'API', exact: true}).click();
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Synkronus API (1.0.3)');
    await syncPull(page).getByRole('button', {name: /^400 /}).click();
    await expect(syncPull(page).getByRole('button', {name: 'ProblemDetail'})).toBeVisible();
    // The page's own stylesheet comes with the route (src/plugins/redoc-route/stylesheet.ts): here its
    // rule `.redocusaurus .redoc-wrap {border-bottom: 1px solid …}`.
    await expect(page.locator('.redocusaurus .redoc-wrap')).toHaveCSS('border-bottom-width', '1px');
  });

  test("Redoc's stylesheet is sent with /api only, not in the stylesheet every page loads", async ({page, request}) => {
    const rule = /\.redocusaurus \.redoc-wrap\{border-bottom:/;
    await page.goto('/docs/ODE');
    const sheets = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]'), (link) => link.href));
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) expect(await (await request.get(sheet)).text(), sheet).not.toMatch(rule);
    expect(await (await request.get('/api')).text(), 'inline in the served /api page').toMatch(rule);
    await page.goto('/api');
    await expect(page.locator('.redocusaurus .redoc-wrap')).toHaveCSS('border-bottom-width', '1px');
  });
});
