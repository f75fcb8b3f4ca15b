/**
 * The engine's files import one another without a cycle, type-only imports included: the shared types sit at
 * the bottom (packages/synkronus-mock/src/types.ts), so a part of the engine can name them without depending on the parts
 * that use them, and the engine can be moved or split along its folders.
 */
import {test, expect} from '@playwright/test';
import {cyclePath, importCycles, importGraph} from '../../../tests/support/import-cycles';

const ENGINE = 'packages/synkronus-mock/src';

test('the cycle finder names a cycle, type-only imports included', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  const cycles = importCycles(graph);
  expect(cycles).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  expect(cyclePath(graph, cycles[0])).toBe('a.ts → b.ts → c.ts → a.ts');
  // preProcessFile lists `import type` and `export type … from` as imports like any other.
  const engine = importGraph(ENGINE);
  expect(engine.get('index.ts')).toContain('types.ts');
});

test(`no import cycle among the files of ${ENGINE}`, () => {
  const graph = importGraph(ENGINE);
  const cycles = importCycles(graph).map((cycle) => `${cycle.length} files: ${cyclePath(graph, cycle)}`);
  expect(cycles, `import cycles in ${ENGINE}:\n${cycles.join('\n')}`).toEqual([]);
});

test('the shared types import nothing of the dialects, the pipeline, the behaviours or the releases', () => {
  const graph = importGraph(ENGINE);
  const below = new Set<string>();
  const visit = (file: string) => {
    for (const target of graph.get(file) ?? [])
      if (!below.has(target)) {
        below.add(target);
        visit(target);
      }
  };
  visit('types.ts');
  const above = [...below].filter((file) => /^(pipeline|behaviours|releases)\/|^(dialects|index)\.ts$/.test(file));
  expect(above, `types.ts reaches ${above.join(', ')}`).toEqual([]);
});
