/**
 * The release's CORS handler (go-chi/cors v1.2.1 with the options of internal/api/api.go): a preflight is
 * answered 200 on any path, with the allowances only when the origin, method and headers asked for are
 * allowed; any other request from an origin gets `Access-Control-Allow-Origin: *` and the exposed headers.
 * Every answer but a preflight's varies on Origin.
 */
import type {Release, RequestContext} from '../types';

/** A header list as the handler reads it: split on commas and spaces, each name in canonical case. */
function headerList(text: string): string[] {
  return text
    .split(/[ ,]+/)
    .map((name) => name.replace(/[^A-Za-z0-9._-]/g, ''))
    .filter(Boolean)
    .map((name) =>
      name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase()),
    );
}

export function cors(ctx: RequestContext, {cors: options}: Release) {
  const origin = ctx.request.headers.get('Origin') ?? '';
  const asked = ctx.request.headers.get('Access-Control-Request-Method');
  if (ctx.method === 'OPTIONS' && asked) {
    const headers: Record<string, string> = {
      Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
    };
    const wanted = headerList(ctx.request.headers.get('Access-Control-Request-Headers') ?? '');
    const methodAllowed = asked.toUpperCase() === 'OPTIONS' || options.allowedMethods.includes(asked.toUpperCase());
    const headersAllowed = wanted.every((name) => options.allowedHeaders.includes(name));
    if (!headersAllowed && wanted.includes('X-Api-Version')) ctx.when('api-version-header-cors');
    if (origin && methodAllowed && headersAllowed) {
      ctx.when('cors-any-origin');
      headers['Access-Control-Allow-Origin'] = '*';
      headers['Access-Control-Allow-Methods'] = asked.toUpperCase();
      if (wanted.length) headers['Access-Control-Allow-Headers'] = wanted.join(', ');
      headers['Access-Control-Allow-Credentials'] = 'true';
      headers['Access-Control-Max-Age'] = String(options.maxAge);
    }
    return {status: 200, headers};
  }
  ctx.headers.Vary = 'Origin';
  if (origin && (ctx.method === 'OPTIONS' || options.allowedMethods.includes(ctx.method))) {
    ctx.when('cors-any-origin');
    ctx.headers['Access-Control-Allow-Origin'] = '*';
    ctx.headers['Access-Control-Expose-Headers'] = options.exposedHeaders.join(', ');
    ctx.headers['Access-Control-Allow-Credentials'] = 'true';
  }
  return undefined;
}
