// Wrapped so the mobile menu is built in a low-priority render once the page is idle, not in the render that follows hydration, where it was most of a phone's longest start-up task.
import React, {startTransition, useEffect, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

/** How long the menu may wait for an idle moment before it is built anyway. */
const IDLE_TIMEOUT_MS = 2000;

export default function MobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [built, setBuilt] = useState(false);
  useEffect(() => {
    const build = () => startTransition(() => setBuilt(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(build, {timeout: IDLE_TIMEOUT_MS});
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(build, 0);
    return () => window.clearTimeout(id);
  }, []);
  // A reader who opens the menu before then gets it at once.
  return built || shown ? <MobileSidebar /> : null;
}
