# Extracts the code examples of `///` doc comments for scripts/check-docs.sh.
#
# Reads Swift source files; for each fenced block in a `///` comment:
#   - ```swift: writes the block, without its `/// ` prefix and preceded by a #sourceLocation
#     directive pointing at the source file, to `dir` + "/" + <n> + ".swift", and a line
#     "<n> <file> <first line> <last line>" to `dir` + "/list";
#   - ```text (or another language that is not Swift): nothing, it is not compiled;
#   - a fence without a language: an error (say which it is), to `problems`.
# n counts from `start` + 1 (so several modules can share a directory).
#
# Variables (-v): dir, problems, start.

function location(line) {
  return "#sourceLocation(file: \"" FILENAME "\", line: " line ")"
}

BEGIN { n = start + 0 }

FNR == 1 { fence = 0 }

{
  if (!match($0, /^[ \t]*\/\/\/ ?/)) {
    if (fence) print FILENAME ":" first - 1 ": error: a doc-comment code block is not closed" >> problems
    fence = 0; next
  }
  text = substr($0, RLENGTH + 1)
  if (!fence && text ~ /^```/) {
    language = substr(text, 4); sub(/[ \t]+$/, "", language)
    fence = 1; first = FNR + 1
    if (language == "") {
      print FILENAME ":" FNR ": error: a doc-comment code block without a language: ```swift (compiled) or ```text" >> problems
      file = ""
    } else if (language == "swift") {
      file = dir "/" (++n) ".swift"
      print location(first) > file
    } else file = ""
    next
  }
  if (fence && text ~ /^```[ \t]*$/) {
    if (file != "") { close(file); print n, FILENAME, first, FNR - 1 >> (dir "/list") }
    fence = 0; next
  }
  if (fence && file != "") print text >> file
}

END { print n > (dir "/count") }
