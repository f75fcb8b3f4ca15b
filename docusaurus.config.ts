import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as Redocusaurus from 'redocusaurus';
import {themes as prismThemes} from 'prism-react-renderer';
import apiDescriptionPlugin, {prepareApiDescription} from './src/plugins/api-description';
import apiReferenceDataPlugin from './src/plugins/api-reference-data';
import {
  ANNOUNCEMENT_ID,
  API_DERIVED_SPEC_FILE,
  API_DOWNLOAD_PATH,
  API_ROUTE,
  API_SPEC_FILE,
  DISCORD_URL,
  DOCS_REPO_URL,
  MONOREPO_URL,
  SITE_URL,
  STACK_OVERFLOW_TAG_URL,
} from './site.constants';

export default async function createConfig(): Promise<Config> {
  // Fails the build, before anything is built, when the API description is invalid.
  await prepareApiDescription(__dirname, API_SPEC_FILE, API_DERIVED_SPEC_FILE);
  return config;
}

const config: Config = {
  title: 'ODE - Open Data Ensemble',
  tagline: 'A symphony of data instruments for offline-first field data collection',
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: '/',
  // trailingSlash is deliberately left unset (site specification, section 9).
  organizationName: 'OpenDataEnsemble',
  projectName: 'docs',

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  future: {v4: true, faster: true},

  i18n: {defaultLocale: 'en', locales: ['en']},

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          editUrl: `${DOCS_REPO_URL}/tree/main/`,
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
    [
      'redocusaurus',
      {
        specs: [
          {
            id: 'synkronus',
            spec: API_DERIVED_SPEC_FILE,
            // A link relative to the site, so the download never leaves the host the reader is on.
            normalizeUrl: false,
            url: API_DOWNLOAD_PATH,
            route: API_ROUTE,
          },
        ],
        theme: {
          primaryColor: '#3f51b5',
          options: {
            // Every schema of the description gets its own section (and menu entry) under "Schemas".
            schemaDefinitionsTagName: 'Schemas',
            expandDefaultServerVariables: true,
          },
        },
      } satisfies Redocusaurus.PresetOptions,
    ],
  ],

  themes: ['@docusaurus/theme-mermaid'],

  plugins: [
    (context) => apiDescriptionPlugin(context, {specFile: API_SPEC_FILE, downloadPath: API_DOWNLOAD_PATH}),
    (context) => apiReferenceDataPlugin(context, {specFile: API_SPEC_FILE}),
    [
      '@docusaurus/plugin-client-redirects',
      // A static redirect page for hosts without server-side redirects (GitHub Pages);
      // deploy/nginx answers /docs with a 301 before this page is reached.
      {redirects: [{from: '/docs', to: '/docs/ODE'}]},
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    announcementBar: {
      id: ANNOUNCEMENT_ID,
      content:
        'Try the Formulus Android pre-release: <a href="/docs/quick-start/formulus-prerelease-android">install it with F-Droid and Obtainium</a>.',
      isCloseable: true,
    },
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    docs: {
      versionPersistence: 'localStorage',
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    blog: {sidebar: {groupByYear: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'ODE',
      hideOnScroll: true,
      logo: {alt: 'ODE logo', src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation'},
        {to: API_ROUTE, label: 'API', position: 'left'},
        {href: MONOREPO_URL, label: 'GitHub', position: 'right'},
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
    prism: {
      theme: prismThemes.vsLight,
      darkTheme: prismThemes.vsDark,
      additionalLanguages: ['bash', 'json', 'yaml', 'powershell'],
    },
  } satisfies Preset.ThemeConfig,
};

