/** Where a page's Markdown twin is; shared by the build (src/plugins/markdown-twins) and the page (./index.tsx); here, not in the plugin's folder, because the browser bundles it. */

/** "/docs/ODE" → "/docs/ODE.md", "/docs/quick-start/" → "/docs/quick-start.md": the library's naming, which nginx serves as text/markdown. */
export function markdownTwinPath(permalink: string): string {
  return `${permalink.replace(/\/$/, '')}.md`;
}
