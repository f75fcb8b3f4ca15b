/**
 * Writes the modules of the entry bundle `main.js` (the script every page loads before it is usable) with
 * their sizes, from the bundler's public stats, to `.docusaurus/main-modules.json`: `npm run bench` prints
 * the largest, so that whoever looks for bytes to move out of every page starts from the figures.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where the list is written, in Docusaurus' generated-files folder (not served). */
export const MAIN_MODULES_FILE = 'main-modules.json';

type StatsModule = {name?: string; size?: number; modules?: StatsModule[]};
type StatsChunk = {names?: string[]; modules?: StatsModule[]};
type StatsJson = {chunks?: StatsChunk[]};
type Compiler = {
  options: {mode?: string};
  hooks: {done: {tap: (name: string, fn: (stats: {toJson: (options: object) => StatsJson}) => void) => void}};
};

/** One module of main.js: its name as the bundler reports it (a path relative to the site), its source size. */
export type MainModule = {name: string; bytes: number};

/** The modules of the chunk named `main`, concatenated modules listed one by one, largest first. */
export function mainModules(stats: StatsJson): MainModule[] {
  const main = stats.chunks?.find((chunk) => chunk.names?.includes('main'));
  if (!main?.modules) throw new Error(`${MAIN_MODULES_FILE}: the bundler's stats have no chunk named "main"`);
  const found: MainModule[] = [];
  const add = (module: StatsModule) => {
    if (module.modules?.length) module.modules.forEach(add);
    else if (module.name && module.size) found.push({name: module.name, bytes: module.size});
  };
  main.modules.forEach(add);
  return found.sort((a, b) => b.bytes - a.bytes);
}

/** Client-bundle plugin: writes the list after a production build. */
export class MainModulesPlugin {
  constructor(private readonly generatedFilesDir: string) {}

  apply(compiler: Compiler): void {
    if (compiler.options.mode !== 'production') return;
    compiler.hooks.done.tap('MainModulesPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
        dependentModules: true,
        orphanModules: true,
      });
      fs.writeFileSync(
        path.join(this.generatedFilesDir, MAIN_MODULES_FILE),
        JSON.stringify(mainModules(json), null, 1),
      );
    });
  }
}
