#!/usr/bin/env python3
"""Writes the optima that colorwalk proved for a Flood-It set as a data file of our own.

    scripts/export-proven.py STORE.sqlite SET.txt OUT.txt

STORE is the results database of a `colorwalk bench --boards SET.txt --spec exact... --db STORE`
run. For every board of SET (in file order) it takes the run's solution and the store's
`optima` row, and refuses unless every board has a proven optimum whose solution is the one
recorded. OUT gets one line per board: NAME OPTIMUM MOVES (colors as 0-9a-z, as the sets'
verify.py reads them). The boards themselves are not written: they stay in the set's file.
"""
import os
import sqlite3
import sys

from solutions import compact


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    store, set_path, out_path = sys.argv[1:]
    if not os.path.isfile(set_path):
        sys.exit(f'no set file {set_path}')
    names = [l.split()[0] for l in open(set_path) if l.strip() and not l.startswith('#')]
    if not os.path.isfile(store):
        sys.exit(f'no results database {store}')
    db = sqlite3.connect(f'file:{store}?mode=ro', uri=True)
    # The run of this set: by its path as given to bench, else by its file
    # name and board count (the same file read from another folder).
    label = 'file:' + set_path
    run = db.execute('select id from runs where board_set = ? order by id desc', (label,)).fetchone()
    if run is None:
        base = os.path.basename(set_path)
        runs = db.execute(
            "select id, board_set from runs where board_set like 'file:%' and n_boards = ? order by id desc",
            (len(names),)).fetchall()
        run = next(((i,) for i, b in runs if os.path.basename(b[len('file:'):]) == base), None)
    if run is None:
        sys.exit(f'no run of {set_path} (by its path or its file name and {len(names)} boards) in {store}')
    rows = db.execute(
        "select board_index, board_id, moves, solution from results where run_id = ? and spec like 'exact%'"
        " and outcome = 'solved' order by board_index", (run[0],)).fetchall()
    if len(rows) != len(names):
        sys.exit(f'{len(rows)} solved boards of {len(names)}: finish the run first')
    lines = []
    total = 0
    for index, board_id, moves, solution in rows:
        proven = db.execute('select moves, proven from optima where board_id = ?', (board_id,)).fetchone()
        if proven is None or proven[1] != 1 or proven[0] != moves:
            sys.exit(f'board {names[index]}: {moves} moves, not proven optimal ({proven})')
        line = compact(solution)
        assert len(line) == moves
        lines.append(f'{names[index]} {moves} {line}')
        total += moves
    with open(out_path, 'w') as out:
        out.write(f'# Optima of {set_path.split("/")[-1]} proven by colorwalk\'s exact solver (A* with an admissible\n')
        out.write('# bound), one optimal solution each; the boards stay in ../shared/benchmarks/floodit/.\n')
        out.write(f'# boards {len(lines)}, total {total}, mean {total / len(lines):.3f}\n')
        out.write('# NAME OPTIMUM MOVES (colors 0-9a-z)\n')
        out.write('\n'.join(lines) + '\n')
    print(f'{out_path}: {len(lines)} boards, total {total}')


if __name__ == '__main__':
    main()
