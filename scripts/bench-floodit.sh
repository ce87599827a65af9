#!/usr/bin/env bash
# The Flood-It benchmark sets of ../shared/benchmarks/floodit/, whole: `exact`
# and `near` on every board, one thread, each set in its own process (so the
# peak memory printed is that set's). Prints one Markdown table per set and
# the line with the total time and the process's peak memory.
#
#   scripts/bench-floodit.sh                 # every set within reach
#   scripts/bench-floodit.sh pc19 b12c12n1000 # some sets (file names without .txt)
#   SPECS="--spec exact" scripts/bench-floodit.sh pc19
#
# Needs ../shared (or CW_SHARED, taken from the folder the script is run
# in); builds the release binary first. The exit code is 1 if verify.py
# could not read a set's moves, or found a board they do not flood (or
# flood in fewer moves than its published optimum).
set -euo pipefail
shared=${CW_SHARED:-}
if [ -n "$shared" ]; then shared=$(cd "$shared" 2>/dev/null && pwd || echo "$shared"); fi
cd "$(dirname "$0")/.."
usage() { sed -n '2,14p' "$0"; }
shared=${shared:-../shared}
dir="$shared/benchmarks/floodit"
for s in "$@"; do
  if [ "$s" = -h ] || [ "$s" = --help ]; then usage; exit 0; fi
done
if [ ! -d "$dir" ]; then
  echo "bench-floodit: $dir is absent (set CW_SHARED to the shared folder); nothing to measure" >&2
  exit 2
fi
for s in "$@"; do
  if [ ! -f "$dir/$s.txt" ]; then
    echo "bench-floodit: no set '$s' in $dir (names: $(cd "$dir" && ls *.txt | grep -v upper_bounds | sed 's/\.txt$//' | tr '\n' ' '))" >&2
    exit 2
  fi
done
sets=("$@")
if [ ${#sets[@]} -eq 0 ]; then
  # b24c6 has no published optimum and is far heavier (see the README).
  sets=(pc19 b10c15n1000 b10c35n1000 b12c12n1000 b14c8n1000 b18c6n1000
        b24c4n10000_first1000 codegolf26232_first1000 99problems)
fi
# The 4 GiB cap is the budget the 99problems rows are held to (the hardest
# board's search counts about 21 MB: the default 1 GiB would do as well).
default_specs="--spec exact:memory-mb=4096 --spec near"
cargo build --release -q -p colorwalk
# Where cargo put it (CARGO_TARGET_DIR, if set).
colorwalk="${CARGO_TARGET_DIR:-target}/release/colorwalk"
read -r -a specs <<<"${SPECS:-$default_specs}"
mkdir -p target/floodit
failed=0
for s in "${sets[@]}"; do
  echo "## $s"
  "$colorwalk" bench --boards "$dir/$s.txt" "${specs[@]}" \
    --threads 1 --no-store --format markdown --solutions "target/floodit/$s.moves" 2>&1
  if command -v python3 >/dev/null && [ -f "$dir/verify.py" ]; then
    # verify.py reports, and exits 0 whatever it found: every board must be
    # flooded, and none by fewer moves than its published optimum.
    if verdict=$(python3 "$dir/verify.py" --replay "target/floodit/$s.moves" "$dir/$s.txt" 2>&1) &&
      boards=$(sed -n 's/.*boards \([0-9]*\).*/\1/p' <<<"$verdict") &&
      [ -n "$boards" ] &&
      grep -q "flood-the-board $boards " <<<"$verdict" &&
      grep -q "SHORTER-than-optimum 0" <<<"$verdict"; then
      echo "verify.py: $verdict"
    else
      echo "verify.py rejected target/floodit/$s.moves: $verdict" >&2
      failed=1
    fi
  fi
  echo
done
exit "$failed"
