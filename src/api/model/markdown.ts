/**
 * CommonMark of the API description rendered to HTML at build time, with micromark and its GFM
 * extension (tables, autolinks, strikethrough), the parser under the docs' own Markdown pipeline.
 * Raw HTML in the description is escaped, not passed through (micromark's default): the page shows
 * what the description says and runs nothing from it.
 */
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';

export type MarkdownOptions = {
  /** The highest heading level the text may use: with 4, a `#` heading becomes `<h4>`, `##` `<h5>`… */
  topHeading?: number;
};

/** Class of the focusable box a table is wrapped in, so a wide table scrolls inside it on a phone. */
export const TABLE_BOX_CLASS = 'api-table-box';

/** The HTML of `text`, or undefined for no text. */
export function renderMarkdown(text: string | undefined, {topHeading = 1}: MarkdownOptions = {}): string | undefined {
  if (!text?.trim()) return undefined;
  const html = micromark(text.trim(), {extensions: [gfm()], htmlExtensions: [gfmHtml()]});
  return (
    html
      .replace(
        /<(\/?)h([1-6])>/g,
        (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + topHeading - 1)}>`,
      )
      // A box that keyboard users can focus to scroll (axe: scrollable-region-focusable), as ScrollableTable does on docs pages.
      .replace(/<table>/g, `<div class="${TABLE_BOX_CLASS}" tabindex="0"><table>`)
      .replace(/<\/table>/g, '</table></div>')
      .trim()
  );
}

export type MarkdownSection = {title: string; body: string};

/**
 * Splits a description at its `## ` headings (outside fenced code): the text before the first one,
 * and each section with its title and body.
 */
export function splitSections(text: string | undefined): {lead: string; sections: MarkdownSection[]} {
  const lead: string[] = [];
  const sections: {title: string; lines: string[]}[] = [];
  let fence: string | undefined;
  for (const line of (text ?? '').split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
    }
    const heading = fence === undefined ? /^##\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading) sections.push({title: heading[1], lines: []});
    else (sections.at(-1)?.lines ?? lead).push(line);
  }
  return {
    lead: lead.join('\n').trim(),
    sections: sections.map(({title, lines}) => ({title, body: lines.join('\n').trim()})),
  };
}
