#!/usr/bin/env bash
# Runs a command (a test run) and fails it when it stops making progress: if the command prints
# nothing for WATCHDOG_IDLE_SECONDS (default 600), the watchdog prints the tests that started and
# did not finish, every thread's backtrace of every process the command started (gdb), then kills
# them and exits 124. Otherwise it exits with the command's status. The output is shown as it
# comes and kept in WATCHDOG_LOG (default: a temporary file).
#
#   bash scripts/watchdog.sh swift test --skip-build
#   WATCHDOG_IDLE_SECONDS=120 bash scripts/watchdog.sh swift test --sanitize=thread
#
# A test run prints an event for every test that starts and ends, so silence means a hang: the
# time bound decides nothing but when to stop waiting for an event that did not come.
set -u
if [ $# -eq 0 ]; then
  echo "usage: watchdog.sh COMMAND [ARGUMENTS...]" >&2
  exit 2
fi
idle="${WATCHDOG_IDLE_SECONDS:-600}"
log="${WATCHDOG_LOG:-$(mktemp "${TMPDIR:-/tmp}/watchdog.XXXXXX")}"
: >"$log"

# A session of its own, so that the command and everything it starts can be found and ended;
# line-buffered, so that the log's last line is the last event even when the process is killed
# (a test process writing to a file buffers its output otherwise, and a hang loses it).
unbuffered=()
command -v stdbuf >/dev/null 2>&1 && unbuffered=(stdbuf -oL -eL)
setsid "${unbuffered[@]}" "$@" >>"$log" 2>&1 </dev/null &
pid=$!
tail -n +1 -f --pid="$pid" "$log" &
tail_pid=$!

# Prints the tests whose start the log shows and whose end it does not (Swift Testing and XCTest).
unfinished_tests() {
  awk '
    /^◇ Test run started\.$/ { next }
    /^◇ Test .* started\.$/ {
      name = $0; sub(/^◇ Test /, "", name); sub(/ started\.$/, "", name); open[name]++; next
    }
    /^(✔|✘|➜) Test .* (passed|failed|skipped)/ {
      name = $0; sub(/^(✔|✘|➜) Test /, "", name); sub(/ (passed|failed|skipped).*$/, "", name)
      if (open[name] > 0) open[name]--; next
    }
    /^Test Case .* started\.$/ {
      name = $0; sub(/^Test Case /, "", name); sub(/ started\.$/, "", name); open[name]++; next
    }
    /^Test Case .* (passed|failed|skipped)/ {
      name = $0; sub(/^Test Case /, "", name); sub(/ (passed|failed|skipped).*$/, "", name)
      if (open[name] > 0) open[name]--; next
    }
    END { for (name in open) if (open[name] > 0) print "  " name }
  ' "$log"
}

report_hang() {
  echo
  echo "watchdog: no output for ${idle}s from: $*"
  echo "watchdog: tests that started and did not finish:"
  local unfinished
  unfinished=$(unfinished_tests)
  if [ -n "$unfinished" ]; then echo "$unfinished"; else echo "  (none named in the output)"; fi
  local processes
  processes=$(ps -o pid= -s "$pid" 2>/dev/null | tr -s ' \n' ' ')
  for process in $processes; do
    echo "watchdog: threads of process $process ($(ps -o args= -p "$process" 2>/dev/null | cut -c1-120)):"
    if command -v gdb >/dev/null 2>&1; then
      timeout 120 gdb -p "$process" -batch -nx -q -ex "set pagination off" -ex "set complaints 0" \
        -ex "info threads" -ex "thread apply all bt 40" 2>&1 |
        grep -vE "^(\[New LWP|warning: |During symbol reading)" | head -n 2000
    else
      echo "  (gdb is not installed: apt-get install gdb shows every thread's backtrace here)"
    fi
  done
}

# Whether the command still runs (an ended child stays a zombie until waited for: `kill -0`
# would still succeed).
running() {
  local state
  state=$(ps -o stat= -p "$pid" 2>/dev/null)
  [ -n "$state" ] && [ "${state#Z}" = "$state" ]
}

last_size=-1
last_progress=$(date +%s)
status=""
while running; do
  size=$(stat -c %s "$log" 2>/dev/null || echo 0)
  now=$(date +%s)
  if [ "$size" != "$last_size" ]; then
    last_size=$size
    last_progress=$now
  elif [ $((now - last_progress)) -ge "$idle" ]; then
    report_hang "$@"
    # Every process of the session: `swift test` starts the test process in a process group of
    # its own, which killing the command's group would leave running.
    session_processes() { ps -e -o pid= -o sid= | awk -v sid="$pid" '$2 == sid { print $1 }'; }
    kill -TERM $(session_processes) 2>/dev/null
    sleep 2
    kill -KILL $(session_processes) 2>/dev/null
    status=124
    break
  fi
  sleep 1
done
wait "$pid" 2>/dev/null
command_status=$?
wait "$tail_pid" 2>/dev/null
if [ -n "$status" ]; then
  echo "watchdog: stopped the command after ${idle}s without progress (log: $log)" >&2
  exit "$status"
fi
exit "$command_status"
