/**
 * The report of the Prism conformance (./prism-conformance.ts): the figures of each dialect, the documented
 * statuses the corpus did not reach, the violations grouped by cause, and each offending exchange with what a
 * developer needs to find it (case, method, target, status, content type, messages, the engine's headers).
 */
import {explainingHeader, figuresOf, isUnexplained, unreached, type Exchange, type Run} from './prism-conformance';

const pad = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');

export function figureTable(runs: Run[]): string {
  const widths = [16, 8, 10, 20, 12];
  const rows = runs.map((run) => {
    const f = figuresOf(run);
    const as = run.dialect === 'description' ? 'silent' : 'named';
    return pad([f.dialect, f.answers, f.violating, `${f.explained} (${as})`, f.unexplained], widths);
  });
  return [pad(['dialect', 'answers', 'violating', 'explained', 'unexplained'], widths), ...rows].join('\n');
}

/** A violation message with what changes from one answer to the next (sizes, paths) left out. */
const cause = (message: string) =>
  message
    .replace(/\b\d+ bytes\b/, 'N bytes')
    .replace(/(has no operation \S+) .*/, '$1 …')
    .replace(/(Content-Type [^;]*; )\d{3}/, '$1<status>');

/** The unexplained exchanges grouped by status, content type and their violations, largest group first. */
export function causesText(exchanges: Exchange[]): string {
  const groups = new Map<string, Exchange[]>();
  for (const x of exchanges.filter(isUnexplained)) {
    const type = x.contentType.split(';')[0] || 'no Content-Type';
    const key = `${x.status} ${type}: ${[...new Set(x.violations.map(cause))].join(' + ')}`;
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, xs]) => {
      const ops = [...new Set(xs.map((x) => x.operationId ?? '(no operation)'))].join(', ');
      return `${xs.length} × ${key}\n    operations: ${ops}\n    e.g. ${xs[0].case}: ${xs[0].method} ${xs[0].target}`;
    })
    .join('\n');
}

const clip = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max)}…` : text);

export function exchangeText(x: Exchange): string {
  const engine = Object.entries(x.headers)
    .filter(([name]) => name.startsWith('x-synkronus-') && name !== 'x-synkronus-dialect')
    .map(([name, value]) => `${name}: ${clip(value)}`);
  return [
    `- [${x.dialect}] ${x.case}`,
    `  ${x.method} ${clip(x.target, 120)} → ${x.status} ${x.contentType || '(no Content-Type)'}; operation ${x.operationId ?? '(none)'}`,
    ...x.violations.map((v) => `    ✗ ${clip(v)}`),
    `  engine: ${engine.join('; ') || '(no X-Synkronus- header)'}`,
    ...(x.requestProblems.length ? [`  request, as Prism reads it: ${clip(x.requestProblems.join('; '))}`] : []),
  ].join('\n');
}

function coverageText(run: Run): string {
  const {operations, statuses} = unreached(run);
  return [
    `${run.dialect}: operations never answered: ${operations.join(', ') || 'none'}`,
    `${run.dialect}: documented statuses never answered: ${statuses.join(', ') || 'none'}`,
  ].join('\n');
}

/**
 * The report of `runs`: figures, coverage, causes, and the unexplained exchanges (with `all`, every exchange
 * that violates the description, explained or not).
 */
export function reportText(runs: Run[], {all = false} = {}): string {
  const parts = [
    'Synkronus engine answers checked by Prism (@stoplight/prism-http) against api/synkronus.yaml with its overlay',
    figureTable(runs),
    ...runs.map(coverageText),
  ];
  for (const run of runs) {
    const shown = run.exchanges.filter((x) => (all ? x.violations.length > 0 : isUnexplained(x)));
    parts.push(`\n${run.dialect}: unexplained violations by cause (no ${explainingHeader(run.dialect)})`);
    parts.push(causesText(run.exchanges) || 'none');
    if (run.caseErrors.length) parts.push(`${run.dialect}: cases that could not run:\n${run.caseErrors.join('\n')}`);
    parts.push(`\n${run.dialect}: ${all ? 'every violating exchange' : 'unexplained exchanges'} (${shown.length})`);
    parts.push(...shown.map(exchangeText));
  }
  return parts.join('\n');
}
