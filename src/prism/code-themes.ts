/**
 * The colours of code in the light and dark colour modes (themeConfig.prism of docusaurus.config.ts): the
 * Visual Studio themes of prism-react-renderer, with the token colours that fall short of WCAG AA replaced.
 */
import {themes as prismThemes, type PrismTheme} from 'prism-react-renderer';

/**
 * A Prism theme with some token colours replaced: `colours` maps a token type (`punctuation`), or a token type
 * in one language (`punctuation markup`), to its new colour. Every token colour of the code themes must reach
 * WCAG AA's 4.5:1 on its background (tests/unit/code-themes.spec.ts).
 */
function recoloured(theme: PrismTheme, colours: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((entry) => {
      const keys = entry.types.flatMap((type) => entry.languages?.map((l) => `${type} ${l}`) ?? [type]);
      const colour = keys.map((key) => colours[key]).find(Boolean);
      return colour ? {...entry, style: {...entry.style, color: colour}} : entry;
    }),
  };
}

/** vsLight, its attribute-name red (#ff0000, 4.0:1 on white) darkened to 6.4:1. */
export const lightCodeTheme = recoloured(prismThemes.vsLight, {'attr-name': 'rgb(192, 0, 0)'});

/**
 * vsDark, its constant (3.1:1 on its background), prolog (1.4:1) and markup punctuation (4.2:1) lightened to
 * 6.1:1, 5.3:1 and 5.9:1.
 */
export const darkCodeTheme = recoloured(prismThemes.vsDark, {
  constant: 'rgb(150, 152, 210)',
  prolog: 'rgb(128, 140, 220)',
  'punctuation markup': 'rgb(153, 153, 153)',
});
