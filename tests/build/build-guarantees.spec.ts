/**
 * The build refuses a broken site, or only warns, as tests/fixtures/build-guarantees/README.md lists: each case of
 * tests/fixtures/build-guarantees/cases.ts builds a small copy of the site with one thing broken.
 *
 * All fixtures are built by one pool, two at a time (the machine has two cores), and each test
 * waits for its own. A failed test ends its worker; the next worker reuses the builds this run
 * already finished. The group's wall time is printed; timing is the benchmark's business, not a test's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {load} from 'cheerio';
import type {ChildProcess} from 'node:child_process';
import {test, expect} from '@playwright/test';
import {CASES} from '../fixtures/build-guarantees/cases';
import {buildFixture, resultFile, resultOfThisRun, type BuildResult} from '../fixtures/build-guarantees/site';
import {BUILD_TIMEOUT_MS} from '../support/limits';
import {bundledNavbarKinds, chosenNavbarKinds, withWhatTheyRender} from '../support/navbar-item-kinds';

const PARALLEL_BUILDS = 2;

const running = new Set<ChildProcess>();
let builds: Map<string, Promise<BuildResult>> | undefined;

function startBuilds(): Map<string, Promise<BuildResult>> {
  const queue = [...CASES];
  const done = new Map<string, (result: Promise<BuildResult>) => void>();
  const results = new Map(CASES.map((c) => [c.id, new Promise<BuildResult>((resolve) => done.set(c.id, resolve))]));
  const slot = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const buildCase = next;
      // A case that cannot even be written (a derived file that no longer matches, say) rejects its own
      // test's promise with the reason, rather than stopping this slot and leaving that test waiting.
      const result = (async () =>
        resultOfThisRun(buildCase.id) ?? buildFixture(buildCase, (child) => running.add(child)))();
      done.get(buildCase.id)!(result);
      await result.catch(() => undefined);
    }
  };
  for (let i = 0; i < PARALLEL_BUILDS; i++) void slot();
  return results;
}

/** What the build printed on stderr, without stack frames. */
const messageOf = (result: BuildResult) =>
  result.stderr
    .split('\n')
    .filter((line) => !/^\s+at |^\s+\.\.\. \d+ lines matching/.test(line))
    .join('\n');

// One worker runs the group, in order. A test waits for its own build, which may queue behind all the others.
test.describe.configure({mode: 'default', timeout: Math.ceil(CASES.length / PARALLEL_BUILDS) * BUILD_TIMEOUT_MS});

test.describe('the build refuses or warns about a broken site', () => {
  test.beforeAll(() => {
    builds ??= startBuilds();
  });

  test.afterAll(() => {
    // Stop the builds this worker started that are still running, by their own PIDs.
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill();
  });

  for (const buildCase of CASES) {
    const expected = buildCase.outcome === 'fails' ? 'the build fails' : 'the build succeeds with a warning';
    test(`${buildCase.title}: ${expected}`, async () => {
      const result = await builds!.get(buildCase.id)!;
      const message = messageOf(result);
      const seconds = (result.endedAt - result.startedAt) / 1000;
      test.info().annotations.push({type: 'build', description: `exit ${result.exitCode} in ${seconds.toFixed(1)} s`});
      if (buildCase.outcome === 'fails') {
        expect(result.exitCode, `${buildCase.id} should fail; it printed:\n${message}`).not.toBe(0);
      } else {
        expect(result.exitCode, `${buildCase.id} should succeed; it printed:\n${message}`).toBe(0);
      }
      for (const fragment of buildCase.messages) {
        expect(
          result.stderr,
          `${buildCase.id}: the message should contain ${fragment}; it printed:\n${message}`,
        ).toMatch(fragment);
      }
      for (const {file, selector, links, notLinks = [], inputs = [], texts = [], labels = []} of buildCase.built ??
        []) {
        const $ = load(fs.readFileSync(path.join(result.outDir, file), 'utf8'));
        /** What `read` gives of each element inside the elements that match `selector`, found by `css`. */
        const inside = (css: string, read: (element: ReturnType<typeof $>) => string | undefined) =>
          $(selector)
            .find(css)
            .map((_, element) => read($(element)))
            .get();
        const linkTexts = inside('a', (a) => a.text().trim());
        expect(linkTexts, `${buildCase.id}: the links in ${selector} of ${file}`).toEqual(
          expect.arrayContaining(links),
        );
        for (const text of notLinks)
          expect(linkTexts, `${buildCase.id}: the links in ${selector} of ${file}`).not.toContain(text);
        const names = inside('input', (input) => input.attr('aria-label'));
        expect(names, `${buildCase.id}: the inputs in ${selector} of ${file}`).toEqual(expect.arrayContaining(inputs));
        const labelled = inside('[aria-label]', (element) => element.attr('aria-label'));
        expect(labelled, `${buildCase.id}: the labels in ${selector} of ${file}`).toEqual(
          expect.arrayContaining(labels),
        );
        const shown = $(selector)
          .map((_, element) => $(element).text().replace(/\s+/g, ' '))
          .get();
        for (const text of texts)
          expect(shown, `${buildCase.id}: the text of ${selector} in ${file}`).toContainEqual(
            expect.stringContaining(text),
          );
      }
      if (buildCase.siteTheme) {
        // Built without the bundler's persistent cache: the list of main.js's modules is complete.
        const generated = path.join(result.siteDir, '.docusaurus');
        const chosen = chosenNavbarKinds(generated);
        if (buildCase.navbarKinds) {
          expect(chosen, `${buildCase.id}: the navbar item kinds chosen`).toEqual(buildCase.navbarKinds);
        }
        expect(
          bundledNavbarKinds(generated),
          `${buildCase.id}: the navbar item kinds in main.js: those chosen (${chosen.join(', ')}), and what they render`,
        ).toEqual(withWhatTheyRender(chosen));
      }
      if (buildCase.apiReference) {
        // Checked before the site is built: nothing may have been written.
        expect(fs.existsSync(result.outDir), `${buildCase.id}: the build wrote ${result.outDir}`).toBe(false);
      }
    });
  }

  test('every case was built in this run', async () => {
    await Promise.all(builds!.values());
    const results = CASES.map((c) => {
      const result = resultOfThisRun(c.id);
      expect(result, `${resultFile(c.id)}: no build of ${c.id} in this run`).toBeDefined();
      return result!;
    });
    const seconds = (Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt))) / 1000;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
    console.log(
      `build-guarantees: ${results.length} fixture builds in ${seconds.toFixed(1)} s of wall time (load average now ${load})`,
    );
    expect(results.map((r) => (r.exitCode === null ? `${r.siteDir}: no exit code` : '')).filter(Boolean)).toEqual([]);
  });
});
