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

Read-only data is ordered the same way. .rodata is 1.9 MB (the standard library's Unicode tables, type descriptors,
every conformance descriptor, which the runtime's first conformance lookups read one by one) and faults in 64 KiB at a
time like code: a second pass runs DATA_RUNS under Valgrind's lackey, which reports every load, keeps those that fall in
.rodata, and lists the symbols they hit after the functions (lld orders each output section by the same list).

Usage: scripts/link-order.py BINARY OUTPUT
"""

from __future__ import annotations

import bisect
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
# The runs whose .rodata loads are traced, most important first. lackey reports each load with a write of its own, so a
# run costs about 30 s, and a live session, slowed that much, falls behind its sound server and never ends: a rendered
# session stands in for it (the same plan, phrases, mixer and text), with a text-only session and --version.
DATA_RUNS = ["render", "no-audio", "version"]
#: Where Valgrind loads a position-independent program on x86-64 (checked: most traced loads must land on a symbol).
VALGRIND_BASE = 0x108000


def defined_functions(binary: Path) -> set[str]:
    """The function symbols the binary defines (local ones included: lld orders them too)."""
    listing = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True).stdout
    names = set()
    for line in listing.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in "tTwW":
            names.add(parts[2])
    return names


def rodata_symbols(binary: Path) -> tuple[tuple[int, int], list[tuple[int, int, str]]]:
    """.rodata's address range and the sized symbols in it, by address."""
    sections = subprocess.run(["readelf", "-S", "-W", str(binary)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"\]\s+\.rodata\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", sections)
    if not match:
        raise RuntimeError("no .rodata section")
    start, size = int(match.group(1), 16), int(match.group(2), 16)
    listing = subprocess.run(["nm", "-n", "-S", "--defined-only", str(binary)], capture_output=True, text=True,
                             check=True).stdout
    symbols = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4:
            address, length = int(parts[0], 16), int(parts[1], 16)
            if start <= address < start + size and length > 0:
                symbols.append((address, length, parts[3]))
    return (start, start + size), symbols


def loaded_rodata(command: list[str], env: dict[str, str], bounds: tuple[int, int]) -> list[int] | str:
    """The distinct .rodata addresses `command` loads from under lackey (Valgrind's addresses), or why there are none.

    lackey prints a load as " L 00de2020,8" (eight hex digits below 4 GiB), so a string comparison of the address
    against the bounds, in awk, keeps the few that matter out of the hundreds of millions it prints."""
    low, high = (f"{VALGRIND_BASE + bound:08x}" for bound in bounds)
    pipeline = ("valgrind --tool=lackey --trace-mem=yes --log-fd=9 \"$@\" 9>&1 >/dev/null 2>/dev/null"
                f" | LC_ALL=C awk -F '[ ,]+' '($2 == \"L\" || $2 == \"M\") && length($3) == 8"
                f" && $3 >= \"{low}\" && $3 < \"{high}\" {{ print $3 }}' | LC_ALL=C sort -u")
    done = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline, "lackey", *command], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode != 0:
        return f"exit {done.returncode}"
    return [int(line, 16) - VALGRIND_BASE for line in done.stdout.split()]


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
        data = order_data(stripped, env, work)
        if isinstance(data, str):
            print(f"link-order: {data}", file=sys.stderr)
            return 70
    # Grouped by the exact set of runs that executed each function, the sets ordered run by run in PRIORITY: every
    # function a cached live session runs comes before any it does not, so that session's code is one stretch (the
    # first run's synthesis follows it), and within it the start-up every run shares comes first.
    def key(function: str) -> tuple:
        runs = ranks[function][2]
        return (*(name not in runs for name in PRIORITY), -len(runs), function)
    order = sorted(ranks, key=key)
    output.write_text("".join(f"{name}\n" for name in order + data))
    print(f"link-order: {len(order)} functions and {len(data)} read-only data symbols written to {output}",
          file=sys.stderr)
    return 0


def order_data(binary: Path, env: dict[str, str], work: Path) -> list[str] | str:
    """The .rodata symbols DATA_RUNS load from, grouped by the exact set of runs that load each (as the functions are),
    or why they could not be traced."""
    bounds, symbols = rodata_symbols(binary)
    starts = [address for address, _, _ in symbols]
    loaded: dict[str, set[str]] = {}
    for name in DATA_RUNS:
        arguments = dict(RUNS)[name]
        addresses = loaded_rodata([str(binary), *(a.replace("{work}", str(work)) for a in arguments)], env, bounds)
        if isinstance(addresses, str):
            return f"the {name} run failed under lackey ({addresses})"
        named = 0
        for address in addresses:
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0 and address < symbols[index][0] + symbols[index][1]:
                named += 1
                loaded.setdefault(symbols[index][2], set()).add(name)
        # Most loads land on a symbol (string literals and the like do not); far fewer means another load address.
        if addresses and named < len(addresses) // 2:
            return f"{name}: only {named} of {len(addresses)} .rodata loads on a symbol: not loaded at {VALGRIND_BASE:#x}?"
        print(f"link-order: {name}: {len(addresses)} .rodata addresses loaded, {named} on a symbol", file=sys.stderr)

    def key(symbol: str) -> tuple:
        runs = loaded[symbol]
        return (*(name not in runs for name in DATA_RUNS), -len(runs), symbol)
    return sorted(loaded, key=key)


if __name__ == "__main__":
    sys.exit(main())
