#!/usr/bin/env python3
"""`make bench`: breathe-voice side by side with its peers, every figure from a real run.

Run as is (the Makefile does): it runs itself twice, once under scripts/with-pulse.sh (`--server pulseaudio`: a
private PulseAudio server, plus a second one of its own for the peers) and once under scripts/with-pipewire.sh
(`--server pipewire`), each writing its rows to a part file, then merges both into one table. The null sink `test`
(22 050 Hz mono) is recorded with parec. What the binary cannot do yet becomes an explicit "n/a (reason)" cell, never a
number. See Benchmarks/README.md for the measures, their definitions and what each needs from the binary.

Usage: python3 Benchmarks/bench.py --binary .build/release/breathe-voice [--out Benchmarks] [--only live,first,...]
       [--servers pulseaudio,pipewire] [--full]

A run of every measure on both servers writes RESULTS.md and results.json afresh; a run of some (`--only`, `--servers`)
merges its rows into them: the rows of the measures it ran are replaced, every other row is kept as it was.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

try:
    import numpy  # noqa: F401 - every measure needs it: said plainly before they are imported
except ImportError:  # the machines have it; say so plainly where one does not
    print("bench: numpy is missing for this python3: `python3 -m pip install numpy`", file=sys.stderr)
    sys.exit(69)

sys.path.insert(0, str(Path(__file__).resolve().parent))

import selftest  # noqa: E402
from bench_braille import measure_braille  # noqa: E402
from bench_common import (  # noqa: E402
    Bench,
    HERE,
    PrivateServer,
    SERVER_NAMES,
    SERVER_SCRIPTS,
    XRUNS_FULL,
    XRUNS_QUICK,
    command_output,
    probe,
)
from bench_desktop import measure_desktop  # noqa: E402
from bench_first_sound import measure_first_sound  # noqa: E402
from bench_history import measure_history  # noqa: E402
from bench_keys import measure_keys  # noqa: E402
from bench_live import measure_live  # noqa: E402
from bench_memory import measure_memory  # noqa: E402
from bench_render import measure_render  # noqa: E402
from bench_report import write_part, write_report  # noqa: E402
from bench_stats import measure_stats  # noqa: E402
from bench_xruns import measure_xruns  # noqa: E402


#: Each server's measures (`--only` keys), in the order they run.
STEPS = {"pulseaudio": (("first", measure_first_sound), ("live", measure_live), ("desktop", measure_desktop), ("keys", measure_keys),
                        ("memory", measure_memory),
                        ("render", measure_render), ("stats", measure_stats), ("history", measure_history),
                        ("braille", measure_braille)),
         "pipewire": (("live", measure_live), ("xruns", measure_xruns))}
ALL_MEASURES = "first,memory,live,desktop,keys,render,stats,history,xruns,braille"


def run_part(args) -> int:
    """One server's measures, under the script that started it (PULSE_SERVER and XDG_RUNTIME_DIR from it)."""
    work = Path(tempfile.mkdtemp(prefix=f"breathe-voice-bench-{args.server}."))
    env = dict(os.environ)
    home = work / "home"
    for variable in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env[variable] = str(work / variable.lower())
    env["HOME"] = str(home)
    home.mkdir()
    env["LC_ALL"] = "C.UTF-8"
    bench = Bench(binary=args.binary.resolve(), out=args.part.parent, work=work, env=env, live_minutes=args.live_minutes, serial=args.serial,
                  server=args.server, xruns=XRUNS_FULL if args.full else XRUNS_QUICK, venv=args.venv)
    probe(bench)
    only = set(args.only.split(","))
    steps = STEPS[args.server]
    try:
        if args.server == "pulseaudio" and "live" in only and bench.caps["pulse"]:
            bench.peer = PrivateServer(work)
            bench.log(f"peers' PulseAudio: {bench.peer.pulse_server or 'did not start'}")
        for key, step in steps:
            if key in only:
                bench.log(f"measure ({SERVER_NAMES[args.server]}): {key}")
                before = len(bench.rows)
                step(bench)
                for row in bench.rows[before:]:
                    row.server, row.step = args.server, key
        if bench.caps.get("pulse") and command_output(["pactl", "info"], env)[0] != 0:
            runtime = Path(os.environ.get("XDG_RUNTIME_DIR", "/nonexistent"))
            logs = sorted(runtime.glob("*.log"))
            tail = [line for log in logs for line in [f"--- {log.name}", *log.read_text(errors="replace").splitlines()[-40:]]] or ["(no log)"]
            bench.raw["server_died"] = tail
            print(f"bench: the {SERVER_NAMES[args.server]} server died during the run; figures after that are n/a. Its log ends:", file=sys.stderr)
            print("\n".join(tail), file=sys.stderr)
    finally:
        if bench.peer:
            bench.peer.stop()
        if args.keep:
            bench.log(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    bench.raw["server"] = args.server
    write_part(bench, args.part)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description="breathe-voice benchmarks (make bench)")
    parser.add_argument("--binary", type=Path, default=HERE.parent / ".build" / "release" / "breathe-voice")
    parser.add_argument("--out", type=Path, default=HERE, help="where RESULTS.md and results.json go")
    parser.add_argument("--only", default=ALL_MEASURES,
                        help=f"comma-separated: {ALL_MEASURES.replace(',', ', ')} (some of them: merged into the existing results)")
    parser.add_argument("--servers", default="pulseaudio,pipewire", help="comma-separated: pulseaudio, pipewire")
    parser.add_argument("--live-minutes", type=float, default=2.0, help="length of the live sessions (2 for the real table)")
    parser.add_argument("--serial", action="store_true",
                        help="run the PulseAudio live sessions one at a time (about 4 minutes more), and measure 9's (about 4½ more)")
    parser.add_argument("--full", action="store_true", help=f"the xrun check as the issue asks: {XRUNS_FULL[0]} runs of {XRUNS_FULL[1]:g} min (about 9 minutes more)")
    parser.add_argument("--keep", action="store_true", help="keep the recordings and renders (printed path)")
    parser.add_argument("--venv", type=Path, help="breathe-cli's venv (default: .build/bench-venv beside the binary's build folder)")
    parser.add_argument("--server", choices=sorted(SERVER_SCRIPTS), help=argparse.SUPPRESS)  # one part, run under its server's script
    parser.add_argument("--part", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.server:
        return run_part(args)
    started = time.monotonic()
    stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")

    if not selftest.run(stream=sys.stdout):
        print("bench: the onset detector failed its self-test; no figure would be trustworthy", file=sys.stderr)
        return 1
    if not args.binary.exists():
        print(f"bench: no binary at {args.binary}; run `make release`", file=sys.stderr)
        return 69
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="breathe-voice-bench-parts."))
    parts: dict[str, dict] = {}
    failures: dict[str, str] = {}
    only = {key for key in args.only.split(",") if key}
    servers = [s for s in args.servers.split(",") if s and only & {key for key, _ in STEPS[s]}]  # a part with nothing to run is skipped
    # Every measure on both servers: the results are written afresh; fewer: merged into the existing ones.
    merge = bool(set(ALL_MEASURES.split(",")) - only) or bool(set(STEPS) - set(servers))
    try:
        for server in servers:
            part = scratch / f"{server}.json"
            cmd = [str(SERVER_SCRIPTS[server]), sys.executable, str(Path(__file__).resolve()), "--server", server, "--part", str(part),
                   "--binary", str(args.binary.resolve()), "--only", args.only, "--live-minutes", f"{args.live_minutes:g}"]
            cmd += ["--serial"] if args.serial else []
            cmd += ["--full"] if args.full else []
            cmd += ["--keep"] if args.keep else []
            cmd += ["--venv", str(args.venv.resolve())] if args.venv else []
            print(f"[bench {time.strftime('%H:%M:%S')}] {SERVER_NAMES[server]} part: {SERVER_SCRIPTS[server].name} …", flush=True)
            code = subprocess.run(cmd, stdin=subprocess.DEVNULL).returncode
            if part.exists():
                parts[server] = json.loads(part.read_text())
            else:
                failures[server] = f"{SERVER_SCRIPTS[server].name} exited {code} without results"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not parts:
        print("bench: no part finished; nothing written", file=sys.stderr)
        return 1
    covered = {(server, key) for server in parts for key, _ in STEPS[server] if key in only}  # what the merge replaces
    print(write_report(args.out, parts, failures, started, stamp, args, merge_covering=covered if merge else None))
    print(f"bench: wrote {args.out / 'RESULTS.md'} and {args.out / 'results.json'}")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
