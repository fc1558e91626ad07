#!/usr/bin/env bash
# Checks the DocC tutorial (Sources/ReactorFlow/ReactorFlow.docc/Tutorials) as a reader follows it:
# every step's code compiles, and the finished app builds and passes its tests.
#
# Each `@Code(name: PATH, file: FILE)` of a step puts the resource FILE at PATH in the reader's
# package. The tutorials are read in their table of contents' order (each builds on the one
# before); after every step, the package as it stands is checked:
#   - its Package.swift type-checks against PackageDescription;
#   - its Sources/Notes compile as a module, and its Tests/NotesTests type-check against it,
#     with no warning, against this repository's libraries.
# Then the finished package is written to .build-tutorials/Notes, next to a link named
# ReactorFlow to this repository (the tutorial's path dependency, `../ReactorFlow`), built with
# `swift build --build-tests` (warnings fail) and tested with `swift test`: its Swift Testing and
# its XCTest tests must pass.
#
# Usage: bash scripts/check-tutorials.sh   (the first run builds the libraries: a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
toolchain=$(cd "$(dirname "$(command -v swiftc)")/.." && pwd)
catalog=Sources/ReactorFlow/ReactorFlow.docc
tutorials=$catalog/Tutorials
resources=$catalog/Resources
base=$root/.build-tutorials
scratch=$base/scratch
package=$base/Notes
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
start=$(now)

# The steps, in order: "TUTORIAL NAME FILE" per @Code.
toc=$(grep -l '^@Tutorials' "$tutorials"/*.tutorial)
steps=$base/steps
mkdir -p "$base"
: >"$steps"
for name in $(sed -n 's/.*@TutorialReference(tutorial: "doc:\([A-Za-z0-9]*\)").*/\1/p' "$toc"); do
  [ -e "$tutorials/$name.tutorial" ] || { echo "error: $toc names $name, which has no $name.tutorial" >&2; exit 1; }
  sed -n 's/.*@Code(name: "\([^"]*\)", file: "\([^"]*\)").*/\1 \2/p' "$tutorials/$name.tutorial" \
    | while read -r path file; do echo "$name $path $file"; done >>"$steps"
done
# Every resource is used by a step, and every step's file exists.
for file in "$resources"/*.swift; do
  grep -q " $(basename "$file")\$" "$steps" || { echo "error: $file is used by no step" >&2; exit 1; }
done
while read -r _ _ file; do
  [ -e "$resources/$file" ] || { echo "error: a step names $file, which is not in $resources" >&2; exit 1; }
done <"$steps"

# The finished package, built and tested: this also builds the libraries the steps compile against.
rm -rf "$package"
mkdir -p "$package"
ln -sfn "$root" "$base/ReactorFlow"
while read -r _ path file; do
  mkdir -p "$package/$(dirname "$path")"
  cp "$resources/$file" "$package/$path"
done <"$steps"
echo "== tutorial: building the finished package (.build-tutorials/Notes)"
if ! (cd "$package" && swift build --build-tests --scratch-path "$scratch" >"$base/build.log" 2>&1); then
  cat "$base/build.log"
  echo "error: the tutorial's finished package does not build" >&2
  exit 1
fi
if grep -E "^$package/.*warning:" "$base/build.log"; then
  echo "error: the tutorial's code has warnings (above)" >&2
  exit 1
fi
if ! (cd "$package" && swift test --scratch-path "$scratch" >"$base/test.log" 2>&1); then
  cat "$base/test.log"
  echo "error: the tutorial's tests fail" >&2
  exit 1
fi
xctests=$(sed -n 's/^.*Executed \([0-9]*\) tests\{0,1\}, with 0 failures.*$/\1/p' "$base/test.log" | tail -1)
swifttests=$(sed -n 's/^.*Test run with \([0-9]*\) tests\{0,1\} .*passed.*$/\1/p' "$base/test.log" | tail -1)
if [ -z "$xctests" ] || [ "$xctests" = 0 ] || [ -z "$swifttests" ] || [ "$swifttests" = 0 ]; then
  cat "$base/test.log"
  echo "error: the tutorial's package ran no XCTest test or no Swift Testing test" >&2
  exit 1
fi
echo "   built, and passed $swifttests Swift Testing and $xctests XCTest tests"

# Every step: the package as it stands after it.
modules=$scratch/debug/Modules
manifest_api=$toolchain/lib/swift/pm/ManifestAPI
state=$base/state
rm -rf "$state"
failed=0
n=0
while read -r tutorial path file; do
  n=$((n + 1))
  mkdir -p "$state/$(dirname "$path")"
  cp "$resources/$file" "$state/$path"
  out=$base/step-$n
  rm -rf "$out"
  mkdir -p "$out"
  {
    swiftc -typecheck -swift-version 6 -I "$manifest_api" -package-description-version 6.0 \
      "$state/Package.swift" 2>&1 || echo "error: Package.swift does not type-check"
    sources=("$state"/Sources/Notes/*.swift)
    if [ -e "${sources[0]}" ]; then
      swiftc -emit-module -enable-testing -swift-version 6 -module-name Notes -I "$modules" \
        -emit-module-path "$out/Notes.swiftmodule" "${sources[@]}" 2>&1 || echo "error: Sources/Notes do not compile"
      tests=("$state"/Tests/NotesTests/*.swift)
      if [ -e "${tests[0]}" ]; then
        swiftc -typecheck -swift-version 6 -module-name NotesTests -I "$out" -I "$modules" "${tests[@]}" 2>&1 \
          || echo "error: Tests/NotesTests do not compile"
      fi
    fi
  } >"$out/log"
  if grep -qE '(error|warning):' "$out/log"; then
    failed=1
    echo "-- step $n ($tutorial, $path from $file): the package does not compile cleanly:"
    cat "$out/log"
  fi
done <"$steps"
if [ "$failed" -ne 0 ]; then
  echo "error: a tutorial step does not compile (above): fix its file in $resources" >&2
  exit 1
fi
echo "== tutorial: $n steps compile, the finished app passes its tests ($(seconds "$start" "$(now)") s)"
