#!/usr/bin/env bash
# Builds the documentation website of every library module as static files:
#   bash scripts/build-docs-site.sh [OUTPUT] [BASE]   (default .build-docs-site, base "")
# It runs the documentation check first (scripts/check-docs.sh: every example compiles, DocC
# without warnings; scripts/check-tutorials.sh: every step of the tutorial compiles, its finished
# app passes its tests), and turns the documentation check's archives into a site: OUTPUT/<Module>/ for each module, served
# under BASE/<Module>/, with OUTPUT/index.html listing them. The UIKit and SwiftUI adapters'
# pages come from their builds on the stand-ins, so they are complete on Linux too. (Swift Package
# Index builds the same modules from .spi.yml; `swift package generate-documentation --target
# ReactorFlow` works too, through the DocC plugin.)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build-docs-site}
base=${2:-}
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
toolchain=$(cd "$(dirname "$(command -v swiftc)")/.." && pwd)
docc=$(command -v docc || echo "$toolchain/bin/docc")

bash scripts/check-docs.sh
# The tutorial: every step's code compiles, the finished app passes its tests.
bash scripts/check-tutorials.sh
archives="${CHECK_DOCS_SCRATCH:-.build-docs}/docs-check"
libraries=(ReactorFlow ReactorFlowHeadless ReactorFlowTesting ReactorFlowUIKit ReactorFlowSwiftUI ReactorFlowExplorer
  ReactorFlowJournal)
rm -rf "$output"
mkdir -p "$output"
{
  echo '<!doctype html><meta charset="utf-8"><title>ReactorFlow documentation</title>'
  echo '<h1>ReactorFlow documentation</h1><ul>'
} >"$output/index.html"
for library in "${libraries[@]}"; do
  "$docc" process-archive transform-for-static-hosting "$archives/$library.doccarchive" \
    --output-path "$output/$library" --hosting-base-path "$base/$library" >/dev/null
  lower=$(echo "$library" | tr '[:upper:]' '[:lower:]')
  echo "<li><a href=\"$library/documentation/$lower/\">$library</a></li>" >>"$output/index.html"
done
echo '</ul>' >>"$output/index.html"
echo "docs site: $output ($(find "$output" -type f | wc -l) files, ${#libraries[@]} modules)"
