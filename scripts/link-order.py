#!/usr/bin/env python3
"""The release link's order: the functions that runs of the program execute, to be linked first and together.

A run maps the program's code from the file, and the kernel maps each page a run touches with its neighbours (fault
around, 64 KiB): the few hundred KB a run executes, spread over 10 MB of text, make about 5 MiB of code resident.
Linked in this order (`lld --symbol-ordering-file`), the standard library's functions a run executes (it is built with
a section per function) and our objects that hold any sit together at the front: about 2 MiB less peak memory in every
run (Benchmarks/RESULTS.md).

The order is made by the build from the binary it has just linked (scripts/build-release.sh), never committed, so it
is never stale: each run below is executed under Valgrind's callgrind, which names every function that ran, and each
name the binary defines is kept. A rendered session executes what a live one does but for the sink (the plan, the
phrases synthesized and cached, the mixer, the presenters), a text session the text pacer, `--version` the start-up
they all share. The live session itself (LIVE: the same short session played, phrases cached by the render) is
executed last, against the private PulseAudio server build-release.sh starts (PULSE_SERVER, scripts/with-pulse.sh),
and ranked first: the sink, libpulse's callbacks, the session's sleeps and the history and badges a played session
records are executed by no other run, and left out of the order they were spread over the whole text: 0.4 MiB
more of a live session's code resident (issue 44). It plays to a sink of its own at 48 kHz, as a desktop's sink and
PipeWire's graph run, so that the stream's rate conversion (RateConverter, LivePulseSink) is among what it executes. Functions are grouped by the exact set of runs that executed them:
the live session's first (those of every run, the start-up, at the very front), then the rendered session's, the text
session's, `--version`'s.

The bench orders its floors with `order`, each by its own run.

Usage: scripts/link-order.py BINARY ORDER          profiles BINARY, writes ORDER (rewritten only when it changes);
                                                   PULSE_SERVER names the sound server the live session plays to
       scripts/link-order.py --check BINARY ORDER  exit 1 when ORDER names a function BINARY does not define once
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

SHORT = ["--inhale", "1", "--hold", "1", "--exhale", "1", "--rest", "1", "--cycles", "1"]
#: The program's runs, most important first: where two functions were executed by different runs, the one executed by
#: the earlier run is linked first.
RUNS: list[list[str]] = [
    [*SHORT, "--output", "{work}/render.wav"],
    [*SHORT, "--no-audio"],
    ["--version"],
]
#: The live session, executed after RUNS (the render has cached its phrases: a repeat, as most sessions are) and ranked
#: before them. --require-audio: a session that fell back to text would profile the text session again.
LIVE: list[str] = [*SHORT, "--require-audio"]
NAME = re.compile(r"^c?fn=\(\d+\)\s+(.+)$")


def defined_functions(binary: Path) -> set[str]:
    """The function symbols the binary defines once (local ones included: lld orders them too). A name that several
    objects define locally (the compiler's `objectdestroyTm`, a value witness such as "destroy for Range") is left out:
    lld would move every section that defines it, and libraries built without a section per function (the Regex
    parser, string processing, concurrency, the JSON coders: 1.3 MiB) would come to the front whole for a helper a run
    calls once."""
    listing = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True, check=True).stdout
    count = Counter(parts[2] for parts in (line.split(maxsplit=2) for line in listing.splitlines())
                    if len(parts) == 3 and parts[1] in "tTwW")
    return {name for name, times in count.items() if times == 1}


def executed(profile: Path) -> set[str]:
    """Every function callgrind's profile names (a recursion level's `'2` removed)."""
    names = set()
    for line in profile.read_text(errors="replace").splitlines():
        match = NAME.match(line)
        if match:
            names.add(re.sub(r"'\d+$", "", match.group(1).strip()))
    return names


def profile(binary: Path, arguments: list[str], work: Path, env: dict[str, str], index: int) -> set[str]:
    """The functions one run of `binary` executed, under callgrind; RuntimeError with its last line if it fails."""
    output = work / f"callgrind.{index}"
    command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={output}", str(binary),
               *(argument.replace("{work}", str(work)) for argument in arguments)]
    done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode != 0 or not output.exists():
        lines = [line for line in done.stderr.splitlines() if line.strip() and not re.match(r"^==\d+==", line)]
        raise RuntimeError(f"`{shlex.join(arguments)}` failed under callgrind (exit {done.returncode}): "
                           f"{(lines or ['no output'])[-1]}")
    return executed(output)


def order(binary: Path, runs: list[list[str]], env: dict[str, str] | None = None,
          live: list[str] | None = None, server: str | None = None, sink: str | None = None) -> list[str]:
    """The functions `runs` execute that `binary` defines, grouped by the runs that executed them (see the top). `live`,
    when given, is executed last with PULSE_SERVER=`server` (and PULSE_SINK=`sink`, when given) and ranked first."""
    defined = defined_functions(binary)
    seen: dict[str, set[int]] = {}
    with tempfile.TemporaryDirectory(prefix="breathe-voice-link-order.") as temporary:
        work = Path(temporary)
        # Valgrind 3.19 gives up on the release build's DWARF; the symbol table is all it needs.
        stripped = work / binary.name
        subprocess.run(["strip", "--strip-debug", str(binary), "-o", str(stripped)], check=True)
        if env is None:
            # A home of its own: no preferences, history, phrase cache or sound server of the user's.
            env = {key: value for key, value in os.environ.items()
                   if not key.startswith(("BREATHE_VOICE_", "PULSE_", "SPEECHD_", "XDG_"))}
            for variable in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"):
                folder = work / variable.lower()
                folder.mkdir(mode=0o700)
                env[variable] = str(folder)
            env.update(HOME=str(work), LC_ALL="C.UTF-8")
        ranked = [(index + 1, arguments, env) for index, arguments in enumerate(runs)]
        if live is not None:
            ranked.append((0, live, dict(env, PULSE_SERVER=server or "", **({"PULSE_SINK": sink} if sink else {}))))
        for rank, arguments, run_env in ranked:
            for function in profile(stripped, arguments, work, run_env, rank) & defined:
                seen.setdefault(function, set()).add(rank)
    ranks = sorted({rank for rank, _, _ in ranked})
    return sorted(seen, key=lambda name: (*(rank not in seen[name] for rank in ranks), name))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that BINARY defines every name ORDER lists")
    parser.add_argument("binary", type=Path)
    parser.add_argument("order", type=Path)
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        print(f"link-order: no program at {args.binary}", file=sys.stderr)
        return 66
    if args.check:
        missing = set(args.order.read_text().split()) - defined_functions(args.binary)
        if missing:
            print(f"link-order: {args.binary} does not define {len(missing)} of the functions {args.order} lists "
                  f"(first: {sorted(missing)[0]})", file=sys.stderr)
            return 1
        return 0
    server = os.environ.get("PULSE_SERVER")
    if not server:
        print("link-order: the live session needs a sound server: run under scripts/with-pulse.sh", file=sys.stderr)
        return 69
    # The live session's sink: 48 kHz, so that the stream is converted (see the top).
    loaded = subprocess.run(["pactl", "load-module", "module-null-sink", "sink_name=link_order", "rate=48000",
                             "channels=1"], capture_output=True, text=True)
    if loaded.returncode != 0:
        print(f"link-order: could not load a 48 kHz sink: {loaded.stderr.strip()[-80:]}", file=sys.stderr)
        return 70
    try:
        names = order(args.binary, RUNS, live=LIVE, server=server, sink="link_order")
    except (RuntimeError, OSError, subprocess.CalledProcessError) as error:
        print(f"link-order: {error}", file=sys.stderr)
        return 70
    finally:
        subprocess.run(["pactl", "unload-module", loaded.stdout.strip()], capture_output=True)
    text = "".join(f"{name}\n" for name in names)
    if not args.order.exists() or args.order.read_text() != text:
        args.order.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
