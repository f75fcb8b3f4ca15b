/** Keyboard helpers for browser tests: reach elements as a keyboard user does. */
import type {Locator, Page} from '@playwright/test';

/** Presses Tab (or Shift+Tab, `backwards`) until `target` has the focus; fails if not reached within `maxPresses`. */
export async function tabTo(page: Page, target: Locator, {backwards = false, maxPresses = 40} = {}) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target} with ${maxPresses} presses of Tab`);
}

/** Whether the element has keyboard focus and shows a focus indicator (an outline or a box shadow). */
export function hasVisibleFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return el.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
  });
}
