#!/usr/bin/env bash
# End-to-end check of the demo app in a real terminal (tmux): sign in, add an entry, quit, start
# again and find it; add another, kill the process with SIGKILL right after saving, start again
# and find both; pick an accent colour, start again and find it drawn. Then what a live terminal
# alone shows: hostile text (escape sequences typed into a title, arrow keys) drawn as text, and
# an unsaved entry kept as a draft on SIGTERM, SIGHUP (the terminal closed) and Ctrl-C; and the
# frame fitting 80×24 and 40×12 terminals, and a terminal resized while the app runs (no line
# wider than the pane, the header on screen; b on a tab's first screen says there is nothing to
# go back to; the help a page of its own that j scrolls and b closes). Last,
# `diary replay` on a recorded journal, and on copies changed by hand (bidi controls in its
# header, an entry number of Int.min): exit status 0 or 65, never a signal, nothing printed raw.
# Run after `swift build --package-path Examples/Diary`.
set -euo pipefail

bin="$(swift build --package-path "$(dirname "$0")" --show-bin-path)/diary"
dir="$(mktemp -d)"
db="$dir/diary.sqlite"
session="diary-e2e-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; tmux kill-session -t "$session-keep" 2>/dev/null || true; rm -rf "$dir"' EXIT
# A session that outlives the app's sessions, so that the tmux server does not exit (and race
# the next start) each time the app's session is closed.
tmux new-session -d -s "$session-keep" "sleep 600"

start_app() {
  # bash runs the app and then prints its exit status; the pane stays after it ends, to read
  # the app's last words and that status. $1 × $2: the terminal's size (120×40 unless said).
  tmux new-session -d -s "$session" -x "${1:-120}" -y "${2:-40}" \
    "bash -c '\"\$0\" --database \"\$1\" --latency 100; echo \"[exit status \$?]\"' '$bin' '$db'"
  tmux set-option -t "$session" remain-on-exit on >/dev/null
}

screen() { tmux capture-pane -p -t "$session" 2>/dev/null || true; }
# The screen and the lines scrolled above it (tmux moves a cleared screen into its history).
screen_and_history() { tmux capture-pane -p -S -60 -t "$session" 2>/dev/null || true; }

# Waits (up to 20 s) until the screen shows $1.
wait_for() {
  for _ in $(seq 1 200); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  echo "e2e: timed out waiting for: $1" >&2
  echo "---- screen ----" >&2
  screen >&2
  exit 1
}

# Waits until the app has exited (or its session is gone); prints its exit status.
wait_for_exit() {
  for _ in $(seq 1 200); do
    if ! tmux has-session -t "$session" 2>/dev/null; then return 0; fi
    local status
    status="$(screen_and_history | sed -n 's/^\[exit status \([0-9]*\)\]$/\1/p' | tail -1)"
    if [ -n "$status" ]; then
      echo "$status"
      return 0
    fi
    sleep 0.1
  done
  echo "e2e: the app did not quit" >&2
  exit 1
}

# Checks that the screen fits a $1-column, $2-row pane: no line (joined where the terminal
# wrapped it) wider than the pane, no more lines than rows, and the app title, the tabs and the
# path on screen.
check_fits() {
  fits "$1" "$2" || { echo "---- screen ----" >&2; screen >&2; exit 1; }
}

# Waits (up to 20 s) until the screen fits a $1 × $2 pane (after a resize, the app redraws).
wait_fits() {
  for _ in $(seq 1 200); do
    if fits "$1" "$2" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  check_fits "$1" "$2"
}

fits() {
  local columns="$1" rows="$2" text
  text="$(tmux capture-pane -p -J -t "$session")"
  python3 - "$columns" "$rows" "$text" <<'PY'
import sys, unicodedata
columns, rows, text = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def width(line):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
lines = text.rstrip("\n").split("\n")
wide = [line for line in lines if width(line.rstrip()) > columns]
problems = [f"wider than {columns} columns: {line!r}" for line in wide]
if len(lines) > rows:
    problems.append(f"{len(lines)} lines on {rows} rows")
for header in ("ReactorFlow Diary", "Tabs: ", "Path: "):
    if not any(line.startswith(header) for line in lines):
        problems.append(f"no {header.strip()!r} line on screen")
for problem in problems:
    print(f"e2e: {columns}x{rows}: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
}

# Ends the (dead) pane's session.
close_session() { tmux kill-session -t "$session" 2>/dev/null || true; }

# The app's process: the child of the pane's bash.
app_pid() { pgrep -P "$(tmux display-message -p -t "$session" '#{pane_pid}')"; }

# Starts the app, signs in, begins an entry titled $1 without saving it.
start_draft() {
  start_app
  sign_in
  if screen | grep -qF "Unsaved draft"; then
    type_line "r"
    wait_for "Path: Diary › New entry"
  else
    type_line "n"
    wait_for "Path: Diary › New entry"
  fi
  type_line "t $1"
  wait_for "Title: $1"
}

type_line() {
  tmux send-keys -t "$session" -l -- "$1"
  tmux send-keys -t "$session" Enter
}

sign_in() {
  wait_for "Path: Sign in"
  type_line "e demo@reactorflow.dev"
  wait_for "Email:    demo@reactorflow.dev"
  type_line "p reactor123"
  wait_for "Password: ••••"
  type_line "s"
  wait_for "Tabs: [Diary]"
}

add_entry() {
  type_line "n"
  wait_for "Path: Diary › New entry"
  type_line "t $1"
  wait_for "Title: $1"
  type_line "s"
  wait_for "Path: Diary › $1"
}

echo "e2e: first run — sign in, add an entry, quit"
start_app
sign_in
wait_for "No entries yet"
add_entry "Entry from tmux"
type_line "q"
wait_for_exit >/dev/null
close_session

echo "e2e: second run — the entry is there; add one more, then SIGKILL right after saving"
start_app
sign_in
wait_for "Entry from tmux"
add_entry "Saved just before kill -9"
kill -KILL "$(app_pid)"
wait_for_exit >/dev/null
close_session

echo "e2e: third run — both entries survived"
start_app
sign_in
wait_for "Saved just before kill -9"
wait_for "Entry from tmux"
screen

echo "e2e: the accent colour picked in the settings is kept: the next run draws in it"
type_line "<"
wait_for "o Sign out"
type_line "s"
wait_for "2 Accent colour"
type_line "2"
wait_for "1. green  ✓"
type_line "3"
wait_for "3. magenta  ✓"
type_line "q"
wait_for_exit >/dev/null
close_session
start_app
sign_in
wait_for "Accent: magenta"
# The app title is drawn in the colour (SGR 35), the escape codes read with -e.
tmux capture-pane -p -e -t "$session" | grep -qF $'\e[35m' || {
  echo "e2e: the kept accent colour is not drawn" >&2
  exit 1
}
screen

echo "e2e: hostile text typed in a live terminal is drawn as text"
type_line "n"
wait_for "Path: Diary › New entry"
tmux send-keys -t "$session" -l -- $'t \e]2;pwned\a\e[2J\e[HFake prompt'
tmux send-keys -t "$session" Enter
wait_for "Title: ␛]2;pwned␇␛[2J␛[HFake prompt"
if [ "$(tmux display-message -p -t "$session" '#{pane_title}')" = pwned ]; then
  echo "e2e: a typed escape sequence retitled the terminal" >&2
  exit 1
fi
tmux send-keys -t "$session" Up Left Enter
wait_for 'Arrow keys do nothing here'
type_line "q"
status="$(wait_for_exit)"
screen_and_history | grep -qF 'diary: Your unsaved entry "␛]2;pwned␇␛[2J␛[HFake prompt" is kept as a draft' || {
  echo "e2e: quitting did not say that the draft was kept" >&2
  screen >&2
  exit 1
}
[ "$status" = 0 ] || { echo "e2e: q exited with $status" >&2; exit 1; }
close_session

for signal in TERM HUP INT; do
  echo "e2e: SIG$signal with an unsaved entry: kept as a draft, offered at the next start"
  start_draft "Draft at SIG$signal"
  if [ "$signal" = INT ]; then
    tmux send-keys -t "$session" C-c
  else
    kill -"$signal" "$(app_pid)"
  fi
  status="$(wait_for_exit)"
  case "$signal" in TERM) expected=143 ;; HUP) expected=129 ;; INT) expected=130 ;; esac
  [ "$status" = "$expected" ] || { echo "e2e: SIG$signal: exit status $status, not $expected" >&2; exit 1; }
  screen_and_history | grep -qF "received, leaving" || { echo "e2e: SIG$signal: no last words" >&2; exit 1; }
  screen_and_history | grep -qF "diary: Your unsaved entry \"Draft at SIG$signal\" is kept as a draft" || {
    echo "e2e: SIG$signal: the app did not say that it kept the draft" >&2
    screen_and_history >&2
    exit 1
  }
  close_session
  start_app
  sign_in
  wait_for "Unsaved draft: Draft at SIG$signal"
  type_line "q"
  wait_for_exit >/dev/null
  close_session
done

echo "e2e: the terminal closed (the tmux session killed, SIGHUP) with an unsaved entry"
start_draft "Draft when the terminal closed"
pid="$(app_pid)"
tmux kill-session -t "$session"
# The app gets SIGHUP and keeps the draft; wait until it has ended.
for _ in $(seq 1 200); do
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 0.1
done
start_app
sign_in
wait_for "Unsaved draft: Draft when the terminal closed"
type_line "q"
wait_for_exit >/dev/null
close_session
for size in 80x24 40x12; do
  columns="${size%x*}" rows="${size#*x}"
  echo "e2e: a $columns×$rows terminal — every screen fits, a long entry scrolls under the header"
  start_app "$columns" "$rows"
  sign_in
  check_fits "$columns" "$rows"
  if screen | grep -qF "Unsaved draft"; then
    type_line "discard"
    wait_for "The draft was discarded."
  fi
  type_line "n"
  wait_for "Path: Diary › New entry"
  type_line "t Long entry at $size"
  for number in $(seq 1 40); do type_line "x Line $number of a long entry, with words enough to wrap."; done
  wait_for "40  Line 40"
  check_fits "$columns" "$rows"
  type_line "s"
  wait_for "j Scroll down"
  check_fits "$columns" "$rows"
  type_line "j"
  wait_for "j k Scroll"
  check_fits "$columns" "$rows"
  type_line "?"
  wait_for "Help:"
  check_fits "$columns" "$rows"
  type_line ">"
  type_line ">"
  wait_for "[Profile]"
  type_line "l"
  wait_for "b Cancel"
  check_fits "$columns" "$rows"
  type_line "b"
  wait_for "o Sign out"
  type_line "q"
  wait_for_exit >/dev/null
  close_session
done

echo "e2e: a terminal resized while the app runs is laid out again"
start_app 110 40
sign_in
check_fits 110 40
tmux resize-window -t "$session" -x 40 -y 12
# The app redraws on SIGWINCH.
wait_fits 40 12
# b on a tab's first screen: nothing to go back to, said so.
type_line "b"
wait_for "Nothing to go back to."
type_line "?"
wait_for "Help:"
check_fits 40 12
# At 40×12 the help is a page of its own, a key a line: j scrolls it, b closes it.
wait_for "b Close help"
for _ in $(seq 1 10); do
  type_line "j"
  sleep 0.3
  check_fits 40 12
  if screen | grep -qF "  q  Quit"; then break; fi
done
wait_for "  q  Quit"
type_line "b"
wait_for "Accent: "
tmux resize-window -t "$session" -x 80 -y 24
wait_for "$(printf '─%.0s' $(seq 1 80))"
check_fits 80 24
type_line "q"
wait_for_exit >/dev/null
close_session

echo "e2e: a recorded session replayed, then changed by hand: exit status 0, 65, never a signal, nothing raw printed"
journal="$dir/session.jsonl"
printf '%s\n' "e demo@reactorflow.dev" "p reactor123" "s" "n" "t Lunch" "s" "b" "1" \
  | "$bin" --in-memory --latency 0 --script /dev/stdin --record "$journal" >/dev/null
# Replays $1; prints its exit status; fails if the output holds ESC, U+202E or U+2066 raw.
replay_status() {
  local status=0
  "$bin" replay "$1" >"$dir/replay.out" 2>"$dir/replay.err" || status=$?
  if LC_ALL=C grep -q -e $'\x1b' -e $'\xe2\x80\xae' -e $'\xe2\x81\xa6' "$dir/replay.out" "$dir/replay.err"; then
    echo "e2e: replaying $1 printed a control or bidi character raw" >&2
    exit 1
  fi
  echo "$status"
}
# The header's build with bidi controls and an escape: replayed, shown sanitized.
sed '1s/"build":"demo"/"build":"\xe2\x80\xaedemo\xe2\x81\xa6\\u001b[2J"/' "$journal" >"$dir/header.jsonl"
# An entry number of Int.min: refused before it reaches the list.
sed 's/\\"entryDidTap\\":{\\"number\\":1}/\\"entryDidTap\\":{\\"number\\":-9223372036854775808}/' \
  "$journal" >"$dir/hostile.jsonl"
for case in "$journal 0 every checkpoint the same" "$dir/header.jsonl 0 build �demo�␛[2J" \
  "$dir/hostile.jsonl 65 (line "; do
  file="${case%% *}" rest="${case#* }"
  expected="${rest%% *}" says="${rest#* }"
  status="$(replay_status "$file")"
  if [ "$status" != "$expected" ] || ! cat "$dir/replay.out" "$dir/replay.err" | grep -qF -- "$says"; then
    echo "e2e: replaying $file exited with $status (not $expected), or did not say: $says" >&2
    cat "$dir/replay.out" "$dir/replay.err" >&2
    exit 1
  fi
done
echo "e2e: passed"
