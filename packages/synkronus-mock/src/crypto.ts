/**
 * The hashes the release computes, in any JavaScript runtime and synchronously: SHA-256 of app bundle files
 * and manifests (pkg/appbundle), and HMAC-SHA-2 for the signatures of its JSON Web Tokens (pkg/auth).
 * @noble/hashes rather than Web Crypto, whose `crypto.subtle` is missing on pages served over plain HTTP
 * (an offline copy on a local network) and answers only asynchronously.
 */
import {hmac} from '@noble/hashes/hmac.js';
import {sha256, sha384, sha512} from '@noble/hashes/sha2.js';
import {bytesToHex} from '@noble/hashes/utils.js';

const encoder = new TextEncoder();
const bytesOf = (data: Uint8Array | string) => (typeof data === 'string' ? encoder.encode(data) : data);

/** Lower-case hex SHA-256, as Go's hex.EncodeToString(sha256.Sum(...)) writes it. */
export const sha256Hex = (data: Uint8Array | string): string => bytesToHex(sha256(bytesOf(data)));

const HMAC_HASHES = {HS256: sha256, HS384: sha384, HS512: sha512} as const;
export type HmacAlgorithm = keyof typeof HMAC_HASHES;
export const isHmacAlgorithm = (alg: unknown): alg is HmacAlgorithm => typeof alg === 'string' && alg in HMAC_HASHES;

export const hmacOf = (alg: HmacAlgorithm, key: string, data: string): Uint8Array =>
  hmac(HMAC_HASHES[alg], encoder.encode(key), encoder.encode(data));
