/**
 * Redoc theme colours per colour mode, on top of redocusaurus' light and dark themes, chosen for
 * WCAG AA contrast (4.5:1 for text). Ratios are against the backgrounds they sit on.
 */
import type {RedocRawOptions} from 'redoc';

type Theme = NonNullable<RedocRawOptions['theme']>;

/** Text on the right panel (#303846 and its darker tabs), the same in both modes. */
const RIGHT_PANEL: Theme = {
  colors: {
    responses: {
      success: {tabTextColor: '#69db7c'}, // 9.3:1 on #1b2028
      error: {tabTextColor: '#ff8a80'}, // 7.2:1 on #1b2028
    },
  },
};

export const LIGHT_THEME: Theme = {
  ...RIGHT_PANEL,
  colors: {
    ...RIGHT_PANEL.colors,
    primary: {main: '#3f51b5', light: '#5c6bc0'}, // indigo 6.9:1 on white; light 4.9:1 ("additional property")
  },
  typography: {code: {color: '#b71c1c'}}, // 5.4:1 on the tinted code backgrounds
};

export const DARK_THEME: Theme = {
  colors: {
    primary: {main: '#9fa8da', light: '#c5cae9', dark: '#7986cb'}, // 7.4:1, 10:1 and 4.7:1 on #1b1b1d
    responses: {
      success: {color: '#69db7c', tabTextColor: '#69db7c'}, // 9.3:1
      error: {color: '#ff8a80', tabTextColor: '#ff8a80'}, // 7.2:1
    },
  },
  schema: {requireLabelColor: '#ff8a80'},
  typography: {code: {color: '#ff8a80'}},
};

type Tree = {[key: string]: unknown};

/** Deep merge of plain objects, `override` winning. */
export function mergeTheme<T>(base: T, override: Tree): T {
  const result: Tree = {...(base as Tree)};
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? mergeTheme(current, value as Tree)
        : value;
  }
  return result as T;
}
