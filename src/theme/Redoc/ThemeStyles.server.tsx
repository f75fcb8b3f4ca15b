/**
 * Server side of the /api styles. Redoc is styled by styled-components, whose class names are hashes
 * of the CSS, so the light and dark themes give the same markup different class names. This renders
 * Redoc in both themes, maps each dark class to the light class at the same place in the markup,
 * and emits the light CSS under html:not([data-theme='dark']) and the dark CSS, rewritten to the
 * light class names, under html[data-theme='dark']. The page's light markup is then styled right
 * in either mode before any JavaScript runs.
 *
 * The dark CSS is also emitted under its own class names, and every class name of both renderings is
 * listed in a JSON data block (STYLE_NAMES_ID) that ThemeStyles.tsx hands to styled-components on the
 * client: it then injects no rule that the server CSS already has. Without that, hydrating /api
 * inserted Redoc's whole CSS rule by rule, and each insertion made the browser restyle the whole page
 * (six restyles of about 50 ms each on this project's test machine, four times that on a throttled phone).
 */
import React from 'react';
import {renderToString} from 'react-dom/server';
import {ServerStyleSheet} from 'styled-components';
import * as redoc from 'redoc';
import type {ThemeStylesProps} from './ThemeStyles';
import {createStore} from './store';
import {STYLE_NAMES_ID, type StyleNames} from './styleNames';

/**
 * The browser lays out each call's section only when it nears the screen: the whole reference is
 * about 10,000 elements, whose layout was the longest main-thread work of a loaded /api (the calls
 * are most of them). The sections stay in the page (find in page, the accessibility tree, keyboard
 * focus and links reach them), and a section's estimated height gives way to its real one once shown.
 * The estimate, 600px, is under every call's real height (665px at the least, on a wide screen), and
 * the clipping keeps a section's content inside that box until it is shown: accessibility checkers
 * look there for what lies behind a text (with a larger estimate, or on the schema sections,
 * Lighthouse's contrast check read the dark right panel behind some titles). Only until Redoc takes
 * the page over (src/theme/Redoc/Reference.tsx marks it `data-interactive`): its menu and scroll spy
 * measure where sections are, and need their real heights. Sent only with the served page, the one
 * whose reference is laid out all at once; it costs the docs pages nothing.
 */
const SECTIONS_CSS = ".redocusaurus:not([data-interactive]) [data-section-id*='/operation/']{content-visibility:auto;contain-intrinsic-size:auto 600px;overflow:hidden}";

const LIGHT = "html:not([data-theme='dark'])";
const DARK = "html[data-theme='dark']";

function render(spec: object, url: string | undefined, options: ThemeStylesProps['lightOptions']) {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(<redoc.Redoc store={createStore(redoc, {spec, url, options})} />));
    return {html, css: String(sheet.instance), names: sheet.instance.names};
  } finally {
    sheet.seal();
  }
}

function classLists(html: string): string[][] {
  return [...html.matchAll(/ class="([^"]*)"/g)].map((match) => match[1].split(' '));
}

/** Dark class name → light class name, by position in the two renderings. */
function classMap(lightHtml: string, darkHtml: string): Map<string, string> {
  const light = classLists(lightHtml);
  const dark = classLists(darkHtml);
  if (light.length !== dark.length) throw new Error('Redoc renders different markup in the light and dark themes');
  const map = new Map<string, string>();
  light.forEach((classes, i) =>
    classes.forEach((name, j) => {
      const darkName = dark[i][j];
      if (darkName && darkName !== name && !map.has(darkName)) map.set(darkName, name);
    }),
  );
  return map;
}

/** Splits a selector list at top-level commas (not inside parentheses). */
function splitSelectors(selectors: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectors.length; i++) {
    if (selectors[i] === '(') depth++;
    else if (selectors[i] === ')') depth--;
    else if (selectors[i] === ',' && depth === 0) {
      parts.push(selectors.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, selectors.slice(start)];
}

function scopeRule(rule: string, prefix: string, rename: Map<string, string>): string {
  const open = rule.indexOf('{');
  const selectors = splitSelectors(rule.slice(0, open)).map(
    (selector) => `${prefix} ${selector.trim().replace(/\.([A-Za-z][\w-]*)/g, (all, name) => (rename.has(name) ? `.${rename.get(name)}` : all))}`,
  );
  return selectors.join(',') + rule.slice(open);
}

/**
 * Scopes styled-components CSS (one rule or one `@media` block per line) under `prefix`, renaming
 * classes; drops styled-components' own `data-styled` bookkeeping rules.
 */
function scopeCss(css: string, prefix: string, rename: Map<string, string> = new Map()): string {
  return css
    .split(/\/\*!sc\*\/\n?/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('data-styled'))
    .map((line) => {
      if (!line.startsWith('@')) return scopeRule(line, prefix, rename);
      const open = line.indexOf('{');
      const inner = line.slice(open + 1, -1);
      return `${line.slice(0, open)}{${scopeRule(inner, prefix, rename)}}`;
    })
    .join('\n');
}

/** styled-components' class names of several renderings: component id → class names. */
function mergeNames(...renderings: Map<string, Set<string>>[]): StyleNames {
  const merged: StyleNames = {};
  for (const names of renderings) {
    for (const [id, set] of names) merged[id] = [...new Set([...(merged[id] ?? []), ...set])];
  }
  return merged;
}

export default function ThemeStyles({spec, url, stylesheet, lightOptions, darkOptions}: ThemeStylesProps): React.JSX.Element {
  const light = render(spec, url, lightOptions);
  const dark = render(spec, url, darkOptions);
  const css = [
    stylesheet,
    SECTIONS_CSS,
    scopeCss(light.css, LIGHT),
    // The dark rules under the light markup's class names (first paint in dark mode)…
    scopeCss(dark.css, DARK, classMap(light.html, dark.html)),
    // …and under their own, which the client render uses in dark mode once a component re-renders.
    scopeCss(dark.css, DARK),
  ].join('\n');
  // Class names are [A-Za-z0-9-], so the JSON cannot close its <script> element.
  const names = JSON.stringify(mergeNames(light.names, dark.names));
  return (
    <div
      className="redocusaurus-styles"
      dangerouslySetInnerHTML={{__html: `<style>${css}</style><script type="application/json" id="${STYLE_NAMES_ID}">${names}</script>`}}
    />
  );
}
