/**
 * Every route of the site, with what a reader sees there: every page a reader can land on, and the /docs
 * redirect (the sitemap test of tests/e2e/machine-readable.spec.ts fails on a page missing here).
 * Route tests, accessibility tests and budget tests all read this list, and so does
 * `npm run bench` (scripts/bench.mjs): it is plain CommonJS so that Node loads it without TypeScript.
 */
'use strict';

/** @typedef {{path: string, h1: RegExp, title: RegExp}} SiteRoute */

/** @type {SiteRoute[]} */
const SPEC_ROUTES = [
  {path: '/', h1: /ODE - Open Data Ensemble/, title: /ODE - Open Data Ensemble/},
  {path: '/api', h1: /Synkronus API/, title: /Synkronus API/},
  {path: '/markdown-page', h1: /About this site/, title: /About this site/},
  {path: '/docs', h1: /ODE: the Open Data Ensemble/, title: /Overview/},
  {path: '/docs/ODE', h1: /ODE: the Open Data Ensemble/, title: /Overview/},
  {path: '/docs/quick-start/', h1: /Quick start/, title: /Quick start/},
  {path: '/docs/quick-start/custom-app', h1: /custom app/i, title: /Custom app/},
  {path: '/docs/quick-start/formulus-app', h1: /Formulus app/, title: /Formulus app/},
  {path: '/docs/quick-start/formulus-prerelease-android', h1: /pre-release/, title: /pre-release/},
  {path: '/docs/quick-start/synkronus-server', h1: /Synkronus server/, title: /Synkronus server/},
  {path: '/docs/documentation/formulus/', h1: /Formulus/, title: /Formulus/},
  {path: '/docs/documentation/synkronus/', h1: /Synkronus/, title: /Synkronus/},
  {path: '/docs/documentation/synkronus/app-bundle', h1: /App bundle/, title: /App bundle/},
  {path: '/docs/documentation/synkronus/sync-protocol', h1: /^Sync protocol$/, title: /Sync protocol/},
  {path: '/docs/documentation/synkronus/sync-client', h1: /Write a sync client/, title: /Write a sync client/},
  {
    path: '/docs/documentation/synkronus/test-against-the-mock',
    h1: /^Test your client against the mock$/,
    title: /Test your client against the mock/,
  },
  {
    path: '/docs/documentation/synkronus/sync-client-code',
    h1: /^Sync client: the code$/,
    title: /Sync client: the code/,
  },
  {path: '/docs/documentation/synkronus/authentication', h1: /Authentication and roles/, title: /Authentication/},
  {path: '/docs/documentation/synkronus/errors', h1: /^Errors$/, title: /Errors/},
  {path: '/docs/documentation/synkronus/known-issues', h1: /Known issues in v1\.0\.0-alpha\.6/, title: /Known issues/},
  {
    path: '/docs/documentation/synkronus/known-issues/users-and-tokens',
    h1: /^Known issues: users and tokens$/,
    title: /Known issues: users and tokens/,
  },
  {
    path: '/docs/documentation/synkronus/known-issues/server-and-deployment',
    h1: /^Known issues: server and deployment$/,
    title: /Known issues: server and deployment/,
  },
  {
    path: '/docs/documentation/synkronus/known-issues/app-bundles',
    h1: /^Known issues: app bundles and attachments$/,
    title: /Known issues: app bundles and attachments/,
  },
  {
    path: '/docs/documentation/synkronus/known-issues/sync',
    h1: /^Known issues: sync and data export$/,
    title: /Known issues: sync and data export/,
  },
  {
    path: '/docs/documentation/synkronus/known-issues/synk',
    h1: /^Known issues: synk, the command-line tool$/,
    title: /Known issues: synk/,
  },
  {
    path: '/docs/documentation/synkronus/known-issues/formulus',
    h1: /^Known issues: Formulus$/,
    title: /Known issues: Formulus/,
  },
  {path: '/docs/documentation/synkronus-cli/cli', h1: /Synkronus CLI/, title: /Synkronus CLI/},
  {path: '/docs/For-developers/docusaurus/intro', h1: /developer guide/, title: /developer guide/},
  {
    path: '/docs/For-developers/docusaurus/performance-budgets',
    h1: /Performance budgets/,
    title: /Performance budgets/,
  },
  {
    path: '/docs/For-developers/docusaurus/light-and-quick-pages',
    h1: /^Keeping pages light and quick$/,
    title: /Keeping pages light and quick/,
  },
  {
    path: '/docs/For-developers/docusaurus/tutorial-extras/manage-docs-versions',
    h1: /Manage docs versions/,
    title: /Manage docs versions/,
  },
  {path: '/docs/category/quick-start', h1: /Quick Start/, title: /Quick Start/},
  {path: '/docs/category/synkronus', h1: /Synkronus/, title: /Synkronus/},
  {
    path: '/docs/category/docs-site-with-docusaurus',
    h1: /Docs site with Docusaurus/,
    title: /Docs site with Docusaurus/,
  },
  {path: '/docs/category/tutorial---extras', h1: /Tutorial - Extras/, title: /Tutorial - Extras/},
];

/** Every page path a reader can land on (the routes without the /docs redirect). */
const PAGE_PATHS = SPEC_ROUTES.filter((r) => r.path !== '/docs').map((r) => r.path);

/** The docs pages among them (under /docs/). */
const DOCS_PATHS = PAGE_PATHS.filter((p) => p.startsWith('/docs/'));

/** The spec route at `path`; throws if the list has none (a test naming a page the site lacks). */
function specRoute(/** @type {string} */ path) {
  const route = SPEC_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`tests/support/routes.cjs has no route ${path}`);
  return route;
}

module.exports = {SPEC_ROUTES, PAGE_PATHS, DOCS_PATHS, specRoute};
