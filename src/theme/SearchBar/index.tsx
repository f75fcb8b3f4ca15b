// Wraps the local search bar: its code loads only when the reader starts searching (focus, hover or
// the Ctrl/⌘-K shortcut), which keeps every page within its JavaScript budget; and its results popup
// is fixed for assistive technology (axe).
import React, {type ComponentType, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState} from 'react';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import './styles.css';

type Props = WrapperProps<typeof SearchBarType>;

const loadSearchBar = () => import('@theme-original/SearchBar').then((m) => m.default as ComponentType<Props>);

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
function Placeholder({onActivate, onText}: {onActivate: () => void; onText: (text: string) => void}) {
  return (
    <div className="navbar__search">
      <input
        type="search"
        className="navbar__search-input search-bar-placeholder"
        placeholder="Search"
        aria-label="Search"
        autoComplete="off"
        onFocus={onActivate}
        onMouseEnter={onActivate}
        onTouchStart={onActivate}
        onChange={(event) => onText(event.target.value)}
      />
    </div>
  );
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [RealSearchBar, setRealSearchBar] = useState<ComponentType<Props> | null>(null);
  const loading = useRef(false);
  // What the reader did in the placeholder while the search code was loading: handed over to the real box.
  const handOver = useRef({focus: false, text: ''});
  const activate = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void loadSearchBar().then((component) => {
      if (document.activeElement?.classList.contains('search-bar-placeholder')) handOver.current.focus = true;
      setRealSearchBar(() => component);
    });
  }, []);

  // Ctrl/⌘-K before the search code is there: load it and go to the box.
  useEffect(() => {
    if (RealSearchBar) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        handOver.current.focus = true;
        activate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [RealSearchBar, activate]);

  // The real box takes over the focus and the text typed so far, in the same task as the swap.
  useLayoutEffect(() => {
    const input = ref.current?.querySelector<HTMLInputElement>('input:not(.search-bar-placeholder)');
    if (!RealSearchBar || !input) return;
    const {focus, text} = handOver.current;
    handOver.current = {focus: false, text: ''};
    if (focus) input.focus();
    if (text) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
  }, [RealSearchBar]);

  useEffect(() => {
    const root = ref.current;
    if (!RealSearchBar || !root) return undefined;
    fixPopupAria(root);
    const observer = new MutationObserver(() => fixPopupAria(root));
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['role']});
    return () => observer.disconnect();
  }, [RealSearchBar]);

  return (
    <div ref={ref} className="search-bar-aria-fix">
      {RealSearchBar ? (
        <RealSearchBar {...props} />
      ) : (
        <Placeholder onActivate={activate} onText={(text) => (handOver.current.text = text)} />
      )}
    </div>
  );
}
