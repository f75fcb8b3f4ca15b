/**
 * Client side of the /api styles: keeps the <style> elements rendered on the server
 * (ThemeStyles.server.tsx, swapped in for the server build by src/plugins/api-description).
 * React does not patch the inner HTML of a hydrated element, so the server CSS stays.
 */
import React from 'react';
import type {RedocRawOptions} from 'redoc';

export type ThemeStylesProps = {spec: object; url?: string; lightOptions: RedocRawOptions; darkOptions: RedocRawOptions};

export default function ThemeStyles(_props: ThemeStylesProps): React.JSX.Element {
  return <div className="redocusaurus-styles" suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />;
}
