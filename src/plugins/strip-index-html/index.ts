/**
 * Strips an `index.html` suffix from the address on every host, so a page has one address. nginx answers
 * such a path with a 301 (deploy/nginx/docs-site.conf), but a static host without redirects, such as
 * GitHub Pages, serves `/docs/ODE/index.html` as it is: the browser then shows the page at that address,
 * and a reader copies it. This plugin's client module
 * (src/client-modules/strip-index-html.ts: the browser bundles it, and a plugin folder is Node only) rewrites the address in place (history.replaceState:
 * no reload, no request) before React renders; Docusaurus already matches the route with the suffix removed.
 */
import type {Plugin} from '@docusaurus/types';

export default function stripIndexHtmlPlugin(): Plugin {
  return {
    name: 'strip-index-html',
    getClientModules() {
      return [require.resolve('../../client-modules/strip-index-html')];
    },
  };
}
