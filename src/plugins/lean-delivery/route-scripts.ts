/**
 * Lets every built page list its route's chunks (scripts and stylesheets) with its entry scripts.
 *
 * Patch: route-chunks-in-html
 * Library: @docusaurus/core 3.10.2 (the generated `.docusaurus/registry.js`) and
 *   react-loadable-ssr-addon-v5-slorber (its `.docusaurus/client-manifest.json`), both private formats
 * Changes: after the addon has written the manifest, each route module's path is added to it with its
 *   chunk's files, read from the registry Docusaurus generates, which pairs each chunk name with the path of
 *   its module. The build fails, naming the file, if either file no longer has the shape read here.
 * Why: an upstream bug (report text in PATCHES.md). Docusaurus' page template is given the files of the
 *   modules its server rendering used (`getBundles()` over the manifest); the rendering reports each route
 *   module by its path (`@theme/DocItem`), the manifest knows each chunk only by its name, so no path matches
 *   and every page listed only `runtime~main` and `main`. The route's stylesheet was then missing from the
 *   HTML: `/api` (whose reference styles are its route's CSS chunk) was unstyled without JavaScript and until
 *   `main.js` had run (tests/e2e/api-page.spec.ts, "with JavaScript switched off").
 * Gain: the route's stylesheet in the HTML (`/api` styled before and without scripts); its scripts are asked
 *   for with the entry scripts instead of a round trip later. Lighthouse: within noise (PATCHES.md).
 * Remove when: Docusaurus lists a route's chunks in its pages by itself. tests/unit/patches.spec.ts fails,
 *   naming this patch, when the registry line that is read here changes.
 */
import fs from 'node:fs';
import path from 'node:path';

/** How @docusaurus/core writes one registry line (checked against the installed version by tests/unit/patches.spec.ts). */
export const REGISTRY_LINE_SOURCE =
  '`  "${chunkName}": [() => import(/* webpackChunkName: "${chunkName}" */ "${modulePath}"), "${modulePath}", require.resolveWeak("${modulePath}")],`';

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
  for (const [, chunkName, modulePath] of source.matchAll(REGISTRY_ENTRY)) modules.set(chunkName, modulePath);
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
export function withModuleOrigins(
  manifest: ClientManifest,
  registry: Map<string, string>,
  file: string,
): ClientManifest {
  const origins = {...manifest.origins};
  let added = 0;
  for (const [chunkName, modulePath] of registry) {
    const chunkIds = manifest.origins[chunkName];
    if (chunkIds == null) continue;
    origins[modulePath] = [...new Set([...(origins[modulePath] ?? []), ...chunkIds])];
    added++;
  }
  if (added === 0) {
    throw new Error(
      `${file}: none of the ${registry.size} registry chunks is in the manifest's origins; update src/plugins/lean-delivery/route-scripts.ts`,
    );
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
