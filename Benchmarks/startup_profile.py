#!/usr/bin/env python3
"""Where the instructions before the first sound go: a program run under Valgrind's callgrind, cut at its first write
to the sound server, and the main thread's instructions up to there split by what ran them.

Exec → first audible sample is wall-clock time, which depends on the machine; the instructions executed on the way
are the same on every machine and can be attributed. `measure(...)` runs one program (breathe-voice's live session with
its phrases cached, or the bench's libpulse floor) with `--dump-before=<write function>`; callgrind writes one profile
per thread and part, and part 1 of thread 1 is everything the main thread ran before that first write.

Usage (beside a sound server, phrases cached): startup_profile.py WRITE-FUNCTION PROGRAM [ARG...]
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The parts reported, by the mangled (or C) name of the function whose inclusive cost they are; the first that ran.
PARTS = {
    "ArgumentParser's parse": [r"^\$s14ArgumentParser15ParsableCommandPAAE11parseAsRoot"],
    "the command's run until the first write": [r"^\$s18BreatheCommandLine0A5VoiceV5StartV14ArgumentParser08ParsableB0AafGP3runyyKFTW$",
                                                r"^\$s\d+\w+V3runyyKF$"],
}


def run(write_function: str, command: list[str], env: dict[str, str], timeout: float = 120) -> dict:
    """Runs `command` under callgrind until its first call of `write_function` has been dumped, then stops it.

    Returns {"total": main-thread instructions before the first write, "parts": {name: instructions}, "seconds": …}
    or {"error": reason}."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        return {"error": "valgrind missing"}
    with tempfile.TemporaryDirectory(prefix="breathe-voice-startup.") as temporary:
        work = Path(temporary)
        program = Path(command[0])
        # Valgrind 3.19 gives up on the release build's DWARF; the symbol table is all it needs.
        stripped = work / program.name
        if subprocess.run(["strip", "--strip-debug", str(program), "-o", str(stripped)]).returncode != 0:
            return {"error": "strip failed"}
        out = work / "callgrind.out"
        started = time.monotonic()
        process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--dump-before={write_function}",
             f"--callgrind-out-file={out}", str(stripped), *command[1:]],
            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)
        first = work / "callgrind.out.1-01"
        deadline = started + timeout
        # The first part is complete when the second part's file (or the end of the program) appears.
        while time.monotonic() < deadline and process.poll() is None:
            if (work / "callgrind.out.2-01").exists():
                break
            time.sleep(0.2)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        seconds = time.monotonic() - started
        keep = os.environ.get("STARTUP_PROFILE_KEEP")
        if keep and first.exists():
            shutil.copy(first, f"{keep}.{program.name}")
        if not first.exists():
            last = (process.stderr.read().decode(errors="replace").strip().splitlines() or ["no output"])[-1]
            return {"error": f"no write to the server before it ended: {last[:80]}"}
        return analyse(first) | {"seconds": seconds}


def analyse(profile: Path) -> dict:
    """The main thread's total before the first write, and the inclusive cost of each of PARTS."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(profile)],
                          capture_output=True, text=True).stdout
    total = None
    inclusive: dict[str, int] = {}
    for line in text.splitlines():
        match = re.match(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(?:\S*:)?(\S+)", line)
        if not match:
            continue
        cost = int(match.group(1).replace(",", ""))
        if "PROGRAM TOTALS" in line:
            total = cost
            continue
        name = match.group(2)
        inclusive.setdefault(name, cost)
    if total is None:
        return {"error": "callgrind_annotate printed no total"}
    parts: dict[str, int] = {}
    main_cost = next((cost for name, cost in inclusive.items() if name.endswith("_main") or name == "main"), None)
    for part, patterns in PARTS.items():
        for pattern in patterns:
            cost = next((cost for name, cost in inclusive.items() if re.search(pattern, name)), None)
            if cost is not None:
                parts[part] = cost
                break
    if main_cost is not None:
        parts["loading libraries and starting the runtime (before main)"] = total - main_cost
    parts["everything else on the main thread"] = max(0, total - sum(parts.values()))
    return {"total": total, "parts": parts}


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 64
    result = run(sys.argv[1], sys.argv[2:], dict(os.environ))
    if "error" in result:
        print(f"startup-profile: {result['error']}", file=sys.stderr)
        return 70
    print(f"{result['total'] / 1e6:.1f} M instructions on the main thread before the first {sys.argv[1]}")
    for part, cost in result["parts"].items():
        print(f"  {cost / 1e6:5.1f} M  {part}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
