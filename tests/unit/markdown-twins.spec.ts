/**
 * The Markdown twins of the docs pages (src/plugins/markdown-twins), read from the build: one beside
 * every docs page, starting with the page's title, with the theme's code blocks, admonitions, tables
 * and links turned into the Markdown a page's source would have, and every link to another twin
 * leading to a file of the build. llms-full.txt is made of them (tests/e2e/machine-readable.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {SITE_URL} from '../../site.constants';
import {MARKDOWN_TWINS_OPTIONS, markdownTwinPath} from '../../src/plugins/markdown-twins/options';

const BUILD = path.join(REPO_ROOT, 'build');

/** Every built docs page with content of its own (generated category indexes have none), by route. */
function docsPages(): {route: string; html: string}[] {
  return fs
    .readdirSync(path.join(BUILD, 'docs'), {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name))
    .map((file) => ({file, html: fs.readFileSync(file, 'utf8')}))
    .filter(({html}) => html.includes('theme-doc-markdown'))
    .map(({file, html}) => ({
      route: `/${path.relative(BUILD, file).split(path.sep).join('/')}`.replace(/(\/index)?\.html$/, '/'),
      html,
    }));
}

const twin = (route: string) => fs.readFileSync(path.join(BUILD, markdownTwinPath(route)), 'utf8');
const allTwins = () => docsPages().map(({route}) => ({route, markdown: twin(route)}));

test('every docs page has a twin that starts with its title', () => {
  const pages = docsPages();
  expect(pages.length).toBeGreaterThan(10);
  for (const {route, html} of pages) {
    const title = load(html)('.theme-doc-markdown h1').first().text().trim();
    expect(title, `${route}: h1`).not.toBe('');
    expect(twin(route).split('\n')[0], `${route}: first line of ${markdownTwinPath(route)}`).toBe(`# ${title}`);
  }
});

test('the twin of a page ends its URL in .md: /docs/ODE → /docs/ODE.md, /docs/quick-start/ → /docs/quick-start.md', () => {
  expect(markdownTwinPath('/docs/ODE')).toBe('/docs/ODE.md');
  expect(markdownTwinPath('/docs/quick-start/')).toBe('/docs/quick-start.md');
});

test('a page without the docs content element fails the build instead of giving an empty twin', () => {
  expect(MARKDOWN_TWINS_OPTIONS.onRouteError).toBe('throw');
  expect(MARKDOWN_TWINS_OPTIONS.content?.contentSelectors).toEqual(['.theme-doc-markdown']);
});

test('code blocks are fenced with their language, one line per line, with their title and without the copy button', () => {
  const markdown = twin('/docs/quick-start/synkronus-server');
  expect(markdown).toContain(
    '```bash\nopenssl rand -base64 32   # JWT secret: signs every login token\nopenssl rand -hex 24',
  );
  expect(markdown).toContain('docker-compose.yml:\n\n```yaml\nservices:\n  postgres:\n    image: postgres:17\n');
  for (const {route, markdown: text} of allTwins()) {
    expect(text, `${route}: a copy button's label`).not.toMatch(/^Copy( code)?$/m);
    expect(text, `${route}: a code line left as a paragraph`).not.toContain('token-line');
  }
});

test('admonitions are quotes that start with their heading; heading anchors are left out', () => {
  expect(twin('/docs/quick-start/synkronus-server')).toMatch(
    /^> \*\*Release covered: ODE v[\d.]+-alpha\.\d+, API [\d.]+:\*\* This guide installs/m,
  );
  for (const {route, markdown} of allTwins()) {
    expect(markdown, `${route}: heading anchor`).not.toContain('Direct link to');
    expect(markdown, `${route}: heading anchor`).not.toContain('[\u200b](#');
  }
});

test('headings, lists, inline code and tables keep their Markdown', () => {
  expect(twin('/docs/quick-start/synkronus-server')).toMatch(
    /^\* A Linux machine with Docker and the Docker Compose plugin\./m,
  );
  expect(twin('/docs/quick-start/custom-app')).toMatch(
    /^1\. In Formulus, open \*\*Sync\*\* .*\n2\. Press \*\*Update forms and custom app\*\*/m,
  );
  const markdown = twin('/docs/documentation/synkronus-cli/cli');
  expect(markdown).toMatch(/^## /m);
  expect(markdown).toMatch(
    /^\| System +\| Asset +\|\n\| -+ \| -+ \|\n\| Linux, Intel or AMD 64-bit +\| `synkronus-cli-linux-amd64` +\|/m,
  );
});

test('links are absolute (or to a heading of the page): to other twins, which exist, to the API reference and to other sites', () => {
  // Links outside code: a code block or span may show Markdown link syntax as text.
  const prose = (markdown: string) => markdown.replace(/^```[^]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  const links = allTwins().flatMap(({route, markdown}) =>
    [...prose(markdown).matchAll(/\]\((\S+?)(?: "[^"]*")?\)/g)].map((m) => ({route, url: m[1]})),
  );
  expect(links.length).toBeGreaterThan(50);
  for (const {route, url} of links) {
    expect(url, `${route}: relative link`).toMatch(/^(https?:|mailto:|data:|#)/);
    if (!url.startsWith(`${SITE_URL}/docs/`)) continue;
    const {pathname} = new URL(url);
    expect(pathname, `${route}: a link to a docs page, not its twin`).toMatch(/\.md$/);
    expect(fs.existsSync(path.join(BUILD, pathname)), `${route}: ${url} has no twin in the build`).toBe(true);
  }
  expect(twin('/docs/quick-start/synkronus-server')).toContain(`](${SITE_URL}/api)`);
  expect(twin('/docs/ODE')).toMatch(new RegExp(`!\\[[^\\]]*\\]\\(${SITE_URL}/assets/images/mermaid-[\\w-]+\\.svg\\)`));
});

test("the offline copy (the service worker's precache list) holds every twin", () => {
  const serviceWorker = fs.readFileSync(path.join(BUILD, 'sw.js'), 'utf8');
  for (const {route} of docsPages()) {
    expect(serviceWorker, `sw.js precaches ${markdownTwinPath(route)}`).toContain(
      `"url":"${markdownTwinPath(route).slice(1)}"`,
    );
  }
});
