// Wraps the local search bar: its code loads only when the reader starts searching (focus, hover or
// the Ctrl/⌘-K shortcut), which keeps every page within its JavaScript budget; and its results popup
// is fixed for assistive technology (axe).
import React, {lazy, Suspense, type ReactNode, useCallback, useEffect, useRef, useState} from 'react';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import './styles.css';

type Props = WrapperProps<typeof SearchBarType>;

const SearchBar = lazy(() => import('@theme-original/SearchBar'));

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

/** What the navbar shows until the search code has loaded: the same box, with the same name. */
function Placeholder({onActivate, inputRef}: {onActivate: () => void; inputRef?: React.Ref<HTMLInputElement>}) {
  return (
    <div className="navbar__search">
      <input
        ref={inputRef}
        type="search"
        className="navbar__search-input search-bar-placeholder"
        placeholder="Search"
        aria-label="Search"
        autoComplete="off"
        onFocus={onActivate}
        onMouseEnter={onActivate}
        onTouchStart={onActivate}
      />
    </div>
  );
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const placeholderRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  // Whether the reader was in the box (or pressed the shortcut) when the search code was asked for.
  const handOver = useRef<{focus: boolean; text: string}>({focus: false, text: ''});
  const activate = useCallback(() => {
    const input = placeholderRef.current;
    handOver.current = {focus: handOver.current.focus || document.activeElement === input, text: input?.value ?? ''};
    setActive(true);
  }, []);

  // Ctrl/⌘-K before the search code is there: load it and go to the box.
  useEffect(() => {
    if (active) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        handOver.current.focus = true;
        activate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, activate]);

  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return undefined;
    const observer = new MutationObserver(() => {
      fixPopupAria(root);
      // Once the real box is there, it takes over the focus and anything typed into the placeholder.
      const input = root.querySelector<HTMLInputElement>('input:not(.search-bar-placeholder)');
      if (input && handOver.current.focus) {
        const {text} = handOver.current;
        handOver.current = {focus: false, text: ''};
        input.focus();
        if (text) {
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }
      }
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['role']});
    return () => observer.disconnect();
  }, [active]);

  return (
    <div ref={ref} className="search-bar-aria-fix">
      {active ? (
        <Suspense fallback={<Placeholder onActivate={activate} inputRef={placeholderRef} />}>
          <SearchBar {...props} />
        </Suspense>
      ) : (
        <Placeholder onActivate={activate} inputRef={placeholderRef} />
      )}
    </div>
  );
}
