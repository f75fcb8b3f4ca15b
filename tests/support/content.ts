/**
 * Reading the site's content for the content checks: which files hold pages, and the code blocks,
 * inline code and headings in them, each with its line number so a failure can name file and line.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** All files under `dir` (relative to the repository root) whose name matches `pattern`. */
export function listFiles(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, {withFileTypes: true})) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name)) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, dir));
  return out.sort();
}

/** Every page a reader sees: the docs and the standalone pages. */
export function pageFiles(): string[] {
  return [...listFiles('docs', /\.mdx?$/), ...listFiles('src/pages', /\.(mdx?|tsx)$/)];
}

export function readRepoFile(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

export type Line = {text: string; line: number};
export type CodeBlock = {lang: string; meta: string; line: number; lines: Line[]};
export type MarkdownParts = {codeBlocks: CodeBlock[]; proseLines: Line[]};

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/;

/** Splits Markdown into fenced code blocks and the lines outside them (front matter excluded). */
export function splitMarkdown(text: string): MarkdownParts {
  const lines = text.split('\n');
  const codeBlocks: CodeBlock[] = [];
  const proseLines: Line[] = [];
  let i = 0;
  if (lines[0]?.trim() === '---') {
    i = 1;
    while (i < lines.length && lines[i].trim() !== '---') i++;
    i++;
  }
  let open: {fence: string; block: CodeBlock} | null = null;
  for (; i < lines.length; i++) {
    const text = lines[i];
    const line = i + 1;
    if (open) {
      const close = text.trim();
      if (close.startsWith(open.fence) && new RegExp(`^\\${open.fence[0]}+$`).test(close)) {
        codeBlocks.push(open.block);
        open = null;
      } else {
        open.block.lines.push({text, line});
      }
      continue;
    }
    const m = FENCE.exec(text);
    if (m) {
      open = {fence: m[2], block: {lang: m[3].toLowerCase(), meta: m[4].trim(), line, lines: []}};
      continue;
    }
    proseLines.push({text, line});
  }
  if (open) codeBlocks.push(open.block);
  return {codeBlocks, proseLines};
}

/** Inline code spans (`code`, ``co`de``) of prose lines. */
export function inlineCode(proseLines: Line[]): Line[] {
  const out: Line[] = [];
  const span = /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;
  for (const {text, line} of proseLines) {
    for (const m of text.matchAll(span)) out.push({text: m[2].trim(), line});
  }
  return out;
}

/** The static text of <code>…</code> elements in a TSX page. */
export function jsxCode(text: string): Line[] {
  const out: Line[] = [];
  text.split('\n').forEach((l, index) => {
    for (const m of l.matchAll(/<code>([^<{]*)<\/code>/g)) out.push({text: m[1].trim(), line: index + 1});
  });
  return out;
}

export type Heading = {level: number; title: string; line: number};

/**
 * Sections with no content: a heading followed directly (blank lines aside) by a heading of the same or a
 * higher level, or by the end of the file. Code blocks count as content.
 */
export function emptySections(text: string): Heading[] {
  const {codeBlocks, proseLines} = splitMarkdown(text);
  type Item = {line: number; heading?: Heading};
  const items: Item[] = codeBlocks.map((b) => ({line: b.line}));
  for (const {text: t, line} of proseLines) {
    if (t.trim() === '') continue;
    const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(t);
    items.push(m ? {line, heading: {level: m[1].length, title: m[2], line}} : {line});
  }
  items.sort((a, b) => a.line - b.line);
  const empty: Heading[] = [];
  items.forEach((item, index) => {
    if (!item.heading) return;
    const next = items[index + 1];
    if (!next || (next.heading && next.heading.level <= item.heading.level)) empty.push(item.heading);
  });
  return empty;
}
