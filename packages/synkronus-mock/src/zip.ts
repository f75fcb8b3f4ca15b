/**
 * ZIP files in a few lines, for the in-browser Synkronus: `writeZip` writes a ZIP whose entries are
 * stored (not compressed: they are small, and a stored ZIP needs only a CRC-32, so no compression
 * library enters the console's chunk); `listZip` reads the names and sizes of any ZIP's central
 * directory and the bytes of its stored or deflated entries (an uploaded app bundle).
 */

let crcTable: Uint32Array | undefined;

export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP file of stored entries (UTF-8 names, the DOS date of 1 January 2025). */
export function writeZip(entries: {name: string; data: Uint8Array}[]): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;
  for (const {name, data} of entries) {
    const nameBytes = encoder.encode(name);
    const crc = crc32(data);
    const local = new Uint8Array(30 + nameBytes.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(6, 0x0800, true); // UTF-8 names
    l.setUint16(12, DOS_DATE, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, data.length, true);
    l.setUint32(22, data.length, true);
    l.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(8, 0x0800, true);
    c.setUint16(14, DOS_DATE, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, data.length, true);
    c.setUint32(24, data.length, true);
    c.setUint16(28, nameBytes.length, true);
    c.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, entries.length, true);
  e.setUint16(10, entries.length, true);
  e.setUint32(12, centralSize, true);
  e.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The most an uploaded ZIP may hold once expanded, and the most entries: a larger bundle is refused (413). */
export const MAX_EXPANDED_BYTES = 8 * 1024 * 1024;
export const MAX_ENTRIES = 1000;

/**
 * An entry; `read` gives its bytes, or undefined when they cannot be read or expand past their declared size;
 * `crc` is the CRC-32 its central directory declares.
 */
export type ZipEntry = {name: string; size: number; crc: number; read: () => Promise<Uint8Array | undefined>};

/**
 * Whether `bytes` are the entry's as its CRC-32 says: Go's archive/zip (reader.go checksumReader) compares
 * them once an entry is read to its end, and skips the comparison when the declared CRC-32 is 0.
 */
export const checksumMatches = (entry: ZipEntry, bytes: Uint8Array) => entry.crc === 0 || crc32(bytes) === entry.crc;

export type ZipListing =
  {kind: 'zip'; entries: ZipEntry[]} | {kind: 'invalid'; reason: string} | {kind: 'limit'; reason: string};

/** Reads at most `limit` bytes of a stream; undefined when it holds more or fails. */
async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        await reader.cancel();
        return undefined;
      }
      parts.push(value);
    }
  } catch {
    return undefined;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The entries of a ZIP file, read from its central directory. Every offset and size is checked against
 * the file before use, only stored and deflated entries are read, and the declared expanded size is bounded
 * (and enforced while inflating). Names are as written, `..` included: what a name may hold is the reader's
 * choice (an app bundle upload refuses or skips names that climb out of the bundle).
 */
export function listZip(bytes: Uint8Array): ZipListing {
  const invalid = (reason: string): ZipListing => ({kind: 'invalid', reason});
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return invalid('no end of central directory');
  const count = view.getUint16(end + 10, true);
  if (count > MAX_ENTRIES) return {kind: 'limit', reason: `ZIP files of more than ${MAX_ENTRIES} entries`};
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let expanded = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50)
      return invalid(`central directory entry ${i} is out of place`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > end) return invalid(`the name of entry ${i} runs past the central directory`);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (method !== 0 && method !== 8) return invalid(`entry ${name} uses compression method ${method}`);
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== 0x04034b50)
      return invalid(`entry ${name} has no local header at its offset`);
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (start + compressedSize > bytes.length) return invalid(`entry ${name} runs past the end of the file`);
    if (method === 0 && compressedSize !== size) return invalid(`stored entry ${name} has two sizes`);
    expanded += size;
    if (expanded > MAX_EXPANDED_BYTES)
      return {kind: 'limit', reason: `ZIP files that expand to more than ${MAX_EXPANDED_BYTES} bytes`};
    const data = bytes.subarray(start, start + compressedSize);
    const read = async () => {
      if (method === 0) return data.slice();
      const stream = new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
      const out = await readAtMost(stream, size);
      return out && out.length === size ? out : undefined;
    };
    entries.push({name, size, crc, read});
  }
  return {kind: 'zip', entries};
}
