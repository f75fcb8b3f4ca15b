/**
 * The import cycles among the TypeScript files of a folder, type-only imports included: TypeScript's own
 * pre-processor lists each file's imports and re-exports, relative ones are resolved to files of the folder,
 * and each strongly connected component of more than one file (or a file importing itself) is a cycle.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names: `x.ts`, `x.tsx`, `x/index.ts` (undefined: outside the set). */
function resolve(from: string, specifier: string, files: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) =>
    files.has(f),
  );
}

/** Each file of `folder` (relative to it) with the files of `folder` it imports. */
export function importGraph(folder: string): Map<string, string[]> {
  const root = path.resolve(folder);
  const files = new Set(filesUnder(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const {importedFiles} = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({fileName}) => fileName.startsWith('.'))
      .map(({fileName}) => resolve(file, fileName, files))
      .filter((target): target is string => target !== undefined)
      .map((target) => path.relative(root, target));
    graph.set(path.relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The cycles of `graph`: its strongly connected components of two files or more, or a file that imports itself (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** One path around a cycle, `a.ts → b.ts → a.ts`, for a message that says which imports to cut. */
export function cyclePath(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  const start = component[0];
  const seen = new Map<string, string>([[start, '']]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const way = [start];
        for (let at = file; at !== start; at = seen.get(at)!) way.splice(1, 0, at);
        return [...way, start].join(' → ');
      }
      if (!seen.has(target)) {
        seen.set(target, file);
        queue.push(target);
      }
    }
  }
  return component.join(', ');
}
