/** Keyboard helpers for browser tests: reach elements as a keyboard user does. */
import type {Locator, Page} from '@playwright/test';

/** Presses Tab (or Shift+Tab, `backwards`) until `target` has the focus; fails if not reached within `maxPresses`. */
export async function tabTo(page: Page, target: Locator, {backwards = false, maxPresses = 40} = {}) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target.toString()} with ${maxPresses} presses of Tab`);
}

/** Whether the element has keyboard focus and shows a focus indicator (an outline or a box shadow). */
export function hasVisibleFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return el.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
  });
}

/**
 * <html> in keyboard-navigation mode (on with the Tab key, off with a mouse press or a touch). The site marks it with the class Docusaurus used to use (src/plugins/keyboard-navigation).
 */
export const keyboardMode = (page: Page) => page.locator('html.navigation-with-keyboard');

/** The least a focus indicator must be: WCAG 2.2 non-text contrast (1.4.11) and a ring at least this wide. */
const FOCUS_RING = {minWidthPx: 2, minContrast: 3};

/** The focus indicator an element shows now, as the browser computed it. */
export type FocusIndicator = {
  /** The element is the document's active element. */
  focused: boolean;
  /** What draws the indicator: the outline, else a box shadow, else nothing. */
  kind: 'outline' | 'box-shadow' | 'none';
  widthPx: number;
  color: string;
  /** The colour the ring is drawn over: the background of the element's ancestors, composited. */
  background: string;
  /** WCAG contrast ratio of `color` against `background`. */
  contrast: number;
};

/** Reads the focus indicator `target` shows (see FocusIndicator). */
export function focusIndicator(target: Locator): Promise<FocusIndicator> {
  return target.evaluate((el) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = css.match(/rgba?\(([^)]*)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [
      r * a + br * (1 - a),
      g * a + bg * (1 - a),
      b * a + bb * (1 - a),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const show = ([r, g, b]: Rgba) => `rgb(${[r, g, b].map(Math.round).join(', ')})`;

    // The ring lies around the element, over what is behind it: its ancestors' backgrounds, down to
    // the first opaque one (the canvas is white).
    const layers: Rgba[] = [];
    for (let node = el.parentElement; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour && colour[3] > 0) layers.push(colour);
      if (colour && colour[3] === 1) break;
    }
    const background = layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);

    const style = getComputedStyle(el);
    let kind: FocusIndicator['kind'] = 'none';
    let widthPx = 0;
    let colour: Rgba = [0, 0, 0, 0];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      kind = 'outline';
      widthPx = parseFloat(style.outlineWidth);
      colour = parse(style.outlineColor) ?? colour;
    } else if (style.boxShadow !== 'none') {
      // Each shadow is "rgb(...) x y blur spread": the widest spread is the ring.
      for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
        const lengths = shadow
          .replace(/rgba?\([^)]*\)/, '')
          .trim()
          .split(/\s+/)
          .map(parseFloat);
        const spread = lengths[3] ?? 0;
        if (spread > widthPx) {
          kind = 'box-shadow';
          widthPx = spread;
          colour = parse(shadow) ?? colour;
        }
      }
    }
    const drawn = over(colour, background);
    const [light, dark] = [luminance(drawn), luminance(background)].sort((x, y) => y - x);
    return {
      focused: el === document.activeElement,
      kind,
      widthPx,
      color: show(drawn),
      background: show(background),
      contrast: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
    };
  });
}

/** What keeps the focus indicator of `target` from being strong (FOCUS_RING), or '' when it is. */
export async function weakFocus(target: Locator): Promise<string> {
  const ring = await focusIndicator(target);
  const problems = [
    ring.focused ? '' : 'not focused',
    ring.kind === 'none' ? 'no outline and no box shadow' : '',
    ring.kind !== 'none' && ring.widthPx < FOCUS_RING.minWidthPx ? `${ring.kind} ${ring.widthPx}px wide` : '',
    ring.kind !== 'none' && ring.contrast < FOCUS_RING.minContrast
      ? `${ring.kind} ${ring.color} on ${ring.background}: ${ring.contrast}:1`
      : '',
  ];
  return problems.filter(Boolean).join('; ');
}
