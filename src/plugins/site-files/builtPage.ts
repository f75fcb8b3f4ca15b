/** Where the build wrote a page. */
import {existsSync} from 'node:fs';
import path from 'node:path';

/** The HTML file the build wrote for a route: "/docs/ODE" → build/docs/ODE/index.html or build/docs/ODE.html. */
export function builtPageFile(outDir: string, route: string): string {
  const candidates = [path.join(outDir, route, 'index.html'), path.join(outDir, `${route.replace(/\/$/, '')}.html`)];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`no built page for ${route} (looked for ${candidates.join(', ')})`);
  return file;
}
