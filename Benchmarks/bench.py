#!/usr/bin/env python3
"""`make bench`: breathe-voice side by side with its peers, every figure from a real run.

Run it through scripts/with-pulse.sh (the Makefile does): it needs the private PulseAudio server, whose null sink
`test` (22 050 Hz mono) is recorded with parec. What the binary cannot do yet becomes an explicit "n/a (reason)" cell,
never a number. See Benchmarks/README.md for the measures, their definitions and what each needs from the binary.

Usage: python3 Benchmarks/bench.py --binary .build/release/breathe-voice [--out Benchmarks] [--only live,first,...]
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import os
import platform
import pty
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

try:
    import numpy as np
except ImportError:  # the machines have it; say so plainly where one does not
    print("bench: numpy is missing for this python3: `python3 -m pip install numpy`", file=sys.stderr)
    sys.exit(69)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import make_history  # noqa: E402
import onsets as detector  # noqa: E402
import selftest  # noqa: E402
import signals  # noqa: E402

RATE = 22050
LEAD_IN_TENTHS = 30
CLOSING_TENTHS = 30
PATTERNS = {
    "box": [("inhale", 40), ("hold", 40), ("exhale", 40), ("rest", 40)],
    "resonant": [("inhale", 55), ("exhale", 55)],
}
#: Phases whose cue carries a tone. Rest has none (or a very soft one), so its onset would be the phrase's, after eSpeak
#: NG's own leading silence: rest boundaries are left out of the timing match (their onsets count as extra).
TONED = {"inhale", "hold", "exhale"}
PEER_VERSION = "1.14.*"
COLUMNS = ["breathe-voice", "shell loop", "breathe-cli", "paplay", "espeak-ng"]
FIRST_SOUND_THRESHOLD = 328  # 1 % of full scale, about -40 dBFS
FIRST_SOUND_RUNS = 5
ENVELOPE_ALLOWANCE = 22  # samples (1 ms): a tone's envelope may start at zero for a few samples
RSS_GROWTH_ALLOWED_MIB = 1.0
DRIFT_FLOOR_MS_PER_MIN = 0.05
REPORT_AGREEMENT_MS = 1.0
TIME = "/usr/bin/time"


# MARK: cells and rows


@dataclass
class Cell:
    """A figure (with its text) or an explicit reason why there is none."""

    text: str
    value: float | None = None

    @staticmethod
    def na(reason: str) -> "Cell":
        return Cell(f"n/a ({reason})")


DASH = Cell("—")


@dataclass
class Row:
    measure: str
    cells: dict[str, Cell]
    target: str
    met: str


@dataclass
class Bench:
    binary: Path
    out: Path
    work: Path
    env: dict[str, str]
    caps: dict[str, bool] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    raw: dict = field(default_factory=dict)
    live_minutes: float = 2.0
    serial: bool = False

    def log(self, text: str) -> None:
        print(f"[bench {time.strftime('%H:%M:%S')}] {text}", flush=True)


# MARK: processes


@dataclass
class Run:
    """One finished child: exit status, wall time, CPU (user + system) and peak RSS from wait4 (children included)."""

    code: int
    wall: float
    cpu: float
    maxrss_kib: int
    stdout: Path | None = None
    stderr: Path | None = None

    def first_error_line(self) -> str:
        if self.stderr and self.stderr.exists():
            for line in self.stderr.read_text(errors="replace").splitlines():
                if line.strip():
                    return line.strip()[:120]
        return f"exit {self.code}"


def run_measured(cmd, env, *, name: str, work: Path, timeout: float, use_pty: bool = False, on_start=None) -> Run:
    """Runs `cmd` to its end (killing it after `timeout` s), stdout and stderr to files named after `name`.

    The command runs under /usr/bin/time, which reports its peak RSS: a child forked from this (large) Python process
    would carry Python's high-water mark through exec into ru_maxrss. CPU comes from wait4 (all descendants reaped).
    """
    stdout_path, stderr_path = work / f"{name}.out", work / f"{name}.err"
    rss_path = work / f"{name}.rss"
    cmd = [TIME, "-q", "-f", "%M", "-o", str(rss_path), *cmd]
    master = None
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        if use_pty:
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            start = time.monotonic()
            proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
            os.close(slave)
            drain = threading.Thread(target=_drain, args=(master, out), daemon=True)
            drain.start()
        else:
            start = time.monotonic()
            proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env, start_new_session=True)
        if on_start:
            on_start(proc, start)
        timer = threading.Timer(timeout, _kill_group, args=(proc.pid,))
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if master is not None:
            drain.join(timeout=2)
            os.close(master)
    try:
        maxrss = int(rss_path.read_text().split()[-1])
    except (OSError, ValueError, IndexError):
        maxrss = -1
    return Run(proc.returncode, wall, usage.ru_utime + usage.ru_stime, maxrss, stdout_path, stderr_path)


def _drain(fd: int, out) -> None:
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            return
        if not data:
            return
        out.write(data)


def _kill_group(pid: int, sig: int = signal.SIGKILL) -> None:
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        pass


def command_output(cmd, env=None, timeout=20) -> tuple[int, str]:
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        return done.returncode, done.stdout + done.stderr
    except (OSError, subprocess.TimeoutExpired) as error:
        return -1, str(error)


# MARK: recording


def parec_command(sink: str, latency_ms: int) -> list[str]:
    return ["parec", "-d", f"{sink}.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1", f"--latency-msec={latency_ms}"]


class FileRecorder:
    """parec of a sink's monitor into a raw S16LE file, started before a session and stopped after it."""

    def __init__(self, sink: str, path: Path, env):
        self.sink, self.path, self.env = sink, path, env
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.handle = open(self.path, "wb")
        self.proc = subprocess.Popen(parec_command(self.sink, 20), stdout=self.handle, stderr=subprocess.DEVNULL, env=self.env)
        deadline = time.monotonic() + 10
        while self.path.stat().st_size < RATE:  # 0.5 s of audio: the monitor flows, and the first cue follows silence
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"parec on {self.sink}.monitor delivered nothing")
            time.sleep(0.05)

    def stop(self) -> np.ndarray:
        assert self.proc is not None
        time.sleep(1.0)  # the last cue's tail and the monitor's latency
        self.proc.terminate()
        self.proc.wait(timeout=10)
        self.handle.close()
        return np.fromfile(self.path, dtype="<i2")


class ChunkRecorder:
    """parec in small chunks (5 ms), each chunk's arrival stamped on the monotonic clock.

    A sample's time is its index over the rate plus the clock offset, the smallest (arrival − samples so far / rate)
    seen: scheduling can only delay an arrival, so the minimum is the best estimate of when samples leave the monitor.
    Chunks are kept as they come and scanned once each, so waiting costs little CPU beside the measured command.
    """

    def __init__(self, sink: str, env):
        self.proc = subprocess.Popen(parec_command(sink, 5), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self.chunks: list[np.ndarray] = []
        self.starts: list[int] = []  # the sample index of each chunk's first sample
        self.total = 0
        self.pending = b""
        self.offset = math.inf
        self.condition = threading.Condition()
        self.closed = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        fd = self.proc.stdout.fileno()
        while True:
            chunk = os.read(fd, 2048)
            now = time.monotonic()
            with self.condition:
                if not chunk:
                    self.closed = True
                    self.condition.notify_all()
                    return
                data = self.pending + chunk
                usable = len(data) // 2 * 2
                self.pending = data[usable:]
                if usable:
                    self.chunks.append(np.frombuffer(data[:usable], dtype="<i2"))
                    self.starts.append(self.total)
                    self.total += usable // 2
                    self.offset = min(self.offset, now - self.total / RATE)
                self.condition.notify_all()

    def _wait(self, check, timeout: float):
        """Calls check() under the lock at each new chunk until it returns something other than None, or the timeout."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while True:
                found = check()
                left = deadline - time.monotonic()
                if found is not None or left <= 0 or self.closed:
                    return found
                self.condition.wait(min(left, 0.05))

    def samples(self) -> int:
        with self.condition:
            return self.total

    def wait_until_flowing(self, seconds: float = 0.5, timeout: float = 10) -> bool:
        target = int(seconds * RATE)
        return bool(self._wait(lambda: True if self.chunks and self.total - self.starts[0] - len(self.chunks[0]) >= target else None, timeout))

    def first_above(self, from_sample: int, threshold: int, timeout: float) -> int | None:
        """The first sample at or after `from_sample` reaching `threshold`, waiting for it up to `timeout` s."""
        scanned = 0  # chunks already looked at

        def check():
            nonlocal scanned
            while scanned < len(self.chunks):
                start, chunk = self.starts[scanned], self.chunks[scanned]
                scanned += 1
                if start + len(chunk) <= from_sample:
                    continue
                skip = max(0, from_sample - start)
                hit = detector.first_above(chunk, threshold, skip)
                if hit is not None:
                    return start + hit
            return None

        return self._wait(check, timeout)

    def wait_for_silence(self, seconds: float = 0.3, timeout: float = 10) -> bool:
        """Waits until the last `seconds` recorded (after this call) stay below a quarter of the threshold."""
        window = int(seconds * RATE)
        begin = self.samples()

        def check():
            if self.total - begin < window:
                return None
            tail, count, index = [], 0, len(self.chunks) - 1
            while count < window and index >= 0:
                tail.append(self.chunks[index])
                count += len(self.chunks[index])
                index -= 1
            loudest = max(int(np.abs(c.astype(np.int32)).max()) for c in tail)
            return True if loudest < FIRST_SOUND_THRESHOLD // 4 else None

        return bool(self._wait(check, timeout))

    def time_of(self, sample: int) -> float:
        return sample / RATE + self.offset

    def sample_at(self, moment: float) -> int:
        return max(0, int(math.floor((moment - self.offset) * RATE)))

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def load_sink(name: str, env) -> str | None:
    code, text = command_output(["pactl", "load-module", "module-null-sink", f"sink_name={name}", f"rate={RATE}", "channels=1"], env)
    return text.strip() if code == 0 else None


# MARK: the plan, computed here as the planner does


def cycles_for(pattern: str, minutes: float) -> int:
    base = sum(t for _, t in PATTERNS[pattern])
    target = round(minutes * 600)
    return 1 if base >= target else max(2, math.ceil(target / base))


def plan(pattern: str, cycles: int) -> tuple[list[tuple[int, str]], int]:
    """Every phase start as (sample, kind), and the total length in samples: round(cumulative seconds × rate) + lead-in."""
    lead = LEAD_IN_TENTHS * RATE // 10
    boundaries, tenths = [], 0
    for _ in range(cycles):
        for kind, length in PATTERNS[pattern]:
            boundaries.append((lead + (tenths * RATE + 5) // 10, kind))
            tenths += length
    total = lead + (tenths * RATE + 5) // 10 + CLOSING_TENTHS * RATE // 10
    return boundaries, total


# MARK: capabilities


def probe(bench: Bench) -> None:
    code, start_help = command_output([str(bench.binary), "start", "--help"], bench.env)
    _, version = command_output([str(bench.binary), "--version"], bench.env)
    _, root_help = command_output([str(bench.binary), "--help"], bench.env)
    subcommands = set(re.findall(r"^  ([a-z][a-z-]*)\b", root_help.split("SUBCOMMANDS:", 1)[-1], re.MULTILINE)) if "SUBCOMMANDS:" in root_help else set()
    bench.caps = {
        "runs": code == 0,
        "audio": "--output" in start_help,  # the audio engine (issue 3) brings --output, --require-audio and live play
        "require_audio": "--require-audio" in start_help,
        "output": "--output" in start_help,
        "timing_report": "--timing-report" in start_help,
        "stats": "stats" in subcommands,
        "history": "history" in subcommands,
        "pulse": bool(os.environ.get("PULSE_SERVER")) and command_output(["pactl", "info"], bench.env)[0] == 0,
    }
    bench.raw["capabilities"] = bench.caps
    bench.raw["binary_version"] = version.strip()
    bench.log(f"capabilities: {bench.caps}")


NO_AUDIO = "no audio engine yet: `start --help` has no --output"
NO_PULSE = "no PulseAudio server: run it through `make bench`"


# MARK: peers


def install_breathe_cli(bench: Bench) -> tuple[Path | None, str]:
    """A venv with breathe-cli 1.14.x (reused between runs): (the `breathe` script, its version) or (None, reason)."""
    venv = bench.binary.resolve().parent.parent / "bench-venv"
    script = venv / "bin" / "breathe"
    if not script.exists():
        code, text = command_output([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], timeout=120)
        if code != 0:
            return None, f"venv failed: {text.strip()[:80]}"
    code, text = command_output([str(venv / "bin" / "pip"), "install", "-q", f"breathe-cli=={PEER_VERSION}"], timeout=300)
    if code != 0 or not script.exists():
        return None, f"pip install breathe-cli=={PEER_VERSION} failed: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    _, version = command_output([str(script), "--version"], timeout=20)
    return script, version.strip()


def shell_loop(iterations: int) -> list[str]:
    body = 'n=0; while [ "$n" -lt %d ]; do espeak-ng "Breathe in"; sleep 4; espeak-ng "Breathe out"; sleep 4; n=$((n+1)); done'
    return ["bash", "-c", body % iterations]


# MARK: measure 1 and 3: live sessions


@dataclass
class Live:
    name: str
    cmd: list[str]
    sink: str
    planned_s: list[float]
    use_pty: bool = False
    env_extra: dict[str, str] = field(default_factory=dict)
    timeout: float = 300
    run: Run | None = None
    recording: np.ndarray | None = None
    error: str | None = None


def record_live(bench: Bench, live: Live) -> None:
    env = dict(bench.env, PULSE_SINK=live.sink, **live.env_extra)
    recorder = FileRecorder(live.sink, bench.work / f"{live.name}.raw", env)
    try:
        recorder.start()
        live.run = run_measured(live.cmd, env, name=live.name, work=bench.work, timeout=live.timeout, use_pty=live.use_pty)
        live.recording = recorder.stop()
    except Exception as error:  # noqa: BLE001 - recorded as the cell's reason
        live.error = str(error)[:100]
        if recorder.proc and recorder.proc.poll() is None:
            recorder.proc.kill()


def analyse_live(live: Live) -> dict:
    if live.recording is None:
        return {"error": live.error or "no recording"}
    found = detector.detect_onsets(live.recording, RATE)
    match = detector.match_cues([o / RATE for o in found], live.planned_s)
    summary = match.summary()
    summary["onsets_s"] = [round(o / RATE, 5) for o in found]
    first = match.matched[0]
    summary["errors_by_planned_s"] = {
        f"{plan:.3f}": round(((onset - first) - (plan - live.planned_s[0])) * 1000, 3)
        for plan, onset in zip(live.planned_s[1:], match.matched[1:]) if onset is not None and first is not None
    }
    summary["recorded_s"] = round(len(live.recording) / RATE, 3)
    return summary


def timing_cells(summary: dict | None, reason: str | None) -> dict[str, Cell]:
    if reason:
        return {k: Cell.na(reason) for k in ("max", "median", "drift", "matched")}
    assert summary is not None
    if "error" in summary:
        return {k: Cell.na(summary["error"]) for k in ("max", "median", "drift", "matched")}
    matched = Cell(f"{summary['cues_matched']}/{summary['cues_planned']} (+{summary['extra_onsets']} other onsets)", summary["cues_matched"])
    if summary["cues_matched"] < 2:
        why = "no cue heard in the recording" if summary["cues_matched"] == 0 else "only one cue heard"
        return {"max": Cell.na(why), "median": Cell.na(why), "drift": Cell.na(why), "matched": matched}
    drift, stderr = summary["drift_ms_per_min"], summary["drift_stderr_ms_per_min"]
    return {
        "max": Cell(f"{summary['max_abs_error_ms']:.2f} ms", summary["max_abs_error_ms"]),
        "median": Cell(f"{summary['median_abs_error_ms']:.2f} ms", summary["median_abs_error_ms"]),
        "drift": Cell(f"{drift:+.3f} ± {stderr:.3f} ms/min", drift),
        "matched": matched,
    }


def drift_met(summary: dict | None) -> bool | None:
    if not summary or summary.get("drift_ms_per_min") is None:
        return None
    drift, stderr = summary["drift_ms_per_min"], summary["drift_stderr_ms_per_min"]
    return abs(drift) <= max(DRIFT_FLOOR_MS_PER_MIN, 2 * stderr)


def verdict(ok: bool | None, reason: str = "no figure") -> str:
    return f"n/a ({reason})" if ok is None else ("yes" if ok else "**no**")


def measure_live(bench: Bench) -> None:
    minutes = bench.live_minutes
    sessions: dict[str, Live] = {}
    bv_reason = None if bench.caps["pulse"] else NO_PULSE
    for pattern in ("box", "resonant"):
        cycles = cycles_for(pattern, minutes)
        boundaries, total = plan(pattern, cycles)
        cmd = [str(bench.binary), "--pattern", pattern, "--minutes", f"{minutes:g}"]
        if bench.caps["audio"]:
            cmd += ["--require-audio"] if bench.caps["require_audio"] else []
            cmd += ["--timing-report"] if bench.caps["timing_report"] and pattern == "box" else []
        else:
            cmd += ["--no-audio"]  # the text session: its CPU and memory are real, its timing has nothing to hear
        sessions[f"bv-{pattern}"] = Live(
            f"live-bv-{pattern}", cmd, "test", [s / RATE for s, kind in boundaries if kind in TONED],
            timeout=total / RATE + 60,
        )
    loop_iterations = max(1, round(minutes * 60 / 8))
    sessions["loop"] = Live("live-shell-loop", shell_loop(loop_iterations), "bench_loop", [4.0 * i for i in range(2 * loop_iterations)],
                            timeout=minutes * 60 * 2 + 60)
    cli_script, cli_version = install_breathe_cli(bench)
    bench.raw["breathe_cli_version"] = cli_version
    cli_minutes = max(1, math.ceil(minutes))
    if cli_script:
        wavs = bench.work / "cues"
        wavs.mkdir(exist_ok=True)
        signals.write_wav(wavs / "inhale.wav", signals.sweep(300, 600, 0.3, 0.5))
        signals.write_wav(wavs / "exhale.wav", signals.sweep(600, 300, 0.3, 0.5))
        breaths = math.ceil(cli_minutes * 60 / 10)
        sessions["cli"] = Live(
            "live-breathe-cli", [str(cli_script), "--duration", str(cli_minutes), "--ratio", "5-5", "--no-log", "--quiet"],
            "bench_cli", [5.0 * i for i in range(2 * breaths)], use_pty=True, timeout=cli_minutes * 60 + 60,
            env_extra={"BREATHE_SOUND_PLAYER": "paplay", "BREATHE_SOUND_INHALE": str(wavs / "inhale.wav"),
                       "BREATHE_SOUND_EXHALE": str(wavs / "exhale.wav"), "TERM": "xterm-256color"},
        )
    if bench.caps["pulse"]:
        for sink in ("bench_loop", "bench_cli"):
            if load_sink(sink, bench.env) is None:
                bench.log(f"could not load the null sink {sink}")
        groups = [["bv-box"], ["loop"], ["bv-resonant"], ["cli"]] if bench.serial else [["bv-box", "loop"], ["bv-resonant", "cli"]]
        for group in groups:
            todo = [sessions[k] for k in group if k in sessions]
            bench.log("live: " + " ‖ ".join(f"{s.name} ({' '.join(Path(c).name if i == 0 else c for i, c in enumerate(s.cmd))[:70]})" for s in todo))
            threads = [threading.Thread(target=record_live, args=(bench, s)) for s in todo]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()

    summaries = {key: analyse_live(s) if bench.caps["pulse"] else None for key, s in sessions.items()}
    bench.raw["live"] = {
        key: {"cmd": s.cmd, "sink": s.sink, "planned_s": s.planned_s, "analysis": summaries[key],
              "run": None if s.run is None else {"code": s.run.code, "wall_s": s.run.wall, "cpu_s": s.run.cpu, "maxrss_kib": s.run.maxrss_kib}}
        for key, s in sessions.items()
    }
    cli_na = None if cli_script else cli_version

    for pattern in ("box", "resonant"):
        key = f"bv-{pattern}"
        reason = bv_reason or (None if bench.caps["audio"] else NO_AUDIO)
        bv = timing_cells(summaries[key], reason)
        peer_key, peer_column = ("loop", "shell loop") if pattern == "box" else ("cli", "breathe-cli")
        other_column = "breathe-cli" if pattern == "box" else "shell loop"
        peer_reason = bv_reason or (cli_na if peer_key == "cli" else None)
        peer = timing_cells(summaries.get(peer_key), peer_reason)
        label = {"box": f"box, {minutes:g} min (shell loop: 4 s in/out)", "resonant": f"resonant 5.5-5.5, {minutes:g} min (breathe-cli: 5-5)"}[pattern]
        other_note = Cell("— (see the " + ("resonant" if pattern == "box" else "box") + " rows)")
        summary = summaries[key]
        ok = summary and "error" not in summary and summary.get("max_abs_error_ms") is not None and not reason
        for metric, title, target, check in (
            ("max", "max abs error", "≤ 2 ms", lambda s: s["max_abs_error_ms"] <= 2),
            ("median", "median abs error", "≤ 1 ms", lambda s: s["median_abs_error_ms"] <= 1),
            ("drift", "drift (LSQ slope ± s.e.)", f"none measurable (\\|slope\\| ≤ max({DRIFT_FLOOR_MS_PER_MIN}, 2 s.e.))", drift_met),
        ):
            met = verdict(bool(check(summary)) if ok else None, reason or "no cue heard")
            bench.rows.append(Row(f"1. cue timing, {label}: {title}", {"breathe-voice": bv[metric], peer_column: peer[metric], other_column: other_note, "paplay": DASH, "espeak-ng": DASH}, target, met))
        all_heard = summary and "error" not in summary and summary["cues_matched"] == summary["cues_planned"] and not reason
        bench.rows.append(Row(f"1. cue timing, {label}: toned cues found", {"breathe-voice": bv["matched"], peer_column: peer["matched"], other_column: other_note, "paplay": DASH, "espeak-ng": DASH},
                              "all", verdict(bool(all_heard) if summary and not reason else None, reason or "no recording")))

    if bench.caps["timing_report"] and summaries.get("bv-box") and sessions["bv-box"].run:
        bench.rows.append(timing_report_row(sessions["bv-box"], summaries["bv-box"]))
    else:
        why = "no --timing-report yet" if not bench.caps["timing_report"] else "no live run"
        bench.rows.append(Row("1. --timing-report (box) against the recording, relative to the first cue", {"breathe-voice": Cell.na(why)},
                              f"agrees within {REPORT_AGREEMENT_MS:g} ms per cue", f"n/a ({why})"))

    # Measure 3 comes from the same runs.
    for metric in ("cpu", "rss"):
        cells: dict[str, Cell] = {"paplay": DASH, "espeak-ng": DASH}
        figures = {}
        for key, column in (("bv-box", "breathe-voice"), ("loop", "shell loop"), ("cli", "breathe-cli")):
            live = sessions.get(key)
            if live is None:
                cells[column] = Cell.na(cli_na or "not run")
                continue
            if live.run is None:
                cells[column] = Cell.na(bv_reason or live.error or "not run")
                continue
            run = live.run
            if run.code != 0:
                cells[column] = Cell.na(f"exit {run.code}: {run.first_error_line()}")
                continue
            if metric == "cpu":
                share = 100 * run.cpu / run.wall
                figures[column] = share
                cells[column] = Cell(f"{share:.3f} % ({run.cpu / (run.wall / 60):.3f} CPU s/min)", share)
            else:
                mib = run.maxrss_kib / 1024
                if run.maxrss_kib < 0:
                    cells[column] = Cell.na(f"{TIME} gave no peak RSS")
                    continue
                figures[column] = mib
                cells[column] = Cell(f"{mib:.1f} MiB", mib)
        text_only = not bench.caps["audio"]
        if text_only and "breathe-voice" in figures:
            cells["breathe-voice"] = Cell(cells["breathe-voice"].text + " (text only, --no-audio)", figures["breathe-voice"])
        bv_value = figures.get("breathe-voice")
        if metric == "cpu":
            met = verdict(None if bv_value is None or text_only else bv_value <= 0.3, NO_AUDIO if text_only else "no figure")
            bench.rows.append(Row(f"3. CPU of a {minutes:g}-minute live session (box; user+sys incl. children / wall)", cells, "≤ 0.3 % of one core", met))
        else:
            met = verdict(None if bv_value is None or text_only else bv_value <= 14, NO_AUDIO if text_only else "no figure")
            bench.rows.append(Row(f"3. peak RSS of a {minutes:g}-minute live session (box; /usr/bin/time %M, children included)", cells, "≤ 14 MiB", met))


def timing_report_row(live: Live, summary: dict) -> Row:
    """Checks --timing-report against the recording.

    The report's rows ("…, planned at 7.0 s: 12 ms late.") give each cue's lateness; taken relative to the first cue,
    as the recording's errors are, the two should agree. Without rows, its summary ("at most X ms late, median Y ms")
    is shown beside the recording's figures.
    """
    title = "1. --timing-report (box) against the recording, relative to the first cue"
    target = f"agrees within {REPORT_AGREEMENT_MS:g} ms per cue"
    text = live.run.stdout.read_text(errors="replace") if live.run and live.run.stdout else ""
    number = r"(-?\d+(?:[.,]\d+)?)"
    rows = [(float(p.replace(",", ".")), float(l.replace(",", "."))) for p, l in re.findall(rf"planned at {number} s\D*?{number} ms", text)]
    recorded = summary.get("errors_by_planned_s") or {}
    if rows and recorded:
        # The report's planned times may or may not count the lead-in: take the shift that lines up more cues.
        shifts = {0.0, round(live.planned_s[0] - rows[0][0], 3)}
        shift = max(shifts, key=lambda d: sum(f"{p + d:.3f}" in recorded for p, _ in rows))
        by_time = {f"{p + shift:.3f}": late for p, late in rows}
        first_late = by_time.get(f"{live.planned_s[0]:.3f}")
        differences = [abs((late - first_late) - recorded[key]) for key, late in by_time.items() if key in recorded and first_late is not None]
        if differences:
            worst = max(differences)
            lateness = [late for _, late in rows]
            cell = Cell(f"report: {len(rows)} cues, max {max(lateness):.1f} ms late, median {statistics.median(lateness):.1f} ms; "
                        f"differs from the recording by ≤ {worst:.2f} ms over {len(differences)} cues", worst)
            return Row(title, {"breathe-voice": cell}, target, verdict(worst <= REPORT_AGREEMENT_MS))
    found = re.search(rf"{number} ms late, median {number} ms", text)
    if found:
        cell = Cell(f"report summary: at most {found.group(1)} ms late, median {found.group(2)} ms (no per-cue rows matched the recording)")
        return Row(title, {"breathe-voice": cell}, target, "n/a (no per-cue comparison)")
    name = live.run.stdout.name if live.run and live.run.stdout else "stdout"
    return Row(title, {"breathe-voice": Cell.na(f"no 'planned at … s: … ms' rows in {name}")}, target, "n/a (unparsed report)")


# MARK: measure 2: exec to first audible sample


def measure_first_sound(bench: Bench) -> None:
    short = bench.work / "short.wav"
    signals.write_wav(short, signals.sweep(440, 440, 0.2, 0.5, attack_s=0.002))
    commands: dict[str, list[str] | None] = {
        "breathe-voice": [str(bench.binary), "--pattern", "box", "--cycles", "1"] + (["--require-audio"] if bench.caps["require_audio"] else []),
        "paplay": ["paplay", str(short)],
        "espeak-ng": ["espeak-ng", "Breathe in"],
    }
    reasons: dict[str, str] = {}
    if not bench.caps["pulse"]:
        reasons = {name: NO_PULSE for name in commands}
    elif not bench.caps["audio"]:
        reasons["breathe-voice"] = NO_AUDIO
    results: dict[str, list[float]] = {name: [] for name in commands}
    failures: dict[str, str] = {}
    if len(reasons) < len(commands):
        recorder = ChunkRecorder("test", bench.env)
        try:
            if not recorder.wait_until_flowing():
                reasons = {name: "parec delivered nothing" for name in commands}
            for attempt in range(FIRST_SOUND_RUNS + 1):  # the first round is the warm-up, interleaved
                for name, cmd in commands.items():
                    if name in reasons or name in failures:
                        continue
                    latency = first_sound_once(bench, recorder, cmd)
                    if isinstance(latency, str):
                        failures[name] = latency
                    elif attempt > 0:
                        results[name].append(latency)
        finally:
            recorder.stop()
    bench.raw["first_sound"] = {"runs_s": results, "failures": failures, "threshold": FIRST_SOUND_THRESHOLD}
    cells: dict[str, Cell] = {"shell loop": DASH, "breathe-cli": DASH}
    medians = {}
    for name in commands:
        if name in reasons:
            cells[name] = Cell.na(reasons[name])
        elif name in failures:
            cells[name] = Cell.na(failures[name])
        else:
            medians[name] = statistics.median(results[name])
            spread = f"{min(results[name]) * 1000:.0f}–{max(results[name]) * 1000:.0f}"
            cells[name] = Cell(f"{medians[name] * 1000:.1f} ms ({spread})", medians[name])
    floor = medians.get("paplay")
    target = "≤ 1.3 × paplay" + (f" = {floor * 1300:.1f} ms" if floor else "")
    bv = medians.get("breathe-voice")
    met = verdict(None if bv is None or floor is None else bv <= 1.3 * floor,
                  reasons.get("breathe-voice") or failures.get("breathe-voice") or "no paplay figure")
    bench.rows.append(Row(f"2. exec to first audible sample (median of {FIRST_SOUND_RUNS} after a warm-up; min–max)", cells, target, met))


def first_sound_once(bench: Bench, recorder: ChunkRecorder, cmd: list[str]) -> float | str:
    """Seconds from exec to the first sample at or above the threshold, or the reason there is none."""
    if not recorder.wait_for_silence():
        return "the sink never fell silent"
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=bench.env, start_new_session=True)
    from_sample = recorder.sample_at(start)
    hit = recorder.first_above(from_sample, FIRST_SOUND_THRESHOLD, 8)
    if proc.poll() is None and hit is not None and cmd[0] == str(bench.binary):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        _kill_group(proc.pid)
        _, err = proc.communicate()
        return "did not finish in 15 s"
    if hit is None:
        line = err.decode(errors="replace").strip().splitlines()
        return f"nothing heard in 8 s (exit {proc.returncode}{': ' + line[0][:60] if line else ''})"
    return recorder.time_of(hit) - start


# MARK: measure 4: offline render


def measure_render(bench: Bench) -> None:
    minutes = 30
    cycles = cycles_for("resonant", minutes)
    boundaries, total = plan("resonant", cycles)
    if not bench.caps["output"]:
        bench.rows.append(Row(f"4. render {minutes} min of resonant to WAV: speed", {"breathe-voice": Cell.na(NO_AUDIO)}, "≥ 300 × real time", f"n/a ({NO_AUDIO})"))
        bench.rows.append(Row("4. render: every boundary on its planned sample", {"breathe-voice": Cell.na(NO_AUDIO)}, f"all {len(boundaries)}, within {ENVELOPE_ALLOWANCE} samples after", f"n/a ({NO_AUDIO})"))
        return
    path = bench.work / "render-resonant-30.wav"
    run = run_measured([str(bench.binary), "--pattern", "resonant", "--minutes", str(minutes), "--output", str(path)], bench.env,
                       name="render", work=bench.work, timeout=600)
    if run.code != 0 or not path.exists():
        why = f"exit {run.code}: {run.first_error_line()}"
        bench.rows.append(Row(f"4. render {minutes} min of resonant to WAV: speed", {"breathe-voice": Cell.na(why)}, "≥ 300 × real time", f"n/a ({why})"))
        return
    speed = (total / RATE) / run.wall
    samples, rate, channels, width = signals.read_wav(path)
    raw = {"wall_s": run.wall, "cpu_s": run.cpu, "maxrss_kib": run.maxrss_kib, "speed": speed, "rate": rate, "channels": channels,
           "sample_width": width, "frames": int(len(samples)), "planned_frames": total}
    bench.rows.append(Row(f"4. render {minutes} min of resonant to WAV: speed ({total / RATE:.0f} s of audio)",
                          {"breathe-voice": Cell(f"{speed:.0f} × ({run.wall:.2f} s wall, {run.maxrss_kib / 1024:.1f} MiB)", speed)},
                          "≥ 300 × real time", verdict(speed >= 300)))
    if (rate, channels, width) != (RATE, 1, 2):
        why = f"WAV is {rate} Hz, {channels} ch, {8 * width}-bit; expected 22050 Hz mono 16-bit"
        bench.rows.append(Row("4. render: every boundary on its planned sample", {"breathe-voice": Cell.na(why)}, "exact", "**no**"))
        bench.raw["render"] = raw
        return
    found = detector.detect_onsets(samples, RATE)
    toned = [(s, kind) for s, kind in boundaries if kind in TONED]
    offsets = detector.offsets_from_plan(found, [s for s, _ in toned], tolerance=RATE // 10)
    present = [o for o in offsets if o is not None]
    exact = len(present) == len(toned) and all(0 <= o <= ENVELOPE_ALLOWANCE for o in present)
    per_kind = {}
    for (_, kind), offset in zip(toned, offsets):
        if offset is not None:
            per_kind.setdefault(kind, set()).add(offset)
    consistent = all(len(v) == 1 for v in per_kind.values())
    text = f"{len(present)}/{len(toned)} found"
    if present:
        text += f", offset {min(present):+d}…{max(present):+d} samples" + (" (one offset per tone)" if consistent else " (varies within a tone)")
    raw.update({"onsets": len(found), "offsets": offsets, "per_kind": {k: sorted(v) for k, v in per_kind.items()}})
    bench.raw["render"] = raw
    bench.rows.append(Row("4. render: every boundary on its planned sample (inhale/exhale tone onsets)", {"breathe-voice": Cell(text, len(present))},
                          f"all {len(toned)}, 0…{ENVELOPE_ALLOWANCE} samples after the plan", verdict(exact)))
    length_ok = len(samples) == total
    bench.rows.append(Row("4. render: length of the WAV", {"breathe-voice": Cell(f"{len(samples)} samples (plan {total})", len(samples))},
                          "exactly the plan", verdict(length_ok)))


# MARK: measure 5: stats at scale


def measure_stats(bench: Bench) -> None:
    commands = {"stats": ["stats"], "history --last 20": ["history", "--last", "20"]}
    available = {"stats": bench.caps["stats"], "history --last 20": bench.caps["history"]}
    sizes = (10_000, 100_000)
    raw: dict = {}
    if any(available.values()):
        for size in sizes:
            state = bench.work / f"state-{size}"
            make_history.write_history(state / "breathe-voice" / "history.jsonl", size, seed=7)
    for label, args in commands.items():
        if not available[label]:
            why = f"no `{args[0]}` subcommand yet"
            bench.rows.append(Row(f"5. `{label}` over 100 000 records: time", {"breathe-voice": Cell.na(why)}, "≤ 150 ms", f"n/a ({why})"))
            bench.rows.append(Row(f"5. `{label}`: peak RSS, 10 000 → 100 000 records", {"breathe-voice": Cell.na(why)}, f"no growth (≤ {RSS_GROWTH_ALLOWED_MIB:g} MiB)", f"n/a ({why})"))
            continue
        figures = {}
        failure = None
        for size in sizes:
            env = dict(bench.env, XDG_STATE_HOME=str(bench.work / f"state-{size}"))
            runs = []
            for attempt in range(6):
                run = run_measured([str(bench.binary), *args], env, name=f"stats-{args[0]}-{size}", work=bench.work, timeout=60)
                if run.code != 0:
                    failure = f"exit {run.code}: {run.first_error_line()}"
                    break
                if attempt > 0:
                    runs.append(run)
            if failure:
                break
            warnings = [line for line in runs[-1].stderr.read_text(errors="replace").splitlines() if line.strip()]
            figures[size] = {"median_ms": statistics.median(r.wall for r in runs) * 1000, "max_rss_mib": max(r.maxrss_kib for r in runs) / 1024,
                             "walls_ms": [r.wall * 1000 for r in runs], "stderr_lines": len(warnings), "first_stderr": warnings[:3]}
        raw[label] = {"figures": figures, "failure": failure}
        if failure:
            bench.rows.append(Row(f"5. `{label}` over 100 000 records: time", {"breathe-voice": Cell.na(failure)}, "≤ 150 ms", f"n/a ({failure})"))
            continue
        big, small = figures[100_000], figures[10_000]
        bench.rows.append(Row(f"5. `{label}` over 100 000 records: time (median of 5 after a warm-up)",
                              {"breathe-voice": Cell(f"{big['median_ms']:.1f} ms (10 000: {small['median_ms']:.1f} ms)"
                                                     + (f"; {big['stderr_lines']} lines on stderr, see results.json" if big["stderr_lines"] else ""), big["median_ms"])},
                              "≤ 150 ms", verdict(big["median_ms"] <= 150)))
        growth = big["max_rss_mib"] - small["max_rss_mib"]
        bench.rows.append(Row(f"5. `{label}`: peak RSS, 10 000 → 100 000 records",
                              {"breathe-voice": Cell(f"{small['max_rss_mib']:.1f} → {big['max_rss_mib']:.1f} MiB", growth)},
                              f"no growth (≤ {RSS_GROWTH_ALLOWED_MIB:g} MiB)", verdict(growth <= RSS_GROWTH_ALLOWED_MIB)))
    bench.raw["stats"] = raw


# MARK: report


def machine() -> dict:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    commit = command_output(["git", "-C", str(HERE.parent), "rev-parse", "--short", "HEAD"])[1].strip()
    return {"nproc": os.cpu_count(), "cpu": model, "kernel": platform.release(), "python": platform.python_version(),
            "numpy": np.__version__, "commit": commit}


def versions(bench: Bench) -> dict:
    return {
        "espeak-ng": command_output(["espeak-ng", "--version"])[1].strip(),
        "paplay": command_output(["paplay", "--version"])[1].strip().splitlines()[0] if shutil.which("paplay") else "missing",
        "pulseaudio": command_output(["pulseaudio", "--version"])[1].strip(),
        "breathe-cli": bench.raw.get("breathe_cli_version", "not installed"),
        "breathe-voice": bench.raw.get("binary_version", ""),
    }


def table(bench: Bench) -> str:
    header = ["measure", *COLUMNS, "target", "met?"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in bench.rows:
        cells = [row.cells.get(column, DASH).text for column in COLUMNS]
        lines.append("| " + " | ".join([row.measure, *cells, row.target, row.met]).replace("\n", " ") + " |")
    return "\n".join(lines)


def write_report(bench: Bench, started: float, stamp: str) -> str:
    info = machine()
    vers = versions(bench)
    body = table(bench)
    mode = "one at a time" if bench.serial else "breathe-voice box ‖ shell loop, then breathe-voice resonant ‖ breathe-cli, each on its own null sink"
    text = f"""# Benchmark results

`make bench` on {stamp}, commit `{info['commit']}`: {info['nproc']} CPUs ({info['cpu']}), Linux {info['kernel']}, in
{time.monotonic() - started:.0f} s. Peers: {vers['breathe-cli'] or 'breathe-cli'}; {vers['espeak-ng'].split('  ')[0]}; {vers['paplay']}. Sound: a private
PulseAudio ({vers['pulseaudio']}) with null sinks at 22 050 Hz mono; live sessions ran {mode}.
"n/a (reason)" marks what could not be measured; a missed target reads **no**. Definitions: Benchmarks/README.md.
{"**The PulseAudio server died during this run**: its log is in results.json (pulseaudio_died)." if bench.raw.get("pulseaudio_died") else ""}

{body}
"""
    bench.raw.update({"date": stamp, "machine": info, "versions": vers, "seconds": time.monotonic() - started,
                      "rows": [{"measure": r.measure, "cells": {k: {"text": v.text, "value": v.value} for k, v in r.cells.items()},
                                "target": r.target, "met": r.met} for r in bench.rows]})
    (bench.out / "RESULTS.md").write_text(text)
    (bench.out / "results.json").write_text(json.dumps(bench.raw, indent=1, default=str) + "\n")
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description="breathe-voice benchmarks (make bench)")
    parser.add_argument("--binary", type=Path, default=HERE.parent / ".build" / "release" / "breathe-voice")
    parser.add_argument("--out", type=Path, default=HERE, help="where RESULTS.md and results.json go")
    parser.add_argument("--only", default="first,live,render,stats", help="comma-separated: first, live, render, stats")
    parser.add_argument("--live-minutes", type=float, default=2.0, help="length of the live sessions (2 for the real table)")
    parser.add_argument("--serial", action="store_true", help="run the live sessions one at a time (about 9 minutes)")
    parser.add_argument("--keep", action="store_true", help="keep the recordings and renders (printed path)")
    args = parser.parse_args()
    started = time.monotonic()
    stamp = datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")

    if not selftest.run(stream=sys.stdout):
        print("bench: the onset detector failed its self-test; no figure would be trustworthy", file=sys.stderr)
        return 1
    if not args.binary.exists():
        print(f"bench: no binary at {args.binary}; run `make release`", file=sys.stderr)
        return 69
    work = Path(tempfile.mkdtemp(prefix="breathe-voice-bench."))
    env = dict(os.environ)
    home = work / "home"
    for variable in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        env[variable] = str(work / variable.lower())
    env["HOME"] = str(home)
    home.mkdir()
    env["LC_ALL"] = "C.UTF-8"
    args.out.mkdir(parents=True, exist_ok=True)
    bench = Bench(binary=args.binary.resolve(), out=args.out, work=work, env=env, live_minutes=args.live_minutes, serial=args.serial)
    probe(bench)
    only = set(args.only.split(","))
    try:
        for key, step in (("first", measure_first_sound), ("live", measure_live), ("render", measure_render), ("stats", measure_stats)):
            if key in only:
                bench.log(f"measure: {key}")
                step(bench)
    finally:
        if args.keep:
            bench.log(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    server_died = bench.caps.get("pulse") and command_output(["pactl", "info"], env)[0] != 0
    if server_died:
        log = Path(os.environ.get("XDG_RUNTIME_DIR", "/nonexistent")) / "pulseaudio.log"
        tail = log.read_text(errors="replace").splitlines()[-40:] if log.exists() else ["(no pulseaudio.log)"]
        bench.raw["pulseaudio_died"] = tail
        print("bench: the PulseAudio server died during the run; figures after that are n/a. Its log ends:", file=sys.stderr)
        print("\n".join(tail), file=sys.stderr)
    print(write_report(bench, started, stamp))
    print(f"bench: wrote {args.out / 'RESULTS.md'} and {args.out / 'results.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
