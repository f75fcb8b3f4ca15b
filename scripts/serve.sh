#!/usr/bin/env bash
# Builds the site and serves the production build with the repository's nginx configuration
# at http://127.0.0.1:${PORT:-3000} until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run --silent build
exec node scripts/serve-build.cjs "${PORT:-3000}"
