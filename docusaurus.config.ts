import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Config, Plugin, PluginConfig, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as PwaOptions} from '@docusaurus/plugin-pwa';
import {withSiteRules} from './site.rules';
import remarkMermaidSvg from './src/plugins/mermaid-svg';
import leanDeliveryPlugin from './src/plugins/lean-delivery';
import localSearch from './src/plugins/local-search';
import siteFiles from './src/plugins/site-files';
import markdownTwins from './src/plugins/markdown-twins';
import offlineCopyPlugin from './src/plugins/offline-copy';
import apiPlugin, {checkApiDescription, type ApiOptions} from './src/plugins/api';
import knownIssuesPlugin, {knownIssuesIndexFor} from './src/plugins/known-issues';
import {
  ANNOUNCEMENT_ID,
  API_DOWNLOAD_PATH,
  API_ROUTE,
  API_SPEC_FILE,
  DISCORD_URL,
  DOCS_REPO_URL,
  FAVICON_FILE,
  MONOREPO_URL,
  SITE_URL,
  STACK_OVERFLOW_TAG_URL,
} from './site.constants';
import cspHeaderPlugin from './src/plugins/csp-header';
import {inAfterBuild} from './src/plugins/after-build';
import siteAfterBuild from './src/plugins/after-build/order';
import clientRedirects, {validateOptions as validateRedirectOptions} from '@docusaurus/plugin-client-redirects';
import announcementBarIdPlugin from './src/plugins/announcement-bar-id';
import stripIndexHtmlPlugin from './src/plugins/strip-index-html';
import keyboardNavigationPlugin from './src/plugins/keyboard-navigation';
import criticalCssPlugin from './src/plugins/critical-css';
import navbarItemTypesPlugin from './src/plugins/navbar-item-types';
import themePartsInUsePlugin from './src/plugins/theme-parts-in-use';
import {darkCodeTheme, lightCodeTheme} from './src/prism/code-themes';

/**
 * The navbar logo, inlined as a data URL from static/img/logo.svg: half a KiB in every page's HTML
 * instead of one more request (about 1 KiB with its headers) before the page can be shown.
 */
const NAVBAR_LOGO = `data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(__dirname, 'static/img/logo.svg'), 'utf8').trim())}`;

/** What the social card (static/img/social-card.png) shows, for link previews read aloud. */
const SOCIAL_IMAGE_ALT =
  'ODE, Open Data Ensemble: a symphony of data instruments for offline-first field data collection';

/**
 * The API spec entry: the description with its id and its route. The reference at /api is rendered from
 * it at build time by the site's own components (src/plugins/api), in indigo (#3f51b5,
 * src/components/ApiReference/styles.module.css). Its download link points at the site itself, so it never
 * leaves the host the reader is on.
 */
const API_SPEC = {
  id: 'synkronus',
  specFile: API_SPEC_FILE,
  route: API_ROUTE,
  downloadPath: API_DOWNLOAD_PATH,
  // The synk command that makes each call, shown beside it, linked to its row on the CLI page.
  synkCommands: {file: 'data/synk-commands.json', page: '/docs/documentation/synkronus-cli/cli'},
  // The site's own words before ODE's calls: what the file states about tokens, roles, errors and examples.
  introductionFile: 'src/api/introduction.md',
} satisfies ApiOptions;

/**
 * The configuration Docusaurus loads. The API description is linted first: an invalid description fails
 * the build here, before anything is built, with a message naming the file and the problem.
 */
export default async function createConfig(): Promise<Config> {
  await checkApiDescription(__dirname, API_SPEC.specFile);
  return withSiteRules(config);
}

/**
 * The API reference at /api, the contract the "Try it" console answers from (packages/synkronus-mock/src) and the
 * role and error tables: one plugin, one model of the description (src/api/model).
 */
const API_PLUGIN: PluginConfig = [apiPlugin as PluginModule, API_SPEC];

/** plugin-client-redirects, whose redirect pages are written in their turn after the build. */
const redirectPagesPlugin: PluginModule = (context, options) =>
  inAfterBuild(clientRedirects(context, options as never) as Plugin | null);
redirectPagesPlugin.validateOptions = validateRedirectOptions as PluginModule['validateOptions'];

/** Local search over the docs, the pages and the API reference (src/plugins/local-search). */
const SEARCH_THEME: PluginConfig = localSearch;

/** The site configuration, before the site's rules (site.rules.ts) are applied by createConfig. */
const config: Config = {
  title: 'ODE - Open Data Ensemble',
  tagline: 'A symphony of data instruments for offline-first field data collection',
  favicon: FAVICON_FILE,
  url: SITE_URL,
  baseUrl: '/',
  // trailingSlash stays unset: Docusaurus then leaves each link as written, with or without its slash.
  organizationName: 'OpenDataEnsemble',
  projectName: 'docs',

  markdown: {
    hooks: {
      // A broken Markdown link is only a warning, as a broken anchor is by default. Docusaurus keeps the
      // unresolved URL, which onBrokenLinks ('throw' by default) would then reject; `pathname://` keeps the
      // link as written but out of that check (tests/build/build-guarantees.spec.ts).
      onBrokenMarkdownLinks: ({url, sourceFilePath, node}) => {
        const at = node.position ? ` (${node.position.start.line}:${node.position.start.column})` : '';
        console.warn(
          `[WARNING] Markdown link with URL \`${url}\` in source file "${sourceFilePath}"${at} couldn't be resolved.`,
        );
        return `pathname://${url}`;
      },
    },
  },

  // v4 also turns on every `future.faster` flag (Rspack, SWC, Lightning CSS...), which @docusaurus/faster provides.
  future: {v4: true},

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          // Before Docusaurus' own image handling, which then treats each diagram as an image; the Known issues
          // index before its links are resolved and its headings listed.
          beforeDefaultRemarkPlugins: [remarkMermaidSvg, knownIssuesIndexFor(__dirname)],
          editUrl: `${DOCS_REPO_URL}/tree/main/`,
        },
        blog: false,
        pages: {beforeDefaultRemarkPlugins: [remarkMermaidSvg]},
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],

  themes: [SEARCH_THEME],

  plugins: [
    leanDeliveryPlugin,
    // Inlines each page's critical CSS and keeps the full stylesheet out of the way of the first paint.
    criticalCssPlugin,
    // Writes the inline-script hashes of the build for the nginx Content-Security-Policy.
    cspHeaderPlugin,
    API_PLUGIN,
    // The Known issues entries, read from their pages, for what links to them (src/plugins/known-issues).
    knownIssuesPlugin as PluginModule,
    [
      redirectPagesPlugin,
      // A static redirect page for hosts without server-side redirects (GitHub Pages);
      // deploy/nginx answers /docs with a 301 before this page is reached.
      {redirects: [{from: '/docs', to: '/docs/ODE'}]},
    ],
    announcementBarIdPlugin,
    // Strips an index.html suffix from the address on hosts that do not redirect it (GitHub Pages).
    stripIndexHtmlPlugin,
    // Keyboard-navigation mode: a class on <html> while the reader moves with Tab, until a mouse press.
    keyboardNavigationPlugin,
    // Only the navbar item kinds themeConfig.navbar uses in every page's bundle (src/theme/NavbarItem/ComponentTypes.tsx).
    navbarItemTypesPlugin,
    // The theme's optional docs parts (version banner, tags, last update…) only when something uses them.
    themePartsInUsePlugin,
    [
      // plugin-pwa, with the Markdown twins in the offline copy (src/plugins/offline-copy).
      offlineCopyPlugin,
      {
        // The whole site is downloaded only by the reader's choice ("Save for offline reading") or when it is
        // installed as an app: src/offline/offlineCopy.ts registers the service worker in those cases only, and
        // src/offline/register.ts loads it only then.
        offlineModeActivationStrategies: ['appInstalled', 'standalone'],
        // (Its modules, src/offline/register.ts and sw.js, are set by the plugin: see SERVICE_WORKER_MODULES.)
        // The social card is for link previews, not for reading. (The plugin itself sets swSrc and swDest.)
        injectManifestConfig: {globIgnores: ['img/social-card.png']} as PwaOptions['injectManifestConfig'],
        pwaHead: [
          {tagName: 'link', rel: 'manifest', href: '/manifest.json'},
          {tagName: 'meta', name: 'theme-color', content: '#1f6b43'},
          {tagName: 'link', rel: 'apple-touch-icon', href: '/img/pwa/icon-192.png'},
        ],
      } satisfies PwaOptions,
    ],
    // A Markdown twin of every docs page, /docs/ODE → /docs/ODE.md (src/plugins/markdown-twins).
    markdownTwins,
    // llms.txt, llms-full.txt and robots.txt (src/plugins/site-files); the downloadable API
    // description is copied into the build by src/plugins/api.
    siteFiles,
    // The steps after the build, one after the other, in the order of src/plugins/after-build/order.ts.
    siteAfterBuild,
  ],

  themeConfig: {
    image: 'img/social-card.png',
    // Docusaurus adds og:title, og:description, og:url, og:image and the Twitter card per page.
    metadata: [
      {property: 'og:site_name', content: 'ODE - Open Data Ensemble'},
      {property: 'og:type', content: 'website'},
      {property: 'og:image:width', content: '1200'},
      {property: 'og:image:height', content: '630'},
      {property: 'og:image:alt', content: SOCIAL_IMAGE_ALT},
      {name: 'twitter:image:alt', content: SOCIAL_IMAGE_ALT},
    ],
    announcementBar: {
      id: ANNOUNCEMENT_ID,
      content:
        'Try the Formulus Android pre-release: <a href="/docs/quick-start/formulus-prerelease-android">install it with F-Droid and Obtainium</a>.',
    },
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'ODE',
      hideOnScroll: true,
      logo: {alt: 'ODE logo', src: NAVBAR_LOGO, width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation'},
        {to: API_ROUTE, label: 'API', position: 'left'},
        // Unmarked items go on the right (withSiteRules).
        {type: 'search'},
        {href: MONOREPO_URL, label: 'GitHub'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Documentation', to: '/docs/ODE'},
            {label: 'API Reference', to: API_ROUTE},
          ],
        },
        {
          title: 'Community',
          items: [
            {label: 'Stack Overflow', href: STACK_OVERFLOW_TAG_URL},
            {label: 'Discord', href: DISCORD_URL},
          ],
        },
        {
          title: 'More',
          items: [{label: 'GitHub', href: MONOREPO_URL}],
        },
      ],
      copyright: `Copyright © 2025 ODE - Open Data Ensemble. Built with Docusaurus.`,
    },
    // Prism's grammars are registered in src/prism/prism-react-renderer-slim.ts, not with additionalLanguages.
    prism: {theme: lightCodeTheme, darkTheme: darkCodeTheme},
  } satisfies Preset.ThemeConfig,
};
