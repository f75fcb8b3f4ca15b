/**
 * Remark plugin: renders each ```mermaid code block to an SVG file at build time and puts an image in
 * its place, so readers download a few KiB of SVG instead of the Mermaid library (hundreds of KiB of
 * JavaScript), and diagrams show without JavaScript and offline.
 *
 * - The diagram's `accTitle:` becomes the image's alt text; a diagram without one fails the build
 *   (an image needs a text alternative).
 * - Rendering uses Mermaid in headless Chromium (render.mjs: mermaid-isomorphic with Playwright and the
 *   system's Chromium, $CHROMIUM_BIN or /usr/bin/chromium), one browser for all diagrams of a page.
 *   SVGs are cached by content hash in node_modules/.cache/mermaid-svg: a warm build launches none.
 * - The image is then handled like any Markdown image (hashed asset, width and height, lazy loading).
 *   Dark mode inverts the neutral diagram colours in CSS (src/css/custom.css, `img[src*='/mermaid-']`).
 */
import {execFile} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {Code, Image, Paragraph, Root} from 'mdast';
import type {VFile} from 'vfile';

const CACHE_DIR = path.resolve(__dirname, '../../../node_modules/.cache/mermaid-svg');
const MERMAID_CONFIG = {theme: 'neutral', fontFamily: 'arial,sans-serif'};
/** Finds the `accTitle:` of a diagram (Mermaid's accessible title), or undefined. */
export function accessibleTitle(diagram: string): string | undefined {
  return /^\s*accTitle\s*:\s*(.+?)\s*$/m.exec(diagram)?.[1];
}

/** Gives the SVG fixed width and height attributes (Mermaid emits width="100%" and a max-width style). */
export function withFixedSize(svg: string, width: number, height: number): string {
  return svg.replace(/<svg\b[^>]*>/, (tag) =>
    tag
      .replace(/\swidth="[^"]*"/, '')
      .replace(/\sheight="[^"]*"/, '')
      .replace(/\sstyle="[^"]*"/, '')
      .replace(/^<svg/, `<svg width="${Math.ceil(width)}" height="${Math.ceil(height)}"`),
  );
}

type Rendered = {svg: string; width: number; height: number} | {error: string};

/** Renders diagrams in a child Node process (render.mjs) that drives headless Chromium. */
function renderDiagrams(diagrams: string[]): Promise<Rendered[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'render.mjs')],
      {maxBuffer: 64 * 1024 * 1024, timeout: 120_000},
      (error, stdout, stderr) => {
        if (error) reject(new Error(`Mermaid rendering failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as Rendered[]);
      },
    );
    child.stdin!.end(JSON.stringify({diagrams, mermaidConfig: MERMAID_CONFIG, prefix: 'mermaid'}));
  });
}

function cacheFileFor(diagram: string): string {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify(MERMAID_CONFIG))
    .update(diagram)
    .digest('hex')
    .slice(0, 16);
  return path.join(CACHE_DIR, `mermaid-${hash}.svg`);
}

/** Returns the SVG file of each diagram, rendering (in one browser) those not in the cache yet. */
async function svgFilesFor(diagrams: {value: string; where: string}[]): Promise<string[]> {
  const files = diagrams.map((d) => cacheFileFor(d.value));
  const missing = diagrams.map((d, i) => ({...d, file: files[i]})).filter((d) => !fs.existsSync(d.file));
  if (missing.length > 0) {
    const results = await renderDiagrams(missing.map((d) => d.value));
    fs.mkdirSync(CACHE_DIR, {recursive: true});
    missing.forEach((d, i) => {
      const result = results[i];
      if ('error' in result) throw new Error(`${d.where}: the Mermaid diagram does not render: ${result.error}`);
      fs.writeFileSync(d.file, withFixedSize(result.svg, result.width, result.height));
    });
  }
  return files;
}

export default function remarkMermaidSvg() {
  return async (tree: Root, file: VFile) => {
    const blocks: {node: Code; index: number; parent: Root | Paragraph}[] = [];
    const visit = (parent: {children: unknown[]}) => {
      parent.children.forEach((child, index) => {
        const node = child as {type: string; lang?: string; children?: unknown[]};
        if (node.type === 'code' && node.lang === 'mermaid')
          blocks.push({node: node as Code, index, parent: parent as Root});
        else if (Array.isArray(node.children)) visit(node as {children: unknown[]});
      });
    };
    visit(tree);
    const diagrams = blocks.map(({node}) => {
      const where = `${path.relative(process.cwd(), file.path)}:${node.position?.start.line ?? '?'}`;
      const alt = accessibleTitle(node.value);
      if (!alt)
        throw new Error(`${where}: a Mermaid diagram needs an "accTitle: ..." line, used as its text alternative`);
      return {value: node.value, where, alt};
    });
    if (diagrams.length === 0) return;
    const svgFiles = await svgFilesFor(diagrams);
    blocks.forEach(({index, parent}, i) => {
      const url = path.relative(path.dirname(file.path), svgFiles[i]).split(path.sep).join('/');
      const image: Image = {type: 'image', url, alt: diagrams[i].alt};
      (parent.children as unknown[])[index] = {type: 'paragraph', children: [image]} satisfies Paragraph;
    });
  };
}
