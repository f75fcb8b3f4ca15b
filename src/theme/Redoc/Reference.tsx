/**
 * Browser side of the reference (the server side is Reference.server.tsx).
 *
 * In the page the browser loaded, the server markup is complete and readable, and Redoc (its code
 * is about a second of main-thread work on a mid-range phone) is only needed for the interactive
 * parts: expanding, tabs, the menu on small screens. So the markup is adopted as it is (React leaves
 * the inner HTML of an element with dangerouslySetInnerHTML alone) and Redoc's code is downloaded,
 * run and hydrated into its own React root once the reader scrolls,
 * touches, clicks or presses a key, or moves the focus into the reference. Hydration runs in a
 * transition, in slices of a few milliseconds; a click that lands before it has started is handled
 * once it has finished.
 *
 * After a client-side navigation to /api there is no server markup: Redoc renders in the page's root.
 */
import React, {lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {hydrateRoot, type Root} from 'react-dom/client';
import {createStore, type ReferenceProps, type StoreInput} from './store';

const loadRedoc = () => import('redoc');

/** Runs `onCommit` after each commit of its children (the first one ends the hydration). */
function Committed({onCommit, children}: {onCommit: () => void; children: ReactNode}): ReactNode {
  useEffect(onCommit);
  return children;
}

/** Whether this render hydrates the page the browser loaded (<html data-has-hydrated> is not "true" yet). */
function useHydratingLoadedPage(): boolean {
  const [hydrating] = useState(() => document.documentElement.dataset.hasHydrated !== 'true');
  return hydrating;
}

/**
 * Redoc scrolls to the section named in the URL's hash when it mounts. Once the reader has scrolled
 * that section out of view, the hash is dropped so that hydrating does not move the page
 * (Redoc's scroll spy sets it again from what is on screen).
 */
function forgetHashOutOfView(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  const section = document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
  const top = section?.getBoundingClientRect().top;
  if (top === undefined || top < 0 || top > window.innerHeight) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
}

/**
 * Marks the reference as Redoc's, once: the server's CSS then lays out every section at its real
 * height (until then, off-screen calls are estimated: ThemeStyles.server.tsx), since Redoc's menu
 * and scroll spy measure where sections are. What the reader is looking at stays where it is on screen.
 */
function markInteractive(container: HTMLElement): void {
  if (container.hasAttribute('data-interactive')) return;
  const seen = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  const top = seen?.getBoundingClientRect().top;
  container.setAttribute('data-interactive', 'true');
  if (seen && top !== undefined) window.scrollBy(0, seen.getBoundingClientRect().top - top);
}

function AdoptedReference({input, dark, className}: ReferenceProps): React.JSX.Element {
  const container = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const [wanted, setWanted] = useState(false);
  // The last click on the markup before Redoc took it over (links work without Redoc and are left alone).
  const pendingClick = useRef<Element | null>(null);

  // Waits for the reader.
  useEffect(() => {
    if (wanted) return undefined;
    const element = container.current!;
    const want = () => setWanted(true);
    const pageEvents = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    pageEvents.forEach((type) => window.addEventListener(type, want, {passive: true}));
    element.addEventListener('focusin', want);
    return () => {
      pageEvents.forEach((type) => window.removeEventListener(type, want));
      element.removeEventListener('focusin', want);
    };
  }, [wanted]);

  useEffect(() => {
    const element = container.current!;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (!root.current && !target.closest('a[href]')) pendingClick.current = target;
    };
    element.addEventListener('click', onClick, true);
    return () => element.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    if (!wanted) return undefined;
    let cancelled = false;
    loadRedoc().then((redoc) => {
      if (cancelled) return;
      forgetHashOutOfView();
      const onCommit = () => {
        markInteractive(container.current!);
        const target = pendingClick.current;
        pendingClick.current = null;
        if (target?.isConnected) target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
      };
      const view = (
        <Committed onCommit={onCommit}>
          <redoc.Redoc key={dark ? 'dark' : 'light'} store={createStore(redoc, input)} />
        </Committed>
      );
      startTransition(() => {
        // The reader may have left /api while Redoc loaded: nothing is left to take over.
        if (cancelled || !container.current) return;
        if (root.current) root.current.render(view);
        // The server's inner <div>: a root nested in an element that the page's root owns would
        // block React's handling of clicks made while it hydrates.
        else root.current = hydrateRoot(container.current!.firstElementChild!, view);
      });
    }, (error: unknown) => console.warn('The API reference stays as the server sent it: Redoc could not load.', error));
    return () => {
      cancelled = true;
    };
  }, [wanted, input, dark]);

  // A root cannot be unmounted while React renders: unmount it after this commit.
  useEffect(
    () => () => {
      const current = root.current;
      setTimeout(() => current?.unmount());
    },
    [],
  );
  return <div ref={container} className={className} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />;
}

/** Redoc rendered in the page's root, once its code has loaded. */
const LazyRedoc = lazy(async () => {
  const redoc = await loadRedoc();
  function RedocView({input, dark}: {input: StoreInput; dark: boolean}): React.JSX.Element {
    const store = useMemo(() => createStore(redoc, input), [input]);
    return <redoc.Redoc key={dark ? 'dark' : 'light'} store={store} />;
  }
  return {default: RedocView};
});

function ClientReference({input, dark, className}: ReferenceProps): React.JSX.Element {
  return (
    <div className={className}>
      <div>
        <Suspense fallback={<p role="status" className="padding--lg">Loading the API reference…</p>}>
          <LazyRedoc input={input} dark={dark} />
        </Suspense>
      </div>
    </div>
  );
}

export default function Reference(props: ReferenceProps): React.JSX.Element {
  return useHydratingLoadedPage() ? <AdoptedReference {...props} /> : <ClientReference {...props} />;
}
