#!/usr/bin/env bash
# Runs every test: set-up, production build, then the whole suite (unit tests and Chromium
# against the build served by nginx). Ends with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run --silent typecheck
npm run --silent build
npx playwright test "$@"
