/** A short content hash (FNV-1a, 64 bits as two 32-bit halves), hex: the engine's stand-in for file hashes. */
export function contentHash(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const byte of bytes) {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte ^ (a & 0xff), 0x0100019d) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
