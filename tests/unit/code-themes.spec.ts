/**
 * The code of every block is readable in both colour modes: each token colour of the site's Prism themes
 * (src/prism/code-themes.ts, the themeConfig.prism of docusaurus.config.ts) reaches WCAG AA's 4.5:1 contrast on the theme's background.
 * axe checks the tokens a page happens to show; this checks every colour a theme can give, so a grammar or
 * page added later cannot bring an unreadable one.
 */
import {test, expect} from '@playwright/test';
import {darkCodeTheme, lightCodeTheme} from '../../src/prism/code-themes';

const AA_NORMAL_TEXT = 4.5;

/** The relative luminance of a CSS colour written as #rgb, #rrggbb or rgb(r, g, b) (WCAG 2.x). */
function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  const rgb = /^rgb\(\s*(\d+),\s*(\d+),\s*(\d+)\s*\)$/i.exec(colour.trim());
  let channels: number[];
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : hex[1].match(/../g)!;
    channels = digits.map((d) => parseInt(d, 16));
  } else if (rgb) channels = rgb.slice(1).map(Number);
  else throw new Error(`a code theme colour this test cannot read: ${colour}`);
  const [r, g, b] = channels.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('every token colour of the light and dark code themes reaches 4.5:1 on its background', () => {
  const failures: string[] = [];
  for (const [mode, theme] of [
    ['light', lightCodeTheme],
    ['dark', darkCodeTheme],
  ] as const) {
    const background = theme.plain.backgroundColor!;
    const colours = [
      {what: 'plain text', colour: theme.plain.color!},
      ...theme.styles
        .filter((entry) => entry.style.color)
        .map((entry) => ({
          what: `${entry.types.join(', ')}${entry.languages ? ` (${entry.languages.join(', ')})` : ''}`,
          colour: entry.style.color!,
        })),
    ];
    for (const {what, colour} of colours) {
      const ratio = contrast(colour, background);
      if (ratio < AA_NORMAL_TEXT) failures.push(`${mode} ${what}: ${colour} on ${background} is ${ratio.toFixed(2)}:1`);
    }
  }
  expect(failures, 'code theme colours under 4.5:1 (recolour them in src/prism/code-themes.ts)').toEqual([]);
});
