/**
 * The navbar search: an ARIA 1.2 combobox whose listbox shows the sections that match the query (title,
 * the page it belongs to, its opening words). Arrow keys move through the results, Enter opens one, Escape
 * closes the list; the number of results is announced. Loaded only when the reader comes to the box
 * (src/theme/SearchBar), with the engine that fetches the index parts a query needs (./engine.ts).
 */
import React, {type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {createSearch, type Result} from './engine';
import styles from './styles.module.css';

export type SearchProps = {
  /** What the reader typed into the placeholder box before this one replaced it. */
  initialQuery: string;
  /** Whether the box takes the focus when it appears (the reader was in the placeholder). */
  autoFocus: boolean;
};

type State = {kind: 'idle'} | {kind: 'results'; query: string; results: Result[]} | {kind: 'error'; query: string};

let sharedSearch: ReturnType<typeof createSearch> | undefined;
const searchUnder = (baseUrl: string) => (sharedSearch ??= createSearch(baseUrl));

/** Called as soon as this code has loaded (the reader came to the box): fetches the index's manifest. */
export function warmSearch(baseUrl: string): void {
  searchUnder(baseUrl).warm();
}

export default function Search({initialQuery, autoFocus}: SearchProps): ReactNode {
  const baseUrl = useBaseUrl('/');
  const search = useMemo(() => searchUnder(baseUrl), [baseUrl]);
  const history = useHistory();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-result-${index}`;
  const [query, setQuery] = useState(initialQuery);
  // The answer to the latest query that has one; shown until the next arrives, so the list does not flicker.
  const [answer, setAnswer] = useState<State>({kind: 'idle'});
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(autoFocus);

  // Before the browser handles another event: a key pressed as this box replaces the placeholder lands in it.
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  // Search as the reader types; an answer to an older query than the box holds is dropped.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
    if (!query.trim()) return;
    const wanted = () => latest.current === query;
    search(query, wanted).then(
      (results) => {
        if (!results || !wanted()) return;
        setAnswer({kind: 'results', query, results});
        setActive(0);
      },
      () => {
        if (latest.current === query) setAnswer({kind: 'error', query});
      },
    );
  }, [query, search]);

  // Ctrl/⌘-K goes to the box from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const state: State = query.trim() ? answer : {kind: 'idle'};
  const results = state.kind === 'results' ? state.results : [];
  const listRef = useRef<HTMLUListElement>(null);
  // The chosen result stays in view where the list scrolls (short screens).
  useEffect(() => {
    listRef.current?.children[active]?.scrollIntoView({block: 'nearest'});
  }, [active, answer]);
  const expanded = open && state.kind !== 'idle';
  const listed = expanded && results.length > 0;

  const go = (result: Result) => {
    setOpen(false);
    input.current?.blur();
    history.push(result.url);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter' && listed) {
      event.preventDefault();
      go(results[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  let status = '';
  if (state.kind === 'error') status = 'Search is not available: the index could not be loaded.';
  else if (state.kind === 'results' && state.results.length === 0) status = `No results for “${state.query}”.`;
  else if (state.kind === 'results') {
    status = `${state.results.length} result${state.results.length === 1 ? '' : 's'}; arrow keys to choose, Enter to open.`;
  }

  return (
    <div className={clsx('navbar__search', styles.search)}>
      <input
        ref={input}
        type="search"
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listboxId}
        aria-activedescendant={listed ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.popup} hidden={!expanded}>
        <ul
          ref={listRef}
          role="listbox"
          id={listboxId}
          // Names the query the list answers: the list stays on the last answer while a newer one loads.
          aria-label={state.kind === 'results' ? `Search results for “${state.query}”` : 'Search results'}
          className={styles.results}
          hidden={!listed}>
          {results.map((result, index) => (
            <li
              key={result.url}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.result}
              // Keeps the focus in the box, so the click is not lost to the list closing on blur.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => go(result)}>
              <span className={styles.title}>{result.title}</span>
              {result.page && <span className={styles.page}>{result.page}</span>}
              {result.excerpt && <span className={styles.excerpt}>{result.excerpt}</span>}
            </li>
          ))}
        </ul>
        {!listed && (
          <p className={styles.status} aria-hidden="true">
            {status}
          </p>
        )}
      </div>
      {/* Outside the popup, so that it is announced whether or not the list is shown. */}
      <p role="status" className={styles.visuallyHidden}>
        {expanded ? status : ''}
      </p>
    </div>
  );
}
