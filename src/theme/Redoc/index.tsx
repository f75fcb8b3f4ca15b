// Swizzled (ejected) from docusaurus-theme-redoc: server-renders Redoc's styles for both colour modes on one markup, picks the client store from the mode already on <html> (so /api never flashes the other theme) and defers Redoc's code until the reader needs it (Reference.tsx).
import React, {useMemo} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useColorMode} from '@docusaurus/theme-common';
import {useAllPluginInstancesData, usePluginData} from '@docusaurus/useGlobalData';
import useSpecData from '@theme/useSpecData';
import type {RedocRawOptions} from 'redoc';
import {DARK_THEME, LIGHT_THEME, mergeTheme} from './colors';
import Reference from './Reference';
import ThemeStyles from './ThemeStyles';
import styles from './styles.module.css';

type ThemeData = {lightTheme: RedocRawOptions['theme']; darkTheme: RedocRawOptions['theme']; options: RedocRawOptions};
type Props = {
  id?: string;
  className?: string;
  themeId?: string;
  spec?: object;
  url?: string;
  /** redocusaurus.css and overrides.css, minified (from the /api route: src/plugins/redoc-route/stylesheet.ts). */
  stylesheet?: string;
};

/** Redoc options for one colour mode. */
function redocOptions(data: ThemeData, dark: boolean): RedocRawOptions {
  return {
    ...data.options,
    theme: dark ? mergeTheme(data.darkTheme, DARK_THEME) : mergeTheme(data.lightTheme, LIGHT_THEME),
    // Redoc reads a selector's height once; a function follows the navbar (hidden on scroll).
    scrollYOffset: ExecutionEnvironment.canUseDOM
      ? () => document.querySelector<HTMLElement>('nav.navbar')?.offsetHeight ?? 0
      : 0,
  };
}

/**
 * The effective colour mode. On the client it is read from <html data-theme>, which Docusaurus'
 * inline script sets before the first paint (useColorMode() still answers the default mode during
 * hydration); useColorMode() only makes the component render again when the mode changes.
 */
function useIsDark(): boolean {
  const {colorMode} = useColorMode();
  if (ExecutionEnvironment.canUseDOM) return document.documentElement.getAttribute('data-theme') === 'dark';
  return colorMode === 'dark';
}

export default function Redoc({id, className, themeId = 'theme-redoc', spec: specProp, url: urlProp, stylesheet = ''}: Props): React.JSX.Element {
  const specData = useSpecData(id, specProp);
  const spec = specData.spec;
  const url = urlProp ?? specData.url;
  const allThemes = useAllPluginInstancesData('docusaurus-theme-redoc') as Record<string, ThemeData>;
  const themeData = (usePluginData('docusaurus-theme-redoc', themeId) as ThemeData | undefined) ?? Object.values(allThemes)[0];
  const dark = useIsDark();
  const input = useMemo(() => ({spec, url, options: redocOptions(themeData, dark)}), [spec, url, themeData, dark]);
  return (
    <>
      <ThemeStyles
        spec={spec}
        url={url}
        stylesheet={stylesheet}
        lightOptions={redocOptions(themeData, false)}
        darkOptions={redocOptions(themeData, true)}
      />
      <Reference input={input} dark={dark} className={clsx('redocusaurus', styles.redoc, className)} />
    </>
  );
}
