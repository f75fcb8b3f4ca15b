/**
 * How a page loads its JavaScript: Docusaurus' page template, as stock: deferred scripts in the head, runtime
 * first, then main, which loads the route's chunks; the page hydrates and loads each script once.
 */
import {test, expect, expectHydrated} from '../support/fixtures';

for (const path of ['/', '/docs/ODE', '/docs/quick-start/formulus-app', '/api']) {
  test(`${path}: the scripts are deferred, runtime then main, and the page loads each script once`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const entryScripts = [...head.matchAll(/<script\b[^>]*\ssrc=["']?([^"'\s>]+)[^>]*>/g)];
    expect(
      entryScripts.slice(0, 2).map((m) => m[1].replace(/^\/assets\/js\/([^.]+)\..*$/, '$1')),
      'runtime, then main',
    ).toEqual(['runtime~main', 'main']);
    for (const [tag] of entryScripts)
      expect(tag, 'an entry script does not block the first paint').toMatch(/\sdefer[\s>]/);

    await page.goto(path);
    await expectHydrated(page);
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => new URL(entry.name).pathname),
    );
    expect(loaded, 'the listed scripts are loaded').toEqual(expect.arrayContaining(entryScripts.map((m) => m[1])));
    expect(loaded.length, `each script once: ${loaded.join(', ')}`).toBe(new Set(loaded).size);
  });
}
