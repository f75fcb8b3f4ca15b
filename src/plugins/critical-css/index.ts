/**
 * Critical CSS: after the build, each page gets the rules of the site's stylesheet that its own markup uses,
 * inlined in its head, so it paints from its HTML alone: its head is small enough to arrive in the first
 * round trip of a new connection (the byte test: tests/budgets/first-paint.spec.ts).
 *
 * The full stylesheet is still needed: it styles what the markup does not show yet (menus opened later,
 * other pages reached in the browser). Its link stays in the head, after the critical CSS, but for print
 * only, which holds back no paint; a one-line inline script makes it apply to the screen once it has
 * loaded. So it downloads from the start, beside the HTML, and on a fast link it applies before most of the
 * page is parsed: the browser styles the page's elements once, instead of styling them all again when a
 * stylesheet at the end of the body arrives (on /api, with thousands of elements, that was a sixth of its
 * layout and style time). Without JavaScript, the same link in a `<noscript>` at the end of the body loads
 * it, so the page reads fully without scripts.
 *
 * Done by beasties (a maintained library, through its public options), which only picks the rules:
 * - the rules of both colour modes are kept whatever the markup, because the mode is set on `<html>` by an
 *   inline script as the page loads: the first paint in dark mode is dark (tests/e2e/critical-css.spec.ts
 *   compares the first screen before and after the stylesheet, in both modes);
 * - the stylesheet itself is left whole: every page shares it (and the browser's cache of it).
 * No event handler attribute (`onload`), which the Content-Security-Policy would block (src/plugins/
 * csp-header fails the build on them); the inline script is hashed into the policy like the others.
 *
 * The first step after the build (src/plugins/after-build): the steps after it (the CSP scan, the search
 * index, the Markdown twins, the offline copy's list) read the pages as readers get them.
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import Beasties from 'beasties';
import {load} from 'cheerio';
import {afterBuildStep} from '../after-build';

/**
 * What hydration adds to every page, which the server's markup cannot show: on a phone, the mobile menu
 * (`.navbar-sidebar`, its close button, its panels, and the `.menu` lists of its navbar links; the docs
 * sidebar it holds on docs pages uses the rules of the desktop sidebar, which is in the markup). Built
 * once the page is idle (src/theme/Navbar/MobileSidebar), it often comes before a late stylesheet (after
 * a deploy that changes only CSS): without its rules it painted in the page's flow, over the first screen.
 * tests/e2e/critical-css.spec.ts holds the stylesheet back and checks it stays hidden, and opens styled.
 */
export const ADDED_BY_HYDRATION = [/\.navbar-sidebar/, /\.menu(__|--|(?![\w-]))/, /\.margin-right--md(?![\w-])/];

/**
 * Selectors kept whatever a page's markup holds: the colour modes, set on `<html>` as the page loads; the
 * few rules (14, 2 KB) in `:where(…)`, which beasties cannot match against the markup (it strips the
 * pseudo-class with its argument) and would drop, such as Infima's colours of `.button--primary`; and what
 * hydration adds (ADDED_BY_HYDRATION).
 */
export const ALWAYS_KEPT = [/\[data-theme(-choice)?=/, /:where\(/, ...ADDED_BY_HYDRATION];

/** The `id` of the full stylesheet's link, which the inline script switches to the screen. */
const FULL_STYLESHEET_ID = 'site-stylesheet';

/** Applies the full stylesheet to the screen once it has loaded (it is linked for print until then). */
const APPLY_FULL_STYLESHEET = `document.getElementById('${FULL_STYLESHEET_ID}').addEventListener('load',function(){this.media='all'})`;

/** The page with its critical CSS inlined (`outDir`: the build folder the stylesheet paths start from). */
export async function inlineCriticalCss(html: string, outDir: string, file: string): Promise<string> {
  const warnings: string[] = [];
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    pruneSource: false,
    inlineFonts: false,
    compress: true,
    reduceInlineStyles: false,
    allowRules: ALWAYS_KEPT,
    logger: {warn: (message) => warnings.push(message), error: (message) => warnings.push(message)},
  });
  const result = await beasties.process(html);
  if (warnings.length) throw new Error(`critical-css: ${file}: ${warnings.join('; ')}`);
  // Only beasties' CSS is taken: its HTML parser is not the browser's, and its copy of the page's body once
  // moved elements out of a table (the page then failed to hydrate). The page's own markup is kept byte for
  // byte: the stylesheet's link becomes the inlined CSS, then the print-only link and its script, and the
  // link for readers without JavaScript goes to the end of the body.
  const css = load(result)('head > style')
    .toArray()
    .map((style) => load(style).text())
    .join('');
  const links = html.slice(0, html.indexOf('</head>')).match(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g) ?? [];
  const link = links.length === 1 ? links[0] : '';
  if (!link || !css || /\bmedia=/.test(link)) {
    throw new Error(
      `critical-css: ${file}: expected one stylesheet link (for every medium) in the head and critical CSS for it, found ${links.length} links and ${css.length} characters of CSS`,
    );
  }
  const printOnly = link.replace(/^<link\b/, `<link media=print id=${FULL_STYLESHEET_ID}`);
  const head = `<style>${css}</style>${printOnly}<script>${APPLY_FULL_STYLESHEET}</script>`;
  const withoutScripts = `<noscript>${link}</noscript>`;
  const bodyEnd = html.lastIndexOf('</body>');
  const withFallback =
    bodyEnd < 0 ? `${html}${withoutScripts}` : `${html.slice(0, bodyEnd)}${withoutScripts}${html.slice(bodyEnd)}`;
  return withFallback.replace(link, head);
}

export default function criticalCss(): Plugin {
  return {
    name: 'critical-css',
    postBuild: afterBuildStep(async ({outDir}) => {
      const entries = await readdir(outDir, {withFileTypes: true, recursive: true});
      const pages = entries
        .filter((e) => e.isFile() && e.name.endsWith('.html'))
        .map((e) => path.join(e.parentPath, e.name));
      let inlined = 0;
      for (const file of pages) {
        const html = await readFile(file, 'utf8');
        // Pages without the site's stylesheet (the redirect pages) are left as they are.
        if (!/<link[^>]+rel=["']?stylesheet/i.test(html)) continue;
        await writeFile(file, await inlineCriticalCss(html, outDir, path.relative(outDir, file)));
        inlined++;
      }
      console.log(`[critical-css] critical CSS inlined in ${inlined} of ${pages.length} HTML files`);
    }),
  };
}
