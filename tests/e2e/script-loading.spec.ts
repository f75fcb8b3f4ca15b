/**
 * Text first, JavaScript after (src/plugins/lean-delivery/ssr-template.ts): a page's scripts are asked
 * for only once the browser has painted the page, in Docusaurus' order, and the page then hydrates.
 */
import {test, expect, expectHydrated} from '../support/fixtures';

for (const path of ['/', '/docs/ODE', '/api']) {
  test(`${path}: the scripts are requested after the first paint, and the page becomes interactive`, async ({page, request}) => {
    const html = await (await request.get(path)).text();
    expect(html, 'no <script src> in the HTML: the loader asks for them').not.toMatch(/<script[^>]*\ssrc=/);

    await page.goto(path);
    await expectHydrated(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/js\/(runtime~main|main)\.[\w]+\.js$/.test(entry.name))
        .map((entry) => ({name: entry.name.replace(/.*\/assets\/js\//, ''), start: entry.startTime}));
      return {paint, scripts};
    });
    expect(timing.paint, 'first-contentful-paint').not.toBeNull();
    expect(timing.scripts.map((s) => s.name.split('.')[0]), 'runtime, then main').toEqual(['runtime~main', 'main']);
    for (const script of timing.scripts) {
      expect(script.start, `${script.name} requested after the first paint (${timing.paint} ms)`).toBeGreaterThanOrEqual(timing.paint!);
    }
  });
}
