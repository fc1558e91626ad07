#!/usr/bin/env bash
# Checks the documentation as a reader meets it:
#   1. builds the library targets once, with symbol graphs, in their own scratch path;
#   2. turns README.md and each DocC article into one Swift unit (its ```swift blocks in order,
#      plus the hidden blocks it declares), type-checks it against the built modules, and runs the
#      units that declare their expected output;
#   3. builds DocC for ReactorFlow, ReactorFlowHeadless, ReactorFlowTesting, ReactorFlowUIKit,
#      ReactorFlowExplorer, ReactorFlowSwiftUI and ReactorFlowJournal with warnings as errors (links
#      from one module's pages to another's included), and fails on any public symbol of ours
#      without a doc comment.
# ReactorFlowSwiftUI is built against the SwiftUI stand-in (REACTORFLOW_SWIFTUI_BRANCH=1, in
# "<scratch>-swiftui") and ReactorFlowUIKit against the UIKit stand-in (REACTORFLOW_UIKIT_BRANCH=1,
# in "<scratch>-uikit"), so that their UI code is documented and their articles type-checked.
# How articles declare hidden code, included articles and expected output: docs/CHECKING-DOCS.md.
#
# Usage: bash scripts/check-docs.sh   (from anywhere; under a minute on 2 busy cores)
# Environment: CHECK_DOCS_SCRATCH (default .build-docs), CHECK_DOCS_SKIP_BUILD=1 to reuse a build,
# CHECK_DOCS_GRAPHS_ONLY=1 to stop once the symbol graphs are built (scripts/check-api.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
toolchain=$(cd "$(dirname "$(command -v swiftc)")/.." && pwd)
docc=$(command -v docc || echo "$toolchain/bin/docc")
command -v jq >/dev/null 2>&1 || { echo "error: check-docs needs jq" >&2; exit 1; }

scratch=${CHECK_DOCS_SCRATCH:-.build-docs}
case $scratch in /*) ;; *) scratch="$root/$scratch" ;; esac
graphs="$scratch/symbol-graphs"
modules="$scratch/debug/Modules"
libraries=(ReactorFlow ReactorFlowHeadless ReactorFlowTesting ReactorFlowUIKit ReactorFlowExplorer ReactorFlowSwiftUI
  ReactorFlowJournal)
swiftui_scratch="$scratch-swiftui"
swiftui_modules="$swiftui_scratch/debug/Modules"
uikit_scratch="$scratch-uikit"
uikit_modules="$uikit_scratch/debug/Modules"
failed=0

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# 1. Build ------------------------------------------------------------------------------------
if [ "${CHECK_DOCS_SKIP_BUILD:-0}" != 1 ]; then
  echo "== docs: building the libraries with symbol graphs ($scratch)"
  mkdir -p "$graphs"
  build() {
    local start
    start=$(now)
    swift build --scratch-path "$scratch" --target "$1" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
    echo "   built $1 in $(seconds "$start" "$(now)") s"
  }
  # ReactorFlowTesting builds ReactorFlow.
  build ReactorFlowTesting
  build ReactorFlowExplorer
  build ReactorFlowJournal
  # The UIKit adapter as it is where UIKit does not exist (empty): the articles that are run
  # link against this scratch path's modules. Its graph is replaced by the stand-in's below.
  build ReactorFlowUIKit
  # The UIKit adapter against the UIKit stand-in (it is empty where UIKit does not exist); only
  # its own graph is kept.
  start=$(now)
  mkdir -p "$uikit_scratch/graphs"
  if [ ! -e "$uikit_scratch/graphs/ReactorFlowUIKit.symbols.json" ]; then
    find Sources/ReactorFlowUIKit -name '*.swift' -exec touch {} +
  fi
  REACTORFLOW_UIKIT_BRANCH=1 swift build --scratch-path "$uikit_scratch" --target ReactorFlowUIKitExamples \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$uikit_scratch/graphs"
  for graph in "$uikit_scratch/graphs/ReactorFlowUIKit.symbols.json" \
    "$uikit_scratch/graphs/ReactorFlowUIKit@"*.symbols.json; do
    [ -e "$graph" ] && cp "$graph" "$graphs/"
  done
  echo "   built ReactorFlowUIKit (UIKit stand-in) in $(seconds "$start" "$(now)") s"
  # The SwiftUI adapter against the stand-in; only its own graph is kept.
  start=$(now)
  mkdir -p "$swiftui_scratch/graphs"
  if [ ! -e "$swiftui_scratch/graphs/ReactorFlowSwiftUI.symbols.json" ]; then
    find Sources/ReactorFlowSwiftUI -name '*.swift' -exec touch {} +
  fi
  REACTORFLOW_SWIFTUI_BRANCH=1 swift build --scratch-path "$swiftui_scratch" --target ReactorFlowSwiftUIExamples \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$swiftui_scratch/graphs"
  for graph in "$swiftui_scratch/graphs/ReactorFlowSwiftUI.symbols.json" \
    "$swiftui_scratch/graphs/ReactorFlowSwiftUI@"*.symbols.json; do
    [ -e "$graph" ] && cp "$graph" "$graphs/"
  done
  echo "   built ReactorFlowSwiftUI (SwiftUI stand-in) in $(seconds "$start" "$(now)") s"
  # A module is emitted (with its symbol graph) only when it is rebuilt: if a graph is missing
  # while the module is up to date, make its sources newer (only their modification time) and
  # rebuild it.
  for library in "${libraries[@]}"; do
    if [ ! -e "$graphs/$library.symbols.json" ] && [ "$library" != ReactorFlowSwiftUI ] \
      && [ "$library" != ReactorFlowUIKit ]; then
      find "Sources/$library" -name '*.swift' -exec touch {} +
      build "$library"
    fi
  done
fi
for library in "${libraries[@]}"; do
  if [ ! -e "$graphs/$library.symbols.json" ]; then
    echo "error: no symbol graph for $library in $graphs; run without CHECK_DOCS_SKIP_BUILD" >&2
    exit 1
  fi
done
# scripts/check-api.sh needs the symbol graphs only.
[ "${CHECK_DOCS_GRAPHS_ONLY:-0}" = 1 ] && exit 0

# 2. Code blocks ------------------------------------------------------------------------------
echo "== docs: compiling the Swift code blocks"
work="$scratch/docs-check"
rm -rf "$work"
mkdir -p "$work"
: >"$work/blocks"
: >"$work/errors"

articles=(README.md)
while IFS= read -r article; do articles+=("$article"); done < <(ls Sources/*/*.docc/*.md | sort)

: >"$work/problems"
extract() {  # article unit-file blocks-file expected-file manifest-prefix
  local require=1
  [ "$1" = README.md ] && require=0
  awk -v out="$2" -v uikitOut="$(dirname "$2")/uikit-cells.swift" -v blocks="$3" -v expected="$4" \
    -v manifestPrefix="$5" \
    -v problems="$work/problems" -v requireCells="$require" \
    -f scripts/extract-swift-blocks.awk "$1"
}

ran=0
run_failed=0
for article in "${articles[@]}"; do
  slug=$(echo "${article%.md}" | tr '/.' '__')
  unit="$work/$slug"
  mkdir -p "$unit"
  : >"$unit/main.swift"
  : >"$unit/expected"
  # An article may build on another one it names: <!-- docs-check: include PATH -->.
  for included in $(sed -n 's/^<!-- docs-check: include \([^ ]*\) -->$/\1/p' "$article"); do
    extract "$included" "$unit/main.swift" /dev/null /dev/null "$unit/ignored-manifest-"
  done
  extract "$article" "$unit/main.swift" "$work/blocks" "$unit/expected" "$unit/manifest-"
  grep -q '^#sourceLocation' "$unit/main.swift" || continue

  # Type-check the unit as a program's main.swift, in the Swift 6 language mode (the SwiftUI
  # adapter's articles against its build with the SwiftUI stand-in).
  unit_modules=$modules
  unit_scratch=$scratch
  case $article in
    Sources/ReactorFlowSwiftUI*) unit_modules=$swiftui_modules unit_scratch=$swiftui_scratch ;;
    Sources/ReactorFlowUIKit*) unit_modules=$uikit_modules unit_scratch=$uikit_scratch ;;
  esac
  if ! swiftc -typecheck -swift-version 6 -module-name DocsCheck -I "$unit_modules" \
    "$unit/main.swift" >"$unit/typecheck.log" 2>&1; then
    failed=1
  fi
  # The cells of tables declared `docs-check: cells uikit`: a unit of their own, against the UIKit
  # stand-in build.
  if [ -e "$unit/uikit-cells.swift" ] \
    && ! swiftc -typecheck -swift-version 6 -module-name DocsCheckUIKit -I "$uikit_modules" \
      "$unit/uikit-cells.swift" >>"$unit/typecheck.log" 2>&1; then
    failed=1
  fi
  # Warnings count as failures too: a reader copying the code should get none.
  grep -E '(error|warning):' "$unit/typecheck.log" >>"$work/errors" || true
  if grep -qE '(error|warning):' "$unit/typecheck.log"; then
    failed=1
    echo "-- $article:"
    cat "$unit/typecheck.log"
  fi

  # Run the unit when the article says so (<!-- docs-check: run -->) or declares its output
  # (<!-- docs-check: output … -->): it must exit with 0 and print exactly that output. A unit
  # that imports Testing then runs its @Test functions too (Swift Testing's entry point is
  # appended), and they must pass.
  if { [ -s "$unit/expected" ] || grep -q '^<!-- docs-check: run -->$' "$article"; } \
    && ! grep -qE '(error|warning):' "$unit/typecheck.log"; then
    ran=$((ran + 1))
    if grep -q '^import Testing$' "$unit/main.swift"; then
      printf '%s\n' '#sourceLocation()' 'await Testing.__swiftPMEntryPoint() as Never' >>"$unit/main.swift"
    fi
    # The object files of every module the unit's build produced (the libraries and their
    # dependencies; for a UIKit article, the adapter and the UIKit stand-in).
    objects=()
    for module in "$unit_modules"/*.swiftmodule; do
      name=$(basename "$module" .swiftmodule)
      for object in "$unit_scratch/debug/$name.build"/*.o; do [ -e "$object" ] && objects+=("$object"); done
    done
    if swiftc -swift-version 6 -module-name DocsCheck -I "$unit_modules" "$unit/main.swift" \
      "${objects[@]}" -lTesting -o "$unit/run" >"$unit/link.log" 2>&1 \
      && timeout 120 "$unit/run" >"$unit/actual" 2>"$unit/stderr" \
      && { [ ! -s "$unit/expected" ] || diff -u "$unit/expected" "$unit/actual" >"$unit/diff"; }; then
      echo "   $article: ran as documented"
    else
      failed=1
      run_failed=$((run_failed + 1))
      echo "-- $article: did not run as documented (build, exit status, output or tests):"
      cat "$unit/link.log" "$unit/diff" 2>/dev/null || true
      # Swift Testing reports on standard error; leave out its progress lines.
      grep -vE '^(◇|↳|✔)' "$unit/stderr" 2>/dev/null || true
    fi
  fi
done

# Package manifests (a block starting `// swift-tools-version:`) against PackageDescription.
manifest_api="$toolchain/lib/swift/pm/ManifestAPI"
for manifest in "$work"/*/manifest-*.swift; do
  [ -e "$manifest" ] || continue
  tools=$(sed -n 's|^// swift-tools-version: *\([0-9.]*\).*|\1|p' "$manifest" | head -1)
  if ! swiftc -typecheck -swift-version 6 -I "$manifest_api" \
    -package-description-version "$tools" "$manifest" >"$manifest.log" 2>&1 \
    || grep -qE '(error|warning):' "$manifest.log"; then
    failed=1
    grep -E '(error|warning):' "$manifest.log" >>"$work/errors" || echo "$manifest: error:" >>"$work/errors"
    cat "$manifest.log"
  fi
  # The products it takes from this package must be ones Package.swift declares.
  for product in $(sed -n 's/.*\.product(name: "\([^"]*\)", package: "ReactorFlow").*/\1/p' "$manifest"); do
    if ! grep -q "\.library(name: \"$product\"" Package.swift; then
      failed=1
      where=$(sed -n '1s/^#sourceLocation(file: "\(.*\)", line: \([0-9]*\))$/\1:\2/p' "$manifest")
      echo "$where:1: error: no product \"$product\" in Package.swift" | tee -a "$work/errors"
    fi
  done
done

# Doc-comment examples: each ```swift block of a `///` comment is a program of its own (its
# `main.swift`), compiled with its module's context file, docs/doc-examples-context/<Module>.swift,
# when there is one: the context's imports are prepended to the example, its declarations are
# compiled beside it.
examples="$work/doc-examples"
mkdir -p "$examples"
: >"$examples/list"
count=0
for library in "${libraries[@]}"; do
  mkdir -p "$examples/$library"
  : >"$examples/$library/list"
  # (Not the documentation catalog's files: the tutorial's code is checked by check-tutorials.sh.)
  find "Sources/$library" -name '*.docc' -prune -o -name '*.swift' -print | sort | xargs awk -v dir="$examples/$library" \
    -v problems="$work/problems" -v start="$count" -f scripts/extract-doc-examples.awk
  count=$(cat "$examples/$library/count")
  context="docs/doc-examples-context/$library.swift"
  library_modules=$modules
  case $library in
    ReactorFlowSwiftUI) library_modules=$swiftui_modules ;;
    ReactorFlowUIKit) library_modules=$uikit_modules ;;
  esac
  while read -r n file first last; do
    {
      echo "import $library"
      [ -e "$context" ] && grep -E '^(@preconcurrency )?import ' "$context"
      cat "$examples/$library/$n.swift"
    } >"$examples/$n-main.swift"
    mkdir -p "$examples/$n"
    mv "$examples/$n-main.swift" "$examples/$n/main.swift"
    context_file=-
    [ -e "$context" ] && context_file="$root/$context"
    echo "$n $library_modules $context_file" >>"$examples/jobs"
    echo "example $file $first $last" >>"$work/blocks"
  done <"$examples/$library/list"
done
if [ -s "$examples/jobs" ]; then
  # The examples are independent: type-check them in parallel.
  # shellcheck disable=SC2016
  # An example declaring an `@main` type (an App) is a library file, not top-level code.
  xargs -P "$(nproc)" -n 3 sh -c 'cd "$0/$1" && { [ "$3" = - ] && set -- "$1" "$2"; } ;
    library=; grep -q "^@main" main.swift && library=-parse-as-library ;
    swiftc -typecheck -swift-version 6 -module-name DocExample $library -I "$2" main.swift ${3:+"$3"} \
      >typecheck.log 2>&1 || echo "error: swiftc failed" >>typecheck.log' \
    "$examples" <"$examples/jobs"
  for log in "$examples"/*/typecheck.log; do
    if grep -qE '(error|warning):' "$log"; then
      failed=1
      grep -E '(error|warning):' "$log" >>"$work/errors" || true
      echo "-- doc-comment example $(sed -n '1,/^#sourceLocation/s/^#sourceLocation(file: "\(.*\)", line: \([0-9]*\))$/\1:\2/p' "$(dirname "$log")/main.swift"):"
      cat "$log"
    fi
  done
fi

# Problems the extraction found (tables without their cells, a code block without a language).
if [ -s "$work/problems" ]; then
  failed=1
  cat "$work/problems" | tee -a "$work/errors"
fi

# Which blocks have a diagnostic: the #sourceLocation lines map each one to its file's lines.
awk '
  NR == FNR { kind[NR] = $1; file[NR] = $2; from[NR] = $3; to[NR] = $4; n = NR; next }
  {
    split($0, part, ":"); f = part[1]; l = part[2] + 0
    sub("^" root "/", "", f)
    for (i = 1; i <= n; i++) if (file[i] == f && l >= from[i] && l <= to[i]) hit[i] = 1
  }
  END {
    for (i = 1; i <= n; i++) {
      k = kind[i]
      if (k == "visible" || k == "manifest") k = (file[i] == "README.md" ? "readme" : "article")
      total[k]++
      if (hit[i]) failing[k]++
    }
    split("readme article cell example", kinds, " ")
    for (j = 1; j <= 4; j++) print kinds[j], total[kinds[j]] + 0, total[kinds[j]] - failing[kinds[j]]
  }
' root="$root" "$work/blocks" "$work/errors" >"$work/counts"
compiled() { awk -v k="$1" '$1 == k { print $3 " of " $2 }' "$work/counts"; }
manifests=$(grep -c '^manifest ' "$work/blocks" || true)
hidden=$(grep -c '^hidden ' "$work/blocks" || true)
echo "   $(compiled readme) README blocks, $(compiled article) article blocks ($manifests package" \
  "manifests, $hidden hidden blocks beside them), $(compiled cell) table cells and" \
  "$(compiled example) doc-comment examples compile; $ran units run for their documented" \
  "output, $run_failed differ"

# 3. DocC -------------------------------------------------------------------------------------
echo "== docs: DocC, warnings as errors"
# Pages link to other modules' pages with a leading slash
# (`<doc:/documentation/ReactorFlowTesting/Testing>`). Such a link resolves against the archives
# of the other modules (`--dependency`), which must exist first, and modules link both ways; so
# DocC runs twice: once per module to write what each one can be linked to (its warnings, such
# as a link to a module not built yet, are ignored), then per module with the others as
# dependencies, warnings as errors. The second archives make the site (scripts/build-docs-site.sh).
for library in "${libraries[@]}"; do
  own="$work/graphs-$library"
  mkdir -p "$own"
  # Only the library's own symbols: `@_exported import` (ReactorFlowUIKit re-exports ReactorFlow
  # and UIKit or its stand-in) would otherwise put the re-exported modules' symbols in its pages.
  # The types our extensions extend are kept, without their other members.
  for graph in "$graphs/$library.symbols.json" "$graphs/$library@"*.symbols.json; do
    [ -e "$graph" ] || continue
    jq --arg dir "/Sources/$library/" '
      ([.symbols[] | select((.location.uri // "") | contains($dir)) | .identifier.precise]) as $ours
      | ([.relationships[] | select(.kind == "memberOf" and (.source | IN($ours[]))) | .target]) as $parents
      | .symbols |= map(select(.identifier.precise | IN(($ours + $parents)[])))
      # A kept parent (a type of another module our extensions extend) without its doc comment,
      # whose links resolve only in its own module.
      | .symbols |= map(if (.identifier.precise | IN($ours[])) then . else del(.docComment) end)
      | .relationships |= map(select(.source | IN($ours[])))
    ' "$graph" >"$own/$(basename "$graph")"
  done

  # Every public symbol of ours has a doc comment.
  undocumented=$(jq -r --arg dir "/Sources/$library/" '
    .symbols[] | select((.location.uri // "") | contains($dir)) | select(.docComment == null)
    | "\(.location.uri | sub(".*/Sources/"; "Sources/")):\(.location.position.line + 1): \(.pathComponents | join("."))"
  ' "$own"/*.symbols.json)
  if [ -n "$undocumented" ]; then
    failed=1
    echo "-- $library: public symbols without a doc comment:"
    echo "$undocumented"
  fi

done

convert() {  # library output-archive [docc options…]
  local library=$1 output=$2 catalog="Sources/$1/$1.docc" args=()
  shift 2
  [ -d "$catalog" ] && args=("$catalog")
  "$docc" convert "${args[@]}" --additional-symbol-graph-dir "$work/graphs-$library" \
    --fallback-display-name "$library" --fallback-bundle-identifier "dev.reactorflow.$library" \
    --enable-experimental-external-link-support --output-path "$output" "$@"
}
start=$(now)
for library in "${libraries[@]}"; do
  convert "$library" "$work/links-$library.doccarchive" >"$work/docc-links-$library.log" 2>&1 || true
done
echo "   what each module can be linked to: $(seconds "$start" "$(now)") s"
for library in "${libraries[@]}"; do
  dependencies=()
  for other in "${libraries[@]}"; do
    [ "$other" = "$library" ] || dependencies+=(--dependency "$work/links-$other.doccarchive")
  done
  start=$(now)
  if convert "$library" "$work/$library.doccarchive" "${dependencies[@]}" --warnings-as-errors \
    >"$work/docc-$library.log" 2>&1; then
    echo "   $library: 0 warnings, $(seconds "$start" "$(now)") s"
  else
    failed=1
    echo "-- $library: DocC failed ($(seconds "$start" "$(now)") s):"
    grep -E 'warning|error' "$work/docc-$library.log" || cat "$work/docc-$library.log"
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "error: the documentation check failed (see above; docs/CHECKING-DOCS.md says how to fix)" >&2
  exit 1
fi
echo "== docs: all checks passed"
