"""Drives `colorwalk play` in a pseudo-terminal through job control.

Usage: job_control.py COLORWALK. Prints one line per check, "ok: ..." or
"FAILED: ...", and exits 1 if any failed. Each step waits for what it
expects (the screen's bytes, the process state), up to 30 s.
"""

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

failed = 0


def check(ok, what):
    global failed
    print(("ok: " if ok else "FAILED: ") + what)
    failed += 0 if ok else 1


def start(args, rows):
    """Starts `colorwalk ARGS` in a new pseudo-terminal of `rows` rows and
    100 columns; it becomes the process the checks below look at."""
    global pid, fd
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(sys.argv[1], [sys.argv[1]] + args)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 100, 0, 0))


start(["play", "8x6c4-s3"], 30)


def read_until(marker):
    """The bytes read until `marker` is among them (or 30 s pass)."""
    out = b""
    end = time.monotonic() + 30
    while marker not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def state():
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def stopped(wanted):
    """Whether the process is stopped, once it is as `wanted` (or 30 s pass)."""
    end = time.monotonic() + 30
    while (state() == "T") != wanted and time.monotonic() < end:
        time.sleep(0.02)
    return state() == "T"


def raw():
    return not termios.tcgetattr(fd)[3] & termios.ICANON


ENTER, LEAVE = b"\x1b[?1049h", b"\x1b[?1049l"
check(b"moves:" in read_until(b"moves:"), "the game is drawn")
os.kill(pid, signal.SIGTSTP)
check(LEAVE in read_until(LEAVE), "a stop asked leaves the alternate screen")
check(stopped(True), "then the process stops")
check(not raw(), "the terminal is back in line mode while it is stopped")
os.kill(pid, signal.SIGCONT)
check(not stopped(False), "SIGCONT continues it")
again = read_until(b"moves:")
check(ENTER in again and b"moves:" in again, "it takes the screen again and draws the game")
check(raw(), "in raw mode")
os.kill(pid, signal.SIGSTOP)
check(stopped(True), "SIGSTOP stops it")
os.kill(pid, signal.SIGCONT)
check(b"moves:" in read_until(b"moves:"), "after SIGSTOP and SIGCONT the game is drawn again")
os.write(fd, b"q")
read_until(b"stopped 8x6c4-s3")
_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1, f"q ends it (status {status})")

# A stop asked while a solver's step searches stops the search, as Esc does,
# and the process at once (not when the step's 5 s are over). A step plays
# the solver's game out within 5 s, which a look-ahead of depth 10 on 36
# colors cannot do: its search still runs when the stop comes. Were the stop
# to wait for it, the step would end on its own and play a move.
start(["play", "12x12c36-s1", "--spec", "gla:depth=10"], 60)
check(b"moves:" in read_until(b"moves:"), "a board of 36 colors is drawn")
os.write(fd, b"s")
check(b"is thinking" in read_until(b"is thinking"), "s starts a step's search")
os.kill(pid, signal.SIGTSTP)
check(LEAVE in read_until(LEAVE), "a stop asked during the search leaves the alternate screen")
check(stopped(True), "then the process stops")
os.kill(pid, signal.SIGCONT)
check(not stopped(False), "SIGCONT continues it")
again = read_until(b"nothing played")
check(b"nothing played" in again, "the step's search was stopped, and played nothing")
os.write(fd, b"q")
read_until(b"stopped 12x12c36-s1")
_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1, f"q ends it (status {status})")
sys.exit(1 if failed else 0)
