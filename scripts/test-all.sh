#!/usr/bin/env bash
# `npm test`: typecheck, lint, build, vitest (with the store contract against a real
# PostgreSQL) and Playwright twice: on the embedded store, then on a throwaway PostgreSQL
# (scripts/e2e-postgres.ts: a fresh cluster, removed afterwards whatever happens) with two
# web processes. Every phase runs even when an earlier one fails; the last line is the
# combined totals of the vitest and both Playwright JSON reports, `N passed, N failed`, and
# the exit code is non-zero when any phase or test failed.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=node_modules/.bin
# The project's Node 24 (npm package `node`) first, also when this script runs outside npm.
export PATH="$PWD/$BIN:$PATH"
RESULTS=test-results
failed_phases=()

# Debian's packages the tests need, installed with apt when missing (nothing downloads a binary of its own).
apt_install() {
  local name="$1"
  shift
  echo "== Installing $name (apt)"
  local sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  if [ -z "${APT_UPDATED:-}" ]; then
    $sudo apt-get update || true
    APT_UPDATED=1
  fi
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "$@"; then
    failed_phases+=("$name-install")
  fi
}

# Chromium for Playwright and Lighthouse; Playwright never downloads browsers.
[ -x /usr/bin/chromium ] || apt_install chromium chromium
# PostgreSQL and PostGIS for the store contract tests (tests/store/), whose vitest global
# setup starts a throwaway cluster from these binaries.
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null ||
  ! compgen -G "/usr/share/postgresql/*/extension/postgis.control" >/dev/null; then
  apt_install postgresql postgresql postgresql-15-postgis-3
fi
# Java for the W3C Nu HTML validator (npm package vnu-jar) of the visitor's sweep.
command -v java >/dev/null 2>&1 || apt_install java default-jre-headless
# systemd-analyze for the check of deploy/courtier-blocks.service (tests/deploy.test.ts).
command -v systemd-analyze >/dev/null 2>&1 || apt_install systemd systemd

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
rm -f "$RESULTS/vitest.json" "$RESULTS/playwright.json" "$RESULTS/playwright-pg.json"

phase typecheck npm run --silent typecheck
phase lint npm run --silent lint
phase build npm run --silent build
phase unit "$BIN/vitest" run --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest.json"
CI="${CI:-1}" phase e2e "$BIN/playwright" test
# The same suite on PostgreSQL: the wrapper starts the cluster, stops and removes it in a
# finally (and on SIGINT/SIGTERM); the trap below covers this shell being interrupted first.
pg_pid=""
trap 'if [ -n "$pg_pid" ]; then kill -TERM "$pg_pid" 2>/dev/null; wait "$pg_pid" 2>/dev/null; fi; exit 130' INT TERM
e2e_pg() {
  "$BIN/tsx" scripts/e2e-postgres.ts &
  pg_pid=$!
  local status=0
  wait "$pg_pid" || status=$?
  pg_pid=""
  return "$status"
}
CI="${CI:-1}" WEB_CONCURRENCY="${E2E_PG_WEB_CONCURRENCY:-2}" phase e2e-postgres e2e_pg

echo
if [ ${#failed_phases[@]} -gt 0 ]; then
  echo "Failed phases: ${failed_phases[*]}"
fi
status=0
"$BIN/tsx" scripts/totals.ts --failed-phases="${failed_phases[*]:-}" "$RESULTS/vitest.json" "$RESULTS/playwright.json" "$RESULTS/playwright-pg.json" || status=$?
if [ ${#failed_phases[@]} -gt 0 ] || [ "$status" -ne 0 ]; then
  exit 1
fi
