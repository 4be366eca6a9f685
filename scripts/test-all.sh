#!/usr/bin/env bash
# `npm test`: typecheck, lint, build, vitest and Playwright. Every phase runs even
# when an earlier one fails; the last line is the combined totals of the vitest
# and Playwright JSON reports, `N passed, N failed`, and the exit code is non-zero
# when any phase or test failed.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=node_modules/.bin
# The project's Node 24 (npm package `node`) first, also when this script runs outside npm.
export PATH="$PWD/$BIN:$PATH"
RESULTS=test-results
failed_phases=()

# Debian's Chromium for Playwright and Lighthouse; Playwright never downloads browsers.
if [ ! -x /usr/bin/chromium ]; then
  echo "== Installing Chromium (apt)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  if ! { $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium; }; then
    failed_phases+=("chromium-install")
  fi
fi

# Debian's Java for the W3C Nu HTML validator (npm package vnu-jar) of the visitor's sweep.
if ! command -v java >/dev/null 2>&1; then
  echo "== Installing Java (apt)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  if ! { $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y default-jre-headless; }; then
    failed_phases+=("java-install")
  fi
fi

phase() {
  local name="$1"
  shift
  echo
  echo "== $name: $*"
  local start=$SECONDS
  if "$@"; then
    echo "== $name passed ($((SECONDS - start)) s)"
  else
    echo "== $name FAILED ($((SECONDS - start)) s)"
    failed_phases+=("$name")
  fi
}

mkdir -p "$RESULTS"
rm -f "$RESULTS/vitest.json" "$RESULTS/playwright.json"

phase typecheck npm run --silent typecheck
phase lint npm run --silent lint
phase build npm run --silent build
phase unit "$BIN/vitest" run --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest.json"
CI="${CI:-1}" phase e2e "$BIN/playwright" test

echo
if [ ${#failed_phases[@]} -gt 0 ]; then
  echo "Failed phases: ${failed_phases[*]}"
fi
status=0
"$BIN/tsx" scripts/totals.ts "$RESULTS/vitest.json" "$RESULTS/playwright.json" || status=$?
if [ ${#failed_phases[@]} -gt 0 ] || [ "$status" -ne 0 ]; then
  exit 1
fi
