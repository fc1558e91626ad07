#!/usr/bin/env bash
# Times the journal inspector at 1k, 10k and 100k entries: writing the page
# (`reactorflow-journal inspect`) and opening it in headless Chromium until its timeline and the
# selected entry are drawn. The journals are a session the demo recorded, repeated (renumbered)
# to the size. Prints a table for docs/MEASUREMENTS.md.
# Usage: bash scripts/measure-inspector.sh   (needs chromium, node, a built demo)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
swift build -c release --product reactorflow-journal >/dev/null
tool="$(swift build -c release --show-bin-path)/reactorflow-journal"
# DIARY: a demo binary built already (the demo's package otherwise builds here).
if [ -z "${DIARY:-}" ]; then
  swift build --package-path Examples/Diary --product diary >/dev/null
fi
diary="${DIARY:-$(swift build --package-path Examples/Diary --show-bin-path)/diary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%s\n' "e demo@reactorflow.dev" "p reactor123" "s" "n" "t Lunch" "s" "b" "1" "b" "n" "t Tea" "s" \
  | "$diary" --in-memory --latency 0 --script /dev/stdin --record "$dir/session.jsonl" >/dev/null
echo "| entries | file | page | inspect (write the page) | open in Chromium (load, timeline and entry drawn) |"
echo "|---|---|---|---|---|"
for size in 1000 10000 100000; do
  python3 - "$dir/session.jsonl" "$size" >"$dir/$size.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
header, body = lines[0], [json.loads(l) for l in lines[1:] if '"seq"' in l]
size = int(sys.argv[2])
print(header)
step = body[-1]["ns"] + 1_000_000
for n in range(size):
    entry = dict(body[n % len(body)])
    entry["seq"] = n + 1
    entry["ns"] = entry["ns"] + (n // len(body)) * step
    print(json.dumps(entry, separators=(",", ":"), sort_keys=True, ensure_ascii=False))
print(json.dumps({"end": size}))
PY
  start=$(date +%s.%N)
  "$tool" inspect "$dir/$size.jsonl" --output "$dir/$size.html" >/dev/null
  written=$(python3 -c "print(f'{$(date +%s.%N) - $start:.2f} s')")
  opened=$(node --experimental-websocket --no-warnings scripts/inspector-open-time.mjs "$dir/$size.html")
  echo "| $size | $(du -h "$dir/$size.jsonl" | cut -f1) | $(du -h "$dir/$size.html" | cut -f1) | $written | $opened |"
done
