/**
 * Keyboard-navigation mode: turned on by the Tab key, turned off by a mouse press. Docusaurus 3.10 dropped
 * its own (the `navigation-with-keyboard` class and its hook); this plugin's client module
 * (src/client-modules/keyboard-navigation.ts: the browser bundles it, and a plugin folder is Node only) brings the state
 * back, with the same class on <html>, for src/css/custom.css to draw strong focus rings while it is on and
 * none after a mouse click. No theme component is swizzled for it.
 */
import type {Plugin} from '@docusaurus/types';

export default function keyboardNavigationPlugin(): Plugin {
  return {
    name: 'keyboard-navigation',
    getClientModules() {
      return [require.resolve('../../client-modules/keyboard-navigation')];
    },
  };
}
