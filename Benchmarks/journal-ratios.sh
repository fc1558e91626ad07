#!/usr/bin/env bash
# The journal's cost per entry at 1k, 10k and 100k entries, in instructions (callgrind: stable on a
# shared machine, where wall time is not): reading a journal file, replaying it in a fresh app,
# restoring its navigation, and recording it into a file by appending (and, for comparison, by
# writing the whole file again after each 10 entries, as the demo did before it appended).
# Each workload runs at each size and at an empty journal; per entry = (count - empty) / entries.
# Replay and restore are timed in CPU time instead (see below).
# The per-entry cost is flat (within 2x) across the three sizes when the work is linear.
# Usage, from the repository root or from Benchmarks/: bash Benchmarks/journal-ratios.sh [SIZES…]
#   (JOURNAL_WORKLOADS_BIN=path: a JournalWorkloads built already, not built again)
#   (default sizes 1000 10000 100000; rewrite runs up to 10,000 only: it is quadratic)
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v valgrind >/dev/null 2>&1 || { echo "journal-ratios.sh: needs valgrind" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
if [ -n "${JOURNAL_WORKLOADS_BIN:-}" ]; then
  bin=$JOURNAL_WORKLOADS_BIN  # built already (swift build -c release --product JournalWorkloads)
else
  # SwiftPM may keep a stale build plan for the path dependency (new files unseen): drop it.
  rm -f .build/release.yaml .build/*/release/description.json
  swift build -c release --product JournalWorkloads >&2
  bin="$(swift build -c release --show-bin-path)/JournalWorkloads"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

instructions() {  # workload args… → instructions executed
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$bin" "$@" >"$work/said" 2>"$work/log" || {
    cat "$work/log" "$work/said" >&2
    exit 1
  }
  grep -o 'Collected : [0-9]*' "$work/log" | grep -o '[0-9]*'
}

# The files read, replayed and restored; "empty" is a journal of its launch only.
"$bin" make 1 "$work/empty.jsonl" >/dev/null
for size in "${sizes[@]}"; do
  "$bin" make "$size" "$work/$size.jsonl" >"$work/made"
  echo "file of $(grep -o '[0-9]*' "$work/made") entries: $(wc -c <"$work/$size.jsonl") bytes" >&2
done

cpu_microseconds() {  # workload args… → user + system CPU time, the least of 3 runs
  local best=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%U %S" -o "$work/time" "$bin" "$@" >"$work/said"
    local us
    us=$(awk '{ printf "%d", ($1 + $2) * 1000000 }' "$work/time")
    if [ -z "$best" ] || [ "$us" -lt "$best" ]; then best=$us; fi
  done
  echo "$best"
}

# Replaying and restoring run the app on Swift concurrency's threads, which callgrind cannot run
# here (it stops with an internal error): their cost is CPU time (user + system, the least of 3
# runs), in microseconds per entry — less stable than instructions on a shared machine.
for workload in replay restore; do
  empty=$(cpu_microseconds "$workload" "$work/empty.jsonl")
  empty_n=$("$bin" read "$work/empty.jsonl" | grep -o '[0-9]*' | head -1)
  line="$workload (CPU time):"
  for size in "${sizes[@]}"; do
    n=$("$bin" read "$work/$size.jsonl" | grep -o '[0-9]*' | head -1)
    total=$(cpu_microseconds "$workload" "$work/$size.jsonl")
    grep -q "faithful\|inputs fed" "$work/said" || { cat "$work/said" >&2; exit 1; }
    line="$line $n entries $(python3 -c "print(f'{($total - $empty) / ($n - $empty_n):.1f}')") µs/entry;"
  done
  echo "$line"
done
for workload in read; do
  empty=$(instructions "$workload" "$work/empty.jsonl")
  empty_n=$("$bin" read "$work/empty.jsonl" | grep -o '[0-9]*' | head -1)
  line="$workload:"
  for size in "${sizes[@]}"; do
    n=$("$bin" read "$work/$size.jsonl" | grep -o '[0-9]*' | head -1)
    total=$(instructions "$workload" "$work/$size.jsonl")
    line="$line $n entries $(((total - empty) / (n - empty_n)))/entry;"
  done
  echo "$line"
done
empty=$(instructions append 0 "$work/out.jsonl")
line="append:"
for size in "${sizes[@]}"; do
  total=$(instructions append "$size" "$work/out.jsonl")
  line="$line $size entries $(((total - empty) / size))/entry;"
done
echo "$line"
# Writing the whole file again after each 10 entries is quadratic: too slow for callgrind past a
# few thousand entries, it is timed in CPU time, up to 10,000 entries (about 50 s there).
empty=$(cpu_microseconds rewrite 0 "$work/out.jsonl")
line="rewrite (CPU time):"
for size in "${sizes[@]}"; do
  if [ "$size" -gt 10000 ]; then
    line="$line $size entries not run (quadratic);"
    continue
  fi
  total=$(cpu_microseconds rewrite "$size" "$work/out.jsonl")
  line="$line $size entries $(python3 -c "print(f'{($total - $empty) / $size:.1f}')") µs/entry;"
done
echo "$line"
