import type {ReactNode} from 'react';
import {
  LIGHTHOUSE_CATEGORIES as CATEGORIES,
  LIGHTHOUSE_TIMING_CATEGORIES as TIMING_CATEGORIES,
  lighthouseMinimums,
  overruns,
  pageBudgetFor,
  type PageBudget,
  API_RENDER_FACTOR,
} from '@site/perf/budgets';
// Named imports, which the bundler follows key by key: it leaves out the comments of perf/budgets.json and
// the figures of perf/results.json that this page does not show (`field2g`), about 3 KiB of text.
import {
  apiConsole,
  buildSeconds,
  docsJs as docsJsBudget,
  imageKiB,
  pages as pageBudgets,
  search,
} from '@site/perf/budgets.json';
import {build, docsJs, machine, measuredAt, method, render, routes} from '@site/perf/results.json';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

type RouteResult = {
  path: string;
  totalKiB: number;
  jsKiB: number;
  beforeJsKiB: number;
  prefetchKiB: number;
  /** The same load with gzip only, as GitHub Pages serves it (absent from results older than that). */
  gzip?: {totalKiB: number; jsKiB: number};
  lighthouse?: Record<string, number>;
};

type BenchResults = {
  measuredAt: string;
  machine: {cpus: number; memoryGiB: number; node: string};
  method: string;
  build: {runs: number; coldMedianSeconds: number; warmMedianSeconds: number} | null;
  routes: RouteResult[];
  /** What /api and a docs page cost the browser to style and lay out (absent from results older than that). */
  render?: {cpuSlowdown: number; runs: number; api: RenderCost; docs: RenderCost} | null;
};

type RenderCost = {route: string; elements: number; layoutMs: number; styleMs: number};

const results = {measuredAt, machine, method, build, routes, render} as unknown as BenchResults;

const kib = (value: number | undefined) => (value === undefined ? '–' : `${value}`);

/** The budgets of perf/budgets.json. */
export function BudgetTable(): ReactNode {
  const pages = Object.values(pageBudgets) as PageBudget[];
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Pages</th>
          <th scope="col">Total (KiB)</th>
          <th scope="col">JavaScript (KiB)</th>
          <th scope="col">JavaScript with gzip (KiB)</th>
          <th scope="col">Before JavaScript runs (KiB)</th>
          <th scope="col">Before the first paint (KiB)</th>
        </tr>
      </thead>
      <tbody>
        {pages.map((p) => (
          <tr key={p.label}>
            <th scope="row">
              {p.label} <span className={styles.note}>({p.routes})</span>
            </th>
            <td>≤ {p.totalKiB}</td>
            <td>{p.jsKiB ? `≤ ${p.jsKiB}` : '–'}</td>
            <td>{p.jsGzipKiB ? `≤ ${p.jsGzipKiB}` : '–'}</td>
            <td>{p.beforeJsKiB ? `≤ ${p.beforeJsKiB}` : '–'}</td>
            <td>{p.firstPaintKiB ? `≤ ${p.firstPaintKiB}` : '–'}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">any single image</th>
          <td>≤ {imageKiB}</td>
          <td colSpan={4}>with width and height, lazy below the fold, SVG, WebP or AVIF</td>
        </tr>
        <tr>
          <th scope="row">opening the API console (&ldquo;Try it&rdquo;, the sync playground)</th>
          <td>≤ {apiConsole.openKiB}</td>
          <td colSpan={4}>on top of the page; nothing of it before it is opened</td>
        </tr>
        <tr>
          <th scope="row">the first search (from focusing the box to the first results shown)</th>
          <td>≤ {search.firstSearchKiB}</td>
          <td colSpan={2}>with gzip: code, index parts and previews; nothing of search before the box is focused</td>
        </tr>
        <tr>
          <th scope="row">each further search</th>
          <td>≤ {search.furtherQueryKiB}</td>
          <td colSpan={2}>with gzip: the index parts and previews the first search did not fetch</td>
        </tr>
      </tbody>
    </ScrollableTable>
  );
}

/** The minimum Lighthouse scores of perf/budgets.json, each column marked with what checks it. */
export function LighthouseBudgetTable(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Page</th>
          {CATEGORIES.map((c) => (
            <th key={c} scope="col">
              {c} <span className={styles.note}>({TIMING_CATEGORIES.includes(c) ? 'benchmark' : 'test'})</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lighthouseMinimums().map(([path, minimum]) => (
          <tr key={path}>
            <th scope="row">
              <code>{path}</code>
            </th>
            {CATEGORIES.map((c) => (
              <td key={c}>≥ {minimum[c]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

const over = (value: number | undefined, budget: number | undefined) =>
  value !== undefined && budget !== undefined && value > budget;

type RowProps = {route: RouteResult; minimum?: Record<string, number>};

/** A route's Lighthouse scores, each under its minimum marked. */
function LighthouseScores({route, minimum}: RowProps): ReactNode {
  const lh = route.lighthouse ?? {};
  return CATEGORIES.map((c, i) => {
    const min = minimum?.[c];
    const below = lh[c] !== undefined && min !== undefined && lh[c] < min;
    return (
      <span key={c}>
        {i > 0 && ' / '}
        {below ? <strong className={styles.over}>{`${lh[c]} (minimum ${min})`}</strong> : (lh[c] ?? '–')}
      </span>
    );
  });
}

/** One route's figures beside its budget, each over it marked. */
function MeasuredRow({route: r, hasGzip, minimum}: RowProps & {hasGzip: boolean}): ReactNode {
  const b = pageBudgetFor(r.path);
  return (
    <tr>
      <th scope="row">
        <code>{r.path}</code>
      </th>
      <td className={over(r.totalKiB, b.totalKiB) ? styles.over : undefined}>
        {r.totalKiB} ({b.totalKiB})
      </td>
      <td className={over(r.jsKiB, b.jsKiB) ? styles.over : undefined}>
        {r.jsKiB} ({kib(b.jsKiB)})
      </td>
      <td className={over(r.beforeJsKiB, b.beforeJsKiB) ? styles.over : undefined}>
        {r.beforeJsKiB} ({kib(b.beforeJsKiB)})
      </td>
      {hasGzip && (
        <td className={over(r.gzip?.jsKiB, b.jsGzipKiB ?? b.jsKiB) ? styles.over : undefined}>
          {r.gzip ? `${r.gzip.totalKiB} / ${r.gzip.jsKiB}` : '–'}
        </td>
      )}
      <td>{r.prefetchKiB}</td>
      <td>
        <LighthouseScores route={r} minimum={minimum} />
      </td>
    </tr>
  );
}

/** The latest figures of `npm run bench` (perf/results.json), beside each page's budget. */
export function MeasuredTable(): ReactNode {
  const routes = results.routes;
  // Results written before the benchmark measured gzip have no such column.
  const hasGzip = routes.some((r) => r.gzip);
  const minimums = Object.fromEntries(lighthouseMinimums());
  const {cold, warm} = buildSeconds;
  const flag = (isOver: boolean, text: string) =>
    isOver ? <strong className={styles.over}>{text} (over budget)</strong> : text;
  return (
    <>
      <p>
        Measured {new Date(results.measuredAt).toISOString().slice(0, 10)} on {results.machine.cpus} cores with Node.js{' '}
        {results.machine.node}: {results.method}.
        {results.build && (
          <>
            {' '}
            Build time, median of {results.build.runs}:{' '}
            {flag(results.build.coldMedianSeconds > cold, `${results.build.coldMedianSeconds} s`)} cold (caches cleared;
            budget {cold} s), {flag(results.build.warmMedianSeconds > warm, `${results.build.warmMedianSeconds} s`)}{' '}
            warm (budget {warm} s).
          </>
        )}
      </p>
      <ScrollableTable>
        <thead>
          <tr>
            <th scope="col">Route</th>
            <th scope="col">Total KiB (budget)</th>
            <th scope="col">JS KiB (budget)</th>
            <th scope="col">Before JS KiB (budget)</th>
            {hasGzip && <th scope="col">gzip: total / JS KiB</th>}
            <th scope="col">Prefetch KiB</th>
            <th scope="col">Lighthouse perf / a11y / BP / SEO</th>
          </tr>
        </thead>
        <tbody>
          {routes.map((r) => (
            <MeasuredRow key={r.path} route={r} hasGzip={hasGzip} minimum={minimums[r.path]} />
          ))}
        </tbody>
      </ScrollableTable>
    </>
  );
}

/** The latest layout and style figures of `npm run bench` (perf/results.json): /api beside a docs page. */
export function RenderCostTable(): ReactNode {
  const render = results.render;
  if (!render) return <p>The latest benchmark results do not include layout and style figures yet.</p>;
  const limit = API_RENDER_FACTOR * (render.docs.layoutMs + render.docs.styleMs);
  const apiCost = render.api.layoutMs + render.api.styleMs;
  return (
    <ScrollableTable>
      <caption>
        Median of {render.runs} cold loads with the processor {render.cpuSlowdown}× slower; /api may take at most{' '}
        {API_RENDER_FACTOR}× a docs page&apos;s layout plus style time ({limit} ms in this run).
      </caption>
      <thead>
        <tr>
          <th scope="col">Route</th>
          <th scope="col">Elements</th>
          <th scope="col">Style ms</th>
          <th scope="col">Layout ms</th>
          <th scope="col">Style + layout ms</th>
        </tr>
      </thead>
      <tbody>
        {[render.docs, render.api].map((r) => (
          <tr key={r.route}>
            <th scope="row">
              <code>{r.route}</code>
            </th>
            <td>{r.elements}</td>
            <td>{r.styleMs}</td>
            <td>{r.layoutMs}</td>
            <td className={r === render.api && apiCost > limit ? styles.over : undefined}>{r.styleMs + r.layoutMs}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

/** The pages over their JavaScript budget (perf/budgets.json, overruns), each with its ceilings and why. */
export function OverrunList(): ReactNode {
  const list = overruns();
  if (list.length === 0) return <p>No page is over its budget now: none is held to a ceiling.</p>;
  return (
    <>
      <p>Held to a ceiling now:</p>
      <ul>
        {list.map(([path, overrun]) => (
          <li key={path}>
            <code>{path}</code>: held to {overrun.jsKiB !== undefined && `${overrun.jsKiB} KiB with Brotli`}
            {overrun.jsKiB !== undefined && overrun.jsGzipKiB !== undefined && ' and '}
            {overrun.jsGzipKiB !== undefined && `${overrun.jsGzipKiB} KiB with gzip`}: {overrun.why}.
          </li>
        ))}
      </ul>
    </>
  );
}

/** One build's docs JavaScript figures, as the benchmark writes them into perf/results.json. */
export type DocsJsFigures = {
  docsPages: number;
  baseKiB: number;
  baseGzipKiB: number;
  ownKiB: number;
  ownGzipKiB: number;
  ownRoute: string;
};

/** A figure with Brotli and with gzip, each over its budget marked. */
function BrotliGzip({values, budgets}: {values: [number, number]; budgets?: [number, number]}): ReactNode {
  return values.map((value, i) => (
    <span key={i} className={budgets && value > budgets[i] ? styles.over : undefined}>
      {i > 0 && ' / '}
      {value}
    </span>
  ));
}

/**
 * The three budgets of the docs pages' JavaScript (perf/budgets.json, docsJs) beside the latest figures of
 * `npm run bench` today and at three times the docs pages (perf/results.json, docsJs), and the pages the base's
 * headroom still allows.
 */
export function DocsJsTable(): ReactNode {
  // Each figure read by name, never the whole object: the bundler then leaves out docsJs's comment (0.4 KiB with
  // gzip on this page).
  const b = {
    baseKiB: docsJsBudget.baseKiB,
    baseGzipKiB: docsJsBudget.baseGzipKiB,
    ownKiB: docsJsBudget.ownKiB,
    ownGzipKiB: docsJsBudget.ownGzipKiB,
    slopeKiB: docsJsBudget.slopeKiB,
    slopeGzipKiB: docsJsBudget.slopeGzipKiB,
  };
  const {times, today, grown, slope, headroom} = docsJs as {
    times: number;
    today: DocsJsFigures;
    grown: DocsJsFigures;
    slope: {kib: number; gzipKiB: number};
    headroom: {kib: number; gzipKiB: number; pages: number | null};
  };
  return (
    <>
      <ScrollableTable>
        <caption>KiB with Brotli / with gzip, on a cold load.</caption>
        <thead>
          <tr>
            <th scope="col">JavaScript of a docs page</th>
            <th scope="col">Budget</th>
            <th scope="col">Today ({today.docsPages} docs pages)</th>
            <th scope="col">
              At {times}× ({grown.docsPages} docs pages)
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">the shared base</th>
            <td>
              ≤ {b.baseKiB} / ≤ {b.baseGzipKiB}
            </td>
            <td>
              <BrotliGzip values={[today.baseKiB, today.baseGzipKiB]} budgets={[b.baseKiB, b.baseGzipKiB]} />
            </td>
            <td>
              <BrotliGzip values={[grown.baseKiB, grown.baseGzipKiB]} />
            </td>
          </tr>
          <tr>
            <th scope="row">a page&apos;s own chunks (the heaviest)</th>
            <td>
              ≤ {b.ownKiB} / ≤ {b.ownGzipKiB}
            </td>
            <td>
              <BrotliGzip values={[today.ownKiB, today.ownGzipKiB]} budgets={[b.ownKiB, b.ownGzipKiB]} />{' '}
              <span className={styles.note}>({today.ownRoute})</span>
            </td>
            <td>
              <BrotliGzip values={[grown.ownKiB, grown.ownGzipKiB]} budgets={[b.ownKiB, b.ownGzipKiB]} />{' '}
              <span className={styles.note}>({grown.ownRoute})</span>
            </td>
          </tr>
          <tr>
            <th scope="row">the slope: what one more docs page adds to a page</th>
            <td>
              ≤ {b.slopeKiB} / ≤ {b.slopeGzipKiB}
            </td>
            <td colSpan={2}>
              <BrotliGzip values={[slope.kib, slope.gzipKiB]} budgets={[b.slopeKiB, b.slopeGzipKiB]} /> (from today to{' '}
              {times}×)
            </td>
          </tr>
        </tbody>
      </ScrollableTable>
      <p>
        No docs page may pass {b.baseKiB + b.ownKiB} KiB of JavaScript with Brotli and {b.baseGzipKiB + b.ownGzipKiB}{' '}
        KiB with gzip, the base&apos;s budget and its own together. The base has {headroom.kib} KiB of headroom with
        Brotli and {headroom.gzipKiB} KiB with gzip: at the measured slope, the site can add{' '}
        <strong>{headroom.pages ?? 'any number of'} docs pages</strong> before the base is over its budget.
      </p>
    </>
  );
}
