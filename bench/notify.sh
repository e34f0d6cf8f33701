#!/usr/bin/env bash
# What a notification costs: the daemon's time from a finished analysis to dunst's answer to
# Notify (the preview drawn and sent as image-data; the reply to the caller never waits for it),
# beside dunstify posting a notification with an image file (a whole process), on a private Xvfb,
# bus and dunst.
#   bench/notify.sh [path/to/livetext] [runs]
set -euo pipefail
livetext=${1:-.build/release/livetext}
runs=${2:-7}
work=$(mktemp -d)
display=:$((RANDOM % 400 + 500))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
{ read -r DBUS_SESSION_BUS_ADDRESS; read -r bus_pid; } < <(dbus-daemon --session --fork --print-address=1 --print-pid=1)
trap 'kill $(jobs -p) "$bus_pid" 2>/dev/null; rm -rf "$work"' EXIT
export DBUS_SESSION_BUS_ADDRESS DISPLAY=$display OMP_THREAD_LIMIT=1 XDG_CONFIG_HOME=$work
sleep 0.5
printf '[global]\nmarkup = full\n' > "$work/dunstrc"
dunst -config "$work/dunstrc" >/dev/null 2>&1 &
"$livetext" daemon 2> "$work/daemon.log" &
for _ in $(seq 100); do gdbus introspect --session -d org.livetext -o /org/livetext >/dev/null 2>&1 && break; sleep 0.1; done
convert docs/previews/sample.png -resize '1920x1080!' "$work/screen-1080p.png"
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for image in docs/previews/sample.png "$work/screen-1080p.png"; do
  before=$(grep -ac "notification .* in " "$work/daemon.log" || true)
  for n in $(seq "$runs"); do
    gdbus call --session -d org.livetext -o /org/livetext -m org.livetext.Analyzer1.AnalyzeFile \
      "$(realpath "$image")" "{'notify': <true>}" >/dev/null
    for _ in $(seq 100); do
      [[ $(grep -ac "notification .* in " "$work/daemon.log") -ge $((before + n)) ]] && break; sleep 0.05
    done
    sleep 0.3
  done
  ours=$(grep -ao "notification .* in [0-9]* ms" "$work/daemon.log" | tail -n "$runs" | awk '{print $(NF-1)}' | median)
  peer=$(for _ in $(seq "$runs"); do
    start=$(date +%s%N); dunstify -i "$(realpath "$image")" "peer" "body" >/dev/null; end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
  done | median)
  size=$(identify -format '%wx%h' "$image")
  echo "notify $size: livetext daemon ${ours} ms (preview drawn + Notify), dunstify -i file ${peer} ms, ratio $(awk "BEGIN {printf \"%.2f\", $ours / $peer}")"
done
