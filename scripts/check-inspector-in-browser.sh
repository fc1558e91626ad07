#!/usr/bin/env bash
# The journal inspector in a real browser: records a session with the demo, writes its page with
# `reactorflow-journal inspect`, and drives headless Chromium over the DevTools protocol
# (scripts/inspector-in-browser.mjs) to check the page against the journal file. Also a journal
# whose texts hold markup: it shows as text and never runs.
# Usage: bash scripts/check-inspector-in-browser.sh [--screenshot PNG]
# Needs chromium (apt-get install chromium) and node 20.10 or later.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
for tool in chromium node; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "error: check-inspector-in-browser.sh needs $tool (apt-get install $tool)" >&2
    exit 1
  }
done
screenshot=""
[ "${1:-}" = "--screenshot" ] && screenshot="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"

swift build --product reactorflow-journal >/dev/null
tool="$(swift build --show-bin-path)/reactorflow-journal"
# DIARY: a demo binary built already (the demo's package otherwise builds here).
if [ -z "${DIARY:-}" ]; then
  swift build --package-path Examples/Diary --product diary >/dev/null
fi
diary="${DIARY:-$(swift build --package-path Examples/Diary --show-bin-path)/diary}"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
journal="$dir/session.jsonl"
printf '%s\n' "e demo@reactorflow.dev" "p reactor123" "s" "n" "t Lunch" "s" "b" "1" "b" "n" "t Tea" "s" \
  | "$diary" --in-memory --latency 0 --script /dev/stdin --record "$journal" >/dev/null
sed 's/Lunch/<script>window.pwned=1<\/script><img src=x onerror=window.pwned=2>/g' "$journal" >"$dir/hostile.jsonl"
"$tool" inspect "$journal" --output "$dir/session.html" >/dev/null
"$tool" inspect "$dir/hostile.jsonl" --output "$dir/hostile.html" >/dev/null
node --experimental-websocket --no-warnings scripts/inspector-in-browser.mjs \
  "$journal" "$dir/session.html" "$dir/hostile.jsonl" "$dir/hostile.html" ${screenshot:+"$screenshot"}
