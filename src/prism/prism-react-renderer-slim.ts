/**
 * A slim build of prism-react-renderer for this site, aliased in its place by
 * src/plugins/lean-delivery/index.ts (client and server bundles alike, so server-rendered and hydrated code
 * blocks match).
 *
 * Patch: prism-slim
 * Library: prism-react-renderer 2.4.1 (as @docusaurus/theme-classic 3.10.2 imports it: `Highlight`, `Prism`)
 * Changes: the package is replaced by this module: the same `Highlight` API (./prism-slim-highlight.ts, adapted
 *   from prism-react-renderer 2.4.1, MIT, Formidable Labs) over a Prism that holds only the grammars the docs
 *   use, registered on the first code block; `src/theme/prism-include-languages.ts` is swizzled to a no-op so
 *   the theme does not register grammars itself. A code block in another language is shown unhighlighted.
 *   The code block wrapper src/theme/CodeBlock/index.tsx, part of the same saving, keeps the server's
 *   highlighted markup through React 19's hydration and restyles it for the other colour mode
 *   (restyleCodeBlock), loading the theme's code block only when a reader comes to a block.
 * Why: the package bundles ~35 grammars and 20 colour themes into one module with side effects, in every
 *   page's main bundle; with it, docs pages are over their JavaScript budget (perf/budgets.json).
 * Saves: the whole package stays out of main.js, which every page loads: built without the alias, main.js is
 *   140.7 KiB with gzip (119.7 with Brotli) instead of 115.4 (98.4), 25 KiB more on every page (PATCHES.md).
 * Remove when: the theme or prism-react-renderer lets a site choose the grammars it bundles, or the JS budget
 *   is met without it. tests/unit/patches.spec.ts fails, naming this patch, when prism-react-renderer is no
 *   longer 2.4.1 (port the change) or the theme imports a name this module lacks.
 *
 * This module only re-exports, and src/plugins/lean-delivery/index.ts marks it free of side effects: the theme's client module,
 * in every page's main bundle, imports `Prism` from it, and the bundler then takes `Highlight` (and Prism
 * with it) only into the chunks that render a code block.
 */
export {Highlight} from './prism-slim-highlight';
export type {PrismTheme} from './prism-slim-styles';

/**
 * theme-classic's client module imports `Prism` to hand it to `@theme/prism-include-languages`, which this
 * site swizzles to a no-op: nothing reads it, and the site's Prism is never loaded for it.
 */
export const Prism = undefined;
