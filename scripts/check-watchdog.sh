#!/usr/bin/env bash
# Shows that a hung test run fails fast: runs a planted hang (a test that awaits a continuation
# nothing resumes, enabled only by REACTORFLOW_PLANT_HANG=1) under scripts/watchdog.sh with a short
# idle limit, and checks that the watchdog stopped it (status 124), named the unfinished test, and
# printed the threads' backtraces. Needs the tests built (`swift build --build-tests`).
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
started=$(date +%s)
REACTORFLOW_PLANT_HANG=1 WATCHDOG_IDLE_SECONDS="${WATCHDOG_IDLE_SECONDS:-15}" \
  bash scripts/watchdog.sh swift test --skip-build --disable-xctest \
  --filter "WatchdogStopsAHungRunTests" >"$log" 2>&1
status=$?
seconds=$(($(date +%s) - started))
fail() {
  cat "$log" >&2
  echo "error: check-watchdog: $1" >&2
  exit 1
}
[ "$status" -eq 124 ] || fail "the watchdog did not stop the planted hang (status $status, expected 124)"
grep -q '^  "a planted hang that ignores cancellation"$' "$log" ||
  fail "the watchdog did not name the unfinished test"
if command -v gdb >/dev/null 2>&1; then
  grep -qE '^Thread [0-9]+ ' "$log" || fail "the watchdog printed no backtraces"
fi
echo "check-watchdog: the planted hang was stopped after ${seconds}s, its test named, $(grep -cE '^Thread [0-9]+ ' "$log") thread(s) shown"
