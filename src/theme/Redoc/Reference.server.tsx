/**
 * Server side of the reference (swapped in for Reference.tsx in the server build by
 * src/plugins/api-description): Redoc's markup, and every section id registered for the
 * broken-anchor check.
 */
import React from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import * as redoc from 'redoc';
import {createStore, type ReferenceProps} from './store';

type MenuItem = {id: string; items: MenuItem[]};

/** Registers every Redoc section id (and its short form, e.g. `operation/syncPull`) for the broken-anchor check. */
function collectAnchors(collect: (anchor: string) => void, items: MenuItem[], parent = ''): void {
  for (const item of items) {
    collect(item.id);
    if (parent) collect(item.id.replace(`${parent}/`, ''));
    collectAnchors(collect, item.items, item.id);
  }
}

export default function Reference({input, className}: ReferenceProps): React.JSX.Element {
  const store = createStore(redoc, input);
  const brokenLinks = useBrokenLinks();
  collectAnchors((anchor) => brokenLinks.collectAnchor(anchor), store.menu.items as unknown as MenuItem[]);
  return (
    <div className={className}>
      {/* Redoc's own root in the browser (Reference.tsx): an element the page's React root does not own. */}
      <div>
        <redoc.Redoc store={store} />
      </div>
    </div>
  );
}
