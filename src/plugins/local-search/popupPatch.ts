/**
 * Patch: search-popup-aria
 * Library: @easyops-cn/docusaurus-search-local 0.55.3, with @easyops-cn/autocomplete.js 0.38.1
 * Changes: once the search box is there, its combobox gets `aria-controls` beside the library's `aria-owns`;
 *   the "See all results" link inside the listbox gets `role="option"` (its wrapper `role="none"`); and the box
 *   takes the focus that the plugin gives it after its index loads only when no other element has it.
 * Why: accessibility, not speed. axe-core (tests/e2e/search.spec.ts, a11y.spec.ts) fails the open popup:
 *   ARIA 1.2 wants `aria-controls` on a combobox, and a listbox may hold only options. Refocusing the box when
 *   the index arrives pulled a keyboard reader who had tabbed on back to the box. Neither library has an
 *   option for either, and the theme component has no slot for the popup.
 * Gain: axe passes with the search popup open; Tab moves on from the box while the index loads.
 * Remove when: autocomplete.js sets `aria-controls` and the plugin renders its footer link outside the
 *   listbox (or as an option), and the plugin refocuses only a box that still has the focus.
 *   tests/unit/patches.spec.ts fails when the installed libraries no longer show the behaviour patched here.
 */

/** Makes the open popup valid ARIA 1.2: the combobox controls its listbox, which holds only options. */
export function fixPopupAria(root: HTMLElement): void {
  const input = root.querySelector('input[role="combobox"]');
  const listboxId = input?.getAttribute('aria-owns');
  if (input && listboxId && input.getAttribute('aria-controls') !== listboxId) {
    input.setAttribute('aria-controls', listboxId);
  }
  root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => {
    link.setAttribute('role', 'option');
    link.setAttribute('aria-selected', 'false');
    link.parentElement?.setAttribute('role', 'none');
  });
}

/** Lets the box take the focus only when no other element has it (not when the reader has tabbed on). */
export function keepFocusWithReader(input: HTMLInputElement): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with .call(this), on the same input
  const nativeFocus = HTMLInputElement.prototype.focus;
  input.focus = function focusUnlessElsewhere(this: HTMLInputElement, options?: FocusOptions) {
    const active = document.activeElement;
    if (active && active !== document.body && active !== this) return;
    nativeFocus.call(this, options);
  };
}
