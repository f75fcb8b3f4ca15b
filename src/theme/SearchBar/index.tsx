// Fills the classic theme's empty SearchBar with the site's search, keeping only the box in every page's bundle.
import React, {type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SearchProps} from '@site/src/components/Search';

type SearchComponent = ComponentType<SearchProps>;

type SearchModule = {default: SearchComponent; warmSearch: (baseUrl: string) => void};

/**
 * What the navbar shows until the reader starts searching: the same box, with the same name. Focus (a click,
 * Tab or Ctrl/⌘-K) or a touch fetches the search code and the index's manifest, and nothing else does (a
 * pointer passing over the box does not); the first keystroke swaps in the real box, which takes over the
 * text typed so far and the focus.
 */
export default function SearchBar(): ReactNode {
  const [Search, setSearch] = useState<SearchComponent | null>(null);
  const [start, setStart] = useState<SearchProps>({initialQuery: '', autoFocus: false});
  const baseUrl = useBaseUrl('/');
  const code = useRef<Promise<SearchComponent> | null>(null);
  // The code, then at once the index's manifest, while the reader is still typing.
  const prepare = useCallback(
    () =>
      (code.current ??= import('@site/src/components/Search').then((m: SearchModule) => {
        m.warmSearch(baseUrl);
        return m.default;
      })),
    [baseUrl],
  );
  const begin = useCallback(
    (text: string) => {
      setStart({initialQuery: text, autoFocus: true});
      void prepare().then((component) => setSearch(() => component));
    },
    [prepare],
  );

  // Ctrl/⌘-K before the search code is there: load it and go to the box.
  useEffect(() => {
    if (Search) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        begin('');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [Search, begin]);

  if (Search) return <Search {...start} />;
  return (
    <div className="navbar__search">
      <input
        type="search"
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        autoComplete="off"
        onFocus={() => void prepare()}
        onTouchStart={() => void prepare()}
        onChange={(event) => begin(event.target.value)}
      />
    </div>
  );
}
