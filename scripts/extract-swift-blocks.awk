# Turns one Markdown article into Swift source for scripts/check-docs.sh.
#
# Reads the article; appends to `out` (the article's unit, compiled as a `main.swift`):
#   - each ```swift block, in order, preceded by a #sourceLocation directive pointing at the
#     article, so the compiler reports errors at the article's own lines;
#   - each hidden block, written in the article as
#         <!-- docs-check: hidden
#         …Swift…
#         -->
#     at its place among the visible ones.
# A ```swift block whose first line is `// swift-tools-version:` is a package manifest: it is
# written alone to `manifestPrefix` + its line number + ".swift" instead.
# Writes one line per block to `blocks`: "<kind> <article> <first line> <last line>", with kind
# `visible`, `hidden` or `manifest`.
# Lines of `<!-- docs-check: output` … `-->` go to `expected` (the unit's expected standard output).
#
# Variables (-v): out, blocks, expected, manifestPrefix.

function location(line) {
  return "#sourceLocation(file: \"" FILENAME "\", line: " line ")"
}

BEGIN { mode = "text" }

mode == "text" && /^```swift[ \t]*$/ {
  mode = "fence"; first = FNR + 1; buffered = 0; next
}
mode == "text" && /^<!-- docs-check: hidden[ \t]*$/ {
  mode = "hidden"; first = FNR + 1
  print location(first) >> out
  next
}
mode == "text" && /^<!-- docs-check: output[ \t]*$/ { mode = "output"; next }

mode == "fence" && /^```[ \t]*$/ {
  if (buffered > 0 && lines[1] ~ /^\/\/ swift-tools-version:/) {
    file = manifestPrefix FNR ".swift"
    printf "" > file
    print location(first) > file
    for (i = 1; i <= buffered; i++) print lines[i] > file
    close(file)
    print "manifest", FILENAME, first, FNR - 1 >> blocks
  } else {
    print location(first) >> out
    for (i = 1; i <= buffered; i++) print lines[i] >> out
    print "visible", FILENAME, first, FNR - 1 >> blocks
  }
  mode = "text"; next
}
mode == "fence" { lines[++buffered] = $0; next }

mode == "hidden" && /^-->[ \t]*$/ {
  print "hidden", FILENAME, first, FNR - 1 >> blocks
  mode = "text"; next
}
mode == "hidden" { print >> out; next }

mode == "output" && /^-->[ \t]*$/ { mode = "text"; next }
mode == "output" { print >> expected; next }

END {
  if (mode != "text") {
    print FILENAME ": a code block or docs-check comment is not closed" > "/dev/stderr"
    exit 1
  }
}
