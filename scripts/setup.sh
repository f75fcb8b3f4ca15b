#!/usr/bin/env bash
# Installs what this checkout lacks, and does nothing when everything is there.
#   bash scripts/setup.sh deps    the npm dependencies only: what `npm run synkronus-mock` needs
#   bash scripts/setup.sh build   npm dependencies and a Chromium (the build renders Mermaid diagrams with it):
#                                 what `npm run build` and `npm run dev` need
#   bash scripts/setup.sh         the same, plus nginx with its Brotli module: what `npm start`, `npm test`
#                                 and `npm run bench` need
# On Debian, missing programs come from apt-get (never a browser download). Elsewhere, point CHROMIUM_BIN at
# the Chrome or Chromium you have (CONTRIBUTING.md says how); nginx is needed only to serve and test.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-all}"
case "$mode" in deps | build | all) ;; *) echo "setup: unknown mode '$mode' (deps, build or all)" >&2; exit 2 ;; esac

chromium="${CHROMIUM_BIN:-/usr/bin/chromium}"
missing=()
if [ "$mode" != deps ] && [ ! -x "$chromium" ]; then
  if [ -n "${CHROMIUM_BIN:-}" ]; then
    echo "setup: CHROMIUM_BIN is '$CHROMIUM_BIN', which is not an executable file" >&2
    exit 1
  fi
  missing+=(chromium)
fi
if [ "$mode" = all ]; then
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "setup: missing ${missing[*]}, and this is not a Debian-like system where apt-get could install them." >&2
    echo "setup: for the build and the dev server, set CHROMIUM_BIN to your Chrome or Chromium, for example" >&2
    echo "setup:   export CHROMIUM_BIN=\"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome\"" >&2
    echo "setup: serving and testing also need nginx with the Brotli static module (see CONTRIBUTING.md)." >&2
    exit 1
  fi
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Neither `npm ci` nor "fail when `npm install` rewrote the lockfile" works with a registry whose set of
# other-platform optional binaries changes from day to day. So: install from the lockfile
# without writing it (--no-save keeps the working tree clean), then check that every installed package is the
# version the lockfile locks (scripts/check-installed.cjs names any that is not).
if [ -f node_modules/npm-install-checks/package.json ] && node scripts/check-installed.cjs 2>/dev/null; then
  exit 0
fi
echo "setup: installing npm dependencies from package-lock.json"
npm install --no-save --no-audit --no-fund --loglevel=error
node scripts/check-installed.cjs
