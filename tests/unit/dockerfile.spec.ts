/**
 * Docker cannot run here, so this proves deploy/Dockerfile statically: it copies exactly the
 * configuration the test suite serves (deploy/nginx/docs-site.conf and the build's CSP include) and
 * the build, to the places Debian's nginx reads them from, matching the conf's `listen`, `root` and
 * `include` lines; and it installs the same nginx and Brotli module as scripts/setup.sh.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {CSP_INCLUDE_SOURCE, CSP_INCLUDE_TARGET, REPO_ROOT} from '../../scripts/nginx.cjs';
import {CSP_INCLUDE_FILE} from '../../src/plugins/csp-header';

/** Debian's /etc/nginx/nginx.conf includes /etc/nginx/conf.d/*.conf inside http {} (and loads modules-enabled/). */
const IMAGE_CONF_DIR = '/etc/nginx';
const IMAGE_CONF_D = '/etc/nginx/conf.d';
const CONF_SOURCE = 'deploy/nginx/docs-site.conf';

type Instruction = {keyword: string; args: string};

function parseDockerfile(text: string): Instruction[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return {keyword: keyword.toUpperCase(), args: rest.join(' ')};
    });
}

function confLine(conf: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(conf);
  if (!match) throw new Error(`${CONF_SOURCE}: no ${what} line`);
  return match[1];
}

const dockerfile = parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, 'deploy/Dockerfile'), 'utf8'));
const conf = fs.readFileSync(path.join(REPO_ROOT, CONF_SOURCE), 'utf8');
const listenPort = confLine(conf, /^\s*listen (\d+);\s*# docs-site: listen$/m, 'marked listen');
const root = confLine(conf, /^\s*root (\S+);\s*# docs-site: root$/m, 'marked root');
const include = confLine(conf, /^include (\S+);$/m, 'top-level include');

test('deploy/Dockerfile builds on Debian 12 with the nginx packages the test suite uses, in one stage', () => {
  const from = dockerfile.filter((i) => i.keyword === 'FROM');
  expect(from.map((i) => i.args)).toEqual(['debian:bookworm-slim']);
  const runs = dockerfile
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args)
    .join(' ');
  const setup = fs.readFileSync(path.join(REPO_ROOT, 'scripts/setup.sh'), 'utf8');
  for (const pkg of ['nginx', 'libnginx-mod-http-brotli-static']) {
    expect(runs, `the image installs ${pkg}`).toMatch(new RegExp(`apt-get install[^&]*\\s${pkg}(\\s|$)`));
    expect(setup, `scripts/setup.sh installs ${pkg}`).toContain(`missing+=(${pkg})`);
  }
});

test('deploy/Dockerfile copies exactly the conf, the CSP include and the build, where nginx reads them', () => {
  expect(
    dockerfile.filter((i) => i.keyword === 'ADD'),
    'ADD (use COPY)',
  ).toEqual([]);
  const copies = dockerfile.filter((i) => i.keyword === 'COPY').map((i) => i.args.split(/\s+/));
  expect(copies).toEqual([
    [CONF_SOURCE, `${IMAGE_CONF_D}/docs-site.conf`],
    [CSP_INCLUDE_SOURCE, `${IMAGE_CONF_DIR}/${CSP_INCLUDE_TARGET}`],
    ['build/', `${root}/`],
  ]);
});

test('the conf, scripts/nginx.cjs and the CSP plugin agree on the include', () => {
  // nginx resolves a relative include against the directory of nginx.conf: /etc/nginx in the
  // image, the prefix directory in scripts/nginx.cjs.
  expect(include).toBe(CSP_INCLUDE_TARGET);
  expect(CSP_INCLUDE_SOURCE).toBe(CSP_INCLUDE_FILE);
  // conf.d/*.conf is included by the image: the CSP include must not be picked up there as well.
  expect(include.startsWith('conf.d/')).toBe(false);
});

test('deploy/Dockerfile exposes the port of the conf and removes the packaged default site', () => {
  const exposed = dockerfile.filter((i) => i.keyword === 'EXPOSE').map((i) => i.args);
  expect(exposed).toEqual([listenPort]);
  const runs = dockerfile
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args)
    .join(' ');
  expect(runs).toContain('/etc/nginx/sites-enabled/default');
  expect(runs).toContain(`${root}/*`);
});

test('the Docker build context admits exactly the files the Dockerfile copies', () => {
  const ignore = fs
    .readFileSync(path.join(REPO_ROOT, 'deploy/Dockerfile.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  expect(ignore[0], 'everything excluded first').toBe('*');
  expect(ignore.slice(1).sort()).toEqual([CONF_SOURCE, CSP_INCLUDE_SOURCE, 'build/'].map((s) => `!${s}`).sort());
});
