/**
 * The reference's navigation list: the introduction's sections, each tag with its operations, and every
 * schema, each one plain link away (it works without JavaScript). Once the page runs, the part being
 * read is highlighted (`aria-current`), and kept in view inside the list.
 * On a phone the list sits above the reference, folded under "Contents": its 160 entries are a click away
 * and cost a slow phone nothing to lay out until then. Beside the reference on a wide screen, it opens as
 * the page runs (without JavaScript, one click opens it there too).
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {ApiReferenceModel} from '@site/src/api/model/page';
import {Method} from './Operation';
import styles from './styles.module.css';

type Entry = {anchor: string; label: ReactNode; method?: string};
/** A group of the list; the introduction has no anchor of its own. */
type Group = {anchor?: string; label: string; entries: Entry[]};

function groups(reference: ApiReferenceModel): Group[] {
  return [
    ...(reference.sections.length
      ? [{label: 'Introduction', entries: reference.sections.map((s) => ({anchor: s.anchor, label: s.title}))}]
      : []),
    ...reference.tags.map((tag) => ({
      anchor: tag.anchor,
      label: tag.name,
      entries: tag.operations.map((op) => ({anchor: op.anchor, label: op.summary, method: op.method})),
    })),
    {
      anchor: reference.schemasAnchor,
      label: 'Schemas',
      entries: reference.schemas.map((s) => ({anchor: s.anchor, label: s.name})),
    },
  ];
}

/** Where the list stands beside the reference rather than above it: the layout's breakpoint (styles.module.css). */
const WIDE_SCREEN = '(min-width: 997px)';

/** A heading this far below the navbar, or nearer, is being read: a link lands one 0.5rem below it. */
const READING_LINE_BELOW_NAVBAR_PX = 48;

/** Whether the window shows the end of the page (within a pixel: boxes sit at fractions of one). */
const atPageEnd = () => Math.ceil(window.innerHeight + window.scrollY) >= document.documentElement.scrollHeight - 1;

/**
 * The anchor of the part being read: of the targets whose top has passed the reading line (just below the
 * navbar, where a link lands them), the last in the page. At the end of the page, where the last parts can
 * never reach that line, it is the last target on screen, or the one the address names if it is on screen.
 * Kept in step with IntersectionObservers (no work while the reader does not scroll; the targets of parts
 * not laid out yet cost nothing), the end of the page and the address's hash.
 */
function useCurrentAnchor(anchors: string[]): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    const targets = anchors.flatMap((anchor) => document.getElementById(anchor) ?? []);
    const index = new Map<Element, number>(targets.map((element, i) => [element, i]));
    const passed = new Set<Element>();
    const onScreen = new Set<Element>();
    const lastOf = (elements: Set<Element>) => {
      let last = -1;
      for (const element of elements) last = Math.max(last, index.get(element)!);
      return last;
    };
    const update = () => {
      let chosen = lastOf(passed);
      if (onScreen.size > 0 && atPageEnd()) {
        const named = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
        chosen = named && onScreen.has(named) ? index.get(named)! : lastOf(onScreen);
      }
      setCurrent(chosen >= 0 ? targets[chosen].id : undefined);
    };
    const track = (set: Set<Element>) => (entries: IntersectionObserverEntry[]) => {
      for (const entry of entries) {
        if (entry.isIntersecting) set.add(entry.target);
        else set.delete(entry.target);
      }
      update();
    };
    let observers: IntersectionObserver[] = [];
    // The lines are in pixels from the window's top: drawn again when the window changes size.
    const observe = () => {
      observers.forEach((observer) => observer.disconnect());
      passed.clear();
      onScreen.clear();
      const navbar = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0;
      const line = navbar + READING_LINE_BELOW_NAVBAR_PX;
      observers = [
        // The band from the top of the document down to the reading line.
        new IntersectionObserver(track(passed), {
          rootMargin: `1000000px 0px ${Math.min(0, line - window.innerHeight)}px 0px`,
        }),
        // The window below the navbar.
        new IntersectionObserver(track(onScreen), {rootMargin: `-${navbar}px 0px 0px 0px`}),
      ];
      for (const observer of observers) for (const target of targets) observer.observe(target);
    };
    observe();
    // Reaching the end of the page, or leaving it, by scrolling or as the parts near it get their heights.
    let atEnd = atPageEnd();
    const onEndChange = () => {
      if (atEnd === atPageEnd()) return;
      atEnd = !atEnd;
      update();
    };
    const resizes = new ResizeObserver(onEndChange);
    const page = targets[0]?.closest('main');
    if (page) resizes.observe(page);
    window.addEventListener('scroll', onEndChange, {passive: true});
    window.addEventListener('resize', observe);
    window.addEventListener('hashchange', update);
    return () => {
      observers.forEach((observer) => observer.disconnect());
      resizes.disconnect();
      window.removeEventListener('scroll', onEndChange);
      window.removeEventListener('resize', observe);
      window.removeEventListener('hashchange', update);
    };
  }, [anchors]);
  return current;
}

export default function Nav({reference}: {reference: ApiReferenceModel}): ReactNode {
  const [list] = useState(() => groups(reference));
  const [anchors] = useState(() =>
    list.flatMap((group) => [...(group.anchor ? [group.anchor] : []), ...group.entries.map((entry) => entry.anchor)]),
  );
  const current = useCurrentAnchor(anchors);
  const navRef = useRef<HTMLElement>(null);
  const foldRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (foldRef.current && window.matchMedia(WIDE_SCREEN).matches) foldRef.current.open = true;
  }, []);

  // Keep the current entry in view inside the list's own scroll box (never scrolls the page).
  useEffect(() => {
    const nav = navRef.current;
    const link = current ? nav?.querySelector<HTMLElement>(`a[href="#${CSS.escape(current)}"]`) : null;
    if (!nav || !link || nav.scrollHeight <= nav.clientHeight) return;
    const box = nav.getBoundingClientRect();
    const {top, bottom} = link.getBoundingClientRect();
    if (top < box.top || bottom > box.bottom) nav.scrollTop += top - box.top - nav.clientHeight / 3;
  }, [current]);

  const link = (anchor: string, label: ReactNode, method?: string) => (
    <Link
      className={clsx('menu__link', styles.navLink, anchor === current && 'menu__link--active')}
      to={`#${anchor}`}
      aria-current={anchor === current ? 'location' : undefined}>
      {method ? <Method method={method} small /> : null}
      <span>{label}</span>
    </Link>
  );

  return (
    <nav ref={navRef} className={clsx('menu', styles.nav)} aria-label="API reference">
      <details ref={foldRef} className={styles.navFold}>
        <summary className={styles.navTitle}>Contents</summary>
        <ul className="menu__list">
          {list.map((group) => (
            <li key={group.label} className="menu__list-item">
              {group.anchor ? link(group.anchor, group.label) : <span className={styles.navGroup}>{group.label}</span>}
              <ul className="menu__list">
                {group.entries.map((entry) => (
                  <li key={entry.anchor} className="menu__list-item">
                    {link(entry.anchor, entry.label, entry.method)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
