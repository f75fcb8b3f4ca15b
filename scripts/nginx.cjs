/**
 * Starts and stops nginx on 127.0.0.1 serving build/ with deploy/nginx/docs-site.conf,
 * the production configuration, of which only the `listen` and `root` lines are rewritten.
 * The CSP include the build writes (build-nginx/docs-site-csp.conf) goes where the conf's
 * `include snippets/docs-site-csp.conf;` finds it: beside nginx.conf, as in /etc/nginx.
 * The server is stopped by its own PID (read from its pid file).
 */
'use strict';
const {execFileSync} = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '..');
const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
/** Written by `docusaurus build` (src/plugins/csp-header, CSP_INCLUDE_FILE). */
const CSP_INCLUDE_SOURCE = 'build-nginx/docs-site-csp.conf';
/** Where docs-site.conf includes it from, relative to the directory of nginx.conf. */
const CSP_INCLUDE_TARGET = 'snippets/docs-site-csp.conf';

/** @typedef {{origin: string, prefix: string, stop: () => void}} NginxServer */

/** @param {number} port @param {string} root @returns {string} */
function siteConfForTest(port, root) {
  const source = path.join(REPO_ROOT, 'deploy/nginx/docs-site.conf');
  let text = fs.readFileSync(source, 'utf8');
  const replace = (/** @type {string} */ marker, /** @type {string} */ line) => {
    const re = new RegExp(`^.*# docs-site: ${marker}$`, 'm');
    if (!re.test(text)) throw new Error(`${source}: no line marked "# docs-site: ${marker}"`);
    text = text.replace(re, line);
  };
  replace('listen', `    listen 127.0.0.1:${port};`);
  replace('root', `    root ${root};`);
  return text;
}

/**
 * Stops the nginx started with this prefix, by the PID in its pid file (after checking that PID is
 * still that nginx), and waits until it is gone so that its port is free again. Also used at start
 * for a server left running by an interrupted run.
 * @param {string} prefix
 */
function stopByPrefix(prefix) {
  const pidFile = path.join(prefix, 'nginx.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  let cmdline;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!cmdline.includes(prefix)) return;
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 100 && fs.existsSync(`/proc/${pid}`); i++) execFileSync('sleep', ['0.05']);
}

/**
 * @param {{port: number, root?: string, name?: string, cspInclude?: string}} options `cspInclude`: the CSP
 *   include written by the build in `root`, when that is not the last build (scripts/compare-builds.mjs)
 * @returns {NginxServer}
 */
function startNginx({
  port,
  root = path.join(REPO_ROOT, 'build'),
  name = 'site',
  cspInclude = path.join(REPO_ROOT, CSP_INCLUDE_SOURCE),
}) {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: build the site first (npm run build)`);
  }
  if (!fs.existsSync(cspInclude)) {
    throw new Error(`${cspInclude} is missing: it is written by the build (npm run build)`);
  }
  const prefix = path.join(REPO_ROOT, '.tmp', `nginx-${name}-${port}`);
  stopByPrefix(prefix); // a server left behind by an interrupted run
  fs.rmSync(prefix, {recursive: true, force: true});
  fs.mkdirSync(path.join(prefix, 'temp'), {recursive: true});
  fs.mkdirSync(path.dirname(path.join(prefix, CSP_INCLUDE_TARGET)), {recursive: true});
  fs.copyFileSync(cspInclude, path.join(prefix, CSP_INCLUDE_TARGET));
  fs.writeFileSync(path.join(prefix, 'docs-site.conf'), siteConfForTest(port, root));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // Workers run as root when the suite does: a clone under /root is not readable by "nobody".
      isRoot ? 'user root;' : '',
      'worker_processes 1;',
      // Debian's dynamic module for precompressed .br files (brotli_static in docs-site.conf).
      'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${prefix}/access.log;`,
      `  client_body_temp_path ${prefix}/temp/body;`,
      `  proxy_temp_path ${prefix}/temp/proxy;`,
      `  fastcgi_temp_path ${prefix}/temp/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/temp/uwsgi;`,
      `  scgi_temp_path ${prefix}/temp/scgi;`,
      `  include ${prefix}/docs-site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`];
  execFileSync(NGINX_BIN, [...args, '-t'], {stdio: 'pipe'});
  execFileSync(NGINX_BIN, args, {stdio: 'pipe'});
  return {
    origin: `http://127.0.0.1:${port}`,
    prefix,
    stop: () => stopByPrefix(prefix),
  };
}

module.exports = {REPO_ROOT, CSP_INCLUDE_SOURCE, CSP_INCLUDE_TARGET, startNginx};
