/** Properties of the build output that the nginx configuration relies on (deploy/nginx/docs-site.conf). */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {REPO_ROOT} from '../../scripts/nginx.cjs';
import {COMPRESSIBLE} from '../../scripts/precompress.cjs';

const BUILD = path.join(REPO_ROOT, 'build');

test('the build has no symbolic links, so nginx serves nothing from outside it', () => {
  const entries = fs.readdirSync(BUILD, {recursive: true, withFileTypes: true});
  expect(entries.length).toBeGreaterThan(0);
  const links = entries.filter((e) => e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name));
  expect(links).toEqual([]);
});

test('every text file of the build has a Brotli and a gzip copy for nginx to send', () => {
  const texts = fs
    .readdirSync(BUILD, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => fs.statSync(f).size > 1024);
  expect(texts.length).toBeGreaterThan(0);
  const missing = texts.filter((f) => !fs.existsSync(`${f}.br`) || !fs.existsSync(`${f}.gz`));
  expect(missing.map((f) => path.relative(BUILD, f))).toEqual([]);
});

test('no file of the build holds the folder it was built in, which would be published and differ per checkout', () => {
  const files = fs
    .readdirSync(BUILD, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && !/\.(br|gz|png|jpe?g|webp|avif|ico|woff2?)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  expect(files.length).toBeGreaterThan(0);
  const holding = files.filter((f) => fs.readFileSync(f, 'latin1').includes(REPO_ROOT));
  expect(
    holding.map((f) => path.relative(BUILD, f)),
    `files that hold ${REPO_ROOT}`,
  ).toEqual([]);
});
