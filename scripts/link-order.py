#!/usr/bin/env python3
"""Writes the release link's symbol order: the functions real runs execute, placed first and together.

A run maps the release binary's code from the file, and the kernel maps each touched page with its neighbours (fault
around, 64 KiB): start-up code scattered over 10 MB of text makes several MiB resident. Linked in this order
(`lld --symbol-ordering-file`, objects built with `-function-sections`), the code a run executes sits together
(about 1 MB; the standard library's unsplit code stays where it is), and every run is smaller and faults less. A stale list costs nothing but that: a name the code no longer
has is skipped, and a new function is linked after the list.

The runs are executed under Valgrind's callgrind, which names every function that ran, and each name is kept when the
binary defines it. Order: grouped by the exact set of runs that executed each function, the groups sorted run by run in
PRIORITY (every function a cached live session runs before any it does not, start-up first within them, then a first
run's synthesis, then the short commands'). Private functions have no name to list: Release/private-text.ld gathers
them. Needs valgrind, a release build and a sound server (run it under scripts/with-pulse.sh); `make
link-order` does all three.

Usage: scripts/link-order.py BINARY OUTPUT
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SHORT = ["--inhale", "1", "--hold", "1", "--exhale", "1", "--rest", "1", "--cycles", "1"]
# What the runs are, in the order they rank among equals: the cheapest commands first (their code is the start of
# every other run), then a session's: text only, live with synthesis (the cache is empty), live from the cache, rendered.
RUNS: list[tuple[str, list[str]]] = [
    ("version", ["--version"]),
    ("help", ["--help"]),
    ("patterns", ["patterns"]),
    ("no-audio", [*SHORT, "--no-audio"]),
    ("first-run", [*SHORT, "--require-audio"]),
    ("repeat", [*SHORT, "--require-audio"]),
    # A built-in pattern with the timing report, as the bench's 2-minute live session and its first-sound runs ask:
    # their code is a cached session's too.
    ("timing-report", ["--pattern", "box", "--cycles", "1", "--require-audio", "--timing-report"]),
    ("render", [*SHORT, "--output", "{work}/render.wav"]),
    ("stats", ["stats"]),
    ("history", ["history"]),
]
# The runs whose code should lie together, most important first: a cached live session (the bench's live rows), a first
# run (its synthesis), then the short commands.
PRIORITY = ["repeat", "timing-report", "version", "first-run", "no-audio", "render", "help", "patterns", "stats", "history"]
NAME = re.compile(r"^c?fn=\(\d+\)\s+(.+)$")


def defined_functions(binary: Path) -> set[str]:
    """The function symbols the binary defines (local ones included: lld orders them too)."""
    listing = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True).stdout
    names = set()
    for line in listing.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in "tTwW":
            names.add(parts[2])
    return names


def executed(profile: Path) -> list[str]:
    """Every function callgrind saw, in the order its file first names them; `'2` (a recursion level) removed."""
    seen: dict[str, None] = {}
    for line in profile.read_text(errors="replace").splitlines():
        match = NAME.match(line)
        if match:
            seen.setdefault(re.sub(r"'\d+$", "", match.group(1).strip()), None)
    return list(seen)


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    binary, output = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    if not os.access(binary, os.X_OK):
        print(f"link-order: no binary at {binary}", file=sys.stderr)
        return 66
    defined = defined_functions(binary)
    ranks: dict[str, tuple[int, int, set[str]]] = {}  # name -> (runs that executed it, first run that did, their names)
    with tempfile.TemporaryDirectory(prefix="breathe-voice-link-order.") as temporary:
        work = Path(temporary)
        # Valgrind 3.19 gives up on the release build's DWARF; the symbol table is all it needs.
        stripped = work / binary.name
        subprocess.run(["strip", "--strip-debug", str(binary), "-o", str(stripped)], check=True)
        env = dict(os.environ, XDG_CONFIG_HOME=str(work / "config"), XDG_STATE_HOME=str(work / "state"),
                   XDG_CACHE_HOME=str(work / "cache"), XDG_DATA_HOME=str(work / "data"), LC_ALL="C.UTF-8")
        env.pop("BREATHE_VOICE_LANG", None)
        for index, (name, arguments) in enumerate(RUNS):
            profile = work / f"callgrind.{name}"
            command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                       str(stripped), *(a.replace("{work}", str(work)) for a in arguments)]
            done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
            if done.returncode != 0 or not profile.exists():
                lines = [line for line in done.stderr.splitlines() if line.strip() and not re.match(r"^==\d+==", line)]
                last = (lines or ["no output"])[-1]
                print(f"link-order: the {name} run failed (exit {done.returncode}): {last}", file=sys.stderr)
                return 70
            for function in executed(profile):
                if function in defined:
                    count, first, runs = ranks.get(function, (0, index, set()))
                    ranks[function] = (count + 1, first, runs | {name})
            print(f"link-order: {name}: {sum(1 for r in ranks.values() if r[1] == index)} new functions", file=sys.stderr)
    # Grouped by the exact set of runs that executed each function, the sets ordered run by run in PRIORITY: every
    # function a cached live session runs comes before any it does not, so that session's code is one stretch (the
    # first run's synthesis follows it), and within it the start-up every run shares comes first.
    def key(function: str) -> tuple:
        runs = ranks[function][2]
        return (*(name not in runs for name in PRIORITY), -len(runs), function)
    order = sorted(ranks, key=key)
    output.write_text("".join(f"{function}\n" for function in order))
    print(f"link-order: {len(order)} functions written to {output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
