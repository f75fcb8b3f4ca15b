/** The headers deploy/nginx/docs-site.conf puts on every response, and a checker for them. */
const SECURITY_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /^default-src 'self'; .*frame-ancestors 'none'/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /^(\w[\w-]*=\(\), )*\w[\w-]*=\(\)$/,
};

/** Problems with the security headers of one response; `header` looks a header up by lower-case name. */
export function securityHeaderProblems(header: (name: string) => string | undefined): string[] {
  return Object.entries(SECURITY_HEADERS)
    .filter(([name, pattern]) => !pattern.test(header(name) ?? ''))
    .map(([name]) => `${name}: ${header(name) ?? 'missing'}`);
}

/** A Content-Security-Policy as directive → source list. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}
