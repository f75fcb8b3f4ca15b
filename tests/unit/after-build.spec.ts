/**
 * src/plugins/after-build: the steps after the build run one after the other, in the declared order, each
 * with the props Docusaurus gives a postBuild and its own plugin's content; a plugin left out of the order
 * fails the build. And the site's own order: the pages are final before any step reads them, llms-full.txt
 * comes after the twins it is made of, the offline copy's list last.
 */
import {test, expect} from '@playwright/test';
import type {LoadedPlugin, Plugin} from '@docusaurus/types';
import afterBuild, {
  afterBuildStep,
  inAfterBuild,
  type AfterBuildOptions,
  type AfterBuildProps,
} from '../../src/plugins/after-build';
import {AFTER_BUILD_ORDER} from '../../src/plugins/after-build/order';

const loaded = (plugin: Plugin, content: unknown = undefined) => ({...plugin, content}) as unknown as LoadedPlugin;
const propsWith = (plugins: LoadedPlugin[]) => ({outDir: '/nowhere', plugins}) as unknown as AfterBuildProps;

test('the steps run one after the other, in the declared order, each with its own content', async () => {
  const log: string[] = [];
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstStarted!: () => void;
  const firstRunning = new Promise<void>((resolve) => (firstStarted = resolve));
  const first: Plugin = {
    name: 'first',
    postBuild: afterBuildStep(async ({content}) => {
      log.push(`first starts with ${String(content)}`);
      firstStarted();
      await firstHeld;
      log.push('first ends');
    }),
  };
  const second: Plugin = {
    name: 'second',
    postBuild: afterBuildStep(({content}) => void log.push(`second with ${String(content)}`)),
  };
  const pipeline = afterBuild({} as never, {order: ['first', 'second'], beside: []});
  // Listed in the other order: the order of the options counts, not the configuration's.
  const run = pipeline.postBuild!(propsWith([loaded(second, 'b'), loaded(first, 'a')]));
  await firstRunning;
  expect(log, 'the second step waits while the first runs').toEqual(['first starts with a']);
  releaseFirst();
  await run;
  expect(log).toEqual(['first starts with a', 'first ends', 'second with b']);
});

test("Docusaurus' own call of a step does nothing: only the pipeline runs it", async () => {
  const log: string[] = [];
  const library = inAfterBuild({name: 'library', postBuild: () => void log.push('library')})!;
  await library.postBuild!(propsWith([]));
  expect(log).toEqual([]);
  await afterBuild({} as never, {order: ['library'], beside: []}).postBuild!(propsWith([loaded(library)]));
  expect(log).toEqual(['library']);
});

test('a plugin left out of the order, a missing step and an unmarked step fail the build, each named', async () => {
  const run = (options: AfterBuildOptions, plugins: Plugin[]) =>
    afterBuild({} as never, options).postBuild!(propsWith(plugins.map((plugin) => loaded(plugin))));
  const marked: Plugin = {name: 'marked', postBuild: afterBuildStep(() => undefined)};
  const unmarked: Plugin = {name: 'unmarked', postBuild: () => undefined};
  await expect(run({order: ['marked'], beside: []}, [marked, unmarked])).rejects.toThrow(
    '"unmarked" has a postBuild, and it is neither in the order nor beside it',
  );
  await expect(run({order: ['marked', 'absent'], beside: []}, [marked])).rejects.toThrow(
    '"absent" is in the order, and 0 plugins have that name',
  );
  await expect(run({order: ['marked', 'unmarked'], beside: []}, [marked, unmarked])).rejects.toThrow(
    '"unmarked" is in the order, but its postBuild is not marked as a step',
  );
  await expect(run({order: ['marked'], beside: ['unmarked']}, [marked, unmarked])).resolves.toBeUndefined();
});

test("the site's order: pages final before they are read, the twins before llms-full.txt, the offline copy last", () => {
  const {order} = AFTER_BUILD_ORDER;
  const at = (name: string) => {
    expect(order, `the order of the steps after the build names ${name}`).toContain(name);
    return order.indexOf(name);
  };
  for (const reader of ['csp-header', 'local-search', 'docusaurus-plugin-llms-txt']) {
    expect(at('critical-css'), `critical-css rewrites the pages before ${reader} reads them`).toBeLessThan(at(reader));
  }
  expect(at('docusaurus-plugin-client-redirects'), 'the CSP scan hashes the redirect pages').toBeLessThan(
    at('csp-header'),
  );
  expect(at('docusaurus-plugin-llms-txt'), 'llms-full.txt is made of the twins').toBeLessThan(at('site-files'));
  expect(at('docusaurus-plugin-pwa'), 'the offline copy lists every file of the build').toBe(order.length - 1);
});
