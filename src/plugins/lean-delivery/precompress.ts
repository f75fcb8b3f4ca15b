/** Writes `file.br` and `file.gz` beside a text file, each only when it is smaller than the file. */
import fs from 'node:fs/promises';
import {promisify} from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|yaml|yml|webmanifest|map)$/i;

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.test(file);
}

export async function precompressFile(file: string): Promise<void> {
  const data = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, {level: zlib.constants.Z_BEST_COMPRESSION}),
  ]);
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
}
