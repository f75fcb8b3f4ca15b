/**
 * The inline styles a Prism colour theme gives a code block (part of patch prism-slim, see
 * ./prism-react-renderer-slim.ts; adapted from prism-react-renderer 2.4.1, MIT, Formidable Labs), without
 * Prism: ./prism-slim-highlight.ts renders with them, and `restyleCodeBlock` applies another theme to a
 * block already rendered (src/theme/CodeBlock, when the colour mode is not the one the server rendered).
 */
import type {CSSProperties} from 'react';

type PrismThemeEntry = {types: string[]; languages?: string[]; style: CSSProperties};
export type PrismTheme = {plain: CSSProperties; styles: PrismThemeEntry[]};
export type ThemeDict = Record<string, CSSProperties> & {root: CSSProperties; plain: CSSProperties};

/** The theme's styles by token type, for one language; `root` for the <pre>, `plain` for each line. */
export function themeToDict(theme: PrismTheme, language: string): ThemeDict {
  const dict = theme.styles.reduce<Record<string, CSSProperties>>((acc, entry) => {
    if (entry.languages && !entry.languages.includes(language)) return acc;
    for (const type of entry.types) acc[type] = {...acc[type], ...entry.style};
    return acc;
  }, {});
  return {...dict, root: theme.plain, plain: {...theme.plain, backgroundColor: undefined}};
}

/** A token's style: its types' styles in order (the last wins); an empty token is an inline block. */
export function tokenStyle(dict: ThemeDict, types: string[], empty: boolean): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty) return dict[types[0]];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((t) => dict[t])) as CSSProperties;
}

function setStyle(element: HTMLElement, style: CSSProperties | undefined) {
  element.removeAttribute('style');
  for (const [name, value] of Object.entries(style ?? {})) {
    if (value != null)
      element.style.setProperty(
        name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
        String(value),
      );
  }
}

/**
 * Gives a code block rendered by Highlight the styles of `theme`, reading each token's types from its
 * classes (`token` and its types, in order): what Highlight would render with that theme, without Prism.
 * `container` is the theme's code block, whose colours are the custom properties the theme's CSS reads.
 */
export function restyleCodeBlock(container: HTMLElement, theme: PrismTheme): void {
  for (const [name, value] of [
    ['--prism-color', theme.plain.color],
    ['--prism-background-color', theme.plain.backgroundColor],
  ] as const) {
    if (typeof value === 'string') container.style.setProperty(name, value);
  }
  container.querySelectorAll<HTMLElement>('pre.prism-code').forEach((pre) => {
    const language = /\blanguage-(\S+)/.exec(pre.className)?.[1] ?? '';
    const dict = themeToDict(theme, language);
    setStyle(pre, dict.root);
    pre.querySelectorAll<HTMLElement>('.token-line').forEach((line) => setStyle(line, dict.plain));
    pre.querySelectorAll<HTMLElement>('.token').forEach((token) => {
      const types = Array.from(token.classList).filter((c) => c !== 'token');
      setStyle(token, tokenStyle(dict, types, token.style.display === 'inline-block'));
    });
  });
}
