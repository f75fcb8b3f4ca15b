import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {ODE_API_VERSION, ODE_RELEASE} from './site.constants';

/**
 * The one docs sidebar, in reading order:
 * Overview, Quick Start, the components' documentation, the docs-site developer pages.
 * Category index routes (/docs/category/...) are generated indexes that list their children
 * with the description of each page (its front matter `description`).
 */
const TUTORIAL_EXTRAS_DESCRIPTION = 'Less frequent maintenance tasks on the docs site.';

const sidebars: SidebarsConfig = {
  docs: [
    {type: 'doc', id: 'ODE', label: 'Overview'},
    {
      type: 'category',
      label: 'Quick Start',
      link: {
        type: 'generated-index',
        slug: '/category/quick-start',
        title: 'Quick Start',
        description:
          'Step-by-step paths from nothing to a working ODE setup: server, app, pre-release build and custom app.',
      },
      items: [
        'quick-start/index',
        'quick-start/synkronus-server',
        'quick-start/formulus-app',
        'quick-start/formulus-prerelease-android',
        'quick-start/custom-app',
      ],
    },
    {type: 'doc', id: 'documentation/formulus/formulus', label: 'Formulus'},
    {
      type: 'category',
      label: 'Synkronus',
      link: {
        type: 'generated-index',
        slug: '/category/synkronus',
        title: 'Synkronus',
        description:
          'The Synkronus sync server: how it works, how to configure and deploy it, and the formats it serves.',
      },
      items: [
        'documentation/synkronus/synkronus',
        'documentation/synkronus/app-bundle',
        'documentation/synkronus/sync-protocol',
        'documentation/synkronus/sync-client',
        {type: 'doc', id: 'documentation/synkronus/sync-client-code', label: 'Sync client code'},
        'documentation/synkronus/test-against-the-mock',
        'documentation/synkronus/authentication',
        'documentation/synkronus/errors',
        {
          // The overview (how to read the entries, and every entry by area) is the category's own page.
          type: 'category',
          label: 'Known issues',
          link: {type: 'doc', id: 'documentation/synkronus/known-issues'},
          // Shown on this category's card in the Synkronus index page (otherwise it reads "6 items").
          description: `Where the Synkronus server of ODE ${ODE_RELEASE} does otherwise than its API description ${ODE_API_VERSION}, with a workaround and the source file for each.`,
          items: [
            {
              type: 'doc',
              id: 'documentation/synkronus/known-issues/users-and-tokens',
              label: 'Users and tokens',
            },
            {
              type: 'doc',
              id: 'documentation/synkronus/known-issues/server-and-deployment',
              label: 'Server and deployment',
            },
            {type: 'doc', id: 'documentation/synkronus/known-issues/app-bundles', label: 'App bundles and attachments'},
            {type: 'doc', id: 'documentation/synkronus/known-issues/sync', label: 'Sync and data export'},
            {type: 'doc', id: 'documentation/synkronus/known-issues/synk', label: 'synk'},
            {type: 'doc', id: 'documentation/synkronus/known-issues/formulus', label: 'Formulus'},
          ],
        },
      ],
    },
    {type: 'doc', id: 'documentation/synkronus-cli/cli', label: 'Synkronus CLI'},
    {
      type: 'category',
      label: 'Docs site with Docusaurus',
      link: {
        type: 'generated-index',
        slug: '/category/docs-site-with-docusaurus',
        title: 'Docs site with Docusaurus',
        description: 'For contributors: how this documentation site is built, written, tested and versioned.',
      },
      items: [
        'For-developers/docusaurus/intro',
        'For-developers/docusaurus/performance-budgets',
        'For-developers/docusaurus/light-and-quick-pages',
        {
          type: 'category',
          label: 'Tutorial - Extras',
          link: {
            type: 'generated-index',
            slug: '/category/tutorial---extras',
            title: 'Tutorial - Extras',
            description: TUTORIAL_EXTRAS_DESCRIPTION,
          },
          // Shown on this category's card in the parent index page (otherwise it reads "1 item").
          description: TUTORIAL_EXTRAS_DESCRIPTION,
          items: ['For-developers/docusaurus/tutorial-extras/manage-docs-versions'],
        },
      ],
    },
  ],
};

export default sidebars;
