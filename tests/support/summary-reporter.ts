/**
 * Ends the run with the line "N passed, N failed" (CI reads it). A skipped test is a defect
 * in this suite, so any skipped test is counted, printed and fails the run.
 *
 * scripts/test.sh runs the suite in two parts (TEST_PART in playwright.config.ts; the fixture builds last,
 * even after a failure): the first writes its counts to SUMMARY_FILE and says them in other words, and the
 * last adds them to its own, so the one "N passed, N failed" line is the whole suite's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';
import {TEST_PART} from '../../playwright.config';

type Counts = {passed: number; failed: number};

/** Where the first part leaves its counts for the last. */
const SUMMARY_FILE = path.resolve(__dirname, '../../.tmp/test-summary.json');

/** The counts of the first part, when this run is the last: none if the first ended before it wrote them. */
function firstPartCounts(): Counts {
  if (TEST_PART !== 'last' || !fs.existsSync(SUMMARY_FILE)) return {passed: 0, failed: 0};
  const counts = JSON.parse(fs.readFileSync(SUMMARY_FILE, 'utf8')) as Counts;
  fs.rmSync(SUMMARY_FILE);
  return counts;
}

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped: string[] = [];

  onBegin() {
    // Counts left by an earlier suite's first part must not be added to this one's.
    if (TEST_PART === 'first') fs.rmSync(SUMMARY_FILE, {force: true});
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // Count each test once, by its final outcome.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'skipped') this.skipped.push(test.titlePath().join(' › '));
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') this.passed++;
    else this.failed++;
  }

  onEnd(result: FullResult) {
    if (this.skipped.length) {
      console.log(`\nSkipped tests are not allowed here:\n  ${this.skipped.join('\n  ')}`);
    }
    const failed = this.failed + this.skipped.length;
    if (TEST_PART === 'first') {
      fs.mkdirSync(path.dirname(SUMMARY_FILE), {recursive: true});
      fs.writeFileSync(SUMMARY_FILE, JSON.stringify({passed: this.passed, failed} satisfies Counts));
      console.log(`\nBefore the fixture builds, ${this.passed} passed and ${failed} failed`);
    } else {
      const first = firstPartCounts();
      console.log(`\n${first.passed + this.passed} passed, ${first.failed + failed} failed`);
    }
    // Playwright takes a status only as the value of a promise.
    return Promise.resolve(failed > 0 || result.status !== 'passed' ? {status: 'failed' as const} : undefined);
  }

  printsToStdio() {
    return true;
  }
}
