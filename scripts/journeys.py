#!/usr/bin/env python3
"""Reads one callgrind part written between `journeyBegins()` and `journeyEnds()` (see
Benchmarks/Benchmarks/Journeys/main.swift) and prints the library's share of it: the library
files in order of first entry, then `NAME: F files, N functions, L lines`.

- A library file is a Swift file under Sources/ReactorFlow*/ (primitives included).
- A function counts when it executed at least one instruction of a library file. A function is
  one function of the source: the pieces the compiler and the tracer split it into count once
  (an async function's partial functions, a coroutine accessor's resumption, an initializer's
  allocating and initializing entry points, and callgrind's recursion levels `'2`, `'3`...).
- L counts the lines of library code in those functions: for each function, the lines from the
  first to the last of its lines that executed (in a debug build the prologue is on the
  declaration's line and the epilogue on the closing brace, so that is the function's extent);
  a line shared by a function and a closure inside it counts once.
- Order of first entry: a depth-first walk of the call graph from the journey's own functions,
  each function's callees in the order of the lines that call them; functions that nothing in
  the part calls (tasks and jobs started by the executor) are walked after, by name.

Usage: journeys.py NAME CALLGRIND_PART [--functions]
  --functions  lists each library function executed (its first line, its name) first.
"""
import re
import sys
from collections import defaultdict

LIBRARY = re.compile(r"/(Sources/ReactorFlow[A-Za-z]*/.+\.swift)$")


# What a mangled name carries beyond the source function it belongs to.
RECURSION = re.compile(r"'[0-9]+$")  # callgrind's recursion level
RESUMPTION = re.compile(r"\.resume\.[0-9]+$")  # a coroutine accessor's second half
ASYNC_PARTIAL = re.compile(r"T[QY][0-9]*_$")  # an async function's partial after a suspension
INITIALIZING_INIT = re.compile(r"fc$")  # the initializing entry point of an initializer


def source_function(name):
    """The source function a mangled (callgrind) function name belongs to."""
    name = RESUMPTION.sub("", RECURSION.sub("", name))
    name = ASYNC_PARTIAL.sub("", name)
    return INITIALIZING_INIT.sub("fC", name)


INITIALIZER = re.compile(r"f[Cc]$")
# Not `.init(` (an initial value or a body calling an initializer) nor `self.init(` / `super.init(`.
INIT_DECLARATION = re.compile(r"(?<![.\w])(?:convenience\s+|required\s+|override\s+)*init[?!]?\s*[(<]")
_source_lines = {}


def source_line(path, number):
    if path not in _source_lines:
        try:
            with open(path, encoding="utf-8") as source:
                _source_lines[path] = source.read().split("\n")
        except OSError:
            _source_lines[path] = []
    lines = _source_lines[path]
    return lines[number - 1] if 0 < number <= len(lines) else ""


def extent(name, numbers, path):
    """The lines of a function in one file: from the first to the last of its lines that executed.
    An initializer also runs its type's stored properties' initial values, written elsewhere in
    the type: those lines count one by one, and its extent starts at its `init` declaration (an
    implicit initializer has none: only the lines that executed count)."""
    if not (INITIALIZER.search(name) and path):
        return range(min(numbers), max(numbers) + 1)
    declarations = [n for n in numbers if INIT_DECLARATION.search(source_line(path, n))]
    if not declarations:
        return set(numbers)
    start = min(declarations)
    # Its own lines end at its closing brace: an initial value written after it counts alone.
    brace = closing_brace(path, start) or max(numbers)
    end = max(n for n in numbers if start <= n <= brace)
    return set(n for n in numbers if n < start or n > brace) | set(range(start, end + 1))


def closing_brace(path, start):
    """The line of the brace that closes the body of the declaration on line `start` (strings,
    `//` comments and braces inside its parameter list — a default closure — skipped); `None` if
    the file ends first."""
    depth, parens, opened, number = 0, 0, False, start
    while number <= len(_source_lines.get(path, [])):
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', source_line(path, number)).split("//")[0]
        for character in code:
            if character == "(":
                parens += 1
            elif character == ")":
                parens -= 1
            elif parens == 0 and character == "{":
                depth, opened = depth + 1, True
            elif parens == 0 and character == "}":
                depth -= 1
                if opened and depth == 0:
                    return number
        number += 1
    return None


def library_path(path):
    match = LIBRARY.search(path or "")
    return match.group(1) if match else None


def parse(path):
    lines_of = defaultdict(set)  # (fn) -> {(file, line)} executed
    calls = defaultdict(list)  # fn -> [(caller line, callee fn)]
    called = set()
    fl = fi = fn = None
    callee = callee_file = None
    pending_call = False
    with open(path, encoding="utf-8", errors="replace") as part:
        for raw in part:
            line = raw.rstrip("\n")
            if not line:
                continue
            if line.startswith("fl="):
                fl, fi = line[3:], None
            elif line.startswith(("fi=", "fe=")):
                fi = line[3:]
            elif line.startswith("fn="):
                fn, fi = (fl, source_function(line[3:])), None
            elif line.startswith(("cfl=", "cfi=")):
                callee_file = line[4:]
            elif line.startswith("cfn="):
                callee = (callee_file or fl, source_function(line[4:]))
            elif line.startswith("calls="):
                pending_call = True
            elif line[0].isdigit() or line[0] in "+-*":
                fields = line.split()
                if len(fields) < 2 or fn is None:
                    continue
                try:
                    number, cost = int(fields[0]), int(fields[1])
                except ValueError:
                    continue
                file = fi or fl
                if pending_call:
                    pending_call = False
                    calls[fn].append((number, callee))
                    called.add(callee)
                    callee_file = None
                # Line 0 is code the compiler made with no line of its own.
                if cost > 0 and number > 0:
                    lines_of[fn].add((file, number))
    return lines_of, calls, called


def main():
    name, path = sys.argv[1], sys.argv[2]
    lines_of, calls, called = parse(path)
    functions = {}
    for fn, lines in lines_of.items():
        own = [(library_path(file), number) for file, number in lines if library_path(file)]
        if own:
            functions[fn] = own
    sources = {library_path(file): file for lines in lines_of.values() for file, _ in lines}
    spans = set()
    for fn, own in functions.items():
        by_file = defaultdict(list)
        for file, number in own:
            by_file[file].append(number)
        for file, numbers in by_file.items():
            spans.update((file, n) for n in extent(fn[1], numbers, sources.get(file)))
    files_of = {fn: sorted({file for file, _ in own}) for fn, own in functions.items()}

    order, seen = [], set()

    def walk(fn):
        stack = [fn]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            for file in files_of.get(current, []):
                if file not in order:
                    order.append(file)
            for _, callee in sorted(calls.get(current, []), key=lambda c: c[0], reverse=True):
                if callee not in seen:
                    stack.append(callee)

    everything = set(lines_of) | set(calls)
    # The journey's own code, the function that begins it first.
    own_code = sorted(
        (fn for fn in everything if "/Journeys/" in (fn[0] or "")),
        key=lambda fn: (not any("journeyBegins" in c[1] for _, c in calls.get(fn, [])), fn[1]),
    )
    for fn in own_code:
        walk(fn)
    for fn in sorted(everything - called, key=lambda f: f[1]):
        walk(fn)
    for fn in sorted(functions, key=lambda f: f[1]):
        walk(fn)

    if "--functions" in sys.argv[3:]:
        for fn, own in sorted(functions.items(), key=lambda item: min(item[1])):
            first = min(own)
            print(f"  {first[0]}:{first[1]}  {fn[1]}")
    for index, file in enumerate(order, 1):
        print(f"  {index:2}. {file}")
    print(f"{name}: {len(order)} files, {len(functions)} functions, {len(spans)} lines")


if __name__ == "__main__":
    main()
