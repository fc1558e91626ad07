#!/usr/bin/env bash
# The README's excerpt of the demo's navigation map: launch, the sign-in presented full screen,
# and the diary tab's stack, drawn large enough to read at README width. It is cut from the full
# map the explorer writes (Examples/Diary/docs/navigation-map.dot, which the demo's tests keep in
# step with the code): the clusters of the flows named below and the edges between their states.
#   bash scripts/render-map-excerpt.sh          writes navigation-map-excerpt.{dot,svg} (needs
#                                               Graphviz's dot: apt-get install graphviz)
#   bash scripts/render-map-excerpt.sh --check  fails if the committed excerpt is not the one
#                                               the full map gives (no Graphviz needed: the SVG
#                                               names the digest of the DOT it was drawn from)
set -euo pipefail
cd "$(dirname "$0")/.."
docs=Examples/Diary/docs
flows="AppFlow AuthFlow DiaryFlow"

excerpt() {
  awk -v flows=" $flows " '
    BEGIN { kept_any = 0 }
    /^digraph / { print; print "  rankdir=TB;"; next }
    /^  rankdir=/ { next }
    /^  node \[/ { sub(/fontsize=[0-9]+/, "fontsize=16"); print; next }
    /^  edge \[/ { sub(/fontsize=[0-9]+/, "fontsize=14"); print; next }
    /^  subgraph / { block = $0 "\n"; inside = 1; keep = 0; next }
    inside {
      block = block $0 "\n"
      if ($0 ~ /^    label="/) {
        name = $0; sub(/^    label="/, "", name); sub(/".*/, "", name)
        keep = index(flows, " " name " ") > 0
        if (keep) sub(/fontname="Helvetica";/, "fontname=\"Helvetica\"; fontsize=16;", block)
      }
      if ($0 ~ /^    S[0-9]+ \[/ && keep) { id = $1; node[id] = 1 }
      if ($0 ~ /^  }$/) { inside = 0; if (keep) printf "%s", block }
      next
    }
    /^  S[0-9]+ -> S[0-9]+ / { if (($1 in node) && ($3 in node)) print; next }
    { print }
  ' "$docs/navigation-map.dot"
}

digest() { sha256sum "$1" | cut -d' ' -f1; }

if [ "${1:-}" = --check ]; then
  work=$(mktemp)
  trap 'rm -f "$work"' EXIT
  excerpt >"$work"
  if ! cmp -s "$work" "$docs/navigation-map-excerpt.dot"; then
    echo "error: $docs/navigation-map-excerpt.dot is not the excerpt of navigation-map.dot;" \
      "run: bash scripts/render-map-excerpt.sh" >&2
    diff -u "$docs/navigation-map-excerpt.dot" "$work" >&2 || true
    exit 1
  fi
  if ! grep -q "<!-- drawn from navigation-map-excerpt.dot $(digest "$work") -->" \
    "$docs/navigation-map-excerpt.svg"; then
    echo "error: $docs/navigation-map-excerpt.svg was not drawn from the current excerpt;" \
      "run: bash scripts/render-map-excerpt.sh (needs Graphviz)" >&2
    exit 1
  fi
  echo "map excerpt: in step with the full map"
  exit 0
fi

command -v dot >/dev/null 2>&1 || {
  echo "error: Graphviz's dot is needed (on Debian or Ubuntu: apt-get install graphviz)" >&2
  exit 1
}
excerpt >"$docs/navigation-map-excerpt.dot"
dot -Gnewrank=true -Tsvg "$docs/navigation-map-excerpt.dot" \
  | sed "1a <!-- drawn from navigation-map-excerpt.dot $(digest "$docs/navigation-map-excerpt.dot") -->" \
    >"$docs/navigation-map-excerpt.svg"
echo "wrote $docs/navigation-map-excerpt.dot and $docs/navigation-map-excerpt.svg"
