// Runs once, before the first render: "/x/index.html" becomes "/x" and "/index.html" becomes "/",
// keeping the query string and the hash (src/plugins/strip-index-html/index.ts says why).
import {stripIndexHtml} from './strip-index-html-path';

if (typeof window !== 'undefined') {
  const stripped = stripIndexHtml(window.location.pathname);
  if (stripped !== window.location.pathname) {
    window.history.replaceState(
      window.history.state,
      '',
      `${stripped}${window.location.search}${window.location.hash}`,
    );
  }
}
