#!/usr/bin/env bash
# Runs every test of the repository, and fails on any warning in our own sources:
#   1. the library's tests (`swift test`);
#   2. the UIKit adapter and its tests, on a stand-in module named UIKit (REACTORFLOW_UIKIT_BRANCH=1);
#   3. the SwiftUI adapter's SwiftUI code, type-checked on a stand-in module named SwiftUI;
#   4. the demo app's tests (Examples/Diary, a package of its own) and the demo end to end in a
#      real terminal (tmux);
#   5. the journal inspector's page in a real browser (headless Chromium), on a session the demo
#      recorded.
# Usage: bash scripts/test-all.sh   (from anywhere). The first run builds the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# What the run needs beyond Swift, checked before anything builds: SQLite's headers (the demo's
# database), tmux (the demo end to end in a real terminal), jq (the documentation checks); gdb
# is optional (the watchdog's backtraces when a test hangs).
missing=()
command -v swift >/dev/null 2>&1 || missing+=("swift (a Swift 6.3 toolchain: https://www.swift.org/install)")
[ -f /usr/include/sqlite3.h ] || missing+=("SQLite's headers (apt-get install libsqlite3-dev)")
command -v tmux >/dev/null 2>&1 || missing+=("tmux (apt-get install tmux)")
command -v jq >/dev/null 2>&1 || missing+=("jq (apt-get install jq)")
command -v chromium >/dev/null 2>&1 || missing+=("Chromium, for the journal inspector's page (apt-get install chromium)")
command -v node >/dev/null 2>&1 || missing+=("node 20.10 or later, to drive Chromium (https://nodejs.org)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "error: test-all.sh needs tools this machine lacks; install them and run it again:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  echo "  (on Debian or Ubuntu, all at once: apt-get install libsqlite3-dev tmux jq gdb chromium)" >&2
  exit 1
fi
command -v gdb >/dev/null 2>&1 ||
  echo "note: without gdb (apt-get install gdb), a hung test run is stopped without backtraces" >&2

# A test run that prints nothing for this long is stopped, with the unfinished tests and every
# thread's backtrace (scripts/watchdog.sh).
watchdog=(bash scripts/watchdog.sh)

# Builds with the given arguments; fails if the build printed a warning about our sources
# (dependencies' checkouts are not ours).
build_without_warnings() {
  local log
  log=$(mktemp)
  if ! swift build "$@" 2>&1 | tee "$log"; then
    rm -f "$log"
    return 1
  fi
  if grep -E "warning:" "$log" | grep -vE "/\.build[^/]*/checkouts/" | grep -q .; then
    echo "error: the build printed warnings:" >&2
    grep -E "warning:" "$log" | grep -vE "/\.build[^/]*/checkouts/" | sort -u >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
}

echo "== 1. the library"
build_without_warnings --build-tests
"${watchdog[@]}" swift test --skip-build

echo "== 2. the UIKit adapter, on the UIKit stand-in"
# Testing declares a cross-import overlay with UIKit (_Testing_UIKit) that exists only on Apple
# platforms: without this flag, every test file importing both would fail to find it.
uikit=(--scratch-path .build-uikit -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays)
REACTORFLOW_UIKIT_BRANCH=1 build_without_warnings --build-tests "${uikit[@]}"
REACTORFLOW_UIKIT_BRANCH=1 "${watchdog[@]}" swift test --skip-build "${uikit[@]}"

echo "== 3. the SwiftUI adapter's SwiftUI code, on the SwiftUI stand-in"
REACTORFLOW_SWIFTUI_BRANCH=1 build_without_warnings --scratch-path .build-swiftui

echo "== 4. the demo app"
build_without_warnings --build-tests --package-path Examples/Diary
"${watchdog[@]}" swift test --skip-build --package-path Examples/Diary
bash Examples/Diary/e2e-tmux.sh

echo "== 5. the journal inspector, in a real browser"
bash scripts/check-inspector-in-browser.sh
