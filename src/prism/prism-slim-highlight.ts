/**
 * The code of patch prism-slim (header in ./prism-react-renderer-slim.ts): prism-react-renderer's `Highlight`
 * (adapted from prism-react-renderer 2.4.1, MIT, Formidable Labs) over a Prism with only the docs' grammars.
 * Only the theme's code block imports it, through the slim module's re-export, so it is bundled with the
 * code block (loaded when a reader comes to one: src/theme/CodeBlock), not in every page's main bundle.
 */
import {createElement, useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import {themeToDict, tokenStyle, type PrismTheme} from './prism-slim-styles';

type PrismLib = typeof import('prismjs');
type PrismToken = import('prismjs').Token;

// The site's own Prism core with the docs' grammars (a grammar file extends the global `Prism`, which is
// pointed at this core while they load). `manual` stops Prism from highlighting the whole document by
// itself when it loads in a browser.
// The grammars are registered on the first code block rendered, not when the module loads: running them
// cost ~6 ms of the longest task when this module was in every page's main bundle.
let prism: PrismLib | undefined;

/** The site's Prism, with its grammars registered on first use. */
export function getPrism(): PrismLib {
  if (prism == null) {
    const scope = globalThis as unknown as {Prism?: unknown};
    scope.Prism = {manual: true, disableWorkerMessageHandler: true};
    const core = require('prismjs/components/prism-core') as PrismLib;
    scope.Prism = core;
    require('prismjs/components/prism-markup');
    require('prismjs/components/prism-css');
    require('prismjs/components/prism-clike');
    require('prismjs/components/prism-javascript');
    require('prismjs/components/prism-typescript');
    require('prismjs/components/prism-json');
    require('prismjs/components/prism-yaml');
    require('prismjs/components/prism-bash');
    require('prismjs/components/prism-powershell');
    require('prismjs/components/prism-ini');
    require('prismjs/components/prism-nginx');
    prism = core;
  }
  return prism;
}

type Token = {types: string[]; content: string; empty?: boolean};

type LineInputProps = {line: Token[]; className?: string; style?: CSSProperties; [key: string]: unknown};
type TokenInputProps = {token: Token; className?: string; style?: CSSProperties; [key: string]: unknown};

type RenderProps = {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInputProps) => Record<string, unknown>;
  getTokenProps: (input: TokenInputProps) => Record<string, unknown>;
};

type HighlightProps = {
  code: string;
  language: string;
  theme?: PrismTheme;
  prism?: PrismLib;
  children: (props: RenderProps) => ReactNode;
};

const newlineRe = /\r\n|\r|\n/;

function normalizeEmptyLines(line: Token[]) {
  if (line.length === 0) {
    line.push({types: ['plain'], content: '\n', empty: true});
  } else if (line.length === 1 && line[0].content === '') {
    line[0].content = '\n';
    line[0].empty = true;
  }
}

function appendTypes(types: string[], add: string | string[]): string[] {
  const last = types[types.length - 1];
  return types.length > 0 && last === add ? types : types.concat(add);
}

/** Flattens Prism's nested token tree into lines of tokens, each with the types of its ancestors. */
export function normalizeTokens(tokens: (PrismToken | string)[]): Token[][] {
  const typeStack: string[][] = [[]];
  const tokenStack: (PrismToken | string)[][] = [tokens];
  const indexStack = [0];
  const sizeStack = [tokens.length];
  let depth = 0;
  let currentLine: Token[] = [];
  const lines = [currentLine];
  while (depth > -1) {
    let i: number;
    while ((i = indexStack[depth]++) < sizeStack[depth]) {
      let types = typeStack[depth];
      const token = tokenStack[depth][i];
      let content: PrismToken['content'];
      if (typeof token === 'string') {
        types = depth > 0 ? types : ['plain'];
        content = token;
      } else {
        types = appendTypes(types, token.type);
        if (token.alias) types = appendTypes(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        depth++;
        typeStack.push(types);
        const children = Array.isArray(content) ? content : [content];
        tokenStack.push(children);
        indexStack.push(0);
        sizeStack.push(children.length);
        continue;
      }
      const parts = content.split(newlineRe);
      currentLine.push({types, content: parts[0]});
      for (let p = 1; p < parts.length; p++) {
        normalizeEmptyLines(currentLine);
        lines.push((currentLine = []));
        currentLine.push({types, content: parts[p]});
      }
    }
    depth--;
    typeStack.pop();
    tokenStack.pop();
    indexStack.pop();
    sizeStack.pop();
  }
  normalizeEmptyLines(currentLine);
  return lines;
}

function HighlightInner({
  children,
  language: rawLanguage,
  code,
  theme,
  prism,
}: Required<Omit<HighlightProps, 'theme'>> & {theme?: PrismTheme}) {
  const language = rawLanguage.toLowerCase();
  const themeDict = theme ? themeToDict(theme, language) : undefined;
  const getLineProps = useCallback(
    ({className, style, line: _line, ...rest}: LineInputProps) => ({
      ...rest,
      className: clsx('token-line', className),
      style: {...(themeDict?.plain ?? {}), ...(style ?? {})},
    }),
    [themeDict],
  );
  const styleForToken = useCallback(
    ({types, empty}: Token): CSSProperties | undefined =>
      themeDict == null ? undefined : tokenStyle(themeDict, types, empty != null),
    [themeDict],
  );
  const getTokenProps = useCallback(
    ({token, className, style, ...rest}: TokenInputProps) => {
      const ownStyle = styleForToken(token);
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style != null ? {...(ownStyle ?? {}), ...style} : ownStyle,
      };
    },
    [styleForToken],
  );
  const grammar = prism.languages[language];
  const tokens = useMemo(() => {
    if (grammar == null) return normalizeTokens([code]);
    const env = {code, grammar, language, tokens: [] as (PrismToken | string)[]};
    prism.hooks.run('before-tokenize', env);
    env.tokens = prism.tokenize(code, grammar);
    prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens);
  }, [code, grammar, language, prism]);
  return children({
    tokens,
    className: `prism-code language-${language}`,
    style: themeDict?.root ?? {},
    getLineProps,
    getTokenProps,
  });
}

export function Highlight(props: HighlightProps) {
  return createElement(HighlightInner, {...props, prism: props.prism ?? getPrism()});
}
