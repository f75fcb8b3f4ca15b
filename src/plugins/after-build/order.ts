/**
 * The site's steps after the build, by plugin name, in the order they run (./index.ts runs them): each step
 * reads what the ones before it wrote. docusaurus.config.ts lists `siteAfterBuild`, the pipeline with this
 * order (as a plugin without options: the configuration's options are bundled into every page).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import afterBuild, {type AfterBuildOptions} from './';

export const AFTER_BUILD_ORDER: AfterBuildOptions = {
  order: [
    // Every page's head gets its critical CSS (src/plugins/critical-css): first, so that every later step
    // reads the pages as they are served.
    'critical-css',
    // The redirect pages for hosts without server-side redirects (plugin-client-redirects).
    'docusaurus-plugin-client-redirects',
    // The hashes of the inline scripts of every page written above, for nginx's Content-Security-Policy
    // (src/plugins/csp-header).
    'csp-header',
    // The API description, copied for download (src/plugins/api).
    'api',
    // The search index, from the pages and the API model (src/plugins/local-search).
    'local-search',
    // The Markdown twins of the docs pages (src/plugins/markdown-twins).
    'docusaurus-plugin-llms-txt',
    // llms.txt, llms-full.txt (made of the twins) and robots.txt (src/plugins/site-files).
    'site-files',
    // The service worker and the list of the files of the offline copy (src/plugins/offline-copy): last,
    // once every file is written.
    'docusaurus-plugin-pwa',
  ],
  // The sitemap (plugin-sitemap, in the classic preset) is made from the routes alone, and no step reads it.
  beside: ['docusaurus-plugin-sitemap'],
};

/** The after-build pipeline with the site's order. */
export default function siteAfterBuild(context: LoadContext): Plugin {
  return afterBuild(context, AFTER_BUILD_ORDER);
}
