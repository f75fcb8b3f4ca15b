/** Go's path/filepath on Linux, as far as the release's file paths need it. */

/** filepath.Clean: `.` and `x/..` resolved, `..` kept where it climbs out of a relative path. */
export function goClean(path: string): string {
  const rooted = path.startsWith('/');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length && parts[parts.length - 1] !== '..') parts.pop();
    else if (part !== '..' || !rooted) parts.push(part);
  }
  return (rooted ? '/' : '') + parts.join('/') || '.';
}

/** filepath.Join: the parts joined with `/`, then cleaned. */
export const goJoin = (...parts: string[]) => goClean(parts.filter(Boolean).join('/'));
