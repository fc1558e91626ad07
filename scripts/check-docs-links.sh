#!/usr/bin/env bash
# Checks every internal link of the built documentation site: each page's links to other pages
# (in its own module or another one), to a section of a page (`#anchor`), and to images and other
# files resolve to something the site has.
#   bash scripts/check-docs-links.sh [SITE]   (default .build-docs-site; scripts/build-docs-site.sh
#                                              runs it on the site it built)
# A DocC site is an app that renders each page from its JSON (SITE/data/<path>.json); a link is a
# `url` in that JSON. An internal link (one that starts with "/") resolves when
#   - it names a page: SITE/data/<path>.json exists, and SITE/<path>/index.html (which the site
#     serves at that address); with `#anchor`, that page has a section or heading with that anchor;
#   - or it names a file (an image, a download): SITE/<path> exists.
# Links to other sites (https://…) are not fetched.
set -euo pipefail
cd "$(dirname "$0")/.."
site=${1:-.build-docs-site}
command -v jq >/dev/null 2>&1 || { echo "error: check-docs-links needs jq" >&2; exit 1; }
[ -d "$site/data" ] || { echo "error: $site is not a built documentation site (no data/)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every internal link, with the page it is on: "PAGE<TAB>URL".
find "$site/data" -name '*.json' | sort >"$work/pages"
xargs -a "$work/pages" -d '\n' jq -r '
  (input_filename) as $file
  | [.. | objects | .url? | strings | select(startswith("/"))] | unique | .[] | "\($file)\t\(.)"
' >"$work/links"
# The anchors of each page: "PATH#ANCHOR" (PATH as a link names it).
xargs -a "$work/pages" -d '\n' jq -r --arg data "$site/data" '
  (input_filename | ltrimstr($data) | rtrimstr(".json")) as $path
  | [.. | objects | .anchor? | strings] | unique | .[] | "\($path)#\(.)"
' | sort -u >"$work/anchors"
# A tutorial's chapter: its pages name it `/tutorials/<table of contents>/<chapter>`, and the table
# of contents shows it at that address (its heading, the chapter's name as an anchor).
xargs -a "$work/pages" -d '\n' jq -r --arg data "$site/data" '
  (input_filename | ltrimstr($data) | rtrimstr(".json")) as $path
  | .sections[]? | select(.kind? == "volume") | .chapters[]?.name | strings
  | "\($path)/\(ascii_downcase | gsub("[^a-z0-9 -]"; "") | gsub(" +"; "-"))"
' | sort -u >"$work/chapters"

cut -f2 "$work/links" | sort -u >"$work/targets"
: >"$work/broken"
while IFS= read -r url; do
  path=${url%%#*}
  path=${path%%\?*}
  path=${path%/}
  # The address as a file name: DocC writes pages and files under their decoded names.
  decoded=$(printf '%b' "${path//%/\\x}")
  if [ -e "$site/data$decoded.json" ]; then
    if [ ! -e "$site$decoded/index.html" ]; then
      echo "$url: the page's data exists, but not $decoded/index.html" >>"$work/broken"
    elif [ "$url" != "${url#*#}" ] && ! grep -qxF "$decoded#${url#*#}" "$work/anchors"; then
      echo "$url: the page has no section or heading with the anchor #${url#*#}" >>"$work/broken"
    fi
  elif [ -f "$site$decoded" ] || [ -e "$site$decoded/index.html" ]; then
    :
  elif grep -qxF "$decoded" "$work/chapters"; then
    :
  else
    echo "$url: no such page or file" >>"$work/broken"
  fi
done <"$work/targets"

if [ -s "$work/broken" ]; then
  echo "error: broken links in the documentation site $site:" >&2
  while IFS= read -r line; do
    url=${line%%: *}
    on=$(awk -F'\t' -v u="$url" '$2 == u { print $1 }' "$work/links" | sed "s|^$site/data||; s|\.json$||" | head -3 | paste -sd, -)
    echo "  $line (on $on)" >&2
  done <"$work/broken"
  exit 1
fi
echo "docs links: $(wc -l <"$work/targets") internal links on $(wc -l <"$work/pages") pages resolve" \
  "($(grep -c '#' "$work/targets" || true) to a section)"
