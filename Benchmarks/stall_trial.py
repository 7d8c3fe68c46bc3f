#!/usr/bin/env python3
"""Which of two builds loses more of the user's time on a starved PipeWire: the trial that brought the ring jumps back
(docs/contributing.md, "The jumps, once more, alone and under stalls"). Not part of `make bench`.

Run it beside one private PipeWire: `scripts/with-pipewire.sh python3 Benchmarks/stall_trial.py A B [options]`, A and
B being release binaries. It plays each binary's box session in turn, ROUNDS times (A, B, A, B, …), while the sink's
monitor is recorded (parec at --recorder-ms, 10 as the tests': PipeWire's quantum is then 256 frames), pipewire is
stopped for --stall-ms every --every s (SIGSTOP, SIGCONT) and --busy busy loops run. For each session it prints how
late the last toned cue came against the first (the time the session lost), the spread of the errors, and how many
cycles pipewire's log found each node late ("client too slow!", by node name). The phrases are cached first.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import onsets as detector  # noqa: E402
from bench_common import RATE, TONED, cycles_for, plan  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--minutes", type=float, default=1)
    parser.add_argument("--stall-ms", type=float, default=40, help="0: no stalls")
    parser.add_argument("--every", type=float, default=1.3)
    parser.add_argument("--busy", type=int, default=3)
    parser.add_argument("--recorder-ms", type=int, default=10)
    args = parser.parse_args()
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if os.environ.get("BREATHE_VOICE_TEST_SERVER") != "pipewire" or not runtime:
        print("stall_trial: run it under scripts/with-pipewire.sh", file=sys.stderr)
        return 64
    graph = int(subprocess.check_output(["pgrep", "-n", "-x", "pipewire"]).split()[0])
    log = Path(runtime) / "pipewire.log"
    boundaries, _ = plan("box", cycles_for("box", args.minutes))
    planned = [sample / RATE for sample, kind in boundaries if kind in TONED]
    home = Path(tempfile.mkdtemp(prefix="stall-trial."))
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="", **{name: str(home / name) for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")})
    recording = home / "monitor.raw"

    def session(binary: Path) -> np.ndarray:
        with open(recording, "wb") as out:
            recorder = subprocess.Popen(["parec", "-d", "test.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1",
                                         f"--latency-msec={args.recorder_ms}"], stdout=out, stderr=subprocess.DEVNULL, env=env)
            while recording.stat().st_size < RATE:  # half a second: the monitor flows
                time.sleep(0.05)
            subprocess.run([str(binary), "--pattern", "box", "--minutes", f"{args.minutes:g}", "--require-audio"], env=env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)  # the last cue's tail
            recorder.terminate()
            recorder.wait()
        return np.fromfile(recording, dtype="<i2")

    for binary in args.binaries:
        session(binary)
    stop = threading.Event()

    def stall() -> None:
        while not stop.wait(args.every):
            os.kill(graph, signal.SIGSTOP)
            time.sleep(args.stall_ms / 1000)
            os.kill(graph, signal.SIGCONT)

    for round_ in range(args.rounds):
        for binary in args.binaries:
            loops = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(args.busy)]
            stop.clear()
            start = log.stat().st_size
            staller = threading.Thread(target=stall)
            if args.stall_ms > 0:
                staller.start()
            samples = session(binary)
            stop.set()
            if args.stall_ms > 0:
                staller.join()
            for loop in loops:
                loop.kill()
                loop.wait()
            late = Counter(match.group(1) for match in re.finditer(r"\(([^)]+)\) client too slow", log.read_bytes()[start:].decode(errors="replace")))
            found = detector.detect_onsets(samples, RATE)
            match = detector.match_cues([onset / RATE for onset in found], planned)
            first = match.matched[0]
            errors = [1000 * ((onset - first) - (plan_s - planned[0])) for plan_s, onset in zip(planned[1:], match.matched[1:])
                      if onset is not None and first is not None]
            heard = sum(onset is not None for onset in match.matched)
            summary = (f"last cue {errors[-1]:+.1f} ms, errors {min(errors):+.1f}…{max(errors):+.1f} ms" if errors else "no cues matched")
            print(f"{binary.name} round {round_ + 1}: {summary}, {heard}/{len(planned)} cues; late cycles {dict(late)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
