#!/usr/bin/env bash
# The journal's figures in docs/MEASUREMENTS.md, with the debug `diary` binary:
#   record:  COMMANDS scripted commands (sign in, then tab switches and opening entries, over and
#            over) with `--record FILE`, against the same without; wall time of each
#   replay:  `diary replay FILE` of that journal (its progress lines go to standard error)
#   large:   a journal of at least MB megabytes (the same session, longer), recorded, then read and
#            replayed: wall time of the replay, which must stay under a minute
#   kill:    a long recording killed with SIGKILL while it runs: `diary replay` of what it left
#            must exit with 0 and say where it stopped
# Usage: bash Examples/Diary/measure-journal.sh [COMMANDS] [MB]   (default 800 and 100; builds
# `diary` in debug first, unless DIARY_BIN names a built one)
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
commands=${1:-800}
megabytes=${2:-100}

if [ -n "${DIARY_BIN:-}" ]; then
  bin=$DIARY_BIN
else
  swift build --product diary >&2
  bin="$(swift build --show-bin-path)/diary"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A session of `count` commands after signing in: the tabs, an entry opened and closed.
session() {
  local count=$1
  printf 'e demo@reactorflow.dev\np reactor123\ns\n'
  local cycle=('>' '<' '1' 'b' '>' '>' '<' '<')
  for ((i = 0; i < count; i++)); do printf '%s\n' "${cycle[i % ${#cycle[@]}]}"; done
  echo q
}

seconds() {  # command… → wall seconds (output to $work/said, errors to $work/errors)
  local start end
  start=$(date +%s%N)
  "$@" >"$work/said" 2>"$work/errors" || true
  end=$(date +%s%N)
  python3 -c "print(f'{($end - $start) / 1e9:.1f}')"
}

session "$commands" >"$work/commands"
plain=$(seconds "$bin" --in-memory --latency 0 --script "$work/commands")
recorded=$(seconds "$bin" --in-memory --latency 0 --script "$work/commands" --record "$work/session.jsonl")
entries=$(($(wc -l <"$work/session.jsonl") - 2))
echo "record: $commands commands: ${recorded} s with --record ($entries entries, $(wc -c <"$work/session.jsonl") bytes), ${plain} s without"
replayed=$(seconds "$bin" replay "$work/session.jsonl")
grep -q "every checkpoint the same" "$work/said" || { cat "$work/said" "$work/errors" >&2; exit 1; }
echo "replay: $entries entries in ${replayed} s"

# The large journal: as many commands as it takes to reach the size (measured on the first file).
bytes_per_command=$(($(wc -c <"$work/session.jsonl") / commands))
large_commands=$((megabytes * 1024 * 1024 / bytes_per_command + 1))
session "$large_commands" >"$work/large-commands"
recorded=$(seconds "$bin" --in-memory --latency 0 --script "$work/large-commands" --record "$work/large.jsonl")
size=$(wc -c <"$work/large.jsonl")
entries=$(($(wc -l <"$work/large.jsonl") - 2))
echo "large: $large_commands commands recorded in ${recorded} s: $entries entries, $size bytes"
replayed=$(seconds "$bin" replay "$work/large.jsonl")
grep -q "every checkpoint the same" "$work/said" || { cat "$work/said" "$work/errors" >&2; exit 1; }
echo "large: read and replayed in ${replayed} s; progress said on standard error:"
sed 's/^/  /' "$work/errors"

# Killed while recording: what it left replays up to where it stopped.
"$bin" --in-memory --latency 0 --script "$work/large-commands" --record "$work/killed.jsonl" \
  >/dev/null 2>&1 &
pid=$!
size_of() { if [ -f "$1" ]; then wc -c <"$1"; else echo 0; fi; }
while [ "$(size_of "$work/killed.jsonl")" -lt 2000000 ]; do sleep 0.2; done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
code=0
"$bin" replay "$work/killed.jsonl" >"$work/said" 2>"$work/errors" || code=$?
echo "kill: killed at $(wc -c <"$work/killed.jsonl") bytes; replay exited with $code:"
grep -v "^diary: replaying\|^diary: reading\|^diary: read " "$work/errors" | sed 's/^/  /'
head -1 "$work/said" | sed 's/^/  /'
[ "$code" = 0 ]
