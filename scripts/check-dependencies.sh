#!/usr/bin/env bash
# What an app resolves when it adds ReactorFlow: for each library product, a throwaway package
# that depends on this repository by path and uses only that product is resolved, and its
# resolved graph must hold nothing but the library's own dependencies (not the demo's database or
# command-line packages, not the tests' or the documentation's).
# Usage: bash scripts/check-dependencies.sh   (no build: resolution only, a few seconds each)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
command -v jq >/dev/null 2>&1 || { echo "error: check-dependencies needs jq" >&2; exit 1; }
allowed="swift-clocks swift-concurrency-extras swift-custom-dump xctest-dynamic-overlay"
products=$(sed -n 's/^ *\.library(name: "\([^"]*\)".*/\1/p' Package.swift)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for product in $products; do
  probe="$work/$product"
  mkdir -p "$probe/Sources/App"
  echo "import $product" >"$probe/Sources/App/main.swift"
  cat >"$probe/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "Probe", platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "$root")],
  targets: [.executableTarget(name: "App", dependencies: [.product(name: "$product", package: "$(basename "$root")")])])
MANIFEST
  (cd "$probe" && swift package resolve >"$probe/resolve.log" 2>&1) || {
    echo "error: a package using $product does not resolve:" >&2
    cat "$probe/resolve.log" >&2
    failed=1
    continue
  }
  resolved=$(jq -r '.pins[]?.identity' "$probe/Package.resolved" 2>/dev/null | sort | tr '\n' ' ')
  echo "   $product: ${resolved:-nothing}"
  for identity in $resolved; do
    if ! [[ " $allowed " == *" $identity "* ]]; then
      echo "error: an app using $product resolves $identity, which the library does not use" >&2
      failed=1
    fi
  done
done
[ "$failed" -eq 0 ] || exit 1
echo "dependencies: every library product resolves only: $allowed"
