#!/usr/bin/env bash
# Reproduces the demo app's figures in the README: wall time of the debug `diary` binary, run from
# scripts (the transcript mode), each run RUNS times; prints the range over the runs.
#   start:   start, draw the first frame, quit (`q`)
#   keys:    sign in, then 2,000 keys (`>` and `<`, switching tabs, 1,000 times each);
#            per key = (keys - start) / 2,000
#   saves:   sign in, then 200 new entries saved (n, t, x, s, b), in a database file and in memory;
#            per save = (file - memory) / 200, what writing each save to disk adds
# Usage: bash Examples/Diary/measure-demo.sh [RUNS]   (default 5; builds `diary` in debug first)
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
runs=${1:-5}

swift build --product diary >&2
bin="$(swift build --show-bin-path)/diary"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

signin=$'e demo@reactorflow.dev\np reactor123\ns'
printf 'q\n' >"$work/start"
{
  echo "$signin"
  for _ in $(seq 1000); do printf '>\n<\n'; done
  echo q
} >"$work/keys"
{
  echo "$signin"
  for i in $(seq 200); do printf 'n\nt Entry %s\nx Written by measure-demo.sh\ns\nb\n' "$i"; done
  echo q
} >"$work/saves"

milliseconds() {  # command… → wall milliseconds
  local start end
  start=$(date +%s%N)
  "$@" >"$work/transcript" 2>&1
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

: >"$work/results"
for run in $(seq "$runs"); do
  start=$(milliseconds "$bin" --in-memory --latency 0 --script "$work/start")
  keys=$(milliseconds "$bin" --in-memory --latency 0 --script "$work/keys")
  rm -f "$work/diary.sqlite"*
  file=$(milliseconds "$bin" --database "$work/diary.sqlite" --latency 0 --script "$work/saves")
  memory=$(milliseconds "$bin" --in-memory --latency 0 --script "$work/saves")
  echo "run $run: start ${start} ms, 2,000 keys ${keys} ms, 200 saves ${file} ms (file) / ${memory} ms (memory)" >&2
  echo "$start $keys $file $memory" >>"$work/results"
done

awk -v runs="$runs" '
  function range(lo, hi, unit, digits) { return sprintf("%." digits "f–%." digits "f %s", lo, hi, unit) }
  {
    start = $1; key = ($2 - $1) / 2000; save = ($3 - $4) / 200
    if (NR == 1 || start < s0) s0 = start; if (NR == 1 || start > s1) s1 = start
    if (NR == 1 || key < k0) k0 = key;     if (NR == 1 || key > k1) k1 = key
    if (NR == 1 || $2 < t0) t0 = $2;       if (NR == 1 || $2 > t1) t1 = $2
    if (NR == 1 || save < v0) v0 = save;   if (NR == 1 || save > v1) v1 = save
  }
  END {
    print "over " runs " runs (debug build, wall time):"
    print "  start, first frame, quit: " range(s0, s1, "ms", 0)
    print "  2,000 keys after sign-in: " range(t0 / 1000, t1 / 1000, "s", 2) "; per key " range(k0, k1, "ms", 2)
    print "  per save written to the database file: " range(v0, v1, "ms", 2)
  }
' "$work/results"
