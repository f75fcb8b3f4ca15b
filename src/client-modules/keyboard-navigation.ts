// Keyboard-navigation mode: Tab turns it on; a mouse press, a pen or a touch turns it off (src/plugins/keyboard-navigation/index.ts says why).
const KEYBOARD_NAVIGATION_CLASS = 'navigation-with-keyboard';

if (typeof window !== 'undefined') {
  const root = document.documentElement;
  let on = false;
  const show = () => {
    if (root.classList.contains(KEYBOARD_NAVIGATION_CLASS) !== on) root.classList.toggle(KEYBOARD_NAVIGATION_CLASS, on);
  };
  const set = (value: boolean) => {
    on = value;
    show();
  };
  // Capture phase: a component that stops the event does not hide it from the mode.
  document.addEventListener('keydown', (event) => event.key === 'Tab' && set(true), true);
  for (const press of ['pointerdown', 'mousedown', 'touchstart'])
    document.addEventListener(press, () => set(false), {capture: true, passive: true});
  // Each page sets the class attribute of <html> anew (react-helmet-async, on hydration and on every route
  // change), which drops the class: put it back as it goes.
  new MutationObserver(show).observe(root, {attributes: true, attributeFilter: ['class']});
}
