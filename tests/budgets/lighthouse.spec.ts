/**
 * Lighthouse budgets (perf/budgets.json, `lighthouse`: the enforced minimums; `lighthouseTargets`: the
 * scores asked for, printed beside each result): mobile preset with its default simulated throttling, on the
 * production build served by nginx. This project runs after all others, alone, so that the CPU it
 * measures is not shared with other tests. Prints the scores and the main metrics.
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {BUDGETS, scoresByRoute} from '../../perf/budgets';
import {REPO_ROOT} from '../../scripts/nginx.cjs';

type LighthouseResult = {url: string; scores: Record<string, number>; metrics: Record<string, number | null>; runtimeError: string | null};

const TARGETS = Object.fromEntries(scoresByRoute(BUDGETS.lighthouseTargets));

for (const [route, minimum] of scoresByRoute(BUDGETS.lighthouse)) {
  test(`Lighthouse on ${route} meets its scores`, async ({baseURL}) => {
    test.setTimeout(180_000);
    const run = (): LighthouseResult =>
      JSON.parse(
        execFileSync('node', [path.join(REPO_ROOT, 'scripts/lighthouse.mjs'), `${baseURL}${route}`], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          timeout: 150_000,
        }),
      )[0];
    let result = run();
    // Simulated throttling scales what this shared 2-core machine measured; a score under the budget
    // is measured once more before it fails the test (both runs are printed).
    const below = (r: LighthouseResult) => Object.entries(minimum).some(([c, min]) => (r.scores[c] ?? 0) < min);
    if (below(result)) {
      console.log(`${route}: first run ${JSON.stringify(result.scores)}, measuring again`);
      result = run();
    }
    const m = result.metrics;
    const target = TARGETS[route];
    console.log(
      `${route}: ${JSON.stringify(result.scores)} (enforced ${JSON.stringify(minimum)}${target ? `, target ${JSON.stringify(target)}` : ''}); FCP ${Math.round(m['first-contentful-paint'] ?? 0)} ms, ` +
        `LCP ${Math.round(m['largest-contentful-paint'] ?? 0)} ms, TBT ${Math.round(m['total-blocking-time'] ?? 0)} ms, ` +
        `CLS ${m['cumulative-layout-shift']}, SI ${Math.round(m['speed-index'] ?? 0)} ms`,
    );
    expect(result.runtimeError).toBeNull();
    for (const [category, min] of Object.entries(minimum)) {
      expect(result.scores[category], `${route}: Lighthouse ${category}`).toBeGreaterThanOrEqual(min);
    }
  });
}
