#!/usr/bin/env bash
# Checks, on Linux, that ReactorFlow compiles for the Apple platforms it declares (macOS 14,
# iOS 17) and uses no API newer than them.
#
# How: the Linux toolchain's standard-library interfaces (.swiftinterface) keep their Apple
# `@available` annotations. They are rebuilt here for an Apple target (cached in .build-apple/),
# then every checked module is type-checked twice: at the minimum deployment target and at
# macOS/iOS 26. An error only at the minimum is an availability problem (an API newer than the
# declared platforms); an error at 26 too means this check cannot see that code (a stub lacks a
# declaration, a dependency did not build): both fail the check.
#
# Checked: ReactorFlow (the core), ReactorFlowHeadless, ReactorFlowTesting, and the UIKit adapter's
# `#if canImport(UIKit)` branch (ReactorFlowUIKit and ReactorFlowUIKitExamples, against the
# stand-in compiled as a module named UIKit), for x86_64-apple-macosx14.0 and
# x86_64-apple-ios17.0-simulator. Within it, the `#if canImport(ObjectiveC)` code that wraps
# `viewDidLoad` through the Objective-C runtime is the branch compiled (as on iOS): the compiler
# runs with Objective-C interop, as it does for every Apple target, so `#selector`, `@objc` and
# `@convention(block)` are checked, against the ObjectiveC stub and the stand-in's
# `@objc viewDidLoad`.
#
# Not seen (see docs/APPLE-PLATFORMS.md): the real UIKit, Foundation, Dispatch, Darwin and
# ObjectiveC (small stubs in scripts/apple-stubs stand for the few declarations used, written
# with the signatures Swift imports them with — but a wrong one there is not caught; the stubs'
# NSObject is a Swift class, so the modules are compiled with
# -disable-objc-attr-requires-foundation-module); a file that only re-exports another package
# (the core has none any more; such a file would be skipped); the third-party dependencies of
# ReactorFlowTesting are built from their sources against the stubs with errors allowed, so
# only what compiles of them is seen; linking, and anything at run time (whether the wrapped
# `viewDidLoad` runs as intended is for an Apple platform to show).
#
# Usage: scripts/check-apple.sh [macos|ios|tvos]...   (default: macos and ios, what CI runs)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/.." && pwd)
frontend="$toolchain/bin/swift-frontend"
interfaces="$toolchain/lib/swift/linux"
plugins="$toolchain/lib/swift/host/plugins"
cache="$root/.build-apple"
stubs="$root/scripts/apple-stubs"

# The standard-library modules rebuilt for Apple targets, in dependency order.
stdlib_modules=(Swift SwiftOnoneSupport _Concurrency _RegexParser _StringProcessing RegexBuilder Observation Testing)
# The stubs (scripts/apple-stubs), in dependency order.
stub_modules=(Darwin ObjectiveC Dispatch Foundation os)
# Apple targets compile with Objective-C interop (`@objc`, `#selector`, `@convention(block)`).
# The stubs' NSObject is a Swift class, which the compiler lets `@objc` classes descend from only
# with this flag; on an Apple platform NSObject comes from Objective-C and the question does not
# arise.
objc_flags=(-disable-objc-attr-requires-foundation-module)
# Errors at both targets that come from rebuilding the standard library from its Linux interface,
# not from the code checked: pointer conversions whose intrinsics the rebuilt module lacks.
known_artifacts='broken standard library: cannot find intrinsic operations on'

platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=(macos ios)

failed=0

# Prints the errors of a compiler log, one line each, paths relative to the repository.
errors_of() {
  grep -E ': error: ' "$1" | grep -vE '^ ' | sed "s|^$root/||" | sort -u || true
}

# Fails when a compiler log shows a crash (a crash prints no ordinary error for our sources).
fail_on_crash() {
  local log=$1 what=$2
  if grep -qE 'Stack dump|DESERIALIZATION FAILURE|fatal error encountered|Please submit a bug report' "$log"; then
    echo "error: the compiler crashed on $what (see $log)" >&2
    failed=1
  fi
}

# Rebuilds one standard-library module for `$triple` from the toolchain's Linux interface.
rebuild_interface() {
  local module=$1 triple=$2 sdk=$3
  local source="$interfaces/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
  local copy="$sdk/interfaces/$module.swiftinterface"
  mkdir -p "$sdk/interfaces"
  # The target is the Apple one; back-deployment bodies and Glibc are Linux/ABI details the
  # type checker does not need (and that do not build for an Apple target).
  sed -e "s/-target x86_64-unknown-linux-gnu/-target $triple/" \
    -e '/^[[:space:]]*@backDeployed(/d' \
    -e '/^import Glibc$/d' \
    "$source" >"$copy"
  local stdlib_flag=()
  if sed -n 3p "$copy" | grep -q -- '-parse-stdlib'; then stdlib_flag=(-parse-stdlib); fi
  "$frontend" -compile-module-from-interface -module-name "$module" -target "$triple" \
    "${stdlib_flag[@]}" -disable-availability-checking -I "$sdk" -o "$sdk/$module.swiftmodule" "$copy" \
    >"$sdk/interfaces/$module.log" 2>&1 || {
    echo "error: could not rebuild $module for $triple (see $sdk/interfaces/$module.log)" >&2
    exit 1
  }
}

# The cached "SDK" of one platform: the rebuilt standard library (rebuilt only when the toolchain
# changes) and the stubs (rebuilt when they change: a second or two).
prepare_sdk() {
  local triple=$1 sdk=$2
  local stamp stubs_stamp
  stamp="$(swift --version 2>/dev/null | head -1) ${stdlib_modules[*]}"
  if ! [ -f "$sdk/stamp" ] || [ "$(cat "$sdk/stamp")" != "$stamp" ]; then
    rm -rf "$sdk"
    mkdir -p "$sdk"
    for module in "${stdlib_modules[@]}"; do
      local start=$SECONDS
      rebuild_interface "$module" "$triple" "$sdk"
      echo "   rebuilt $module for $triple in $((SECONDS - start)) s"
    done
    echo "$stamp" >"$sdk/stamp"
  fi
  stubs_stamp="$(cat "$stubs"/*.swift "$0" | cksum)"
  if [ -f "$sdk/stubs-stamp" ] && [ "$(cat "$sdk/stubs-stamp")" = "$stubs_stamp" ]; then return; fi
  rm -f "$sdk/stubs-stamp"
  for module in "${stub_modules[@]}"; do
    "$frontend" -emit-module -parse-as-library -target "$triple" -I "$sdk" -module-name "$module" \
      -swift-version 5 "${objc_flags[@]}" -o "$sdk/$module.swiftmodule" "$stubs/$module.swift" >"$sdk/$module.log" 2>&1 || {
      echo "error: the $module stub does not compile for $triple:" >&2
      sed 's/^/  /' "$sdk/$module.log" >&2
      exit 1
    }
  done
  echo "$stubs_stamp" >"$sdk/stubs-stamp"
}

# The Swift files of a directory, NUL-separated, skipping a file that only re-exports a package
# and the documentation catalogs (a tutorial's code is a package of its own, not the module's).
sources_of() {
  find "$root/$1" -name '*.docc' -prune -o -name '*.swift' -print0 | sort -z | while IFS= read -r -d '' file; do
    grep -q '^@_exported import AsyncAlgorithms' "$file" || printf '%s\0' "$file"
  done
}

# Emits a module for `$triple` from `$dir`, errors allowed (only its interface is needed here).
# With `ours`, any error but the rebuilt-stdlib artifacts fails the check: what does not compile
# here is not seen by the modules that import it.
emit_module() {
  local whose=$1 name=$2 dir=$3 triple=$4 out=$5
  shift 5
  sources_of "$dir" | xargs -0 "$frontend" -emit-module -parse-as-library -target "$triple" \
    -I "$sdk" -I "$out" -plugin-path "$plugins" -module-name "$name" \
    -disable-availability-checking -experimental-allow-module-with-compiler-errors "${objc_flags[@]}" \
    -diagnostic-style llvm -o "$out/$name.swiftmodule" "$@" >"$out/$name.log" 2>&1 || true
  [ -f "$out/$name.swiftmodule" ] || {
    echo "error: could not build $name for $triple (see $out/$name.log)" >&2
    exit 1
  }
  fail_on_crash "$out/$name.log" "$name"
  if [ "$whose" = ours ]; then
    local errors
    errors=$(errors_of "$out/$name.log" | grep -v "$known_artifacts" | grep . || true)
    if [ -n "$errors" ]; then
      echo "error: $name does not compile for $triple, so this check cannot see it:" >&2
      echo "$errors" | sed 's/^/  /' >&2
      failed=1
    fi
  fi
}

# Type-checks one of our modules at the minimum and the newest target; reports what fails.
check_module() {
  local name=$1 dir=$2 min=$3 max=$4 out=$5
  local target
  for target in "$min" "$max"; do
    sources_of "$dir" | xargs -0 "$frontend" -typecheck -parse-as-library -target "$target" \
      -I "$sdk" -I "$out" -plugin-path "$plugins" -module-name "$name" -package-name reactorflow \
      -swift-version 6 "${objc_flags[@]}" -diagnostic-style llvm >"$out/$name-$target.log" 2>&1 || true
    fail_on_crash "$out/$name-$target.log" "$name for $target"
  done
  local at_min at_max availability blind artifacts
  at_min=$(errors_of "$out/$name-$min.log")
  at_max=$(errors_of "$out/$name-$max.log")
  availability=$(comm -23 <(echo "$at_min") <(echo "$at_max") | grep . || true)
  blind=$(echo "$at_max" | grep -v "$known_artifacts" | grep . || true)
  artifacts=$(echo "$at_max" | grep -c "$known_artifacts" || true)
  if [ -n "$availability" ]; then
    echo "error: $name uses API newer than $min:" >&2
    echo "$availability" | sed 's/^/  /' >&2
    failed=1
  fi
  if [ -n "$blind" ]; then
    echo "error: $name does not type-check for $max, so this check cannot see it:" >&2
    echo "$blind" | sed 's/^/  /' >&2
    failed=1
  fi
  if [ -z "$availability" ] && [ -z "$blind" ]; then
    echo "   $name: ok for $min ($artifacts pointer conversion(s) unchecked: rebuilt-stdlib artifact)"
  fi
}

checkouts="$root/.build/checkouts"
if [ ! -d "$checkouts/swift-custom-dump" ]; then
  swift package resolve >/dev/null
fi

for platform in "${platforms[@]}"; do
  case $platform in
    macos) min=x86_64-apple-macosx14.0 max=x86_64-apple-macosx26.0 ;;
    ios) min=x86_64-apple-ios17.0-simulator max=x86_64-apple-ios26.0-simulator ;;
    tvos) min=x86_64-apple-tvos17.0-simulator max=x86_64-apple-tvos26.0-simulator ;;
    *)
      echo "error: unknown platform $platform (macos, ios or tvos)" >&2
      exit 2
      ;;
  esac
  echo "== $platform ($min)"
  start=$SECONDS
  sdk="$cache/$min/sdk"
  prepare_sdk "$min" "$sdk"
  out="$cache/$min/modules"
  rm -rf "$out"
  mkdir -p "$out"
  # ReactorFlowTesting's dependencies, from their sources (errors allowed: Foundation is a stub).
  emit_module theirs ConcurrencyExtras .build/checkouts/swift-concurrency-extras/Sources/ConcurrencyExtras "$min" "$out"
  emit_module theirs IssueReporting .build/checkouts/xctest-dynamic-overlay/Sources/IssueReporting "$min" "$out"
  emit_module theirs CustomDump .build/checkouts/swift-custom-dump/Sources/CustomDump "$min" "$out"
  emit_module theirs Clocks .build/checkouts/swift-clocks/Sources/Clocks "$min" "$out"
  # Ours: each module is checked, then emitted for the modules that import it.
  check_module ReactorFlow Sources/ReactorFlow "$min" "$max" "$out"
  emit_module ours ReactorFlow Sources/ReactorFlow "$min" "$out" -package-name reactorflow -swift-version 6
  check_module ReactorFlowHeadless Sources/ReactorFlowHeadless "$min" "$max" "$out"
  emit_module ours ReactorFlowHeadless Sources/ReactorFlowHeadless "$min" "$out" -package-name reactorflow -swift-version 6
  check_module ReactorFlowTesting Sources/ReactorFlowTesting "$min" "$max" "$out"
  # The stand-in, as UIKit: the adapter's `#if canImport(UIKit)` branch is the one compiled.
  emit_module ours UIKit Packages/UIKitStandIn/Sources/UIKit "$min" "$out" -swift-version 6
  check_module ReactorFlowUIKit Sources/ReactorFlowUIKit "$min" "$max" "$out"
  emit_module ours ReactorFlowUIKit Sources/ReactorFlowUIKit "$min" "$out" -package-name reactorflow -swift-version 6
  check_module ReactorFlowUIKitExamples Tests/Fixtures/ReactorFlowUIKitExamples "$min" "$max" "$out"
  # The SwiftUI stand-in, as SwiftUI (its declarations carry Apple's availability): the SwiftUI
  # adapter's `#if canImport(SwiftUI)` code is the one checked.
  emit_module ours SwiftUI Packages/SwiftUIStandIn/Sources/SwiftUI "$min" "$out" -swift-version 6
  check_module ReactorFlowSwiftUI Sources/ReactorFlowSwiftUI "$min" "$max" "$out"
  emit_module ours ReactorFlowSwiftUI Sources/ReactorFlowSwiftUI "$min" "$out" -package-name reactorflow -swift-version 6
  check_module ReactorFlowSwiftUIExamples Tests/Fixtures/ReactorFlowSwiftUIExamples "$min" "$max" "$out"
  echo "   $platform checked in $((SECONDS - start)) s"
done

if [ "$failed" -ne 0 ]; then
  echo "error: the Apple-platform check failed (see above)" >&2
  exit 1
fi
echo "Apple-platform check passed."
