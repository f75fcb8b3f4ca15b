/**
 * After every `docusaurus build`, hashes the inline scripts of the built HTML and writes them as an
 * nginx include (build-nginx/docs-site-csp.conf) that deploy/nginx/docs-site.conf puts in its
 * Content-Security-Policy. The hashes come from the build itself, so they cannot go stale; the
 * build fails on inline event handlers and javascript: URLs, which no hash can allow.
 */
import {createHash} from 'node:crypto';
import {mkdir, readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** Where the include is written, relative to the site directory (beside build/, never inside it). */
export const CSP_INCLUDE_FILE = 'build-nginx/docs-site-csp.conf';

/** The nginx variable the include defines and docs-site.conf reads. */
const CSP_HASHES_VARIABLE = '$docs_csp_script_hashes';

// An attribute list that may contain quoted ">" characters.
const ATTRS = String.raw`((?:[^>"']|"[^"]*"|'[^']*')*)`;
const SCRIPT_ELEMENT = new RegExp(String.raw`<script\b${ATTRS}>([\s\S]*?)<\/script[\s/>]`, 'gi');
const RAW_TEXT_ELEMENT = new RegExp(String.raw`<(script|style)\b${ATTRS}>[\s\S]*?<\/\1[\s/>]`, 'gi');
const COMMENT = /<!--[\s\S]*?-->/g;
const START_TAG = new RegExp(String.raw`<([a-zA-Z][^\s/>]*)${ATTRS}>`, 'g');
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

/**
 * Script types the browser runs (or, for import maps and speculation rules, checks against
 * script-src). Any other type is a data block, such as the JSON-LD Docusaurus emits, which CSP
 * ignores, so it needs no hash.
 */
const CHECKED_SCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'text/ecmascript',
]);

function attributes(attrText: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const [, name, raw = ''] of attrText.matchAll(ATTRIBUTE)) {
    result.set(name.toLowerCase(), raw.replace(/^(["'])([\s\S]*)\1$/, '$2'));
  }
  return result;
}

/** The CSP source expression of one inline script, as the browser computes it. */
export function scriptHash(text: string): string {
  // The HTML parser turns CRLF and CR into LF before the script text exists.
  const normalised = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}'`;
}

/** Hashes of the inline scripts of one HTML document that CSP checks. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrText, body] of html.matchAll(SCRIPT_ELEMENT)) {
    const attrs = attributes(attrText);
    if (attrs.has('src')) continue;
    const type = (attrs.get('type') ?? '').split(';')[0].trim().toLowerCase();
    if (!CHECKED_SCRIPT_TYPES.has(type)) continue;
    hashes.push(scriptHash(body));
  }
  return hashes;
}

/** Markup that a hash-based script-src blocks: inline event handlers and javascript: URLs. */
export function unhashableScripts(html: string): string[] {
  const markup = html.replace(RAW_TEXT_ELEMENT, '').replace(COMMENT, '');
  const problems: string[] = [];
  for (const [, tag, attrText] of markup.matchAll(START_TAG)) {
    for (const [name, value] of attributes(attrText)) {
      if (/^on[a-z]+$/.test(name)) problems.push(`<${tag} ${name}="…">: inline event handler`);
      if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value)) {
        problems.push(`<${tag} ${name}="${value}">: javascript: URL`);
      }
    }
  }
  return problems;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export type BuildScan = {htmlFiles: number; hashes: string[]};

/** Scans every HTML file below `outDir`; throws, naming each file and problem, on unhashable scripts. */
export async function scanBuild(outDir: string): Promise<BuildScan> {
  const files = await htmlFiles(outDir);
  const hashes = new Set<string>();
  const problems: string[] = [];
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    inlineScriptHashes(html).forEach((h) => hashes.add(h));
    for (const problem of unhashableScripts(html)) problems.push(`${path.relative(outDir, file)}: ${problem}`);
  }
  if (problems.length > 0) {
    throw new Error(
      `Content-Security-Policy: these scripts cannot be allowed by a hash (move them into a script file):\n  ${problems.join('\n  ')}`,
    );
  }
  return {htmlFiles: files.length, hashes: [...hashes].sort()};
}

/** The nginx include: one http-level variable holding the hash source list. */
export function renderInclude(scan: BuildScan): string {
  return [
    '# Generated by src/plugins/csp-header at the end of `docusaurus build`: do not edit.',
    `# The ${scan.hashes.length} distinct inline scripts of the ${scan.htmlFiles} HTML files of the build,`,
    '# used by the Content-Security-Policy in deploy/nginx/docs-site.conf.',
    `map "" ${CSP_HASHES_VARIABLE} {`,
    `    default "${scan.hashes.join(' ')}";`,
    '}',
    '',
  ].join('\n');
}

/**
 * Docusaurus runs every plugin's postBuild at once, and some write HTML pages then (the redirect
 * pages of plugin-client-redirects): the scan must wait for them, or their inline scripts are missed
 * (it depended on which finished first). Such a plugin is wrapped with `writesHtmlAfterBuild`.
 */
const htmlWriters: Promise<unknown>[] = [];

export function writesHtmlAfterBuild<Content>(plugin: Plugin<Content> | null): Plugin<Content> | null {
  if (!plugin?.postBuild) return plugin;
  const postBuild = plugin.postBuild.bind(plugin);
  let settle!: (run: Promise<unknown>) => void;
  htmlWriters.push(new Promise((resolve) => (settle = resolve)));
  return {
    ...plugin,
    postBuild: (props) => {
      const run = Promise.resolve(postBuild(props));
      settle(run.catch(() => undefined));
      return run;
    },
  };
}

export default function cspHeaderPlugin(context: LoadContext): Plugin {
  return {
    name: 'csp-header',
    async postBuild({outDir}) {
      await Promise.all(htmlWriters.splice(0));
      const scan = await scanBuild(outDir);
      const file = path.join(context.siteDir, CSP_INCLUDE_FILE);
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(file, renderInclude(scan));
      console.log(`[csp-header] ${scan.hashes.length} inline script hashes from ${scan.htmlFiles} HTML files → ${CSP_INCLUDE_FILE}`);
    },
  };
}
