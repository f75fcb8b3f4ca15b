/**
 * Tests wait for a state, never for a time: the lint rules on tests/ (tests/support/no-timing-rules.cjs,
 * which eslint.config.mjs applies and `npm run lint` runs) catch each form of a fixed wait, and leave a timer that
 * bounds a wait with a limit of tests/support/limits.ts.
 */
import {test, expect} from '@playwright/test';
import {ESLint} from 'eslint';
import tseslint from 'typescript-eslint';
import NO_TIMING_IN_TESTS from '../support/no-timing-rules.cjs';

/** The messages the rules give for `code`, as if it were a test file. */
async function findings(code: string): Promise<string[]> {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{files: ['**/*.ts'], languageOptions: {parser: tseslint.parser}, rules: NO_TIMING_IN_TESTS}],
  });
  const [result] = await eslint.lintText(code, {filePath: 'tests/e2e/example.spec.ts'});
  return result.messages.map((message) => `${message.line}: ${message.message}`);
}

const FIXED_WAITS = {
  "Playwright's waitForTimeout": 'await page.waitForTimeout(400);',
  'a sleep on a promise': 'await new Promise((resolve) => setTimeout(resolve, 100));',
  'a sleep on the window, in the page': 'await page.evaluate(() => new Promise((r) => window.setTimeout(r, 50)));',
  'a timer with a delay of its own': 'const DELAY_MS = 200;\nsetTimeout(check, DELAY_MS);',
  'a polling interval': 'setInterval(poll, 100);',
  "Node's promise timers": "import {setTimeout as sleep} from 'node:timers/promises';",
  "Node's promise timers, required": "const {setTimeout: sleep} = require('timers/promises');",
  "Node's promise timers, loaded on demand": "const {setTimeout: sleep} = await import('node:timers/promises');",
  'a blocking sleep': 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);',
};

for (const [form, code] of Object.entries(FIXED_WAITS)) {
  test(`lint finds ${form} in a test`, async () => {
    const found = await findings(code);
    expect(found, code).toHaveLength(1);
    expect(found[0]).toMatch(/wait for (a|the) state|No sleeping/i);
  });
}

test("lint leaves a timer that bounds a wait with a limit, the test's own timeout and a socket's", async () => {
  const code = [
    "import {STATE_TIMEOUT_MS, BUILD_TIMEOUT_MS} from '../support/limits';",
    "const timer = setTimeout(() => reject(new Error('no answer')), STATE_TIMEOUT_MS);",
    'test.setTimeout(BUILD_TIMEOUT_MS);',
    'socket.setTimeout(STATE_TIMEOUT_MS, () => socket.destroy());',
    'await page.clock.runFor(200);',
  ].join('\n');
  expect(await findings(code)).toEqual([]);
});
