#!/usr/bin/env bash
# Installs what a fresh machine lacks to build, serve and test the site:
# Debian's Chromium and nginx (never a browser download), and the npm dependencies from the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# `npm ci` cannot be used here (toolchain note P2: this registry lacks some non-Linux optional
# binaries the lockfile names), so install from the lockfile and fail if that changed it.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies from package-lock.json"
  npm install --no-audit --no-fund --loglevel=error
fi
if [ -d .git ] && ! git diff --quiet --exit-code -- package-lock.json; then
  echo "setup: installing changed package-lock.json; run 'npm install' and commit the lockfile" >&2
  git --no-pager diff --stat -- package-lock.json >&2
  exit 1
fi
