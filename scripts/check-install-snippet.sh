#!/usr/bin/env bash
# The README's install snippet works as written: its Package.swift is written into a throwaway
# package, with the repository's URL pointed at a clone of this repository (file://), and
# resolved — so the snippet and what a user can resolve cannot drift apart (a version the
# repository has no tag for, a product that does not exist, a branch that is not there).
# Usage: bash scripts/check-install-snippet.sh   (resolution only, a few seconds)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The first Swift block of the README that declares a package: the install snippet.
awk '
  /^```swift$/ { inside = 1; block = ""; next }
  /^```$/ && inside { inside = 0; if (block ~ /let package = Package\(/) { printf "%s", block; exit } ; next }
  inside { block = block $0 "\n" }
' README.md >"$work/snippet.swift"
if ! grep -q 'let package = Package(' "$work/snippet.swift"; then
  echo "error: check-install-snippet: no Package.swift snippet found in README.md" >&2
  exit 1
fi
url='https://github.com/<owner>/ReactorFlow'
if ! grep -qF "$url" "$work/snippet.swift"; then
  echo "error: check-install-snippet: the README's snippet does not name $url" >&2
  exit 1
fi

# A clone, as a user's SwiftPM sees the repository: what is committed, on its branches and tags.
git clone -q "$root" "$work/ReactorFlow"
app="$work/MyApp"
mkdir -p "$app/Sources/MyApp" "$app/Tests/MyAppTests"
sed "s|$url|file://$work/ReactorFlow|" "$work/snippet.swift" >"$app/Package.swift"
echo "import ReactorFlowUIKit" >"$app/Sources/MyApp/MyApp.swift"
echo "import ReactorFlowTesting" >"$app/Tests/MyAppTests/MyAppTests.swift"
if ! (cd "$app" && swift package resolve >"$work/resolve.log" 2>&1); then
  echo "error: the README's install snippet does not resolve against a clone of this repository:" >&2
  cat "$work/resolve.log" >&2
  echo "Fix the snippet (a branch or a tag that exists) in README.md." >&2
  exit 1
fi
echo "install snippet: resolves against a clone ($(grep -o '\.package(url: [^)]*)' "$work/snippet.swift"))"
