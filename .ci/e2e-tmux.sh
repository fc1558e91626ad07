#!/usr/bin/env bash
# End-to-end check of the demo app in a real terminal (tmux): sign in, add an entry, quit, start
# again and find it; add another, kill the process with SIGKILL right after saving, start again
# and find both. Run from the repository root after `swift build`.
set -euo pipefail

bin="$(swift build --show-bin-path)/diary"
dir="$(mktemp -d)"
db="$dir/diary.sqlite"
session="diary-e2e-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$dir"' EXIT

start_app() {
  tmux new-session -d -s "$session" -x 120 -y 40 "$bin --database '$db' --latency 100"
}

screen() { tmux capture-pane -p -t "$session" 2>/dev/null || true; }

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

# Waits until the app's tmux session has ended.
wait_for_exit() {
  for _ in $(seq 1 200); do
    if ! tmux has-session -t "$session" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "e2e: the app did not quit" >&2
  exit 1
}

type_line() {
  tmux send-keys -t "$session" -l -- "$1"
  tmux send-keys -t "$session" Enter
}

sign_in() {
  wait_for "Demo account"
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
wait_for_exit

echo "e2e: second run — the entry is there; add one more, then SIGKILL right after saving"
start_app
sign_in
wait_for "Entry from tmux"
add_entry "Saved just before kill -9"
pane_pid="$(tmux display-message -p -t "$session" '#{pane_pid}')"
pkill -KILL -P "$pane_pid" || true
kill -KILL "$pane_pid" 2>/dev/null || true
wait_for_exit

echo "e2e: third run — both entries survived"
start_app
sign_in
wait_for "Saved just before kill -9"
wait_for "Entry from tmux"
screen
type_line "q"
wait_for_exit
echo "e2e: passed"
