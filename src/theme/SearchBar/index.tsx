// Wraps the local search bar: its code loads only when the reader comes to the box (focus, hover or
// Ctrl/⌘-K), which keeps every page within its JavaScript budget; and its popup is patched for assistive
// technology (patch search-popup-aria, PATCHES.md).
import React, {
  type ComponentType,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {fixPopupAria, keepFocusWithReader} from '@site/src/plugins/local-search/popupPatch';
import './styles.css';

type Props = WrapperProps<typeof SearchBarType>;

const loadSearchBar = () => import('@theme-original/SearchBar').then((m: {default: ComponentType<Props>}) => m.default);

/**
 * What the navbar shows until the reader starts searching: the same box, with the same name. Focus
 * or hover fetches the search code; the first keystroke swaps in the real box.
 */
function Placeholder({onPrepare, onStart}: {onPrepare: () => void; onStart: (text: string) => void}) {
  return (
    <div className="navbar__search">
      <input
        type="search"
        className="navbar__search-input search-bar-placeholder"
        placeholder="Search"
        aria-label="Search"
        autoComplete="off"
        onFocus={onPrepare}
        onMouseEnter={onPrepare}
        onTouchStart={onPrepare}
        onChange={(event) => onStart(event.target.value)}
      />
    </div>
  );
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [RealSearchBar, setRealSearchBar] = useState<ComponentType<Props> | null>(null);
  const searchBarCode = useRef<Promise<ComponentType<Props>> | null>(null);
  // What the reader typed (or asked for with the shortcut) before the real box was there.
  const handOver = useRef({focus: false, text: ''});
  const prepare = useCallback(() => {
    searchBarCode.current ??= loadSearchBar();
  }, []);
  const start = useCallback(
    (text: string) => {
      handOver.current = {focus: true, text};
      prepare();
      void searchBarCode.current!.then((component) => setRealSearchBar(() => component));
    },
    [prepare],
  );

  // Ctrl/⌘-K before the search code is there: load it and go to the box.
  useEffect(() => {
    if (RealSearchBar) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        start(handOver.current.text);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [RealSearchBar, start]);

  // The real box takes over the focus and the text typed so far, in the same task as the swap.
  useLayoutEffect(() => {
    const input = ref.current?.querySelector<HTMLInputElement>('input:not(.search-bar-placeholder)');
    if (!RealSearchBar || !input) return;
    keepFocusWithReader(input);
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
        <Placeholder onPrepare={prepare} onStart={(text) => start(text)} />
      )}
    </div>
  );
}
