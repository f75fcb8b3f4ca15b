/**
 * Turns the built HTML of a docs page back into Markdown for llms-full.txt. Working from the HTML
 * (not the MDX source) keeps what components render, such as tables built from data files.
 */
import {load, type Cheerio, type CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';

type Context = {$: CheerioAPI; base: string};

const collapse = (text: string) => text.replace(/\s+/g, ' ');

function absolute(href: string, base: string): string {
  if (href.startsWith('#')) return href;
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

function inline(nodes: Cheerio<AnyNode>, ctx: Context): string {
  let out = '';
  nodes.each((_, node) => {
    if (node.type === 'text') {
      out += collapse(node.data);
      return;
    }
    if (node.type !== 'tag') return;
    const el = ctx.$(node);
    const inner = () => inline(el.contents(), ctx);
    switch (node.tagName) {
      case 'a': {
        const href = el.attr('href');
        const text = inner().trim();
        if (el.hasClass('hash-link') || !text) break;
        out += href ? `[${text}](${absolute(href, ctx.base)})` : text;
        break;
      }
      case 'code':
        out += `\`${el.text()}\``;
        break;
      case 'strong':
      case 'b':
        out += `**${inner().trim()}**`;
        break;
      case 'em':
      case 'i':
        out += `*${inner().trim()}*`;
        break;
      case 'br':
        out += '\n';
        break;
      case 'img':
        out += `![${el.attr('alt') ?? ''}](${absolute(el.attr('src') ?? '', ctx.base)})`;
        break;
      case 'svg':
      case 'button':
        break;
      default:
        out += inner();
    }
  });
  return out;
}

function codeBlock(el: Cheerio<Element>, ctx: Context): string {
  const language = /language-([\w-]+)/.exec(el.attr('class') ?? el.find('[class*="language-"]').attr('class') ?? '')?.[1] ?? '';
  const lines = el.find('.token-line');
  const code = lines.length
    ? lines.map((_, line) => ctx.$(line).text()).get().join('\n')
    : el.find('pre').text() || el.text();
  const title = el.find('[class*="codeBlockTitle"]').text().trim();
  return `${title ? `${title}:\n\n` : ''}\`\`\`${language}\n${code.replace(/\n+$/, '')}\n\`\`\``;
}

function table(el: Cheerio<Element>, ctx: Context): string {
  const rows = el
    .find('tr')
    .map((_, tr) => [
      ctx
        .$(tr)
        .children('th, td')
        .map((__, cell) => inline(ctx.$(cell).contents(), ctx).trim().replace(/\|/g, '\\|').replace(/\n/g, ' '))
        .get(),
    ])
    .get() as string[][];
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((row) => row.length));
  const line = (cells: string[]) => `| ${Array.from({length: width}, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(rows[0]), line(Array(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

function list(el: Cheerio<Element>, ctx: Context, depth: number): string {
  const ordered = el.is('ol');
  return el
    .children('li')
    .map((index, li) => {
      const item = ctx.$(li);
      const nested = item.children('ul, ol');
      const text = blocks(item.contents().not(nested), ctx).trim().replace(/\n/g, `\n${'  '.repeat(depth + 1)}`);
      const children = nested.map((_, sub) => list(ctx.$(sub), ctx, depth + 1)).get().join('\n');
      const bullet = ordered ? `${index + 1}.` : '-';
      return `${'  '.repeat(depth)}${bullet} ${text}${children ? `\n${children}` : ''}`;
    })
    .get()
    .join('\n');
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

const INLINE_TAGS = new Set(['a', 'code', 'strong', 'b', 'em', 'i', 'br', 'img', 'span', 'sup', 'sub', 'kbd', 'abbr', 'mark', 'small', 'del', 'time']);

function blocks(nodes: Cheerio<AnyNode>, ctx: Context): string {
  const parts: string[] = [];
  let pendingInline: AnyNode[] = [];
  const flush = () => {
    const text = inline(ctx.$(pendingInline), ctx).trim();
    if (text) parts.push(text);
    pendingInline = [];
  };
  nodes.each((_, node) => {
    if (node.type === 'text' || (node.type === 'tag' && INLINE_TAGS.has(node.tagName))) {
      pendingInline.push(node);
      return;
    }
    if (node.type !== 'tag') return;
    flush();
    const el = ctx.$(node);
    const tag = node.tagName;
    if (/^h[1-6]$/.test(tag)) {
      parts.push(`${'#'.repeat(Number(tag[1]))} ${inline(el.contents(), ctx).trim()}`);
    } else if (tag === 'p') {
      parts.push(inline(el.contents(), ctx).trim());
    } else if (tag === 'ul' || tag === 'ol') {
      parts.push(list(el, ctx, 0));
    } else if (tag === 'pre' || el.is('.theme-code-block')) {
      parts.push(codeBlock(el, ctx));
    } else if (tag === 'table') {
      parts.push(table(el, ctx));
    } else if (tag === 'blockquote') {
      parts.push(quote(blocks(el.contents(), ctx)));
    } else if (el.is('.theme-admonition')) {
      const heading = el.children().first().text().trim();
      const body = blocks(el.children().last().contents(), ctx);
      parts.push(quote(`**${heading}:** ${body}`));
    } else if (tag === 'hr') {
      parts.push('---');
    } else if (tag === 'details') {
      const summary = el.children('summary').first();
      parts.push(`**${inline(summary.contents(), ctx).trim()}**`, blocks(el.contents().not(summary), ctx));
    } else if (el.is('.tabs-container')) {
      // Every tab, each introduced by its label.
      const labels = el.find('[role="tab"]').map((__, tab) => ctx.$(tab).text().trim()).get();
      el.find('[role="tabpanel"]').each((index, panel) => {
        parts.push(`**${labels[index] ?? ''}**`, blocks(ctx.$(panel).contents(), ctx));
      });
    } else if (tag === 'script' || tag === 'style' || tag === 'button' || tag === 'svg' || tag === 'nav' || tag === 'noscript') {
      // Not content.
    } else {
      parts.push(blocks(el.contents(), ctx));
    }
  });
  flush();
  return parts.filter((part) => part.trim()).join('\n\n');
}

/**
 * The Markdown of the element matched by `selector` in `html` (links made absolute against `pageUrl`),
 * or null when the page has no such element.
 */
export function htmlToMarkdown(html: string, selector: string, pageUrl: string): string | null {
  const $ = load(html);
  const root = $(selector).first();
  if (root.length === 0) return null;
  return blocks(root.contents(), {$, base: pageUrl}).trim();
}
