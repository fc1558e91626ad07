#!/usr/bin/env bash
# User-facing text names scenarios and features, never the project's internal history: no blog
# post numbers ("seed 004", "the seeds"), no issue numbers. Checked: the README, the CHANGELOG,
# docs/, the libraries' sources (their `///` comments are Quick Help; their comments are what a
# user reads when stepping into the code) and DocC articles, and the demo app.
# Usage: bash scripts/check-vocabulary.sh
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='\bseeds?[ -]?0[0-9]{2}\b|\bseeds\b|\bthe seed\b|\bseed'"'"'s\b|\bissues? #?[0-9]+\b|\(#[0-9]+\)'
files=(README.md CHANGELOG.md docs Sources Examples/Diary/Sources Examples/Diary/README.md)
existing=()
for file in "${files[@]}"; do [ -e "$file" ] && existing+=("$file"); done
if grep -rnIiE "$pattern" "${existing[@]}"; then
  echo "error: internal vocabulary in user-facing text (above): name the scenario or the feature" \
    "instead of the blog post or the issue it came from" >&2
  exit 1
fi
echo "user-facing text: no internal vocabulary"
