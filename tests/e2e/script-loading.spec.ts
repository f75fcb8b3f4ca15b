/**
 * Text first, JavaScript after (src/plugins/lean-delivery/ssr-template.ts, patch ssr-template of
 * PATCHES.md): a page's scripts are asked for only once the browser has painted the page, in Docusaurus'
 * order, and the page then hydrates, loading each script once.
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

for (const path of ['/', '/docs/ODE', '/docs/quick-start/formulus-app', '/api']) {
  test(`${path}: the loader lists Docusaurus' entry scripts, and the page loads each script once`, async ({page, request}) => {
    const html = await (await request.get(path)).text();
    const listed = (html.match(/data-scripts="([^"]+)"/)?.[1] ?? '').split(' ');
    expect(listed.map((src) => src.replace(/^\/assets\/js\/([^.]+)\..*$/, '$1')), 'runtime, then main').toEqual(['runtime~main', 'main']);

    await page.goto(path);
    await expectHydrated(page);
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => new URL(entry.name).pathname),
    );
    expect(loaded, 'the listed scripts are loaded').toEqual(expect.arrayContaining(listed));
    expect(loaded.length, `each script once: ${loaded.join(', ')}`).toBe(new Set(loaded).size);
  });
}
