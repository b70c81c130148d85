#!/usr/bin/env python3
"""Whole processes timed in turn: each command once per round, the order reversed every other
round, so a machine that speeds up or slows down moves every command alike. Prints each
command's median and quartiles in milliseconds. Made for differences of tens of microseconds at
start-up, where a mean over a few dozen runs (perf stat -r) wanders by more than that.

    python3 tools/dev/perf/alternate.py 400 "NEW diff a.png b.png" "OLD diff a.png b.png"

A command that exits with a status other than 0, 1 (framecheck diff found differences), 21 or 22
(odiff did) stops the timing: a refused argument must not pass for a fast start.
"""
import shlex
import statistics
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rounds = int(sys.argv[1])
    commands = [shlex.split(c) for c in sys.argv[2:]]
    times: list[list[float]] = [[] for _ in commands]
    for r in range(rounds):
        order = range(len(commands)) if r % 2 == 0 else reversed(range(len(commands)))
        for k in order:
            start = time.perf_counter()
            status = subprocess.run(commands[k], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL).returncode
            times[k].append((time.perf_counter() - start) * 1000)
            if status not in (0, 1, 21, 22):
                print(f"{sys.argv[2 + k]}: exit {status}", file=sys.stderr)
                return 1
    for text, t in zip(sys.argv[2:], times):
        q = statistics.quantiles(t, n=4)
        print(f"{statistics.median(t):8.3f} ms  [{q[0]:.3f}-{q[2]:.3f}]  {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
