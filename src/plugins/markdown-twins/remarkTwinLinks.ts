/**
 * A remark plugin, given to the twins' library as `remarkPlugins`: mends its links to the twins of
 * pages whose URL ends in "/" (a folder's index.md, such as /docs/documentation/synkronus/). The
 * library (1.2.2) resolves such a link to the route "/docs/documentation/synkronus/" and appends
 * ".md", giving "…/synkronus/.md", while it writes the twin itself to "…/synkronus.md".
 * Upstream report: "rehype-links: a link to a route with a trailing slash becomes `<route>/.md`, but
 * the Markdown file is written to `<route>.md` (htmlPathToMdPath), so the link is broken." Remove this
 * plugin once the library writes the two the same way (tests/unit/markdown-twins.spec.ts checks every link).
 */
import type {Link, Root} from 'mdast';

function visitLinks(node: Root | Root['children'][number], fix: (link: Link) => void) {
  if (node.type === 'link') fix(node);
  if ('children' in node) for (const child of node.children) visitLinks(child, fix);
}

export default function remarkTwinLinks() {
  return (tree: Root) => visitLinks(tree, (link) => (link.url = link.url.replace(/\/\.md(?=[?#]|$)/, '.md')));
}
