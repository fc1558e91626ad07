#!/usr/bin/env bash
# The public API of every library module is recorded in api/<module>.txt: one line per public
# declaration (its kind, its path and its declaration as a user reads it) and per conformance.
# This check fails when
#   - the code's API differs from the record (a change nobody wrote down), or
#   - a commit changed the record without changing CHANGELOG.md in the same commit.
# After an intended change: `bash scripts/check-api.sh --update`, then say what changed in
# CHANGELOG.md (under "Unreleased"; removals and changed signatures are breaking) and commit the
# record and the CHANGELOG together.
#
# Usage: bash scripts/check-api.sh [--update]
# The symbol graphs come from scripts/check-docs.sh's build (CHECK_DOCS_SCRATCH, default
# .build-docs), which this script runs with CHECK_DOCS_GRAPHS_ONLY=1.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v jq >/dev/null 2>&1 || { echo "error: check-api needs jq" >&2; exit 1; }

update=0
[ "${1:-}" = --update ] && update=1

# Every commit that changed the record changed the CHANGELOG too.
bad=()
if git rev-parse --git-dir >/dev/null 2>&1; then
  while IFS= read -r commit; do
    if ! git show --name-only --format= "$commit" | grep -qx 'CHANGELOG.md'; then
      bad+=("$(git log -1 --format='%h %s' "$commit")")
    fi
  done < <(git log --format=%H -- api/)
fi
if [ ${#bad[@]} -gt 0 ] && [ "$update" = 0 ]; then
  echo "error: these commits changed the public API record (api/) without CHANGELOG.md:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "Describe each API change in CHANGELOG.md in the same commit as its record." >&2
  exit 1
fi

CHECK_DOCS_GRAPHS_ONLY=1 bash scripts/check-docs.sh >/dev/null
scratch=${CHECK_DOCS_SCRATCH:-.build-docs}
graphs="$scratch/symbol-graphs"
libraries=(ReactorFlow ReactorFlowHeadless ReactorFlowTesting ReactorFlowUIKit ReactorFlowExplorer ReactorFlowSwiftUI
  ReactorFlowJournal)

digest() {  # module
  local module=$1 graph
  for graph in "$graphs/$module.symbols.json" "$graphs/$module@"*.symbols.json; do
    [ -e "$graph" ] || continue
    jq -r --arg dir "/Sources/$module/" '
      ([.symbols[] | select((.location.uri // "") | contains($dir))]) as $ours
      | ($ours | map({key: .identifier.precise, value: (.pathComponents | join("."))}) | from_entries) as $path
      | ($ours[] | "\(.kind.identifier | sub("^swift\\."; "")) \(.pathComponents | join(".")): \(
          [.declarationFragments[]?.spelling] | join("") | gsub("\\s+"; " "))"),
        (.relationships[] | select(.kind == "conformsTo" and $path[.source] != null)
          | "conformance \($path[.source]): \(.targetFallback // .target)")
    ' "$graph"
  done | LC_ALL=C sort -u
}

mkdir -p api
changed=()
for module in "${libraries[@]}"; do
  fresh=$(mktemp)
  digest "$module" >"$fresh"
  if [ ! -s "$fresh" ] && [ "$module" != ReactorFlowUIKit ]; then
    echo "error: no public declarations read for $module (symbol graphs in $graphs)" >&2
    exit 1
  fi
  if [ "$update" = 1 ]; then
    mv "$fresh" "api/$module.txt"
  elif ! diff -u "api/$module.txt" "$fresh" >"$fresh.diff" 2>&1; then
    changed+=("$module")
    echo "-- $module: the public API differs from api/$module.txt (- recorded, + now):"
    grep -E '^[-+][^-+]' "$fresh.diff" || cat "$fresh.diff"
  fi
  rm -f "$fresh" "$fresh.diff"
done
if [ "$update" = 1 ]; then
  echo "api/: recorded $(cat api/*.txt | wc -l) lines for ${#libraries[@]} modules; now describe the change in CHANGELOG.md"
  exit 0
fi
if [ ${#changed[@]} -gt 0 ]; then
  echo "error: the public API of ${changed[*]} changed without its record. If the change is intended," \
    "run 'bash scripts/check-api.sh --update', describe it in CHANGELOG.md and commit both." >&2
  exit 1
fi

echo "api/: the public API of ${#libraries[@]} modules matches its record ($(cat api/*.txt | wc -l) lines)"
