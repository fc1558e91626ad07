#!/usr/bin/env bash
# Runs the whole test suite N times (default 20) while every core is kept busy by a busy loop,
# the way a CI machine shared with other builds is; counts the failed runs and prints a summary.
#
#   scripts/stress-tests.sh            # 20 runs
#   scripts/stress-tests.sh 3          # 3 runs
#   CORES=4 scripts/stress-tests.sh    # one busy loop per core (default: all cores)
#
# The tests are built once first (not under load); each run's log is kept in $LOG_DIR.
set -u
runs="${1:-20}"
cores="${CORES:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}"
log_dir="${LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/stress-tests.XXXXXX")}"
cd "$(dirname "$0")/.."

swift build --build-tests >"$log_dir/build.log" 2>&1 || {
  echo "stress-tests: the build failed, see $log_dir/build.log" >&2
  exit 2
}

busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${busy[@]}" 2>/dev/null
}
trap stop_busy EXIT INT TERM
for _ in $(seq "$cores"); do
  (while :; do :; done) &
  busy+=("$!")
done

failures=0
failed_runs=()
started=$(date +%s)
for run in $(seq "$runs"); do
  log="$log_dir/run-$run.log"
  if swift test --skip-build >"$log" 2>&1; then
    echo "run $run/$runs: passed"
  else
    failures=$((failures + 1))
    failed_runs+=("$run")
    echo "run $run/$runs: FAILED ($(grep -m1 -E '✘|error:|failed' "$log" || echo 'see log'))"
  fi
done
elapsed=$(($(date +%s) - started))

failed_list=""
[ "$failures" -gt 0 ] && failed_list=" (failed runs: ${failed_runs[*]})"
echo "stress-tests: $failures failure(s) in $runs run(s) of the whole suite, $cores core(s) kept busy, ${elapsed}s; logs in $log_dir$failed_list"
[ "$failures" -eq 0 ]
