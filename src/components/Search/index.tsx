/**
 * The navbar search: an ARIA 1.2 combobox whose listbox shows the sections that match the query (title,
 * the page it belongs to, its opening words). Arrow keys move through the results, Enter opens one, Escape
 * closes the list; the number of results is announced. Loaded only when the reader comes to the box
 * (src/theme/SearchBar), with the engine that fetches the index parts a query needs (./engine.ts).
 */
import React, {
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
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

/** Chooses a result of the list, by its index. */
type Choose = Dispatch<SetStateAction<number>>;

type State = {kind: 'idle'} | {kind: 'results'; query: string; results: Result[]} | {kind: 'error'; query: string};

let sharedSearch: ReturnType<typeof createSearch> | undefined;
const searchUnder = (baseUrl: string) => (sharedSearch ??= createSearch(baseUrl));

/** Called as soon as this code has loaded (the reader came to the box): fetches the index's manifest. */
export function warmSearch(baseUrl: string): void {
  searchUnder(baseUrl).warm();
}

/** Searches as the reader types: the answer to the latest query that has one, and which of its results is chosen. */
function useSearchAnswer(query: string) {
  const baseUrl = useBaseUrl('/');
  const search = useMemo(() => searchUnder(baseUrl), [baseUrl]);
  // Shown until the next answer arrives, so the list does not flicker.
  const [answer, setAnswer] = useState<State>({kind: 'idle'});
  const [active, setActive] = useState(0);

  // An answer to an older query than the box holds is dropped.
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
  return {answer, active, setActive};
}

/**
 * How the box gets the focus: as it appears when the reader was in the placeholder, and with Ctrl/⌘-K from
 * anywhere on the page.
 */
function useFocus(input: RefObject<HTMLInputElement | null>, autoFocus: boolean) {
  // Before the browser handles another event: a key pressed as this box replaces the placeholder lands in it.
  useLayoutEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [input, autoFocus]);

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
  }, [input]);
}

/** What is announced about the answer (and shown in place of the list when it has no results). */
function statusOf(state: State): string {
  if (state.kind === 'error') return 'Search is not available: the index could not be loaded.';
  if (state.kind === 'results' && state.results.length === 0) return `No results for “${state.query}”.`;
  if (state.kind === 'results') {
    return `${state.results.length} result${state.results.length === 1 ? '' : 's'}; arrow keys to choose, Enter to open.`;
  }
  return '';
}

/**
 * The combobox's popup: open while the box has the focus and the query an answer; the arrows open it, then move
 * through its results; Enter or a click opens the chosen result; Escape closes it.
 */
function usePopup(
  input: RefObject<HTMLInputElement | null>,
  {state, autoFocus, active, setActive}: {state: State; autoFocus: boolean; active: number; setActive: Choose},
) {
  const history = useHistory();
  const [open, setOpen] = useState(autoFocus);
  const results = state.kind === 'results' ? state.results : [];
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
  return {setOpen, expanded, listed, go, onKeyDown};
}

type ResultsPopupProps = {
  ref: RefObject<HTMLUListElement | null>;
  state: State;
  expanded: boolean;
  listed: boolean;
  status: string;
  listboxId: string;
  optionId: (index: number) => string;
  active: number;
  onChoose: Choose;
  onOpen: (result: Result) => void;
};

/** The combobox's popup: the listbox of the results, or what the answer says when none is listed. */
function ResultsPopup(props: ResultsPopupProps): ReactNode {
  const {ref, state, expanded, listed, status, listboxId, optionId, active, onChoose, onOpen} = props;
  const results = state.kind === 'results' ? state.results : [];
  return (
    <div className={styles.popup} hidden={!expanded}>
      <ul
        ref={ref}
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
            onMouseMove={() => onChoose(index)}
            onClick={() => onOpen(result)}>
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
  );
}

export default function Search({initialQuery, autoFocus}: SearchProps): ReactNode {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-result-${index}`;
  const [query, setQuery] = useState(initialQuery);
  const {answer, active, setActive} = useSearchAnswer(query);
  useFocus(input, autoFocus);
  const state: State = query.trim() ? answer : {kind: 'idle'};
  const {setOpen, expanded, listed, go, onKeyDown} = usePopup(input, {state, autoFocus, active, setActive});
  const status = statusOf(state);

  const listRef = useRef<HTMLUListElement>(null);
  // The chosen result stays in view where the list scrolls (short screens).
  useEffect(() => {
    listRef.current?.children[active]?.scrollIntoView({block: 'nearest'});
  }, [active, answer]);

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
      <ResultsPopup
        ref={listRef}
        state={state}
        expanded={expanded}
        listed={listed}
        status={status}
        listboxId={listboxId}
        optionId={optionId}
        active={active}
        onChoose={setActive}
        onOpen={go}
      />
      {/* Outside the popup, so that it is announced whether or not the list is shown. */}
      <p role="status" className={styles.visuallyHidden}>
        {expanded ? status : ''}
      </p>
    </div>
  );
}
