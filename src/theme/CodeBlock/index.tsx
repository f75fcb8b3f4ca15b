// Wraps the theme's CodeBlock (@docusaurus/theme-classic/lib/theme/CodeBlock) so a page keeps the server's highlighted code as it is and loads the code block's script (Prism, the copy and wrap buttons) only when a reader comes to a block; part of patch prism-slim (PATCHES.md), whose check holds what it relies on.
// Patch: prism-slim
import React, {
  Children,
  isValidElement,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useColorMode, usePrismTheme, useThemeConfig} from '@docusaurus/theme-common';
import type {Props} from '@theme/CodeBlock';
import {restyleCodeBlock, type PrismTheme} from '@site/src/prism/prism-slim-styles';
import styles from './styles.module.css';

type CodeBlockComponent = ComponentType<Props>;

const importCodeBlock = () => import('@theme-original/CodeBlock') as Promise<{default: CodeBlockComponent}>;

/** The theme's code block once its chunk has loaded: blocks rendered after that need not wait. */
let loaded: CodeBlockComponent | undefined;
let loading: Promise<CodeBlockComponent> | undefined;
function loadCodeBlock(): Promise<CodeBlockComponent> {
  return (loading ??= importCodeBlock().then((m) => (loaded = m.default)));
}

/** The server renders the theme's code block in full: it waits for lazy components before it writes a page. */
const ServerCodeBlock = lazy(importCodeBlock);

/**
 * The code, highlighted, is in the page's HTML. On the page's first load (hydration) the block keeps that
 * markup: React leaves the children of an element rendered with `dangerouslySetInnerHTML` as the server
 * wrote them, and does not patch its attributes. In the colour mode the server did not render, the block
 * takes that mode's code colours from the theme without Prism (restyleCodeBlock). The theme's code block
 * (with Prism) replaces it when the reader points at, touches or focuses the block: its copy and wrap
 * buttons then appear. Blocks rendered after the first load (a page reached by a link) load it at once,
 * showing the plain code meanwhile.
 */
export default function CodeBlock(props: Props): ReactNode {
  // No Suspense boundary: the server waits for the lazy component outside one too, and a boundary would let
  // React hydrate the block later than the page, or render it anew when the page's state changes first.
  return ExecutionEnvironment.canUseDOM ? <ClientCodeBlock {...props} /> : <ServerCodeBlock {...props} />;
}

const noSubscription = () => () => {};

/**
 * True while React hydrates the server's markup, false when it renders anew: React reads the server's
 * snapshot only while hydrating. (Not useIsBrowser(): a Suspense boundary may hydrate after the root's
 * effects have run, when that already says true.)
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

function ClientCodeBlock(props: Props): ReactNode {
  // Fixed at the first render: then the server's markup is on the page.
  const [fromServer] = useState(useHydrating());
  const [Loaded, setLoaded] = useState<CodeBlockComponent | undefined>(() => (fromServer ? undefined : loaded));
  const [active, setActive] = useState(!fromServer);
  const {colorMode} = useColorMode();
  const {
    colorMode: {defaultMode},
  } = useThemeConfig();
  const prismTheme = usePrismTheme() as PrismTheme;
  const restyled = useRef(false);
  const islandRef = useRef<HTMLDivElement & HTMLPreElement>(null);
  const refocus = useRef<{parent: Element; index: number} | null>(null);
  // React runs a ref's cleanup before it takes the element out of the page: whether it holds the focus then.
  const island = useCallback((element: (HTMLDivElement & HTMLPreElement) | null) => {
    islandRef.current = element;
    return () => {
      islandRef.current = null;
      const parent = element?.parentElement;
      if (parent && element.contains(document.activeElement)) {
        refocus.current = {parent, index: Array.prototype.indexOf.call(parent.children, element)};
      }
    };
  }, []);

  // The server wrote the code in the default colour mode's colours: in the other, the block takes that mode's
  // colours from the theme, without Prism (before the browser paints, so the code does not flash).
  useLayoutEffect(() => {
    const element = islandRef.current;
    if (!element || (colorMode === defaultMode && !restyled.current)) return;
    restyleCodeBlock(element, prismTheme);
    restyled.current = true;
  }, [prismTheme, colorMode, defaultMode, Loaded]);

  useEffect(() => {
    if (!active || Loaded) return;
    let current = true;
    void loadCodeBlock().then((component) => {
      if (current) startTransition(() => setLoaded(() => component));
    });
    return () => {
      current = false;
    };
  }, [active, Loaded]);

  // Focus on the block (a reader who tabbed to it) moves to the block that replaces it, in the same task as
  // the replacement, so that no key press meets a page without focus.
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!Loaded || !target) return;
    refocus.current = null;
    target.parent.children[target.index]?.querySelector<HTMLElement>('pre')?.focus();
  }, [Loaded]);

  if (Loaded) return <Loaded {...props} />;
  if (fromServer) {
    const islandProps = {
      ref: island,
      dangerouslySetInnerHTML: {__html: ''},
      suppressHydrationWarning: true,
      onPointerEnter: () => setActive(true),
      onFocus: () => setActive(true),
    };
    // The theme renders a block of JSX children as a <pre>, a string of code as a <div>.
    return Children.toArray(props.children).some((child) => isValidElement(child)) ? (
      <pre {...islandProps} />
    ) : (
      <div {...islandProps} />
    );
  }
  return (
    <div className={`theme-code-block ${styles.plain}`}>
      <pre className={styles.plainCode}>
        <code>{props.children}</code>
      </pre>
    </div>
  );
}
