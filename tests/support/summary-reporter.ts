/**
 * Ends the run with the line "N passed, N failed" (CI reads it). A skipped test is a defect
 * in this suite, so any skipped test is counted, printed and fails the run.
 */
import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

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
    console.log(`\n${this.passed} passed, ${failed} failed`);
    // Playwright takes a status only as the value of a promise.
    return Promise.resolve(failed > 0 || result.status !== 'passed' ? {status: 'failed' as const} : undefined);
  }

  printsToStdio() {
    return true;
  }
}
