'use strict';
/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of a build, each only
 * when it is smaller than the file, for nginx's brotli_static and gzip_static
 * (deploy/nginx/docs-site.conf). Runs after `docusaurus build` in `npm run build`, once every plugin
 * has written its files (service worker, search index, llms.txt…).
 *   node scripts/precompress.cjs [buildDir]
 */
const fs = require('node:fs/promises');
const path = require('node:path');
const {promisify} = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|md|yaml|yml|webmanifest|map)$/i;

async function precompressFile(file) {
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

async function precompressBuild(dir) {
  const entries = await fs.readdir(dir, {withFileTypes: true, recursive: true});
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  // A few at a time: Brotli at quality 11 is CPU-bound.
  for (let i = 0; i < files.length; i += 8) await Promise.all(files.slice(i, i + 8).map(precompressFile));
  return files.length;
}

module.exports = {COMPRESSIBLE, precompressBuild};

if (require.main === module) {
  const dir = path.resolve(process.argv[2] ?? 'build');
  const started = Date.now();
  precompressBuild(dir).then(
    (count) =>
      console.log(
        `[SUCCESS] Precompressed ${count} files of ${path.relative(process.cwd(), dir) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      ),
    (error) => {
      console.error(`precompress: ${error.message}`);
      process.exit(1);
    },
  );
}
