/**
 * JSON Web Tokens as the release issues and checks them (pkg/auth/auth.go with golang-jwt v5): HS256,
 * header `{"alg":"HS256","typ":"JWT"}`, claims `username`, `role`, `sub` (the user's id), `exp` and `iat`
 * in seconds. A token is valid when its signature is right for the key, with any HMAC algorithm, and the
 * clock is before its `exp`; nothing else is looked up.
 */
import {hmacOf, isHmacAlgorithm} from './crypto';

export type TokenClaims = {username: string; role: string; sub: string; exp: number; iat: number};

const encoder = new TextEncoder();

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A token signed with `key`; the claims in the order Go's encoder writes them. */
export function signToken(claims: TokenClaims, key: string): string {
  const {username, role, sub, exp, iat} = claims;
  const header = base64Url(encoder.encode(JSON.stringify({alg: 'HS256', typ: 'JWT'})));
  const payload = base64Url(encoder.encode(JSON.stringify({username, role, sub, exp, iat})));
  const signature = base64Url(hmacOf('HS256', key, `${header}.${payload}`));
  return `${header}.${payload}.${signature}`;
}

function parseSegment(text: string): Record<string, unknown> | undefined {
  const bytes = fromBase64Url(text);
  if (!bytes) return undefined;
  try {
    const value = JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(bytes)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why golang-jwt v5 refuses a token, in its words where they are certain: the number of segments, the
 * signature, the expiry. Other refusals (a segment that is not base64 or not JSON, a signing method that is not
 * HMAC) are `undefined`: the engine refuses them too, without claiming golang-jwt's text.
 */
export type TokenRefusal = {text?: string};

const REFUSED = {
  segments: 'token is malformed: token contains an invalid number of segments',
  signature: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
};

/** The claims of a token valid at `nowSeconds` for `key`, or why it is not. */
export function verifyToken(token: string, key: string, nowSeconds: number): {claims: TokenClaims} | TokenRefusal {
  const parts = token.split('.');
  if (parts.length !== 3) return {text: REFUSED.segments};
  const header = parseSegment(parts[0]);
  const claims = parseSegment(parts[1]);
  if (!header || !claims || !isHmacAlgorithm(header.alg)) return {};
  if (base64Url(hmacOf(header.alg, key, `${parts[0]}.${parts[1]}`)) !== parts[2]) return {text: REFUSED.signature};
  // The claims decode into Go strings and numbers: a value of another JSON type makes the token invalid.
  const texts = ['username', 'role', 'sub'].map((name) => claims[name] ?? '');
  const numbers = ['exp', 'iat', 'nbf'].map((name) => claims[name]);
  if (texts.some((v) => typeof v !== 'string') || numbers.some((v) => v !== undefined && typeof v !== 'number'))
    return {};
  // golang-jwt v5 checks exp and nbf when present: valid strictly before exp, and from nbf on.
  const [exp, iat, nbf] = numbers as (number | undefined)[];
  if (exp !== undefined && !(nowSeconds < exp)) return {text: REFUSED.expired};
  if (nbf !== undefined && nowSeconds < nbf) return {};
  const [username, role, sub] = texts as string[];
  return {claims: {username, role, sub, exp: exp ?? 0, iat: iat ?? 0}};
}
