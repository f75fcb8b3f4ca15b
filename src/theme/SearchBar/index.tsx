// Wraps the local search bar to fix its results popup for assistive technology and contrast (axe, P16).
import React, {type ReactNode, useEffect, useRef} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import './styles.css';

type Props = WrapperProps<typeof SearchBarType>;

/**
 * autocomplete.js (used by @easyops-cn/docusaurus-search-local) points its combobox at the listbox
 * with aria-owns only, and puts the "See all results" link inside the listbox. ARIA 1.2 wants
 * aria-controls, and a listbox holds only options: so the link is made an option too.
 */
function fixPopupAria(root: HTMLElement) {
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

export default function SearchBarWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const observer = new MutationObserver(() => fixPopupAria(root));
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['role']});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="search-bar-aria-fix">
      <SearchBar {...props} />
    </div>
  );
}
