#!/usr/bin/env bash
# Tests the Slurm path on this one machine: a throwaway one-node Slurm cluster
# (Debian's slurm-wlm and munge, installed when missing), the job array of
# deploy/slurm/bench-array.sbatch over 40 boards in 4 shards, `colorwalk
# merge` of the shards, and a row-for-row comparison with one plain
# `colorwalk bench` of the same plan: the (board_id, board_index, spec,
# outcome, moves, solution, lower_bound) rows of table `results` must match.
# Prints one summary line and exits non-zero on any difference, on a failed
# array task (with the tasks' output) or on a daemon that does not come up
# (with the daemons' logs). About 10 s after the build.
#
#   scripts/slurm-test.sh                         # the whole test
#   SLURM_TEST_SELFCHECK=1 scripts/slurm-test.sh  # the Slurm plumbing only
#
# The self-check builds nothing: its 4 array tasks run the same sbatch script
# with a stand-in for the colorwalk binary that records each task's
# SLURM_ARRAY_TASK_ID/_COUNT/_MIN/_MAX and the arguments it got, and checks
# them.
#
# Runs as root; otherwise it builds as you, then goes on through sudo. All it
# makes lives in target/slurm-test/ (wiped at the start): config, munge key
# and socket, state, spool, logs, pid files and the job's output. It starts
# munged, slurmctld and slurmd itself (no systemd) on ports 16817 and 16818
# (SLURM_TEST_PORT sets the first, slurmd takes the next) and stops every one
# of them on exit, failure or Ctrl-C. SLURM_TEST_TIMEOUT (seconds, default
# 600) bounds the wait for the job array.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
me=slurm-test
selfcheck=${SLURM_TEST_SELFCHECK:-0}

die() {
  echo "$me: $*" >&2
  exit 1
}

if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || die "need root or sudo (the daemons run as root)"
  if [ "$selfcheck" != 1 ]; then
    cargo build --release -p colorwalk
  fi
  exec sudo env SLURM_TEST_BUILT=1 SLURM_TEST_OWNER="$(id -u):$(id -g)" \
    SLURM_TEST_SELFCHECK="$selfcheck" SLURM_TEST_PORT="${SLURM_TEST_PORT:-}" \
    SLURM_TEST_TIMEOUT="${SLURM_TEST_TIMEOUT:-}" CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-}" \
    PATH="$PATH" bash "$repo/scripts/slurm-test.sh" "$@"
fi

export PATH="$PATH:/usr/sbin:/sbin"
missing=()
for tool in munged mungekey slurmctld slurmd sbatch sinfo squeue scontrol scancel; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "$me: missing ${missing[*]}" >&2
  scripts/apt-install.sh "$me" slurm-wlm munge
fi

if [ "$selfcheck" != 1 ] && [ "${SLURM_TEST_BUILT:-0}" != 1 ]; then
  cargo build --release -p colorwalk
fi

scratch=$repo/target/slurm-test
conf=$scratch/etc/slurm.conf
ctld_port=${SLURM_TEST_PORT:-16817}
[ -n "$ctld_port" ] || ctld_port=16817
slurmd_port=$((ctld_port + 1))
timeout_s=${SLURM_TEST_TIMEOUT:-600}
[ -n "$timeout_s" ] || timeout_s=600
host=$(hostname -s)

# Processes that this run started carry CW_SLURM_TEST=$scratch in their
# environment (set only on their own command lines, never in this shell):
# the daemons, and through sbatch every job process. The clean-up finds
# leftovers (slurmstepd, a job's processes) by it.
marker="CW_SLURM_TEST=$scratch"
ours() {
  local pid=$1
  [ "$pid" != "$$" ] && grep -qzxF "$marker" "/proc/$pid/environ" 2>/dev/null
}
our_pids() {
  local d pid
  for d in /proc/[0-9]*; do
    pid=${d#/proc/}
    if ours "$pid"; then echo "$pid"; fi
  done
}
stop_pids() {
  # Usage: stop_pids SECONDS PID...: TERM, then KILL what is still up after
  # SECONDS.
  local grace=$1 pid left i
  shift
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null || true
  for i in $(seq 1 $((grace * 10))); do
    left=()
    for pid in "$@"; do
      if kill -0 "$pid" 2>/dev/null; then left+=("$pid"); fi
    done
    [ ${#left[@]} -gt 0 ] || return 0
    [ "$i" -lt $((grace * 10)) ] || break
    sleep 0.1
  done
  echo "$me: killing ${left[*]} (still up $grace s after TERM)" >&2
  kill -KILL "${left[@]}" 2>/dev/null || true
}

munged_pid=
slurmctld_pid=
slurmd_pid=
jobid=
munge_tmp=
cleanup() {
  local status=$? pid
  trap - EXIT INT TERM
  if [ -n "$jobid" ] && [ -n "$slurmctld_pid" ] && kill -0 "$slurmctld_pid" 2>/dev/null; then
    echo "$me: cancelling job array $jobid" >&2
    timeout 10 scancel "$jobid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      [ -n "$(timeout 5 squeue -h -j "$jobid" 2>/dev/null)" ] || break
      sleep 0.2
    done
  fi
  local daemons=()
  for pid in $slurmd_pid $slurmctld_pid; do daemons+=("$pid"); done
  stop_pids 10 "${daemons[@]}"
  # slurmstepd and job processes outlive slurmd when a job is cut short
  # (slurmstepd ignores TERM).
  # shellcheck disable=SC2046
  stop_pids 2 $(our_pids)
  if [ -n "$munged_pid" ]; then stop_pids 10 "$munged_pid"; fi
  if [ -n "$munge_tmp" ]; then rm -rf "$munge_tmp"; fi
  if [ -n "${SLURM_TEST_OWNER:-}" ] && [ -d "$scratch" ]; then
    chown -R "$SLURM_TEST_OWNER" "$scratch" || true
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A run killed outright (kill -9) leaves its daemons: stop them before
# wiping their folder.
mapfile -t leftovers < <(our_pids)
if [ ${#leftovers[@]} -gt 0 ]; then
  echo "$me: stopping ${#leftovers[@]} process(es) left by an earlier run" >&2
  stop_pids 5 "${leftovers[@]}"
fi
rm -rf "$scratch"
mkdir -p "$scratch"/{etc,state,spool,log,run,munge,out}
chmod 755 "$scratch"/munge

# munge: a fresh key; the socket in the scratch folder unless its path is
# too long for a Unix socket (108 bytes with the terminating NUL).
mungekey --create --keyfile="$scratch/munge/munge.key" --force
chmod 400 "$scratch/munge/munge.key"
socket=$scratch/munge/munge.socket
if [ ${#socket} -gt 100 ]; then
  munge_tmp=$(mktemp -d /tmp/cw-munge.XXXXXX)
  socket=$munge_tmp/munge.socket
fi
setsid env "$marker" munged --foreground --force \
  --socket="$socket" --key-file="$scratch/munge/munge.key" \
  --pid-file="$scratch/run/munged.pid" --seed-file="$scratch/munge/munged.seed" \
  >>"$scratch/log/munged.log" 2>&1 &
munged_pid=$!

# The node's CPUs, topology and memory as slurmd sees them (so it does not
# complain that the config differs), else plain counts.
hw=$(slurmd -C 2>/dev/null | sed -n 's/^NodeName=[^ ]* //p' | head -n 1)
if [ -z "$hw" ]; then
  hw="CPUs=$(nproc) RealMemory=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)"
fi
cat >"$conf" <<EOF
# Written by scripts/slurm-test.sh: a one-node cluster for the test.
ClusterName=cwtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/run/slurmctld.pid
SlurmdPidFile=$scratch/run/slurmd.pid
MailProg=/bin/true
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf

show_logs() {
  local f
  for f in "$scratch"/log/*; do
    [ -s "$f" ] || continue
    echo "---- $f (last 30 lines)" >&2
    tail -n 30 "$f" >&2
  done
}
indent() {
  sed 's/^/  /'
}
fail() {
  echo "$me: $*" >&2
  show_logs
  exit 1
}

for _ in $(seq 1 50); do
  [ -S "$socket" ] && break
  kill -0 "$munged_pid" 2>/dev/null || fail "munged exited"
  sleep 0.1
done
[ -S "$socket" ] || fail "munged's socket $socket did not appear in 5 s"

setsid env "$marker" slurmctld -D -i >>"$scratch/log/slurmctld.log" 2>&1 &
slurmctld_pid=$!
setsid env "$marker" slurmd -D >>"$scratch/log/slurmd.log" 2>&1 &
slurmd_pid=$!

state=
for _ in $(seq 1 150); do
  kill -0 "$slurmctld_pid" 2>/dev/null || fail "slurmctld exited"
  kill -0 "$slurmd_pid" 2>/dev/null || fail "slurmd exited"
  state=$(sinfo -h -N -n "$host" -o '%T' 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || fail "node $host not idle after 30 s (state: ${state:-none})"
echo "$me: slurm up (node $host idle: $hw)"

# Submits the array; waits for it and checks every task completed with exit
# code 0. Arguments: the number of tasks, then sbatch's script arguments.
run_array() {
  local tasks=$1 line states failed n deadline
  shift
  jobid=$(env "$marker" sbatch --parsable --array="0-$((tasks - 1))" \
    --output="$scratch/out/bench-%A_%a.out" \
    deploy/slurm/bench-array.sbatch "$@") || fail "sbatch failed"
  jobid=${jobid%%;*}
  echo "$me: submitted job array $jobid ($tasks tasks)"
  deadline=$((SECONDS + timeout_s))
  while [ -n "$(squeue -h -j "$jobid" 2>/dev/null)" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "job array $jobid not done after $timeout_s s"
    kill -0 "$slurmctld_pid" 2>/dev/null || fail "slurmctld exited"
    kill -0 "$slurmd_pid" 2>/dev/null || fail "slurmd exited"
    sleep 0.5
  done
  states=$(scontrol show job -o "$jobid") || fail "scontrol show job $jobid failed"
  n=0
  failed=0
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    n=$((n + 1))
    case $line in
      *" JobState=COMPLETED "*" ExitCode=0:0 "*) ;;
      *)
        failed=$((failed + 1))
        echo "$me: task failed: $(grep -oE '(ArrayTaskId|JobState|Reason|ExitCode)=[^ ]*' <<<"$line" | tr '\n' ' ')" >&2
        ;;
    esac
  done <<<"$states"
  if [ "$failed" -gt 0 ] || [ "$n" -ne "$tasks" ]; then
    for f in "$scratch"/out/bench-"$jobid"_*.out; do
      [ -e "$f" ] || continue
      echo "---- $f" >&2
      tail -n 20 "$f" >&2
    done
    die "job array $jobid: $n task(s) seen, $failed failed (want $tasks, 0 failed)"
  fi
  echo "$me: job array $jobid: all $tasks tasks completed with exit code 0"
  jobid=
}

tasks=4
if [ "$selfcheck" = 1 ]; then
  # A stand-in for colorwalk: writes what the task saw to OUTDIR, beside
  # the store it was asked for, which it creates empty.
  fake=$scratch/fake-colorwalk
  cat >"$fake" <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
db=
prev=
for arg in "$@"; do
  if [ "$prev" = --db ]; then db=$arg; fi
  prev=$arg
done
[ -n "$db" ] || { echo "fake-colorwalk: no --db" >&2; exit 2; }
: >"$db"
{
  echo "id=$SLURM_ARRAY_TASK_ID"
  echo "count=$SLURM_ARRAY_TASK_COUNT"
  echo "min=$SLURM_ARRAY_TASK_MIN"
  echo "max=$SLURM_ARRAY_TASK_MAX"
  echo "args=$*"
} >"$(dirname "$db")/task-$SLURM_ARRAY_TASK_ID.txt"
EOF
  chmod 755 "$fake"
  COLORWALK=$fake run_array "$tasks" "$scratch/out" -- --seeds 1..41 --spec greedy
  bad=0
  for i in $(seq 0 $((tasks - 1))); do
    f=$scratch/out/task-$i.txt
    want="id=$i
count=$tasks
min=0
max=$((tasks - 1))
args=bench --seeds 1..41 --spec greedy --threads 1 --shard auto --db $scratch/out/shard-$i.sqlite"
    if [ ! -f "$f" ]; then
      echo "$me: task $i wrote no $f" >&2
      bad=1
    elif [ "$(cat "$f")" != "$want" ]; then
      echo "$me: task $i: got" >&2
      indent <"$f" >&2
      echo "$me: want" >&2
      indent <<<"$want" >&2
      bad=1
    else
      echo "$me: task $i: $(head -n 4 "$f" | paste -sd " ")"
    fi
  done
  [ "$bad" = 0 ] || fail "self-check FAILED"
  echo "$me: self-check passed ($tasks tasks)"
  exit 0
fi

# The binary cargo built above (which follows CARGO_TARGET_DIR).
colorwalk=${CARGO_TARGET_DIR:-$repo/target}/release/colorwalk
[ -x "$colorwalk" ] || die "no binary at $colorwalk (cargo build --release -p colorwalk)"
# SLURM_TEST_PLAN replaces the plan (bench arguments, split on spaces), e.g.
# "--seeds 1..41 --size 30x20 --colors 5 --spec exact" to time a heavier one.
read -r -a plan <<<"${SLURM_TEST_PLAN:---seeds 1..41 --size 30x20 --colors 5 --spec greedy --spec gla-3}"
# One thread a task and two for the single process, unless the plan says.
array_threads=(--threads 1)
single_threads=(--threads 2)
for arg in "${plan[@]}"; do
  case $arg in
    --threads | --threads=*) array_threads=() single_threads=() ;;
  esac
done
start=$EPOCHREALTIME
COLORWALK=$colorwalk run_array "$tasks" "$scratch/out" -- "${plan[@]}" "${array_threads[@]}"
array_s=$(awk "BEGIN { print $EPOCHREALTIME - $start }")
"$colorwalk" merge "$scratch/merged.sqlite" "$scratch"/out/shard-*.sqlite
start=$EPOCHREALTIME
"$colorwalk" bench "${plan[@]}" "${single_threads[@]}" --db "$scratch/single.sqlite" >"$scratch/single.out"
single_s=$(awk "BEGIN { print $EPOCHREALTIME - $start }")
printf '%s: wall time: the %d-task array %.1f s (submit to last task done), one process on 2 threads %.1f s\n' \
  "$me" "$tasks" "$array_s" "$single_s"

python3 - "$tasks" "$scratch/merged.sqlite" "$scratch/single.sqlite" <<'EOF'
import os
import sqlite3
import sys

shards, merged_path, single_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
COLS = "board_id, board_index, spec, outcome, moves, solution, lower_bound"


def rows(path):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        runs = con.execute("SELECT count(*) FROM runs").fetchone()[0]
        got = con.execute(f"SELECT {COLS} FROM results").fetchall()
    finally:
        con.close()
    # None (no lower bound) sorts before any number.
    got.sort(key=lambda r: tuple((v is not None, v) for v in r))
    return runs, got


merged_runs, merged = rows(merged_path)
single_runs, single = rows(single_path)
boards = len({r[0] for r in merged})
specs = len({r[2] for r in merged})
# Both stores hold every board of the plan under every spec: equal empty
# stores would prove nothing (the default plan: 40 boards, 2 specs).
complete = boards > 0 and len(merged) == boards * specs
if "SLURM_TEST_PLAN" not in os.environ:
    complete = complete and (boards, specs) == (40, 2)
equal = merged == single and complete
print(
    f"slurm-test: shards {shards}, boards {boards}, rows merged {len(merged)} "
    f"(runs {merged_runs}), rows single {len(single)} (runs {single_runs}), "
    f"equal: {'yes' if merged == single else 'no'}, complete: {'yes' if complete else 'no'}"
)
if not equal:
    only_merged = sorted(set(merged) - set(single), key=str)
    only_single = sorted(set(single) - set(merged), key=str)
    for label, diff in (("only in merged", only_merged), ("only in single", only_single)):
        for r in diff[:10]:
            print(f"  {label}: {r}", file=sys.stderr)
        if len(diff) > 10:
            print(f"  {label}: ... {len(diff) - 10} more", file=sys.stderr)
    if not complete:
        print(f"  expected every board under every spec: {boards} boards, {specs} specs, "
              f"{len(merged)} rows", file=sys.stderr)
    elif not only_merged and not only_single:
        print("  same rows, different counts (duplicates)", file=sys.stderr)
    print("slurm-test: 0 passed, 1 failed")
    sys.exit(1)
print("slurm-test: 1 passed, 0 failed")
EOF
