#!/usr/bin/env bash
# Builds the documentation website of every library module as one static site:
#   bash scripts/build-docs-site.sh [OUTPUT] [BASE]   (default .build-docs-site, base "")
# It runs the documentation check first (scripts/check-docs.sh: every example compiles, DocC
# without warnings, links between modules resolved; scripts/check-tutorials.sh: every step of the
# tutorial compiles, its finished app passes its tests), merges the check's archives of the seven
# modules into one (`docc merge`), and writes it as a site served under BASE: OUTPUT/documentation/
# lists the modules, OUTPUT/documentation/<module>/ is each module's documentation and
# OUTPUT/tutorials/ the tutorial; a page links to another module's pages within the site. Then
# scripts/check-docs-links.sh checks that every internal link of the site resolves. The UIKit and
# SwiftUI adapters' pages come from their builds on the stand-ins, so they are complete on Linux
# too. (Swift Package Index builds the same modules from .spi.yml, and `swift package
# generate-documentation --target ReactorFlow` through the DocC plugin, one module at a time: there
# a link to another module's page is not resolved, and DocC warns about it.)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build-docs-site}
base=${2:-}
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
toolchain=$(cd "$(dirname "$(command -v swiftc)")/.." && pwd)
docc=$(command -v docc || echo "$toolchain/bin/docc")
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

bash scripts/check-docs.sh
# The tutorial: every step's code compiles, the finished app passes its tests.
bash scripts/check-tutorials.sh

start=$(now)
archives="${CHECK_DOCS_SCRATCH:-.build-docs}/docs-check"
libraries=(ReactorFlow ReactorFlowHeadless ReactorFlowTesting ReactorFlowUIKit ReactorFlowSwiftUI ReactorFlowExplorer
  ReactorFlowJournal)
merged="$archives/ReactorFlow-site.doccarchive"
inputs=()
for library in "${libraries[@]}"; do inputs+=("$archives/$library.doccarchive"); done
rm -rf "$merged" "$output"
"$docc" merge "${inputs[@]}" --synthesized-landing-page-name ReactorFlow \
  --synthesized-landing-page-kind Package --output-path "$merged" >/dev/null
"$docc" process-archive transform-for-static-hosting "$merged" --output-path "$output" \
  --hosting-base-path "$base" >/dev/null
# The site's address itself opens the page that lists the modules.
cat >"$output/index.html" <<'HTML'
<!doctype html><meta charset="utf-8"><title>ReactorFlow documentation</title>
<meta http-equiv="refresh" content="0; url=documentation/">
<p><a href="documentation/">ReactorFlow documentation</a></p>
HTML
# Every module has its pages, and the landing page lists it.
for library in "${libraries[@]}"; do
  lower=$(echo "$library" | tr '[:upper:]' '[:lower:]')
  if [ ! -e "$output/documentation/$lower/index.html" ] \
    || ! jq -e --arg url "/documentation/$lower" '[.references[].url] | index($url)' \
      "$output/data/documentation.json" >/dev/null; then
    echo "error: the site has no page for $library, or its landing page does not list it" >&2
    exit 1
  fi
done
echo "docs site: $output ($(find "$output" -type f | wc -l) files, ${#libraries[@]} modules in one site," \
  "$(seconds "$start" "$(now)") s)"
bash scripts/check-docs-links.sh "$output"
