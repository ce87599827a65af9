#!/usr/bin/env bash
# Boards bigger than any published set: 20 seeded boards each of 30×30 with
# 6 colors and 26×26 with 8 (the largest sizes common Flood-It apps offer),
# in both rule sets (Color Walk: blank top-left start; Flood-It: the
# top-left cell's group), proven by `exact` within 4 GiB and 60 s a board.
# One Markdown table per kind, with the process's peak memory line.
#
#   scripts/bench-big.sh                  # all four kinds, seeds 1 to 20
#   SEEDS=1..6 RULES=flood-it scripts/bench-big.sh 30x30c6
#
# One board at a time, its search on SEARCH_THREADS threads (default 2, the
# machine's two cores); RULES picks one rule set (color-walk or flood-it);
# TAILS sets `exact:tails` (default: the solver's own, 10).
# Ctrl-C, SIGTERM or SIGHUP stop the bench under way (its table so far is
# printed) and the script, with exit code 130.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '2,15p' "$0"; }
seeds=${SEEDS:-1..21}
search_threads=${SEARCH_THREADS:-2}
tails=${TAILS:+,tails=$TAILS}
rules_list=(${RULES:-color-walk flood-it})
for rules in "${rules_list[@]}"; do
  if [ "$rules" != color-walk ] && [ "$rules" != flood-it ]; then
    echo "bench-big: RULES is color-walk or flood-it (not '$rules')" >&2
    exit 2
  fi
done
kinds=("$@")
if [ ${#kinds[@]} -eq 0 ]; then
  kinds=(30x30c6 26x26c8)
fi
for kind in "${kinds[@]}"; do
  if [ "$kind" = -h ] || [ "$kind" = --help ]; then usage; exit 0; fi
  if ! [[ $kind =~ ^[0-9]+x[0-9]+c[0-9]+$ ]]; then
    echo "bench-big: '$kind' is not a kind of board like 30x30c6 (WxHcCOLORS)" >&2
    usage >&2
    exit 2
  fi
done
cargo build --release -q -p colorwalk
# Where cargo put it (CARGO_TARGET_DIR, if set).
colorwalk="${CARGO_TARGET_DIR:-target}/release/colorwalk"
# A signal stops the bench under way (colorwalk stops on SIGTERM as on
# Ctrl-C), then the script; the bench runs in the background so that the
# shell takes the signal at once and no bench is left running without it.
bench=
stopped=0
stop() {
  stopped=1
  if [ -n "$bench" ]; then kill -TERM "$bench" 2>/dev/null || true; fi
}
trap stop INT TERM HUP
for kind in "${kinds[@]}"; do
  size=${kind%c*}
  colors=${kind#*c}
  for rules in "${rules_list[@]}"; do
    flag=()
    if [ "$rules" = flood-it ]; then flag=(--flood-it); fi
    echo "## $kind, $rules, seeds $seeds"
    "$colorwalk" bench --seeds "$seeds" --size "$size" --colors "$colors" "${flag[@]}" \
      --spec "exact:memory-mb=4096,threads=$search_threads$tails" --time-limit 60 --threads 1 --no-store \
      --format markdown 2>&1 &
    bench=$!
    # A signal that came before the bench had its number stopped nothing yet.
    if [ "$stopped" = 1 ]; then stop; fi
    status=0
    wait "$bench" || status=$?
    # `wait` returns early when a trapped signal comes: wait again until the
    # bench has really ended (it prints what it played first).
    while kill -0 "$bench" 2>/dev/null; do
      wait "$bench" || status=$?
    done
    bench=
    if [ "$stopped" = 1 ]; then exit 130; fi
    if [ "$status" != 0 ]; then exit "$status"; fi
    echo
  done
done
