/**
 * Tests wait for a state, never for a time (tests/README.md): no fixed wait, no sleep, and a timer only as
 * the bound of a wait, with a limit of tests/support/limits.ts (`*_TIMEOUT_MS`). Where a behaviour depends
 * on elapsed time, the test controls the time (Playwright's `page.clock`). tests/unit/no-timing.spec.ts
 * checks that these rules catch each form. eslint.config.mjs applies them to tests/.
 */
'use strict';
/** @type {import('eslint').Linter.RulesRecord} */
module.exports = {
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.property.name='waitForTimeout']",
      message: 'Wait for a state (expect(...), a request, an element), never for a time; control time with page.clock.',
    },
    {
      selector:
        'CallExpression:matches([callee.name=/^set(Timeout|Interval)$/], [callee.object.name=/^(window|globalThis|self)$/][callee.property.name=/^set(Timeout|Interval)$/]):not([arguments.1.name=/_TIMEOUT_MS$/])',
      message:
        'A timer in a test only bounds a wait for a state, with a limit of tests/support/limits.ts (*_TIMEOUT_MS): wait for the state itself, or control time with page.clock.',
    },
    {
      selector:
        ':matches(ImportDeclaration[source.value=/^(node:)?timers\\u002Fpromises$/], ImportExpression[source.value=/^(node:)?timers\\u002Fpromises$/], CallExpression[callee.name="require"][arguments.0.value=/^(node:)?timers\\u002Fpromises$/])',
      message: 'No sleeping in tests: wait for a state, or control time with page.clock.',
    },
    {
      selector: "CallExpression[callee.object.name='Atomics'][callee.property.name='wait']",
      message: 'No sleeping in tests: wait for a state, or control time with page.clock.',
    },
  ],
};
