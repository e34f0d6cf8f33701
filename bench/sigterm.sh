#!/bin/bash
# SIGTERM to exit of an idle daemon, on a private bus and Xvfb (hotkeys grabbed), N times; then
# once after it copied text (the copy is handed to a detached livetext serve-clipboard first).
#   bench/sigterm.sh [path/to/livetext] [N]
set -eu
lt=$(realpath "${1:-.build/release/livetext}")
n=${2:-10}
qr=$(realpath "$(dirname "$0")/../Tests/AdapterTests/Fixtures/qr-url.png")
work=$(mktemp -d)
display=:$((RANDOM % 400 + 900))
Xvfb "$display" -screen 0 640x480x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
bus=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>"$work/bus.pid")
trap 'kill "$xvfb" "$(cat "$work/bus.pid")" 2>/dev/null; rm -rf "$work"' EXIT
sleep 1
ms() { echo $(( ($2 - $1) / 1000000 )); }
run() {   # $1: copy or idle
    DISPLAY=$display XDG_CONFIG_HOME=$work OMP_THREAD_LIMIT=1 "$lt" daemon --address "$bus" 2>"$work/log" &
    pid=$!
    for _ in $(seq 100); do grep -q 'hotkeys' "$work/log" 2>/dev/null && break; sleep 0.05; done
    if [ "$1" = copy ]; then
        gdbus call --address "$bus" -d org.livetext -o /org/livetext -m org.livetext.Analyzer1.Analyze "$qr" \
            "{'types': <['codes']>, 'copy': <true>}" >/dev/null
    fi
    start=$(date +%s%N)
    kill -TERM "$pid"
    wait "$pid" || true
    ms "$start" "$(date +%s%N)"
}
times=""
for _ in $(seq "$n"); do times="$times $(run idle)"; done
echo "idle daemon, SIGTERM to exit (ms):$times"
echo "after a copy, handed to a detached server (ms): $(run copy)"
DISPLAY=$display xclip -selection clipboard -o 2>/dev/null | sed 's/^/clipboard after the daemon exited: /'; echo
