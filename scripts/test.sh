#!/usr/bin/env bash
# Runs every test: set-up, type check, production build, then the whole suite (unit tests and
# Chromium against the build served by nginx). Ends with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run --silent typecheck
mkdir -p .tmp
npm run --silent build 2>&1 | tee .tmp/build.log
# The build only warns about broken Markdown links and anchors (site specification, section 8);
# this site's own content must have none.
if grep -E '^\[WARNING\]' .tmp/build.log; then
  echo "test: the build printed the warnings above; fix the pages they name" >&2
  exit 1
fi
npx playwright test "$@"
