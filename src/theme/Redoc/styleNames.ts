/**
 * Shared by the server and client sides of the /api styles (ThemeStyles.server.tsx, ThemeStyles.tsx):
 * the server lists the styled-components class names its CSS has rules for in a JSON data block with
 * this id, and the client registers them with styled-components.
 */
export const STYLE_NAMES_ID = 'redoc-style-names';

/** styled-components component id → the class names the server CSS has rules for. */
export type StyleNames = Record<string, string[]>;
