/**
 * Machine-readable files written after the build, all from the site's own sources:
 * - llms.txt: every docs page (title, URL, description) and the API, in the docs sidebar's order;
 * - llms-full.txt: the text of those pages (their Markdown twins, written by src/plugins/markdown-twins)
 *   and the API reference in text form, projected from the API model (src/api/model/toText.ts);
 * - robots.txt, pointing at the sitemap.
 * The pages come from the docs plugin's content, the API model and its addresses from the `api` plugin's
 * (which also copies the downloadable description into the build). A step of the after-build pipeline
 * (src/plugins/after-build), after the twins: it replaces the twins library's own llms.txt.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {apiReferenceText} from '../../api/model/toText';
import {afterBuildStep} from '../after-build';
import {apiContentOf} from '../api';
import {markdownTwinPath} from '../markdown-twins/options';
import {type DocsPage, docsPages} from './docsPages';

function pageText(page: DocsPage, outDir: string, url: (p: string) => string): string {
  const head = [`# ${page.title}`, '', `URL: ${url(page.permalink)}`, ''];
  if (page.kind === 'category') {
    if (page.description) head.push(page.description, '');
    head.push('Pages in this section:', ...page.children.map((child) => `- [${child.title}](${url(child.permalink)})`));
    return head.join('\n');
  }
  const markdown = readFileSync(path.join(outDir, markdownTwinPath(page.permalink)), 'utf8');
  // The page's own h1 is already the title above.
  return [...head, markdown.replace(/^# .*\n+/, '').trimEnd()].join('\n');
}

export default function siteFiles(context: LoadContext): Plugin {
  const {siteConfig, baseUrl} = context;
  const siteRoot = siteConfig.url.replace(/\/$/, '');
  const url = (permalink: string) => `${siteRoot}${permalink}`;
  return {
    name: 'site-files',
    postBuild: afterBuildStep(({outDir, plugins}) => {
      const docsPlugin = plugins.find((plugin) => plugin.name === 'docusaurus-plugin-content-docs');
      if (!docsPlugin) throw new Error('site-files: the docs plugin is not loaded');
      const pages = docsPages(docsPlugin.content as DocsContent);
      const {model: api, route, downloadPath, introduction} = apiContentOf(plugins, 'site-files');
      const links = {
        reference: url(`${baseUrl}${route.slice(1)}`),
        description: url(`${baseUrl}${downloadPath.slice(1)}`),
      };

      const intro = [
        `# ${siteConfig.title}`,
        '',
        `> ${siteConfig.tagline}`,
        '',
        'Documentation of ODE: the Formulus mobile app, the Synkronus sync server and its HTTP API, and the synk command-line tool.',
        '',
      ];
      const entry = (page: DocsPage) =>
        `- [${page.title}](${url(page.permalink)})${page.description ? `: ${page.description}` : ''}`;
      const summary =
        api.description?.trim() ?? `The ${api.title}, rendered from its OpenAPI description as published.`;
      const apiEntry = `- [${api.title} reference](${links.reference}): ${summary} Version ${api.version}.`;
      const llms = [
        ...intro,
        '## Docs',
        '',
        ...pages.map(entry),
        '',
        '## API',
        '',
        apiEntry,
        `- [${api.title} description, OpenAPI ${api.openapi} (YAML)](${links.description}): the machine-readable API description the reference is generated from.`,
        '',
        '## Optional',
        '',
        `- [Full text](${url(`${baseUrl}llms-full.txt`)}): every page above and the API reference in one text file.`,
        '',
      ];
      writeFileSync(path.join(outDir, 'llms.txt'), llms.join('\n'));

      const full = [
        intro.join('\n'),
        ...pages.map((page) => `${pageText(page, outDir, url)}\n`),
        apiReferenceText(api, links, introduction),
      ];
      writeFileSync(path.join(outDir, 'llms-full.txt'), full.join('\n---\n\n'));

      writeFileSync(
        path.join(outDir, 'robots.txt'),
        ['User-agent: *', 'Allow: /', '', `Sitemap: ${url(`${baseUrl}sitemap.xml`)}`, ''].join('\n'),
      );
    }),
  };
}
