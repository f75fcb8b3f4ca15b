/**
 * How long a test waits before it gives up, in one place. Every wait in this suite is for a state (an
 * element, an attribute, a response, a process's exit), so these limits only bound a wait that would
 * otherwise never end: they are sized for this 2-core machine with another build running beside the tests
 * (waits were measured 3 to 4 times as long as on an idle machine), and a passing test never waits for
 * them. Timing figures are measured by `npm run bench`, never asserted here.
 */

/** A whole test (playwright.config.ts); `test.slow()` triples it for the few heavy ones (axe over /api). */
export const TEST_TIMEOUT_MS = 180_000;

/** One wait for a state: `expect(...)` assertions, hydration, a server starting. */
export const STATE_TIMEOUT_MS = 60_000;

/** One fixture build of tests/build/ (about 20 s on an idle machine, 390 s seen on a loaded one). */
export const BUILD_TIMEOUT_MS = 20 * 60_000;
