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
# machine's two cores); RULES picks one rule set (color-walk or flood-it).
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '2,12p' "$0"; }
seeds=${SEEDS:-1..21}
search_threads=${SEARCH_THREADS:-2}
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
for kind in "${kinds[@]}"; do
  size=${kind%c*}
  colors=${kind#*c}
  for rules in "${rules_list[@]}"; do
    flag=()
    if [ "$rules" = flood-it ]; then flag=(--flood-it); fi
    echo "## $kind, $rules, seeds $seeds"
    "$colorwalk" bench --seeds "$seeds" --size "$size" --colors "$colors" "${flag[@]}" \
      --spec "exact:memory-mb=4096,threads=$search_threads" --time-limit 60 --threads 1 --no-store \
      --format markdown 2>&1
    echo
  done
done
