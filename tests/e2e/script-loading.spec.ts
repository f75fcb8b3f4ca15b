/**
 * Text first, JavaScript after (src/plugins/lean-delivery/ssr-template.ts): a page's scripts are asked
 * for only once the browser has painted the page, in Docusaurus' order, and the page then hydrates.
 * The page lists its route's chunks with the entry scripts (src/plugins/lean-delivery/route-scripts.ts),
 * so none of them waits for `main.js` to run before it is requested.
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
  test(`${path}: lists its route's chunks with the entry scripts, and loads each script once`, async ({page, request}) => {
    const html = await (await request.get(path)).text();
    const listed = (html.match(/data-scripts="([^"]+)"/)?.[1] ?? '').split(' ');
    expect(listed.slice(0, 2).map((src) => src.replace(/^\/assets\/js\/([^.]+)\..*$/, '$1')), 'runtime, then main').toEqual(['runtime~main', 'main']);
    expect(listed.length, `${path} lists route chunks after runtime and main`).toBeGreaterThan(2);

    await page.goto(path);
    await expectHydrated(page);
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => new URL(entry.name).pathname),
    );
    expect([...loaded].sort(), 'the scripts loaded by the time the page is interactive are the listed ones, each once').toEqual([...listed].sort());
  });
}
