"""Move lists as colorwalk's results store writes them, for the export scripts."""

DIG = '0123456789abcdefghijklmnopqrstuvwxyz'


def compact(solution):
    """A stored move list as one character a move (colors 0-9a-z): stores
    write `7,10,4`, or one move from 10 up as its letter (`a`), which reads
    back as one move."""
    if ',' in solution:
        return ''.join(DIG[int(c)] for c in solution.split(','))
    if any(c not in DIG for c in solution):
        raise ValueError(f'not a move list: {solution!r}')
    return solution
