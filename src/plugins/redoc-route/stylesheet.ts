/**
 * The stylesheet of /api: redocusaurus' (a copy, src/theme/Redoc/redocusaurus.css) and this site's
 * overrides (src/theme/Redoc/overrides.css), minified into one string that reaches the page through
 * the /api route's props. Imported from a component instead, they would be in the one styles.css that
 * Docusaurus makes for all pages, about 0.7 KiB of Brotli on every page that has no API reference.
 * Nesting and newer syntax are lowered for the production browserslist of package.json, as Docusaurus
 * does with the CSS it bundles.
 */
import fs from 'node:fs';
import path from 'node:path';
import browserslist from 'browserslist';
import {browserslistToTargets, transform} from 'lightningcss';

/** The files, relative to the site directory, in the order of the cascade. */
export const REDOC_STYLESHEETS = ['src/theme/Redoc/redocusaurus.css', 'src/theme/Redoc/overrides.css'];

/** The minified stylesheet of /api; a file that does not parse fails the build, naming it. */
export function redocStylesheet(siteDir: string): string {
  const targets = browserslistToTargets(browserslist(undefined, {path: siteDir, env: 'production'}));
  return REDOC_STYLESHEETS.map((file) => {
    const filename = path.join(siteDir, file);
    try {
      return transform({filename, code: fs.readFileSync(filename), minify: true, targets}).code.toString();
    } catch (error) {
      const {message, loc} = error as {message: string; loc?: {line: number; column: number}};
      throw new Error(`${file}${loc ? `:${loc.line}:${loc.column}` : ''}: ${message}`);
    }
  }).join('');
}
