/**
 * Lets every built page list its route's chunks with its entry scripts, so the browser fetches them
 * alongside `main.js` instead of after it.
 *
 * Docusaurus' page template is given the scripts of the modules its server rendering used
 * (`getBundles()` of react-loadable-ssr-addon-v5-slorber over `.docusaurus/client-manifest.json`). The
 * rendering reports each route module by its path (`@theme/DocItem`, `@site/docs/ODE.md`), while the
 * manifest, written by the same addon under webpack 5 and Rspack, knows each chunk only by its name.
 * No path matches, so every page listed only `runtime~main` and `main`: the route's chunks were asked
 * for by `main.js` once it ran, a round trip later, and creating their `<script>` elements was part of
 * the longest task of the page's start-up.
 *
 * The registry Docusaurus generates (`.docusaurus/registry.js`) pairs each chunk name with the path of
 * its module; after the addon has written the manifest, each path is added to it with its chunk's
 * files. The build fails, naming the file, if either file no longer has the shape read here.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The part of the addon's manifest used here: chunk-group name → chunk ids, chunk id → files. */
export type ClientManifest = {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, unknown>;
};

/** One registry line: `"<chunk>": [() => import(/* webpackChunkName: "<chunk>" *\/ "<module>"), "<module>", …` */
const REGISTRY_ENTRY = /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "\1" \*\/ "([^"]+)"\), "\2",/gm;

/** Chunk name → module path, from the source of `.docusaurus/registry.js`. */
export function readRegistry(source: string, file: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, chunkName, modulePath] of source.matchAll(REGISTRY_ENTRY)) modules.set(chunkName!, modulePath!);
  const declared = source.match(/^\s*"[^"]+": \[/gm)?.length ?? 0;
  if (modules.size === 0 || modules.size !== declared) {
    throw new Error(
      `${file}: read ${modules.size} of ${declared} registry entries; Docusaurus changed the registry's format, update src/plugins/lean-delivery/route-scripts.ts`,
    );
  }
  return modules;
}

/**
 * The manifest with each route module's path added as an origin with its chunk's ids. A module that
 * is in no chunk of its own (one that `main.js` already holds, such as the site config) adds nothing.
 */
export function withModuleOrigins(manifest: ClientManifest, registry: Map<string, string>, file: string): ClientManifest {
  const origins = {...manifest.origins};
  let added = 0;
  for (const [chunkName, modulePath] of registry) {
    const chunkIds = manifest.origins[chunkName];
    if (chunkIds == null) continue;
    origins[modulePath] = [...new Set([...(origins[modulePath] ?? []), ...chunkIds])];
    added++;
  }
  if (added === 0) {
    throw new Error(`${file}: none of the ${registry.size} registry chunks is in the manifest's origins; update src/plugins/lean-delivery/route-scripts.ts`);
  }
  return {...manifest, origins};
}

type Compiler = {options: {mode?: string}; hooks: {afterEmit: {tap: (name: string, fn: () => void) => void}}};

/** Client-bundle plugin: rewrites the manifest once the addon has written it (the addon writes in `emit`). */
export class RouteScriptsPlugin {
  constructor(private readonly generatedFilesDir: string) {}

  apply(compiler: Compiler): void {
    // Only a production build renders pages on the server and writes the manifest.
    if (compiler.options.mode !== 'production') return;
    compiler.hooks.afterEmit.tap('RouteScriptsPlugin', () => {
      const manifestFile = path.join(this.generatedFilesDir, 'client-manifest.json');
      const registryFile = path.join(this.generatedFilesDir, 'registry.js');
      const registry = readRegistry(fs.readFileSync(registryFile, 'utf8'), registryFile);
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ClientManifest;
      fs.writeFileSync(manifestFile, JSON.stringify(withModuleOrigins(manifest, registry, manifestFile)));
    });
  }
}
