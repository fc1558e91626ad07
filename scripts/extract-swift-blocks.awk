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
# Tables: the inline code (`…`, not ``Symbol`` links) of each table's last column is collected.
# A hidden block opened right after the table (blank lines between) with
#     <!-- docs-check: cells
# is that table's context: it is compiled like a hidden block, except that each `#cell` in it is
# replaced by the next collected code, in row order, and the line is mapped to that row. A
# `// …: CODE` line makes the `…` of the next cell read CODE (a cell's `…` is "your code").
# Every cell needs a slot and every slot a cell; with `requireCells` (the DocC articles), a
# table with code in its last column and no cells block is an error too. Each cell is a
# `cell` line in `blocks`; errors go to `problems` as "<article>:<line>: error: …".
#
# A block opened with `<!-- docs-check: cells uikit` goes to `uikitOut` instead: a unit of its own,
# compiled against the UIKit stand-in build (for tables whose code is UIKit code).
#
# Variables (-v): out, uikitOut, blocks, expected, manifestPrefix, problems, requireCells.

function location(line) {
  return "#sourceLocation(file: \"" FILENAME "\", line: " line ")"
}

function problem(line, message) {
  print FILENAME ":" line ": error: " message >> problems
}

# The code spans of a table row's last column, appended to cells[] (single backticks only).
function collect(row, line,    n, i, c, column, last, runs, j, k, text) {
  # Split on the pipes outside code spans; the last non-empty column is the row's last one.
  n = length(row); column = ""; last = ""; inCode = 0
  for (i = 1; i <= n; i++) {
    c = substr(row, i, 1)
    if (c == "`") inCode = !inCode
    if (c == "|" && !inCode && substr(row, i - 1, 1) != "\\") {
      if (column ~ /[^ \t]/) last = column
      column = ""
    } else column = column c
  }
  if (column ~ /[^ \t]/) last = column
  n = length(last)
  for (i = 1; i <= n; i++) {
    if (substr(last, i, 1) != "`") continue
    for (runs = 0; substr(last, i + runs, 1) == "`"; runs++) {}
    # The closing run of the same length.
    for (j = i + runs; j <= n; j++) {
      if (substr(last, j, 1) != "`") continue
      for (k = 0; substr(last, j + k, 1) == "`"; k++) {}
      if (k == runs) break
      j += k - 1
    }
    if (j > n) break
    if (runs == 1) {
      text = substr(last, i + 1, j - i - 1)
      cells[++cellCount] = text; cellLine[cellCount] = line
    }
    i = j + runs - 1
  }
}

function closeTable() {
  if (cellCount > 0) pendingTable = tableLine
  inTable = 0
}

function requireNoPendingTable() {
  if (pendingTable && requireCells)
    problem(pendingTable, "a table with code in its last column needs a <!-- docs-check: cells --> block right after it (docs/CHECKING-DOCS.md)")
  pendingTable = 0; cellCount = 0
}

BEGIN { mode = "text" }

# Tables: each row's last-column code, kept for the cells block that follows.
mode == "text" && /^\|/ {
  if (!inTable) { requireNoPendingTable(); inTable = 1; tableLine = FNR; row = 0; cellCount = 0; nextCell = 1 }
  row++
  # Row 1 is the header, row 2 the |---| line.
  if (row > 2) collect($0, FNR)
  next
}
mode == "text" && inTable { closeTable() }
mode == "text" && /^[ \t]*$/ { next }
mode == "text" && /^<!-- docs-check: cells( uikit)?[ \t]*$/ {
  if (!pendingTable) problem(FNR, "a docs-check: cells block must follow a table with code in its last column")
  mode = "cells"; first = FNR + 1; ellipsis = ""; hasEllipsis = 0
  # `cells uikit`: a unit of its own, compiled against the UIKit stand-in build.
  cellsOut = out
  if ($0 ~ /uikit/) { cellsOut = uikitOut; hasUIKitCells = 1 }
  print location(first) >> cellsOut
  next
}
mode == "text" { requireNoPendingTable() }

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

mode == "cells" && /^-->[ \t]*$/ {
  print "hidden", FILENAME, first, FNR - 1 >> blocks
  for (; nextCell <= cellCount; nextCell++)
    problem(cellLine[nextCell], "no #cell slot in the docs-check: cells block for `" cells[nextCell] "`")
  pendingTable = 0; cellCount = 0
  mode = "text"; next
}
mode == "cells" && /^[ \t]*\/\/ …: / {
  ellipsis = $0; sub(/^[ \t]*\/\/ …: /, "", ellipsis); hasEllipsis = 1
  print >> cellsOut; next
}
mode == "cells" && /#cell/ {
  line = $0; row = 0
  while ((at = index(line, "#cell")) > 0) {
    if (nextCell > cellCount) { problem(FNR, "#cell without a cell left in the table"); text = "()" }
    else {
      text = cells[nextCell]
      if (index(text, "…") > 0) {
        if (!hasEllipsis) problem(cellLine[nextCell], "the cell `" text "` has a …: say what it stands for with a `// …: CODE` line before its slot")
        gsub(/…/, ellipsis, text)
      }
      if (!row) row = cellLine[nextCell]
      print "cell", FILENAME, cellLine[nextCell], cellLine[nextCell] >> blocks
      nextCell++
    }
    line = substr(line, 1, at - 1) text substr(line, at + 5)
  }
  hasEllipsis = 0
  if (row) print location(row) >> cellsOut
  print line >> cellsOut
  if (row) print location(FNR + 1) >> cellsOut
  next
}
mode == "cells" { print >> cellsOut; next }

mode == "output" && /^-->[ \t]*$/ { mode = "text"; next }
mode == "output" { print >> expected; next }

END {
  if (mode == "text" && inTable) closeTable()
  if (mode == "text") requireNoPendingTable()
  if (mode != "text") {
    print FILENAME ": a code block or docs-check comment is not closed" > "/dev/stderr"
    exit 1
  }
}
