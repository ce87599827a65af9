#!/usr/bin/env bash
# Long, resumable proofs of seeded big boards, one board after another (on
# one thread unless -j says more), each result merged into a data file of our
# own as soon as it is in.
#
#   scripts/prove-big.sh [-t SECONDS] [-m MIB] [-d STORE] [-o FILE] [-c] [-b WIDTH] [-j THREADS] ID...
#
#   ID       a seeded board ID, e.g. 26x26c8-f7 (Flood-It) or 26x26c8-s2
#            (Color Walk); the ID rebuilds the board
#   -t       time limit a board, seconds (default 2700; at least 60)
#   -m       the search's memory cap, MiB (default 9000)
#   -d       the results store the runs go into (default /tmp/prove-big.sqlite)
#   -o       the data file results are merged into (default data/big/KIND.txt)
#   -c       commit the data file after each board that changed it
#   -b       width of the first beam (`exact`'s `beam`, default 40): a wide
#            one (100000: under a minute) finds shorter first solutions
#   -j       the search's threads (default 1: two lanes side by side use
#            both cores; 2 for one lane alone, about 1.7 times as fast)
#
# DEADLINE (Unix seconds), when set, cuts each board's limit so that the lane
# ends by then; boards that would get less than 60 s are skipped. A board cut
# off by its limit still adds its proven lower bound and best solution
# (scripts/export-bounds.py keeps the best of all runs), so lanes pile up.
# Only that board's results go into the data file, whatever else the store
# holds (other sizes, other lanes).
# The binary is copied first, so rebuilding the tree does not disturb a lane.
# The log (standard error) gets a line each time a board's proven bounds move
# (`bench --progress`): when each level closed, with the positions and memory.
# A board the data file already has proven is skipped, so a lane started
# again goes on where it stopped. Ctrl-C, SIGTERM or SIGHUP stop the lane: the
# search under way is stopped too (what it proved of that board is lost, the
# boards before it are kept). -d and -o are taken from the folder the script
# is run in.
# The exit code is 1 if a board's run or export failed (the lane goes on to
# the next board), 130 if the lane was stopped, else 0.
set -euo pipefail
here=$PWD
absolute() { case $1 in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
cd "$(dirname "$0")/.."
limit=2700
memory=9000
store=/tmp/prove-big.sqlite
out=
commit=0
beam=40
threads=1
while getopts "t:m:d:o:cb:j:" opt; do
  case $opt in
    t) limit=$OPTARG ;;
    m) memory=$OPTARG ;;
    d) store=$(absolute "$OPTARG") ;;
    o) out=$(absolute "$OPTARG") ;;
    c) commit=1 ;;
    b) beam=$OPTARG ;;
    j) threads=$OPTARG ;;
    *) sed -n '2,35p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then sed -n '2,35p' "$0"; exit 2; fi
whole() { # NAME VALUE MIN WHAT
  if ! [[ $2 =~ ^[0-9]+$ ]] || [ "$2" -lt "$3" ]; then
    echo "prove-big: $1 wants $4, $3 or more (not '$2')" >&2
    exit 2
  fi
}
whole -j "$threads" 1 "a number of threads"
whole -t "$limit" 60 "a time limit in seconds"
whole -m "$memory" 1 "a memory cap in MiB"
whole -b "$beam" 1 "a beam width"
if [ -n "${DEADLINE:-}" ]; then whole DEADLINE "$DEADLINE" 0 "Unix seconds"; fi
for id in "$@"; do
  if ! [[ $id =~ ^([0-9]+)x([0-9]+)c([0-9]+)-([fs])([0-9]+)$ ]]; then
    echo "prove-big: $id is not a seeded board ID like 26x26c8-f7 or 26x26c8-s2" >&2
    exit 2
  fi
done
cargo build --release -q -p colorwalk
binary=$(mktemp /tmp/colorwalk-lane.XXXXXX)
cp "${CARGO_TARGET_DIR:-target}/release/colorwalk" "$binary"
chmod 755 "$binary"
trap 'rm -f "$binary"' EXIT
# A signal stops the search under way (colorwalk stops on SIGTERM as on
# Ctrl-C), then the lane; the search runs in the background so that the
# shell takes the signal at once.
search=
stopped=0
stop() {
  stopped=1
  if [ -n "$search" ]; then pkill -TERM -P "$search" 2>/dev/null || true; fi
}
trap stop INT TERM HUP
failed=0
for id in "$@"; do
  if [ "$stopped" = 1 ]; then break; fi
  [[ $id =~ ^([0-9]+)x([0-9]+)c([0-9]+)-([fs])([0-9]+)$ ]]
  size=${BASH_REMATCH[1]}x${BASH_REMATCH[2]}
  colors=${BASH_REMATCH[3]}
  # The seed as the board's ID names it (12x12c5-s01 is 12x12c5-s1).
  seed=$(echo "${BASH_REMATCH[5]}" | sed 's/^0*\(.\)/\1/')
  id=${size}c${colors}-${BASH_REMATCH[4]}$seed
  kind=${size}c$colors
  flag=()
  rules=colorwalk
  if [ "${BASH_REMATCH[4]}" = f ]; then flag=(--flood-it); rules=flood-it; fi
  seconds=$limit
  if [ -n "${DEADLINE:-}" ]; then
    left=$((DEADLINE - $(date +%s)))
    if [ "$left" -lt "$seconds" ]; then seconds=$left; fi
  fi
  if [ "$seconds" -lt 60 ]; then
    echo "$(date -u +%T) $id: skipped, ${seconds}s left before the deadline (DEADLINE=$DEADLINE)"
    continue
  fi
  file=${out:-data/big/$kind.txt}
  if [ -f "$file" ] && awk -v id="$id" '$1 == id && $2 == $3 { found = 1 } END { exit !found }' "$file"; then
    echo "$(date -u +%T) $id: proven already in $file, skipped"
    continue
  fi
  echo "$(date -u +%T) $id: searching with a ${seconds}s limit and a ${memory} MiB cap"
  /usr/bin/time -f "$id: %e s, peak %M KiB" "$binary" bench --seeds "$seed..=$seed" \
    --size "$size" --colors "$colors" "${flag[@]}" --spec "exact:memory-mb=$memory,threads=$threads,beam=$beam" \
    --time-limit "$seconds" --threads 1 --fresh --db "$store" --format csv --progress &
  search=$!
  # A signal that came before the search had its number stopped nothing yet.
  if [ "$stopped" = 1 ]; then stop; fi
  status=0
  wait "$search" || status=$?
  # `wait` returns early when a trapped signal comes (the trap has then asked
  # the search to stop): wait again until it has really ended.
  while [ "$stopped" = 1 ] && kill -0 "$search" 2>/dev/null; do
    status=0
    wait "$search" || status=$?
  done
  search=
  if [ "$stopped" = 1 ] || [ "$status" = 130 ]; then
    echo "$(date -u +%T) $id: stopped; the lane ends here" >&2
    stopped=1
    break
  fi
  if [ "$status" != 0 ]; then
    echo "$(date -u +%T) $id: the run failed" >&2
    failed=1
    continue
  fi
  python3 scripts/export-bounds.py "$store" "$file" "$id" || {
    echo "$(date -u +%T) $id: exporting to $file failed" >&2
    failed=1
    continue
  }
  grep "^$id " "$file" || true
  if [ "$commit" = 1 ] && [ -n "$(git status --porcelain -- "$file")" ]; then
    # Another lane may be committing at the same moment: try again a few times.
    for attempt in 1 2 3 4 5; do
      if git add -- "$file" &&
        git commit -q -m "$file: seed $seed $rules searched with a ${seconds} s limit" -- "$file"; then
        echo "committed $(git rev-parse --short HEAD)"
        break
      fi
      sleep $((attempt * 2))
    done
  fi
done
if [ "$stopped" = 1 ]; then exit 130; fi
exit "$failed"
