// Wrapped so the mobile menu is built in a low-priority render once the page is idle, not in the render that follows hydration, where it was most of a phone's longest start-up task.
/*
 * Patch: mobile-menu-when-idle
 * Library: @docusaurus/theme-classic 3.10.2 (Navbar/MobileSidebar: its wrap is not declared safe)
 * Changes: nothing in the theme; the mobile menu is rendered without props, and only once built.
 * Why: on a phone the theme builds the whole menu in the render that follows hydration, before any press.
 * Saves: 56 elements (10 links) of /docs/ODE's 408 left out of that render on a phone (PATCHES.md).
 * Remove when: the theme builds its mobile menu on demand. tests/unit/patches.spec.ts fails, naming this
 *   patch, when the menu takes props or keeps its open state itself.
 */
import React, {startTransition, useEffect, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

/** How long the menu may wait for an idle moment before it is built anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** A press of any kind: a tap or a click on the menu button starts with the first, Enter or Space with the second. */
const PRESS_EVENTS = ['pointerdown', 'keydown'] as const;
const LISTENER_OPTIONS = {capture: true, passive: true} as const;

export default function MobileSidebarWrapper(): ReactNode {
  const [built, setBuilt] = useState(false);
  useEffect(() => {
    if (built) return undefined;
    // A reader who presses before the page is idle (perhaps on the menu button) gets the menu at once: React
    // renders the update of a press before the click that follows it, so the menu is there when it opens.
    const buildNow = () => setBuilt(true);
    for (const type of PRESS_EVENTS) document.addEventListener(type, buildNow, LISTENER_OPTIONS);
    const build = () => startTransition(() => setBuilt(true));
    let cancel: () => void;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(build, {timeout: IDLE_TIMEOUT_MS});
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(build, 0);
      cancel = () => window.clearTimeout(id);
    }
    return () => {
      cancel();
      for (const type of PRESS_EVENTS) document.removeEventListener(type, buildNow, LISTENER_OPTIONS);
    };
  }, [built]);
  return built ? <MobileSidebar /> : null;
}
