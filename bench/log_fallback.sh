#!/usr/bin/env bash
# Shows where the daemon's log lines go when stderr cannot take them: to syslog (/dev/log), which
# the journal reads. Two runs, each on a private bus, in a mount namespace whose /dev/log is a
# socket this script listens on: stderr /dev/null from the start (bus activation without systemd),
# and stderr a pipe whose reader leaves after one byte. Each run asks for a file whose name holds
# "\n<0>", which must stay in its line. Needs root (unshare -m), dbus-daemon, gdbus, python3.
#
# Usage: bench/log_fallback.sh [path/to/livetext]     (default .build/debug/livetext)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/debug/livetext}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # $1: how stderr is set up (null | pipe)
  unshare -m bash -s "$binary" "$work" "$1" <<'INNER'
set -euo pipefail
binary=$1 work=$2 mode=$3
dev=$work/dev; mkdir -p "$dev"; mount -t tmpfs none "$dev"
for n in null zero urandom random full; do touch "$dev/$n"; mount --bind "/dev/$n" "$dev/$n"; done
mkdir "$dev/shm" "$dev/pts"; ln -s /proc/self/fd "$dev/fd"
python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1])
with open(sys.argv[2], "wb") as out:
    while True:
        out.write(s.recv(65536) + b"\n"); out.flush()
' "$dev/log" "$work/syslog-$mode" &
listener=$!
while [[ ! -S $dev/log ]]; do sleep 0.05; done
mount --rbind "$dev" /dev
dbus-daemon --session --print-address=3 --print-pid=4 --fork --nopidfile 3>"$work/address" 4>"$work/bus-pid"
address=$(head -1 "$work/address")
if [[ $mode == null ]]; then
  OMP_THREAD_LIMIT=1 "$binary" daemon --address "$address" 2>/dev/null &
else
  mkfifo "$work/stderr"; (head -c 1 <"$work/stderr" >/dev/null) &
  OMP_THREAD_LIMIT=1 "$binary" daemon --address "$address" 2>"$work/stderr" &
fi
daemon=$!
# A file whose name holds a line break and a syslog priority (a path that does not exist is
# refused before anything is logged).
forged="$work/a"$'\n''<0>forged.png'; : >"$forged"
for _ in $(seq 100); do
  DBUS_SESSION_BUS_ADDRESS=$address gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.NameHasOwner org.livetext 2>/dev/null | grep -q true && break
  sleep 0.1
done
DBUS_SESSION_BUS_ADDRESS=$address gdbus call --session -d org.livetext -o /org/livetext \
  -m org.livetext.Analyzer1.AnalyzeFile "$forged" '{}' >/dev/null 2>&1 || true  # not an image: InvalidImage later
sleep 1
alive=no; kill -0 "$daemon" 2>/dev/null && alive=yes
kill "$daemon" "$listener" "$(cat "$work/bus-pid")" 2>/dev/null || true
echo "daemon alive after the call: $alive"
INNER
  echo "--- syslog, stderr $1:"
  cat -v "$work/syslog-$1"
  grep -q 'a\\x0a<0>forged.png' "$work/syslog-$1" && ! grep -q '^<0>' "$work/syslog-$1"
}

status=0
run null || status=1
run pipe || status=1
echo "$([[ $status == 0 ]] && echo PASS || echo FAIL): log lines reach syslog, one line each"
exit $status
