/**
 * Lighthouse budgets that do not depend on the machine's speed (perf/budgets.json, `lighthouse`):
 * accessibility, best practices and SEO, mobile preset, on the production build served by nginx. Each page is
 * audited once: these audits check the page's markup, headers and console, not timings, so one run decides.
 * Performance, a timing figure, is measured by `npm run bench` (median of several runs) and printed beside its
 * minimum there, never asserted on a shared machine. Prints the scores.
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {LIGHTHOUSE_TESTED_CATEGORIES, lighthouseMinimums} from '../../perf/budgets';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {TEST_TIMEOUT_MS} from '../support/limits';

type LighthouseResult = {
  url: string;
  scores: Record<string, number>;
  failedAudits: string[];
  runtimeError: string | null;
};

for (const [route, minimums] of lighthouseMinimums()) {
  test(`Lighthouse ${LIGHTHOUSE_TESTED_CATEGORIES.join(', ')} on ${route} meet their minimums`, ({baseURL}) => {
    const [result] = JSON.parse(
      execFileSync(
        'node',
        [
          path.join(REPO_ROOT, 'scripts/lighthouse.mjs'),
          '--categories',
          LIGHTHOUSE_TESTED_CATEGORIES.join(','),
          `${baseURL}${route}`,
        ],
        // A run that has not ended within the test's limit has hung: stop it rather than leave it behind.
        {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: TEST_TIMEOUT_MS - 10_000},
      ),
    ) as LighthouseResult[];
    const expected = Object.fromEntries(LIGHTHOUSE_TESTED_CATEGORIES.map((c) => [c, minimums[c]]));
    console.log(
      `${route}: ${JSON.stringify(result.scores)} (minimums ${JSON.stringify(expected)})` +
        (result.failedAudits.length ? `; failed audits: ${result.failedAudits.join(', ')}` : ''),
    );
    expect(result.runtimeError, `${route}: Lighthouse could not audit the page`).toBeNull();
    for (const category of LIGHTHOUSE_TESTED_CATEGORIES) {
      expect(minimums[category], `perf/budgets.json: no ${category} minimum for ${route}`).toBeDefined();
      expect(
        result.scores[category],
        `${route}: Lighthouse ${category} (failed audits: ${result.failedAudits.join(', ') || 'none'})`,
      ).toBeGreaterThanOrEqual(minimums[category]);
    }
  });
}
