#!/usr/bin/env bash
# Runs every test of the repository, and fails on any warning in our own sources:
#   1. the library's tests (`swift test`);
#   2. the UIKit adapter and its tests, on a stand-in module named UIKit (REACTORFLOW_UIKIT_BRANCH=1);
#   3. the SwiftUI adapter's SwiftUI code, type-checked on a stand-in module named SwiftUI;
#   4. the demo app's tests (Examples/Diary, a package of its own) and the demo end to end in a
#      real terminal (tmux).
# Usage: bash scripts/test-all.sh   (from anywhere). The first run builds the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

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
swift test --skip-build

echo "== 2. the UIKit adapter, on the UIKit stand-in"
# Testing declares a cross-import overlay with UIKit (_Testing_UIKit) that exists only on Apple
# platforms: without this flag, every test file importing both would fail to find it.
uikit=(--scratch-path .build-uikit -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays)
REACTORFLOW_UIKIT_BRANCH=1 build_without_warnings --build-tests "${uikit[@]}"
REACTORFLOW_UIKIT_BRANCH=1 swift test --skip-build "${uikit[@]}"

echo "== 3. the SwiftUI adapter's SwiftUI code, on the SwiftUI stand-in"
REACTORFLOW_SWIFTUI_BRANCH=1 build_without_warnings --scratch-path .build-swiftui

echo "== 4. the demo app"
build_without_warnings --build-tests --package-path Examples/Diary
swift test --skip-build --package-path Examples/Diary
bash Examples/Diary/e2e-tmux.sh
