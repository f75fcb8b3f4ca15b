/**
 * Ends the run with the line "N passed, N failed" (CI reads it). A skipped test is a defect
 * in this suite, so any skipped test is counted, printed and fails the run.
 *
 * scripts/test.sh runs the suite in two parts (the fixture builds last, even after a failure): with
 * TEST_SUMMARY_FILE set, the first part (TEST_SUMMARY_PART=first) writes its counts there and says them
 * in other words, and the last adds them to its own, so the one "N passed, N failed" line is the whole
 * suite's.
 */
import fs from 'node:fs';
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

type Counts = {passed: number; failed: number};

/** The counts of the earlier part, when this run is the last of several. */
function earlierCounts(file: string | undefined): Counts {
  if (!file || process.env.TEST_SUMMARY_PART !== 'last' || !fs.existsSync(file)) return {passed: 0, failed: 0};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Counts;
}

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped: string[] = [];

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
    const file = process.env.TEST_SUMMARY_FILE;
    if (file && process.env.TEST_SUMMARY_PART === 'first') {
      fs.writeFileSync(file, JSON.stringify({passed: this.passed, failed} satisfies Counts));
      console.log(`\nBefore the fixture builds, ${this.passed} passed and ${failed} failed`);
    } else {
      const earlier = earlierCounts(file);
      console.log(`\n${earlier.passed + this.passed} passed, ${earlier.failed + failed} failed`);
    }
    // Playwright takes a status only as the value of a promise.
    return Promise.resolve(failed > 0 || result.status !== 'passed' ? {status: 'failed' as const} : undefined);
  }

  printsToStdio() {
    return true;
  }
}
