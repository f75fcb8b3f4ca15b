/** The options of the twins' library, and where a page's twin is (apart from the library, which only Docusaurus' loader can load). */
import type llmsTxtPlugin from '@signalwire/docusaurus-plugin-llms-txt';
import {API_ROUTE, SITE_URL} from '../../../site.constants';
import rehypeThemeMarkup from './rehypeThemeMarkup';
import remarkTwinLinks from './remarkTwinLinks';

export {markdownTwinPath} from '../../components/CopyPageMarkdown/twinPath';

type TwinsPluginOptions = NonNullable<Parameters<typeof llmsTxtPlugin>[1]>;

/** The options of the library: docs pages only, links absolute so that a twin read on its own still leads back. */
export const MARKDOWN_TWINS_OPTIONS: TwinsPluginOptions = {
  onRouteError: 'throw',
  logLevel: 0,
  content: {
    enableMarkdownFiles: true,
    // llms-full.txt is the site's own (src/plugins/site-files): it adds the API reference, which is no docs page.
    enableLlmsFullTxt: false,
    relativePaths: false,
    includeDocs: true,
    includePages: false,
    includeBlog: false,
    // A generated category index is a list of links, not text: llms-full.txt lists its pages from the
    // sidebar (src/plugins/site-files), and it has no "Copy page" button.
    includeGeneratedIndex: false,
    // The library takes every route it cannot attribute to a plugin for a page: the API reference has
    // its own text in llms-full.txt (src/api/model/toText.ts).
    excludeRoutes: [API_ROUTE],
    contentSelectors: ['.theme-doc-markdown'],
    beforeDefaultRehypePlugins: [rehypeThemeMarkup(SITE_URL)],
    remarkPlugins: [remarkTwinLinks],
  },
};
