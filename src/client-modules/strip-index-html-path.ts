/** `/x/index.html` → `/x`, `/index.html` → `/`; any other path is returned as it is. */
export function stripIndexHtml(pathname: string): string {
  if (!pathname.endsWith('/index.html')) return pathname;
  return pathname.slice(0, -'/index.html'.length) || '/';
}
