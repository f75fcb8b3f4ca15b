/**
 * A rehype plugin, given to the twins' library as `beforeDefaultRehypePlugins` (its documented way
 * in): turns the classic theme's markup into the plain HTML the library's HTML-to-Markdown step
 * knows, so that the twins read like the pages' sources:
 * - a code block (one <div class="token-line"> per line, highlighted spans, a copy button) becomes
 *   <pre><code class="language-x">, a fenced block with its language; its title comes before it;
 * - an admonition becomes a blockquote that starts with its heading ("> **note:** …");
 * - heading anchors ("#") and buttons, which only work on the page, are left out;
 * - images get absolute addresses, as the library gives links (it leaves images as they are).
 *
 * Patch: twins-theme-markup
 * Library: @docusaurus/theme-classic 3.10.2 (the markup its CodeBlock, Admonition and Heading render) and
 *   @docusaurus/core 3.10.2 (the names it gives CSS-module classes)
 * Changes: nothing in the library; this plugin reads the theme's rendered markup: the `theme-code-block`
 *   and `theme-admonition` class names, the `token-line` lines, the CSS-module class of a code block's
 *   title (`codeBlockTitle_<hash>`), an admonition's heading as its first child and its content as its
 *   second, `hash-link` heading anchors and the buttons.
 * Why: a feature. The library converts the built HTML, and the theme's markup converts badly: a code
 *   block becomes one paragraph per line with its copy button's label, an admonition loses its kind. The
 *   theme promises the `theme-*` class names for styling, not the structure inside them.
 * Saves: every code block of a twin is fenced with its language and title, every admonition is a quote
 *   that starts with its heading (tests/unit/markdown-twins.spec.ts; figures in PATCHES.md).
 * Remove when: the library converts the theme's code blocks and admonitions itself, or the twins are
 *   made from the pages' sources. tests/unit/patches.spec.ts fails, naming this patch, when the theme
 *   renders these parts differently.
 */
import type {Element, ElementContent, Root, RootContent, Text} from 'hast';

const classes = (node: Element): string[] => {
  const value: unknown = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
};
const hasClass = (node: Element, name: string) => classes(node).includes(name);
/** CSS-module classes carry a hash suffix: "codeBlockTitle_OeMC". */
const hasModuleClass = (node: Element, name: string) =>
  classes(node).some((c) => c === name || c.startsWith(`${name}_`));

const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): Text => ({type: 'text', value});

function textOf(node: RootContent | Root): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'br') return '';
  if ('children' in node) return node.children.map(textOf).join('');
  return '';
}

function find(node: Element, test: (child: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

function findAll(node: Element, test: (child: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) found.push(child);
    else findAll(child, test, found);
  }
  return found;
}

function codeBlock(node: Element): ElementContent[] {
  const languageClass = [node, ...findAll(node, (child) => classes(child).some((c) => c.startsWith('language-')))]
    .flatMap(classes)
    .find((c) => c.startsWith('language-'));
  const lines = findAll(node, (child) => hasClass(child, 'token-line'));
  const pre = find(node, (child) => child.tagName === 'pre');
  const code = (lines.length > 0 ? lines.map(textOf).join('\n') : textOf(pre ?? node)).replace(/\n+$/, '');
  const title = find(node, (child) => hasModuleClass(child, 'codeBlockTitle'));
  const block = element('pre', {}, [element('code', languageClass ? {className: [languageClass]} : {}, [text(code)])]);
  return title ? [element('p', {}, [text(`${textOf(title).trim()}:`)]), block] : [block];
}

function admonition(node: Element, siteUrl: string): ElementContent[] {
  const [heading, content] = node.children.filter((child): child is Element => child.type === 'element');
  const label = element('strong', {}, [text(`${heading ? textOf(heading).trim() : 'note'}:`)]);
  const body = content ? transformChildren(content.children, siteUrl) : [];
  const first = body.find((child): child is Element => child.type === 'element');
  if (first?.tagName === 'p') {
    first.children.unshift(label, text(' '));
    return [element('blockquote', {}, body)];
  }
  return [element('blockquote', {}, [element('p', {}, [label]), ...body])];
}

function transform(node: ElementContent, siteUrl: string): ElementContent[] {
  if (node.type !== 'element') return [node];
  if (node.tagName === 'img' && typeof node.properties.src === 'string' && node.properties.src.startsWith('/')) {
    node.properties.src = `${siteUrl}${node.properties.src}`;
  }
  if (node.tagName === 'button' || (node.tagName === 'a' && hasClass(node, 'hash-link'))) return [];
  if (hasClass(node, 'theme-code-block')) return codeBlock(node);
  if (hasClass(node, 'theme-admonition')) return admonition(node, siteUrl);
  node.children = transformChildren(node.children, siteUrl);
  return [node];
}

function transformChildren(children: ElementContent[], siteUrl: string): ElementContent[] {
  return children.flatMap((child) => transform(child, siteUrl));
}

/** The rehype plugin for a site at `siteUrl` (the address images are made absolute with). */
export default function rehypeThemeMarkup(siteUrl: string) {
  return () => (tree: Root) => {
    // The library hands over the page's content element alone, under a root.
    tree.children = tree.children.flatMap((child): RootContent[] =>
      child.type === 'element' ? transform(child, siteUrl.replace(/\/$/, '')) : [child],
    );
  };
}
