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

/**
 * The anchor of the part being read: of the targets whose top has passed the upper quarter of the
 * window, the last in the page. Kept in step with an IntersectionObserver (no work while the reader
 * does not scroll) and with the address's hash.
 */
function useCurrentAnchor(anchors: string[]): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    const targets = anchors.flatMap((anchor) => document.getElementById(anchor) ?? []);
    const index = new Map<Element, number>(targets.map((element, i) => [element, i]));
    const above = new Set<Element>();
    const update = () => {
      let last = -1;
      for (const element of above) last = Math.max(last, index.get(element)!);
      setCurrent(last >= 0 ? targets[last].id : undefined);
    };
    // A target is "above" once its top is above a line a quarter down the window: the band from the
    // top of the document to that line.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const passed = entry.isIntersecting || entry.boundingClientRect.top < (entry.rootBounds?.top ?? 0);
          if (passed) above.add(entry.target);
          else above.delete(entry.target);
        }
        update();
      },
      {rootMargin: '1000000px 0px -75% 0px'},
    );
    for (const target of targets) observer.observe(target);
    const onHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (anchors.includes(hash)) setCurrent(hash);
    };
    window.addEventListener('hashchange', onHash);
    return () => {
      observer.disconnect();
      window.removeEventListener('hashchange', onHash);
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
