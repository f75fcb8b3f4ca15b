/** src/plugins/csp-header: the inline-script hashes behind the nginx Content-Security-Policy. */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import type {LoadedPlugin} from '@docusaurus/types';
import afterBuild, {inAfterBuild, type AfterBuildProps} from '../../src/plugins/after-build';
import cspHeaderPlugin, {
  CSP_INCLUDE_FILE,
  inlineScriptHashes,
  renderInclude,
  scanBuild,
  scriptHash,
  unhashableScripts,
} from '../../src/plugins/csp-header';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test('hashes classic, module and unquoted-type inline scripts, exactly as written', () => {
  const html = [
    '<script>a()</script>',
    '<script type=module>b()</script>',
    '<script type="text/javascript" data-x="1 > 0">c()</script>',
    '<SCRIPT>d()</SCRIPT >',
  ].join('');
  expect(inlineScriptHashes(html)).toEqual(['a()', 'b()', 'c()', 'd()'].map(sha256));
});

test('skips external scripts and data blocks such as JSON-LD', () => {
  const html =
    '<script src=/assets/js/main.js defer></script>' +
    '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>' +
    '<script type="application/json">{}</script>';
  expect(inlineScriptHashes(html)).toEqual([]);
});

test('hashes line ends as the HTML parser sees them (CRLF becomes LF)', () => {
  expect(scriptHash('a();\r\nb();\rc();')).toBe(sha256('a();\nb();\nc();'));
});

test('finds inline event handlers and javascript: URLs, but not text inside scripts or comments', () => {
  const html =
    '<button onclick="go()">x</button><a href=" javascript:void(0)">y</a><img data-onload="x" src=/a.png>' +
    '<script>el.innerHTML = \'<b onclick="x()">\'</script><!-- <i onmouseover="x()"> -->';
  expect(unhashableScripts(html)).toEqual([
    '<button onclick="…">: inline event handler',
    '<a href=" javascript:void(0)">: javascript: URL',
  ]);
});

test('reads attributes as the browser does: an entity-encoded javascript: URL is found, a quoted ">" ends no tag', () => {
  const html =
    '<a title="1 > 0" href="&#106;avascript:go()">x</a><form><button formaction="JavaScript:x()">y</button></form>';
  expect(unhashableScripts(html)).toEqual([
    '<a href="javascript:go()">: javascript: URL',
    '<button formaction="JavaScript:x()">: javascript: URL',
  ]);
});

test('a build with an inline event handler fails, naming the file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-header-'));
  try {
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<script>ok()</script>');
    fs.writeFileSync(path.join(dir, 'docs', 'index.html'), '<body onload="init()"></body>');
    await expect(scanBuild(dir)).rejects.toThrow(/docs\/index\.html: <body onload="…">: inline event handler/);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the scan hashes the pages that the steps before it wrote after the build (the redirect pages)', async () => {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-header-'));
  const outDir = path.join(siteDir, 'build');
  try {
    fs.mkdirSync(path.join(outDir, 'docs'), {recursive: true});
    fs.writeFileSync(path.join(outDir, 'index.html'), '<script>page()</script>');
    const redirects = inAfterBuild({
      name: 'redirect-pages',
      async postBuild() {
        // Another turn of the event loop before the page exists: a scan run beside this step would miss it.
        await new Promise((resolve) => setImmediate(resolve));
        fs.writeFileSync(path.join(outDir, 'docs', 'index.html'), '<script>redirect()</script>');
      },
    })!;
    const csp = cspHeaderPlugin({siteDir} as Parameters<typeof cspHeaderPlugin>[0]);
    const plugins = [redirects, csp].map((plugin) => ({...plugin, content: undefined}) as unknown as LoadedPlugin);
    const pipeline = afterBuild({} as never, {order: ['redirect-pages', 'csp-header'], beside: []});
    await pipeline.postBuild!({outDir, plugins} as AfterBuildProps);
    const include = fs.readFileSync(path.join(siteDir, CSP_INCLUDE_FILE), 'utf8');
    expect(include).toContain('inline scripts of the 2 HTML files');
    expect(include).toContain(sha256('redirect()'));
  } finally {
    fs.rmSync(siteDir, {recursive: true, force: true});
  }
});

test('the include defines the hash list for nginx, empty when there is no inline script', () => {
  expect(renderInclude({htmlFiles: 2, hashes: ["'sha256-a'", "'sha256-b'"]})).toMatch(
    /^map "" \$docs_csp_script_hashes \{\n {4}default "'sha256-a' 'sha256-b'";\n\}$/m,
  );
  expect(renderInclude({htmlFiles: 1, hashes: []})).toContain('default "";');
});

test('the include beside the build is the one this build produces (not stale)', async () => {
  const include = fs.readFileSync(path.join(REPO_ROOT, CSP_INCLUDE_FILE), 'utf8');
  const scan = await scanBuild(path.join(REPO_ROOT, 'build'));
  expect(scan.htmlFiles).toBeGreaterThan(1);
  expect(include, `${CSP_INCLUDE_FILE} does not match build/: rebuild with npm run build`).toBe(renderInclude(scan));
});
