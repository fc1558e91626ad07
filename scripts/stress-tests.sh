#!/usr/bin/env bash
# Runs the whole test suite N times (default 20) while every core is kept busy by a busy loop,
# the way a CI machine shared with other builds is; counts the failed and the hung runs and prints
# a summary. Every run is under the watchdog (scripts/watchdog.sh): a run silent for
# WATCHDOG_IDLE_SECONDS (default 600) is stopped and counted as hung, with its unfinished tests and
# backtraces in its log.
#
#   scripts/stress-tests.sh                      # 20 runs
#   scripts/stress-tests.sh 3                    # 3 runs
#   SANITIZER=thread scripts/stress-tests.sh 5   # under the Thread Sanitizer (or: address)
#   CORES=4 scripts/stress-tests.sh              # one busy loop per core (default: all cores)
#
# The tests are built once first (not under load); each run's log is kept in $LOG_DIR.
set -u
runs="${1:-20}"
cores="${CORES:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}"
log_dir="${LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/stress-tests.XXXXXX")}"
cd "$(dirname "$0")/.."

# The same flags as CI's sanitizer runs, each with a build folder of its own.
swift_flags=()
sanitizer="${SANITIZER:-}"
case "$sanitizer" in
  "") ;;
  thread) swift_flags=(--sanitize=thread --scratch-path .build-tsan) ;;
  # Swift Testing only: the XCTest harness's own allocations would be reported as leaks.
  address) swift_flags=(--sanitize=address --scratch-path .build-asan --disable-xctest) ;;
  *)
    echo "stress-tests: SANITIZER must be thread or address, not '$sanitizer'" >&2
    exit 2
    ;;
esac
[ -n "$sanitizer" ] && export REACTORFLOW_SANITIZER="$sanitizer"

swift build --build-tests "${swift_flags[@]}" >"$log_dir/build.log" 2>&1 || {
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
hangs=0
failed_runs=()
started=$(date +%s)
for run in $(seq "$runs"); do
  log="$log_dir/run-$run.log"
  run_started=$(date +%s)
  WATCHDOG_LOG="$log" bash scripts/watchdog.sh swift test --skip-build "${swift_flags[@]}" >/dev/null 2>&1
  status=$?
  seconds=$(($(date +%s) - run_started))
  # Any sanitizer report fails a run, whatever the tests said.
  if [ "$status" -eq 0 ] && grep -q "Sanitizer" "$log"; then status=1; fi
  if [ "$status" -eq 0 ]; then
    echo "run $run/$runs: passed in ${seconds}s"
  elif [ "$status" -eq 124 ]; then
    hangs=$((hangs + 1))
    failed_runs+=("$run")
    echo "run $run/$runs: HUNG, stopped after ${seconds}s (unfinished tests and backtraces in $log)"
  else
    failures=$((failures + 1))
    failed_runs+=("$run")
    echo "run $run/$runs: FAILED in ${seconds}s ($(grep -m1 -E '✘|error:|Sanitizer|failed' "$log" || echo 'see log'))"
  fi
done
elapsed=$(($(date +%s) - started))

failed_list=""
[ ${#failed_runs[@]} -gt 0 ] && failed_list=" (runs: ${failed_runs[*]})"
echo "stress-tests: $failures failure(s) and $hangs hang(s) in $runs run(s) of the whole suite${sanitizer:+ under the $sanitizer sanitizer}, $cores core(s) kept busy, ${elapsed}s; logs in $log_dir$failed_list"
[ "$failures" -eq 0 ] && [ "$hangs" -eq 0 ]
