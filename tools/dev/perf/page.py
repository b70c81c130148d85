#!/usr/bin/env python3
"""docs/performance.md's tables, from the files a run of tools/dev/perf.sh leaves in perf-results/.

The page marks each table it shows with the name of the file that holds it:

    <!-- perf: replay_throughput -->
    ...replaced by perf-results/replay_throughput.md...
    <!-- /perf -->

    python3 tools/dev/perf/page.py write [PERF_RESULTS]    put every table into the page
    python3 tools/dev/perf/page.py compare [PERF_RESULTS]  each figure of a fresh run against the
                                                          page's, those that moved more than the
                                                          noise the page states (--noise 0.45)

`write` refuses when a table the page shows is missing from the results, so a page is never half
one run and half another. `compare` exits 1 when a figure moved beyond the noise.
"""
import argparse
import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "performance.md"
BLOCK = re.compile(r"(<!-- perf: ([a-z0-9_]+) -->\n)(.*?)(<!-- /perf -->)", re.S)
NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)(%?)")


def fail(message):
    print(f"page.py: {message}", file=sys.stderr)
    sys.exit(2)


def blocks(text):
    found = [(m.group(2), m.group(3)) for m in BLOCK.finditer(text)]
    if not found:
        fail(f"{PAGE}: no `<!-- perf: NAME -->` ... `<!-- /perf -->` block")
    return found


def fresh(results, name):
    path = results / f"{name}.md"
    return path.read_text() if path.exists() else None


def write(results):
    text = PAGE.read_text()
    missing = [name for name, _ in blocks(text) if fresh(results, name) is None]
    if missing:
        fail(f"{results}: no table for {', '.join(missing)}; run tools/dev/perf.sh first")
    text = BLOCK.sub(lambda m: m.group(1) + fresh(results, m.group(2)).rstrip("\n") + "\n" +
                     m.group(4), text)
    temporary = PAGE.with_suffix(".md.tmp")
    temporary.write_text(text)
    os.replace(temporary, PAGE)
    print(f"{PAGE.relative_to(ROOT)}: {len(blocks(text))} tables written from {results}")


def figures(table):
    """Each table row's numbers, in order, by the row's name: its first cell and each cell before
    the last without a number (a table sorted by its figures lists its rows in another order; the
    last cell, whether a target is met, may change)."""
    rows = {}
    for line in table.splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        name = " | ".join([cells[0]] + [c for c in cells[1:-1] if not re.search(r"\d", c)])
        rows[name] = [(float(n.replace(",", "")), percent == "%") for c in cells[1:]
                      for n, percent in NUMBER.findall(c)]
    return rows


def compare(results, noise):
    moved = compared = 0
    for name, shown in blocks(PAGE.read_text()):
        table = fresh(results, name)
        if table is None:
            print(f"{name}: not in {results}, not compared")
            continue
        old, new = figures(shown), figures(table)
        if sorted(old) != sorted(new):
            print(f"{name}: the rows differ from the page's; write the page again")
            moved += 1
            continue
        for label, before in old.items():
            for (a, percent), (b, _) in zip(before, new[label]):
                compared += 1
                # A percentage (a file's growth) moves when it moves by a point; a figure when it
                # moves by more than the noise, as a share of the larger of the two.
                if (abs(a - b) > 1) if percent else (abs(a - b) > noise * max(a, b)):
                    moved += 1
                    print(f"{name}: {label[:70]}: {a:g} on the page, {b:g} now")
    print(f"{compared} figures compared, {moved} moved more than {noise:.0%}")
    return 1 if moved else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["write", "compare"])
    parser.add_argument("results", nargs="?", default=str(ROOT / "perf-results"))
    parser.add_argument("--noise", type=float, default=0.45)
    args = parser.parse_args()
    results = pathlib.Path(args.results)
    if args.command == "write":
        write(results)
        return 0
    return compare(results, args.noise)


if __name__ == "__main__":
    sys.exit(main())
