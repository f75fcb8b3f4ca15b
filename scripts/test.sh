#!/usr/bin/env bash
# Runs every test: set-up, type check, lint, production build, then the whole suite (unit tests and
# Chromium against the build served by nginx). Ends with the line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
# The run must leave every tracked file as it found it (nothing rewrites the lockfile, a fixture or a page).
tracked_changes() { git status --porcelain --untracked-files=no 2>/dev/null || true; }
before="$(tracked_changes)"
bash scripts/setup.sh
# Before any build: every patch of PATCHES.md still holds against the installed libraries.
npm run --silent test:patches
npm run --silent typecheck
if ! npm run --silent lint; then
  echo "test: lint failed (above); 'npm run format' fixes the formatting and what ESLint can fix" >&2
  exit 1
fi
mkdir -p .tmp
npm run --silent build 2>&1 | tee .tmp/build.log
# The build only warns about broken Markdown links and anchors (a broken link fails it); this site's own
# content must have none, so the test run fails on those warnings.
if grep -E '^\[WARNING\]' .tmp/build.log; then
  echo "test: the build printed the warnings above; fix the pages they name" >&2
  exit 1
fi
# The fixture builds (project `build`) run after the other projects, so as not to compete with them, but
# also when those fail: a failure elsewhere must not hide what the build guarantees. Two runs, then
# (TEST_PART in playwright.config.ts); the reporter ends the second with the line for the whole suite.
status=0
TEST_PART=first npx playwright test --pass-with-no-tests "$@" || status=$?
TEST_PART=last npx playwright test --pass-with-no-tests "$@" || status=$?
[ "$status" -eq 0 ] || exit "$status"
after="$(tracked_changes)"
if [ "$after" != "$before" ]; then
  echo "test: the run changed tracked files (git status before, then after):" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
