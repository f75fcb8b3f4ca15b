// Fills the classic theme's empty SearchBar with the site's search, keeping only the box in every page's bundle.
import React, {type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {SearchProps} from '@site/src/components/Search';
import {retryWhileOnline, useRetryWhenOnline} from '@site/src/offline/retry';
import styles from './styles.module.css';

type SearchComponent = ComponentType<SearchProps>;

type SearchModule = {default: SearchComponent; warmSearch: (baseUrl: string) => void};

/** What the box says, politely, while the search code cannot be downloaded. */
const UNAVAILABLE = 'Search could not be loaded. It will try again once the connection is back.';

/**
 * The search code, then at once the index's manifest, while the reader is still typing; and whether the last
 * attempt failed. A failed download is forgotten, so that the next call downloads it again (the bundler's
 * chunk loader allows that); calls made while one is under way wait for it.
 */
function useSearchCode(): {prepare: () => Promise<SearchComponent>; unavailable: boolean} {
  const [unavailable, setUnavailable] = useState(false);
  const baseUrl = useBaseUrl('/');
  const code = useRef<Promise<SearchComponent> | null>(null);
  const prepare = useCallback(
    () =>
      (code.current ??= retryWhileOnline(
        () => import(/* webpackChunkName: "search" */ '@site/src/components/Search') as Promise<SearchModule>,
      ).then(
        (m) => {
          m.warmSearch(baseUrl);
          setUnavailable(false);
          return m.default;
        },
        (error: unknown) => {
          code.current = null;
          setUnavailable(true);
          throw error;
        },
      )),
    [baseUrl],
  );
  return {prepare, unavailable};
}

/**
 * Whether the notice that search could not be loaded is shown: from an attempt that fails while the box has the
 * focus (a touch, a click, Tab, Ctrl/⌘-K or a keystroke) until Escape, the focus leaving the box, or a press
 * anywhere else. It opens over the page under the box, like the results list, and is never left there once the
 * reader has moved on. `area` is the box and its notice.
 */
function useNotice(
  box: React.RefObject<HTMLInputElement | null>,
  area: React.RefObject<HTMLDivElement | null>,
): {shown: boolean; show: () => void; close: () => void} {
  const [shown, setShown] = useState(false);
  const show = useCallback(() => {
    if (document.activeElement === box.current) setShown(true);
  }, [box]);
  const close = useCallback(() => setShown(false), []);
  useEffect(() => {
    if (!shown) return undefined;
    const onPress = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setShown(false);
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [shown, area]);
  return {shown, show, close};
}

/**
 * What the navbar shows until the reader starts searching: the same box, with the same name. Focus (a click,
 * Tab or Ctrl/⌘-K) or a touch fetches the search code and the index's manifest, and nothing else does (a
 * pointer passing over the box does not); the first keystroke swaps in the real box, which takes over the
 * text typed so far and the focus.
 *
 * A field link drops often: when the code cannot be downloaded (offline, or a lost packet), the box says so
 * (until Escape, the focus leaving the box, or a press elsewhere: useNotice) and tries again at the next focus or keystroke, and by itself as soon as the browser is back online, so
 * search recovers without a reload. A failed attempt is never an uncaught error.
 */
export default function SearchBar(): ReactNode {
  const [Search, setSearch] = useState<SearchComponent | null>(null);
  const [start, setStart] = useState<SearchProps>({initialQuery: '', autoFocus: false});
  const {prepare, unavailable} = useSearchCode();
  const box = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const notice = useNotice(box, area);
  // Loads the code without waiting for it; a failure is shown in the box's status and tried again later.
  const prepareQuietly = useCallback(() => void prepare().catch(notice.show), [prepare, notice.show]);
  const begin = useCallback(
    (text: string, autoFocus = true) => {
      setStart({initialQuery: text, autoFocus});
      prepare().then((component) => setSearch(() => component), notice.show);
    },
    [prepare, notice.show],
  );

  // Ctrl/⌘-K before the search code is there: go to the box (where a failure to load is said) and load it.
  useEffect(() => {
    if (Search) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        box.current?.focus();
        begin(box.current?.value ?? '');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [Search, begin]);

  // The link is back: load the code again, and search what the reader typed meanwhile.
  useRetryWhenOnline(
    unavailable,
    useCallback(() => {
      const input = box.current;
      if (input?.value) begin(input.value, document.activeElement === input);
      else prepareQuietly();
    }, [begin, prepareQuietly]),
  );

  if (Search) return <Search {...start} />;
  return (
    <div ref={area} className={`navbar__search ${styles.box}`}>
      <input
        ref={box}
        type="search"
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        autoComplete="off"
        onFocus={prepareQuietly}
        onTouchStart={prepareQuietly}
        onBlur={notice.close}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !notice.shown) return;
          // Closes the notice and keeps the text typed so far (the browser's Escape would clear it).
          event.preventDefault();
          notice.close();
        }}
        onChange={(event) => begin(event.target.value)}
      />
      {/* A live region from the start, so that the message is announced when it appears. */}
      <p role="status" className={styles.notice}>
        {unavailable && notice.shown ? UNAVAILABLE : ''}
      </p>
    </div>
  );
}
