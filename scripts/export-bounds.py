#!/usr/bin/env python3
"""Adds what `exact` and `near` found about seeded boards to a data file of our own.

    scripts/export-bounds.py STORE.sqlite OUT.txt [ID...]

STORE is the results database of `colorwalk bench --seeds ... --spec exact... --db STORE`
runs (any number, any sizes and rule sets; runs cut off by a time limit count too), or of
`near` runs (a wide beam may find a shorter solution; its lower bound is proven too).
OUT gets one line per board ID: ID LOWER UPPER MOVES, where LOWER is the proven lower
bound, UPPER the length of the best solution found and MOVES that solution (colors as
0-9a-z); LOWER = UPPER when the optimum is proven. The IDs rebuild the boards, so the
file stands alone. Lines already in OUT are kept and merged: a board keeps the highest
lower bound and the shortest solution of all the runs, so results pile up run after run.
Lanes that export into one file at once take turns (a lock on OUT.lock), and OUT is
replaced whole (written beside it, then renamed), so no reader ever sees it half written.
Given board IDs, only those boards' results are taken from STORE (a store that several
lanes or sizes share then adds nothing else to OUT).
"""
import fcntl
import os
import sqlite3
import sys
import tempfile

from solutions import compact


def read(path):
    entries = {}
    try:
        lines = open(path).read().splitlines()
    except FileNotFoundError:
        return entries
    for line in lines:
        if not line.strip() or line.startswith('#'):
            continue
        board, lower, upper, moves = line.split()
        entries[board] = (int(lower), int(upper), moves)
    return entries


def order(board):
    """Boards by kind (size, colors, rule set), then seed."""
    kind, _, seed = board.rpartition('-')
    return (kind, seed[0], int(seed[1:]))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    store, out_path = sys.argv[1:3]
    only = set(sys.argv[3:]) or None
    # One export at a time: another lane's read-merge-write must not
    # interleave with this one's, or the later write drops the other's boards.
    with open(out_path + '.lock', 'a') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        export(store, out_path, only)


def export(store, out_path, only=None):
    entries = read(out_path)
    db = sqlite3.connect(f'file:{store}?mode=ro', uri=True)
    rows = db.execute(
        "select r.board_id, r.moves, r.lower_bound, r.solution from results r join runs u on u.id = r.run_id"
        " where (u.board_set like 'seeds:%' or u.board_set like 'floodit-seeds:%') and (r.spec like 'exact%' or r.spec like 'near%') and r.solved = 1"
        " and r.lower_bound is not null").fetchall()
    for board, upper, lower, solution in rows:
        if only is not None and board not in only:
            continue
        moves = compact(solution)
        if len(moves) != upper or not 0 < lower <= upper:
            sys.exit(f'{board}: a solution of {len(moves)} moves for {upper}, lower bound {lower}')
        old = entries.get(board)
        if old is not None:
            lower = max(lower, old[0])
            if old[1] <= upper:
                upper, moves = old[1], old[2]
            if lower > upper:
                sys.exit(f'{board}: lower bound {lower} above a solution of {upper} moves')
        entries[board] = (lower, upper, moves)
    boards = sorted(entries, key=order)
    proven = sum(1 for b in boards if entries[b][0] == entries[b][1])
    folder = os.path.dirname(os.path.abspath(out_path))
    fd, temp_path = tempfile.mkstemp(dir=folder, prefix='.export-', suffix='.txt')
    try:
        write(fd, boards, entries, proven)
    except BaseException:
        os.unlink(temp_path)
        raise
    os.chmod(temp_path, 0o644)
    os.replace(temp_path, out_path)
    print(f'{out_path}: {len(boards)} boards, {proven} proven')


def write(fd, boards, entries, proven):
    with os.fdopen(fd, 'w') as out:
        out.write("# Seeded boards bigger than any published set, searched by colorwalk's exact solver\n")
        out.write('# (A* with an admissible bound) and wide beams of `near` (scripts/export-bounds.py).\n')
        out.write('# The IDs rebuild the boards.\n')
        out.write('# ID LOWER UPPER MOVES: the proven lower bound, the best solution\'s length and that\n')
        out.write('# solution (colors 0-9a-z); LOWER = UPPER: the optimum is proven.\n')
        out.write(f'# boards {len(boards)}, proven {proven}\n')
        for b in boards:
            lower, upper, moves = entries[b]
            out.write(f'{b} {lower} {upper} {moves}\n')


if __name__ == '__main__':
    main()
