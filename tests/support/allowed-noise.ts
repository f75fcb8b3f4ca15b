/**
 * Console messages that are known, harmless and cannot be fixed in this repository.
 * This is the only allow-list: anything else printed as a console error fails a test.
 */
export const ALLOWED_CONSOLE_ERRORS: {pattern: RegExp; reason: string}[] = [
  {
    pattern: /Minified React error #418/,
    reason: "Redoc's server-rendered markup always differs from its first client render (hydration warning); the page stays correct.",
  },
];

export function isAllowedConsoleError(text: string): boolean {
  return ALLOWED_CONSOLE_ERRORS.some(({pattern}) => pattern.test(text));
}
