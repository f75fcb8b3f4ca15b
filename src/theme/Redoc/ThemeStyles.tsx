/**
 * Client side of the /api styles: keeps the <style> elements rendered on the server
 * (ThemeStyles.server.tsx, swapped in for the server build by src/plugins/api-description). After a
 * client-side navigation to /api, with no server styles in the page, it renders the page's own
 * stylesheet; styled-components then injects Redoc's rules as Redoc renders.
 * React does not patch the inner HTML of a hydrated element, so the server CSS stays; it is also kept
 * for later visits to /api within the same page load, because styled-components is told (below) that
 * its rules exist and will not inject them again.
 */
import React from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {__PRIVATE__ as styledComponentsInternals} from 'styled-components';
import type {RedocRawOptions} from 'redoc';
import {STYLE_NAMES_ID, type StyleNames} from './styleNames';

export type ThemeStylesProps = {
  spec: object;
  url?: string;
  /** redocusaurus.css and overrides.css, minified (src/plugins/redoc-route/stylesheet.ts). */
  stylesheet: string;
  lightOptions: RedocRawOptions;
  darkOptions: RedocRawOptions;
};

/** The server-rendered styles, read once from the page the browser loaded (empty after a client-side navigation). */
let serverStyles: string | undefined;

/**
 * Reads the server CSS and its class names from the loaded page, once, and registers the names with
 * styled-components' sheet, so that hydrating Redoc inserts no CSS rule (each insertion restyles the
 * whole page). Names that the server did not render (new states after an interaction) are injected as usual.
 */
function adoptServerStyles(): string {
  if (serverStyles !== undefined) return serverStyles;
  const container = document.querySelector('.redocusaurus-styles');
  const names = document.getElementById(STYLE_NAMES_ID)?.textContent;
  serverStyles = container && names ? container.innerHTML : '';
  if (serverStyles) {
    const sheet = styledComponentsInternals.mainSheet;
    for (const [id, classNames] of Object.entries(JSON.parse(names!) as StyleNames)) {
      for (const name of classNames) sheet.registerName(id, name);
    }
  }
  return serverStyles;
}

export default function ThemeStyles({stylesheet}: ThemeStylesProps): React.JSX.Element {
  const html = ExecutionEnvironment.canUseDOM ? adoptServerStyles() || `<style>${stylesheet}</style>` : '';
  return <div className="redocusaurus-styles" suppressHydrationWarning dangerouslySetInnerHTML={{__html: html}} />;
}
