/**
 * On the Known issues overview: a link to an entry by its old anchor (`known-issues#<id>`, from before the
 * entries moved to one page per area) goes on to the entry on its area's page. The overview's list keeps every
 * entry under its id with a link to where it is now (src/plugins/known-issues), so this reads the link the
 * list already has instead of a second copy of the entries. Without JavaScript the list item itself is the
 * target, and says where the entry went.
 */
import {useEffect} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';

export default function KnownIssuesForward(): null {
  const {hash} = useLocation();
  const history = useHistory();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const href = document.getElementById(id)?.querySelector('a')?.getAttribute('href');
    if (href?.endsWith(`#${id}`)) history.replace(href);
  }, [hash, history]);
  return null;
}
