#!/usr/bin/env bash
# Runs the benchmarks (release build) and prints each ratio to the floor measured in the same
# run, one per line. Usage, from the repository root or from Benchmarks/: bash Benchmarks/ratios.sh
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
# SwiftPM may keep a stale build plan for the path dependency (new files unseen): drop it.
rm -f .build/release.yaml .build/*/release/description.json
out=$(mktemp)
swift package --disable-sandbox benchmark --target ReactorBenchmarks --target FlowBenchmarks \
  --no-progress --time-units nanoseconds "$@" | tee "$out" >&2
python3 - "$out" <<'PY'
import re, sys

# The default text output: a benchmark's name on its own line, then a table whose rows are
# "│ Metric │ p0 │ p25 │ p50 │ …". Take each metric's median (p50).
results, name = {}, None
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line and not line.startswith(("│", "╒", "╞", "├", "╘", "=", " ")) and "│" not in line:
        name = line.strip()
    elif line.startswith("│") and name:
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[0].startswith("Time (wall clock)"):
            results.setdefault(name, {})["ns"] = float(cells[3])
        elif cells[0].startswith("Malloc (total)"):
            results.setdefault(name, {})["mallocs"] = float(cells[3])
        elif "(%)" in cells[0]:
            # A custom metric: p0, p50 and p100 of its samples.
            metric = cells[0].rstrip(" *")
            results.setdefault(name, {})[metric] = (float(cells[1]), float(cells[3]), float(cells[7]))

def ns(key):
    for name, values in results.items():
        if name.startswith(key):
            return values["ns"], values.get("mallocs", float("nan"))
    sys.exit(f"ratios.sh: no result for '{key}' in the benchmark output")

floor, _ = ns("floor: plain reduce")
one, one_mallocs = ns("action, one observer")
reentrant, reentrant_mallocs = ns("action, re-entrant")
hundred, hundred_mallocs = ns("action, 100 key-path observers")
queued = reentrant - one
per_observer = (hundred - one) / 99

print(f"floor (plain reduce): {floor:.1f} ns/action")
print(f"one-observer action / floor: {one / floor:.2f}x ({one:.1f} ns; target <= 12x)")
print(f"mallocs per synchronous action: {one_mallocs:.0f} (target 0)")
print(f"queued re-entrant action / plain action: {queued / one:.2f}x ({queued:.1f} ns; target <= 2x)")
print(f"extra observer that sees no change: {per_observer:.2f} ns (target <= 3 ns)")
print(f"100-observer action / floor: {hundred / floor:.2f}x ({hundred:.1f} ns, {hundred_mallocs:.0f} mallocs)")

# The path apps take: a `currentState` read after each action (it arms Observation).
read, read_mallocs = ns("action, one observer, then currentState read")
hundred_read, hundred_read_mallocs = ns("action, 100 key-path observers, then currentState read")
reentrant_read, reentrant_read_mallocs = ns("action, re-entrant, then currentState read")
print(f"100 observers, one sees the change, then a read / floor: {hundred_read / floor:.2f}x ({hundred_read:.1f} ns, {hundred_read_mallocs:.0f} mallocs)")
print(f"re-entrant action, then a read / floor: {reentrant_read / floor:.2f}x ({reentrant_read:.1f} ns, {reentrant_read_mallocs:.0f} mallocs)")
print(f"action + currentState read / floor: {read / floor:.2f}x ({read:.1f} ns, {read_mallocs:.0f} mallocs; target <= 10x, 0 mallocs)")
tracked, tracked_mallocs = ns("SwiftUI pattern")
observable, observable_mallocs = ns("SwiftUI floor")
print(f"SwiftUI pattern (tracked read re-armed per change): {tracked:.0f} ns/change, {tracked_mallocs:.1f} mallocs (target <= 1000 ns)")
print(f"  Observation's own floor (@Observable model, same pattern): {observable:.0f} ns/change, {observable_mallocs:.1f} mallocs; reactor / floor {tracked / observable:.2f}x")
prop, prop_mallocs = ns("SwiftUI per-property")
print(f"SwiftUI per-property (reactor[\\.count] read re-armed per change): {prop:.0f} ns/change, {prop_mallocs:.1f} mallocs; / @Observable floor {prop / observable:.2f}x")
other, other_mallocs = ns("action while another field is tracked")
print(f"action while another field is tracked (no invalidation) / floor: {other / floor:.2f}x ({other:.1f} ns, {other_mallocs:.0f} mallocs)")
hop, _ = ns("async floor: bare hop")
trip, trip_mallocs = ns("async round trip")
offmain, offmain_mallocs = ns("async floor: off the main actor and back")
print(f"async round trip / bare hop: {trip / hop:.2f}x ({trip:.0f} vs {hop:.0f} ns; issue 14's target <= 1.5x)")
print(f"async round trip / off the main actor and back: {trip / offmain:.2f}x ({offmain:.0f} ns, {offmain_mallocs:.0f} vs {trip_mallocs:.0f} mallocs)")
for name, values in results.items():
    if name.startswith("async interleaved"):
        for metric in ("round trip / bare hop (%)", "round trip / off and back (%)"):
            low, median, high = values[metric]
            print(f"interleaved {metric[:-4]}: {median / 100:.2f}x (samples {low / 100:.2f}-{high / 100:.2f}x)"
                  + ("; issue 14's target <= 1.5x" if "bare hop" in metric else ""))

# Flow: each iteration is two steps (push, pop) on a headless navigation stack.
flow_floor, flow_floor_mallocs = ns("flow floor: direct navigate(to:)")
flow, flow_mallocs = ns("flow: steps through FlowCoordinator")
print(f"flow floor (direct navigate, push or pop): {flow_floor / 2:.1f} ns/step ({flow_floor_mallocs / 2:.0f} mallocs)")
print(f"step through FlowCoordinator: {flow / 2:.1f} ns/step (target <= 1000 ns), {flow / flow_floor:.2f}x the floor, {flow_mallocs / 2:.1f} mallocs/step")
for name, values in results.items():
    if name.startswith("flow interleaved"):
        low, median, high = values["coordinator / direct (%)"]
        print(f"interleaved step through FlowCoordinator / direct navigate: {median / 100:.2f}x (samples {low / 100:.2f}-{high / 100:.2f}x; target <= 1.5x)")
for name, values in results.items():
    if name.startswith("flow: 10,000 child flows"):
        print(f"10,000 child flows started and ended: {values['ns'] / 1e6:.1f} ms")
PY
echo "(the 10,000-child-flow run also reports live child flows and the malloc/free balance in the table above)"

# Instruction counts (stable on a noisy machine): each synchronous workload under callgrind at
# two counts; the difference divided by the difference of counts is the cost of one operation.
if command -v valgrind >/dev/null 2>&1; then
  # The program is not recompiled when only the library's inlinable code changed (what the hot
  # paths are): drop its objects so that it is, or it measures the library it was built with.
  rm -rf .build/release/Workloads.build
  swift build -c release --product Workloads >/dev/null
  bin=$(swift build -c release --show-bin-path)/Workloads
  instructions() {
    local log
    log=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>"$log" >/dev/null
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
  }
  per_op() {
    local small large
    small=$(instructions "$1" 20000)
    large=$(instructions "$1" 120000)
    echo $(((large - small) / 100000))
  }
  floor_i=$(per_op floor)
  echo "instructions per operation (callgrind):"
  echo "  floor (plain reduce): $floor_i"
  action_i=$(per_op action)
  for workload in action read hundred-read reentrant-read tracked property property-other observable; do
    n=$(per_op "$workload")
    echo "  $workload: $n ($(python3 -c "print(f'{$n / $floor_i:.1f}')")x the floor)"
  done
  read_i=$(per_op read)
  observable_read_i=$(per_op observable-read)
  echo "  observable-read (a plain @Observable property read outside any tracking): $observable_read_i"
  echo "  currentState read, added to an action: $((read_i - action_i)) ($(python3 -c "print(f'{($read_i - $action_i) / $observable_read_i:.2f}')")x an @Observable read; target <= 1.3x)"
  hundred_i=$(per_op hundred)
  echo "  extra observer that sees no change: $(python3 -c "print(f'{($hundred_i - $action_i) / 99:.1f}')") instructions"
  echo "  (hundred-read: 100 observers, one sees the change, then a read; reentrant-read: an observer"
  echo "   sends a second action, then a read)"
  echo "  (property: reactor[\\.count] read in withObservationTracking, re-armed per change; property-other: an"
  echo "   action while reactor[\\.title] is tracked)"
  echo "  (tracked: a reactor read in withObservationTracking, re-armed per change; observable: the same"
  echo "   pattern on a plain @Observable model, Observation's own cost)"
  # Flow: one push and one pop per operation on a headless navigation stack, directly and through
  # a FlowCoordinator (`stepper.steps.accept(...)` of a NoneStepper).
  navigate_i=$(per_op navigate)
  steps_i=$(per_op steps)
  echo "  navigate (direct navigate(to:), push + pop): $navigate_i"
  echo "  steps (the same through FlowCoordinator): $steps_i ($(python3 -c "print(f'{$steps_i / $navigate_i:.2f}')")x navigate; issue 14's target <= 1.5x)"
  # Recording (a journal's ring buffer of 10,000 entries): the same action and steps, recorded.
  recorded_i=$(per_op action-recorded)
  echo "  action-recorded (the action workload, recorded): $recorded_i ($(python3 -c "print(f'{$recorded_i / $action_i:.2f}')")x action; target <= 1.5x)"
  steps_recorded_i=$(per_op steps-recorded)
  echo "  steps-recorded (the steps workload, recorded): $steps_recorded_i ($(python3 -c "print(f'{$steps_recorded_i / $steps_i:.2f}')")x steps)"
  # Asynchronous: a main-actor task awaited (the floor), and an action whose `.run` sends one
  # mutation, awaited until the reactor is idle (run loop and task switches included in both).
  hop_i=$(per_op hop)
  trip_i=$(per_op round-trip)
  echo "  hop (a main-actor task that reduces, awaited): $hop_i"
  echo "  round-trip (an action's .run sends a mutation; awaited until idle): $trip_i ($(python3 -c "print(f'{$trip_i / $hop_i:.2f}')")x hop)"
else
  echo "(valgrind not installed: no instruction counts)"
fi
