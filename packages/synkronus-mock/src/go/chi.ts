/**
 * Routing as go-chi/chi v5 does it, for a route table written as data (releases/<tag>/routes.ts): a pattern's
 * `{name}` takes one path segment, `*` the rest; where several patterns match, static segments win over
 * parameters and parameters over `*`, and a pattern that matches the path but not the method only counts when
 * nothing else does (405 with `Allow`). A mount hands the rest of the path to its own table. A group's
 * middleware runs before a mount whatever the method, but before a route only when the route is chosen: chi
 * answers 405 without it.
 */

/** `middleware`: what a chi Group wraps the route or mount in (the release's token check). */
export type ChiRoute<H> = {method: string; pattern: string; handler: H; middleware?: string};
export type ChiMount<H> = {mount: string; table: ChiTable<H>; middleware?: string};
export type ChiTable<H> = (ChiRoute<H> | ChiMount<H>)[];

export type ChiMatch<H> =
  | {kind: 'route'; handler: H; params: Record<string, string>; middleware: string[]}
  /** No pattern matches the path: 404, after the middleware of the mounts passed through. */
  | {kind: 'not-found'; middleware: string[]}
  /** A pattern matches the path but not the method. */
  | {kind: 'method-not-allowed'; allow: string[]; middleware: string[]};

type Segment = {kind: 0 | 1 | 2; text: string};

const segmentsOf = (pattern: string): Segment[] =>
  pattern
    .split('/')
    .slice(1)
    .map((text) => ({kind: text === '*' ? 2 : /^\{[^}]+\}$/.test(text) ? 1 : 0, text}));

/** The parameters of `pattern` in `path`, with the rest for a `*`, or undefined when it does not match. */
function matchPattern(pattern: string, path: string): {params: Record<string, string>; rest?: string} | undefined {
  const want = segmentsOf(pattern);
  const have = path.split('/').slice(1);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const {kind, text} = want[i];
    if (i >= have.length) return undefined;
    // `/static/*` takes `/static/` and below, never `/static` itself.
    if (kind === 2) return {params, rest: have.slice(i).join('/')};
    if (kind === 1) {
      if (have[i] === '') return undefined;
      params[text.slice(1, -1)] = have[i];
    } else if (have[i] !== text) return undefined;
  }
  return want.length === have.length ? {params} : undefined;
}

/** Static before parameter before `*`, segment by segment. */
const priority = (a: string, b: string) => {
  const [x, y] = [segmentsOf(a), segmentsOf(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i].kind !== y[i].kind) return x[i].kind - y[i].kind;
  return y.length - x.length;
};

type Candidate<H> = {pattern: string; entry: ChiRoute<H> | ChiMount<H>; params: Record<string, string>; rest?: string};

function candidates<H>(table: ChiTable<H>, path: string): Candidate<H>[] {
  const found: Candidate<H>[] = [];
  for (const entry of table) {
    // A mount answers at its own path, with a trailing slash, and below it.
    const patterns = 'mount' in entry ? [entry.mount, `${entry.mount}/`, `${entry.mount}/*`] : [entry.pattern];
    for (const pattern of patterns) {
      const match = matchPattern(pattern, path);
      if (match) found.push({pattern, entry, ...match});
    }
  }
  return found.sort((a, b) => priority(a.pattern, b.pattern));
}

/** Where `method` `path` goes in `table`. */
export function routeChi<H>(table: ChiTable<H>, method: string, path: string, middleware: string[] = []): ChiMatch<H> {
  const found = candidates(table, path || '/');
  for (const candidate of found) {
    const {entry} = candidate;
    if ('mount' in entry) {
      const inner = [...middleware, ...(entry.middleware ? [entry.middleware] : [])];
      const match = routeChi(entry.table, method, `/${candidate.rest ?? ''}`, inner);
      return {...match, ...(match.kind === 'route' ? {params: {...candidate.params, ...match.params}} : {})};
    }
    if (entry.method === method)
      return {
        kind: 'route',
        handler: entry.handler,
        params: candidate.params,
        middleware: [...middleware, ...(entry.middleware ? [entry.middleware] : [])],
      };
  }
  if (found.length === 0) return {kind: 'not-found', middleware};
  return {kind: 'method-not-allowed', allow: found.map(({entry}) => (entry as ChiRoute<H>).method), middleware};
}
