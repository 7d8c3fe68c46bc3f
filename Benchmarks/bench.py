#!/usr/bin/env python3
"""`make bench`: breathe-voice side by side with its peers, every figure from a real run.

Run as is (the Makefile does): it runs itself twice, once under scripts/with-pulse.sh (`--server pulseaudio`: a
private PulseAudio server, plus a second one of its own for the peers) and once under scripts/with-pipewire.sh
(`--server pipewire`), each writing its rows to a part file, then merges both into one table. The null sink `test`
(22 050 Hz mono) is recorded with parec. What the binary cannot do yet becomes an explicit "n/a (reason)" cell, never a
number. See Benchmarks/README.md for the measures, their definitions and what each needs from the binary.

Usage: python3 Benchmarks/bench.py --binary .build/release/breathe-voice [--out Benchmarks] [--only live,first,...]
       [--servers pulseaudio,pipewire] [--full]
"""

from __future__ import annotations

import argparse
import concurrent.futures
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
import startup_profile  # noqa: E402
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
#: parec's latency for the first-sound recorder. The null sink then runs 1 ms blocks: new audio is mixed from the next
#: block, and the monitor can deliver a block up to one block ahead of the clock mapping, so a heard time is right within
#: about a block. With 5 ms the heard times came in steps of 4.6 ms and were up to 4 ms *before* the client had sent its
#: first audio (the same runs, Benchmarks/first_send.c); with 1 ms they agree with the send stamp within 1 ms.
FIRST_SOUND_RECORDER_MS = 1
ENVELOPE_ALLOWANCE = 22  # samples (1 ms): a tone's envelope may start at zero for a few samples
RSS_GROWTH_ALLOWED_MIB = 1.0
#: Measure 7 (issue 29): every history command streams. Sizes, runs per figure (after a warm-up) and targets at the largest.
HISTORY_SIZES = (100_000, 2_000_000)
HISTORY_RUNS = 3
HISTORY_RSS_TARGET_MIB = 32.0
HISTORY_HEAD_TARGET_S = 1.0
DRIFT_FLOOR_MS_PER_MIN = 0.05
REPORT_AGREEMENT_MS = 1.0
TIME = "/usr/bin/time"
SCRIPTS = HERE.parent / "scripts"
SERVER_SCRIPTS = {"pulseaudio": SCRIPTS / "with-pulse.sh", "pipewire": SCRIPTS / "with-pipewire.sh"}
SERVER_NAMES = {"pulseaudio": "PulseAudio", "pipewire": "PipeWire"}
#: The processes that make up each sound server, found by name and by their XDG_RUNTIME_DIR.
SERVER_PROCESSES = {"pulseaudio": ("pulseaudio",), "pipewire": ("pipewire", "pipewire-pulse", "wireplumber")}
#: parec's requested latency for the live recordings: larger than any stream of ours asks for, so the sink's period (and
#: PipeWire's quantum) is the one our stream causes, not the recorder's. Timing comes from sample positions, not arrivals.
RECORDER_LATENCY_MS = 200
IDLE_SECONDS = 20
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: Targets (issue 13).
CPU_TARGET_PERCENT = 0.15
RSS_TARGETS_MIB = {"live": 12.0, "first": 14.0, "repeat": 12.0, "no-audio": 11.0, "version": 10.0}
#: The xrun check: (runs, session minutes); `--full` is the issue's 5 runs of 2 minutes, `make bench` a shorter one.
XRUNS_QUICK = (2, 0.25)  # 0.25 min of box: 1 cycle, 22 s per run
XRUNS_FULL = (5, 2.0)
#: A short session with all four phrases: 3 s lead-in, 1 s per phase, 3 s closing (10 s).
SHORT_SESSION = ["--inhale", "1", "--hold", "1", "--exhale", "1", "--rest", "1", "--cycles", "1"]


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
    floor: str = ""  # a peak-RSS target: the floor (an empty Swift program, FLOOR_SOURCES) shown beside it


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
    server: str = "pulseaudio"
    peer: "PeerServer | None" = None
    xruns: tuple[int, float] = XRUNS_QUICK
    venv: Path | None = None  # breathe-cli's venv; default: .build/bench-venv beside the binary's build
    floors: dict[str, dict] | None = None  # build_floors' figures, built once per part and shared between measures
    floor_programs: dict[str, Path] = field(default_factory=dict)  # the floors' executables

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


def run_measured(cmd, env, *, name: str, work: Path, timeout: float, use_pty: bool = False, on_start=None,
                 discard_stdout: bool = False) -> Run:
    """Runs `cmd` to its end (killing it after `timeout` s), stdout and stderr to files named after `name` (stdout to
    /dev/null with `discard_stdout`: gigabytes of export would only measure the disk).

    The command runs under /usr/bin/time, which reports its peak RSS: a child forked from this (large) Python process
    would carry Python's high-water mark through exec into ru_maxrss. CPU comes from wait4 (all descendants reaped).
    """
    stdout_path, stderr_path = (Path(os.devnull) if discard_stdout else work / f"{name}.out"), work / f"{name}.err"
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
    return Run(proc.returncode, wall, usage.ru_utime + usage.ru_stime, maxrss, None if discard_stdout else stdout_path, stderr_path)


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
        self.proc = subprocess.Popen(parec_command(self.sink, RECORDER_LATENCY_MS), stdout=self.handle, stderr=subprocess.DEVNULL, env=self.env)
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
    """parec in small chunks (1 ms), each chunk's arrival stamped on the monotonic clock.

    A sample's time is its index over the rate plus the clock offset, the smallest (arrival − samples so far / rate)
    seen: scheduling can only delay an arrival, so the minimum is the best estimate of when samples leave the monitor.
    Chunks are kept as they come and scanned once each, so waiting costs little CPU beside the measured command.
    """

    def __init__(self, sink: str, env):
        self.proc = subprocess.Popen(parec_command(sink, FIRST_SOUND_RECORDER_MS), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
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


# MARK: sound servers: their processes, their CPU, a second PulseAudio for the peers


def server_pids(kind: str, runtime_dir: str | None) -> dict[int, str]:
    """The sound server's processes ({pid: name}): by name, and by XDG_RUNTIME_DIR, so only our private server counts."""
    names, found = SERVER_PROCESSES[kind], {}
    if not runtime_dir:
        return found
    wanted = f"XDG_RUNTIME_DIR={runtime_dir}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name = (entry / "comm").read_text().strip()
            if name in names and wanted in (entry / "environ").read_bytes().split(b"\0"):
                found[int(entry.name)] = name
        except OSError:
            continue
    return found


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU of a process (all its threads) from /proc/<pid>/stat, in seconds (clock-tick resolution)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime: fields 14 and 15 of stat(5)


class ServerWindow:
    """The sound server's CPU over a window: /proc/<pid>/stat of each of its processes at the start and at the end."""

    def __init__(self, pids: dict[int, str]):
        self.pids = pids
        self.start_cpu = {pid: cpu_seconds(pid) for pid in pids}
        self.start = time.monotonic()
        self.result: dict | None = None

    def stop(self) -> dict:
        wall = time.monotonic() - self.start
        per_process: dict[str, float] = {}
        for pid, name in self.pids.items():
            before, after = self.start_cpu.get(pid), cpu_seconds(pid)
            if before is None or after is None:
                return {"error": f"{name} ({pid}) ended during the window"}
            per_process[name] = per_process.get(name, 0.0) + after - before
        cpu = sum(per_process.values())
        self.result = {"wall_s": wall, "cpu_s": cpu, "percent": 100 * cpu / wall, "per_process_cpu_s": per_process,
                       "pids": {str(k): v for k, v in self.pids.items()}}
        return self.result


class PeerServer:
    """A second private PulseAudio (scripts/with-pulse.sh) for the peers, so the server that plays breathe-voice serves
    nothing else and its CPU over our session is ours alone. It lives as long as its stdin stays open."""

    def __init__(self, work: Path):
        self.info = work / "peer-server.txt"
        command = 'printf "%s\\n%s\\n" "$PULSE_SERVER" "$XDG_RUNTIME_DIR" > "$1"; exec cat > /dev/null'
        self.proc = subprocess.Popen([str(SERVER_SCRIPTS["pulseaudio"]), "sh", "-c", command, "sh", str(self.info)],
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.pulse_server = self.runtime_dir = None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and self.proc.poll() is None:
            lines = self.info.read_text().splitlines() if self.info.exists() else []
            if len(lines) == 2:
                self.pulse_server, self.runtime_dir = lines
                break
            time.sleep(0.1)

    @property
    def ok(self) -> bool:
        return bool(self.pulse_server) and command_output(["pactl", "info"], dict(os.environ, PULSE_SERVER=self.pulse_server))[0] == 0

    def pids(self) -> dict[int, str]:
        return server_pids("pulseaudio", self.runtime_dir)

    def stop(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main_server_pids(bench: Bench) -> dict[int, str]:
    return server_pids(bench.server, os.environ.get("XDG_RUNTIME_DIR"))


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
    venv = bench.venv or bench.binary.resolve().parent.parent / "bench-venv"
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
    server_pids: dict[int, str] = field(default_factory=dict)  # the server it plays on, whose CPU is taken over its run
    run: Run | None = None
    recording: np.ndarray | None = None
    server_cpu: dict | None = None
    error: str | None = None


def record_live(bench: Bench, live: Live) -> None:
    env = dict(bench.env, PULSE_SINK=live.sink, **live.env_extra)
    recorder = FileRecorder(live.sink, bench.work / f"{live.name}.raw", env)
    try:
        recorder.start()
        window = ServerWindow(live.server_pids) if live.server_pids else None
        live.run = run_measured(live.cmd, env, name=live.name, work=bench.work, timeout=live.timeout, use_pty=live.use_pty)
        if window:
            live.server_cpu = window.stop()
        live.recording = recorder.stop()
    except Exception as error:  # noqa: BLE001 - recorded as the cell's reason
        live.error = str(error)[:100]
        if recorder.proc and recorder.proc.poll() is None:
            recorder.proc.kill()


def measure_idle(bench: Bench, servers: dict[str, tuple[dict[int, str], dict[str, str]]]) -> dict:
    """Each server's CPU over IDLE_SECONDS with only the recorder (parec on `test`'s monitor) as a client: the same
    conditions as a live session, less the session. Both servers (ours, the peers') in the same window."""
    recorders, windows, result = {}, {}, {}
    try:
        for label, (pids, env) in servers.items():
            if not pids:
                result[label] = {"error": "no server process found"}
                continue
            recorders[label] = FileRecorder("test", bench.work / f"idle-{label}.raw", env)
            recorders[label].start()
        for label in recorders:
            windows[label] = ServerWindow(servers[label][0])
        time.sleep(IDLE_SECONDS)
        for label, window in windows.items():
            result[label] = window.stop()
    except Exception as error:  # noqa: BLE001 - recorded as the cell's reason
        for label in servers:
            result.setdefault(label, {"error": str(error)[:100]})
    finally:
        for recorder in recorders.values():
            if recorder.proc and recorder.proc.poll() is None:
                recorder.stop()
    return result


def warm_cache(bench: Bench, cmd: list[str]) -> dict:
    """Renders a live command's session to a file first, so its phrases are cached when it plays (issue 13: the live
    figures are a repeat session's; the first run's memory is measured apart)."""
    skip = {"--require-audio", "--timing-report"}
    render = [c for c in cmd if c not in skip] + ["--output", str(bench.work / "warm-up.wav")]
    run = run_measured(render, bench.env, name="warm-up", work=bench.work, timeout=300)
    return {"cmd": render, "code": run.code, "wall_s": run.wall}


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
    where = SERVER_NAMES[bench.server]
    pipewire = bench.server == "pipewire"
    sessions: dict[str, Live] = {}
    bv_reason = None if bench.caps["pulse"] else NO_PULSE
    ours = main_server_pids(bench)
    patterns = ("box",) if pipewire else ("box", "resonant")
    for pattern in patterns:
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
            timeout=total / RATE + 60, server_pids=ours,
        )
    cli_script, cli_version, peer_reason = None, "", None
    if not pipewire:  # the peers play on a second private PulseAudio, on its own null sink `test`
        peer = bench.peer
        peer_reason = None if peer and peer.ok else "the second PulseAudio server for the peers did not start"
        peer_env = {"PULSE_SERVER": peer.pulse_server} if peer and peer.pulse_server else {}
        peer_pids = peer.pids() if peer and not peer_reason else {}
        loop_iterations = max(1, round(minutes * 60 / 8))
        sessions["loop"] = Live("live-shell-loop", shell_loop(loop_iterations), "test", [4.0 * i for i in range(2 * loop_iterations)],
                                timeout=minutes * 60 * 2 + 60, env_extra=dict(peer_env), server_pids=peer_pids)
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
                "test", [5.0 * i for i in range(2 * breaths)], use_pty=True, timeout=cli_minutes * 60 + 60,
                env_extra={"BREATHE_SOUND_PLAYER": "paplay", "BREATHE_SOUND_INHALE": str(wavs / "inhale.wav"),
                           "BREATHE_SOUND_EXHALE": str(wavs / "exhale.wav"), "TERM": "xterm-256color", **peer_env},
                server_pids=peer_pids,
            )
    idle: dict = {}
    if bench.caps["pulse"]:
        if bench.caps["audio"]:
            bench.raw.setdefault("warm_up", {})[bench.server] = [warm_cache(bench, sessions[f"bv-{p}"].cmd) for p in patterns]
        idle_servers = {"ours": (ours, bench.env)}
        if not pipewire and not peer_reason:
            idle_servers["peers"] = (peer_pids, dict(bench.env, PULSE_SERVER=bench.peer.pulse_server))
        bench.log(f"idle: {', '.join(idle_servers)} for {IDLE_SECONDS} s")
        idle = measure_idle(bench, idle_servers)
        if pipewire:
            groups = [["bv-box"]]
        else:
            groups = [["bv-box"], ["loop"], ["bv-resonant"], ["cli"]] if bench.serial else [["bv-box", "loop"], ["bv-resonant", "cli"]]
        for group in groups:
            todo = [sessions[k] for k in group if k in sessions and not (k in ("loop", "cli") and peer_reason)]
            bench.log("live: " + " ‖ ".join(f"{s.name} ({' '.join(Path(c).name if i == 0 else c for i, c in enumerate(s.cmd))[:70]})" for s in todo))
            threads = [threading.Thread(target=record_live, args=(bench, s)) for s in todo]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()

    summaries = {key: analyse_live(s) if bench.caps["pulse"] and not (key in ("loop", "cli") and peer_reason) else None for key, s in sessions.items()}
    bench.raw["live"] = {
        key: {"cmd": s.cmd, "sink": s.sink, "server": "peers" if key in ("loop", "cli") else "ours", "planned_s": s.planned_s,
              "analysis": summaries[key], "server_cpu": s.server_cpu,
              "run": None if s.run is None else {"code": s.run.code, "wall_s": s.run.wall, "cpu_s": s.run.cpu, "maxrss_kib": s.run.maxrss_kib}}
        for key, s in sessions.items()
    }
    bench.raw["idle"] = idle
    cli_na = (None if cli_script else cli_version) if not pipewire else None
    peers_here = {"shell loop": "loop", "breathe-cli": "cli"} if not pipewire else {}
    no_peer = Cell(f"— (peers: {SERVER_NAMES['pulseaudio']} rows)") if pipewire else None

    for pattern in patterns:
        key = f"bv-{pattern}"
        reason = bv_reason or (None if bench.caps["audio"] else NO_AUDIO)
        bv = timing_cells(summaries[key], reason)
        if pipewire:
            label = f"box, {minutes:g} min, {where}"
            others = {"shell loop": no_peer, "breathe-cli": no_peer}
            peer, peer_column = None, None
        else:
            peer_key, peer_column = ("loop", "shell loop") if pattern == "box" else ("cli", "breathe-cli")
            other_column = "breathe-cli" if pattern == "box" else "shell loop"
            peer = timing_cells(summaries.get(peer_key), bv_reason or peer_reason or (cli_na if peer_key == "cli" else None))
            label = {"box": f"box, {minutes:g} min, {where} (shell loop: 4 s in/out)",
                     "resonant": f"resonant 5.5-5.5, {minutes:g} min, {where} (breathe-cli: 5-5)"}[pattern]
            others = {other_column: Cell("— (see the " + ("resonant" if pattern == "box" else "box") + " rows)")}
        summary = summaries[key]
        ok = summary and "error" not in summary and summary.get("max_abs_error_ms") is not None and not reason
        for metric, title, target, check in (
            ("max", "max abs error", "≤ 2 ms", lambda s: s["max_abs_error_ms"] <= 2),
            ("median", "median abs error", "≤ 1 ms", lambda s: s["median_abs_error_ms"] <= 1),
            ("drift", "drift (LSQ slope ± s.e.)", f"none measurable (\\|slope\\| ≤ max({DRIFT_FLOOR_MS_PER_MIN}, 2 s.e.))", drift_met),
        ):
            met = verdict(bool(check(summary)) if ok else None, reason or "no cue heard")
            cells = {"breathe-voice": bv[metric], **others, "paplay": DASH, "espeak-ng": DASH}
            if peer:
                cells[peer_column] = peer[metric]
            bench.rows.append(Row(f"1. cue timing, {label}: {title}", cells, target, met))
        all_heard = summary and "error" not in summary and summary["cues_matched"] == summary["cues_planned"] and not reason
        cells = {"breathe-voice": bv["matched"], **others, "paplay": DASH, "espeak-ng": DASH}
        if peer:
            cells[peer_column] = peer["matched"]
        bench.rows.append(Row(f"1. cue timing, {label}: toned cues found", cells,
                              "all", verdict(bool(all_heard) if summary and not reason else None, reason or "no recording")))

    report_title = f"1. --timing-report (box, {where}) against the recording, relative to the first cue"
    if bench.caps["timing_report"] and summaries.get("bv-box") and sessions["bv-box"].run:
        bench.rows.append(timing_report_row(sessions["bv-box"], summaries["bv-box"], report_title))
    else:
        why = "no --timing-report yet" if not bench.caps["timing_report"] else "no live run"
        bench.rows.append(Row(report_title, {"breathe-voice": Cell.na(why)}, f"agrees within {REPORT_AGREEMENT_MS:g} ms per cue", f"n/a ({why})"))

    # Measure 3 comes from the same runs.
    for metric in ("cpu", "rss"):
        cells: dict[str, Cell] = {"paplay": DASH, "espeak-ng": DASH}
        if pipewire:
            cells.update({"shell loop": no_peer, "breathe-cli": no_peer})
        figures = {}
        for key, column in (("bv-box", "breathe-voice"), *((k, c) for c, k in peers_here.items())):
            live = sessions.get(key)
            if live is None:
                cells[column] = Cell.na(cli_na or "not run")
                continue
            if live.run is None:
                cells[column] = Cell.na(bv_reason or (peer_reason if key in ("loop", "cli") else None) or live.error or "not run")
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
            met = verdict(None if bv_value is None or text_only else bv_value <= CPU_TARGET_PERCENT, NO_AUDIO if text_only else "no figure")
            bench.rows.append(Row(f"3. CPU of a {minutes:g}-minute live session, {where} (box; user+sys incl. children / wall)", cells,
                                  f"≤ {CPU_TARGET_PERCENT:g} % of one core", met))
        else:
            target = RSS_TARGETS_MIB["live"]
            met = verdict(None if bv_value is None or text_only else bv_value <= target, NO_AUDIO if text_only else "no figure")
            bench.rows.append(Row(f"3. peak RSS of a {minutes:g}-minute live session, {where} (box, phrases cached; /usr/bin/time %M, children included)",
                                  cells, f"≤ {target:g} MiB", met, floor="libpulse"))

    # The server's own CPU over the same window as each session, against its idle window.
    cells = {"paplay": DASH, "espeak-ng": DASH}
    if pipewire:
        cells.update({"shell loop": no_peer, "breathe-cli": no_peer})
    for key, column in (("bv-box", "breathe-voice"), *((k, c) for c, k in peers_here.items())):
        live = sessions.get(key)
        base = idle.get("peers" if key in ("loop", "cli") else "ours")
        if live is None or live.server_cpu is None:
            cells[column] = Cell.na(bv_reason or (peer_reason if key in ("loop", "cli") else None) or (live.error if live else None) or cli_na or "not run")
        elif "error" in live.server_cpu:
            cells[column] = Cell.na(live.server_cpu["error"])
        elif not base or "error" in base:
            cells[column] = Cell.na((base or {}).get("error", "no idle window"))
        else:
            during, quiet = live.server_cpu["percent"], base["percent"]
            parts = ""
            if len(live.server_cpu["per_process_cpu_s"]) > 1:
                parts = "; " + ", ".join(f"{name} {100 * cpu / live.server_cpu['wall_s']:.3f} %" for name, cpu in sorted(live.server_cpu["per_process_cpu_s"].items()))
            tick = 100 / CLOCK_TICKS  # one clock tick, as a share of one core over each window
            cells[column] = Cell(f"{during:.3f} % during (± {tick / live.server_cpu['wall_s']:.3f}), {quiet:.3f} % idle "
                                 f"(± {tick / base['wall_s']:.3f}): {during - quiet:+.3f} %{parts}", during - quiet)
    processes = " + ".join(SERVER_PROCESSES[bench.server])
    bench.rows.append(Row(f"3. {where}'s own CPU during the {minutes:g}-minute box session vs idle ({processes}; /proc/<pid>/stat, "
                          f"{1000 / CLOCK_TICKS:.0f} ms ticks; idle: {IDLE_SECONDS} s, recorder only)", cells, "— (reported)", "—"))


def timing_report_row(live: Live, summary: dict, title: str) -> Row:
    """Checks --timing-report against the recording.

    The report's rows ("…, planned at 7.0 s: 12 ms late.") give each cue's lateness; taken relative to the first cue,
    as the recording's errors are, the two should agree. Without rows, its summary ("at most X ms late, median Y ms")
    is shown beside the recording's figures.
    """
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
    if bench.caps["pulse"]:
        build_floors(bench)  # before the recorder starts: the libpulse floor's callgrind run plays on the same sink
    floor = bench.floor_programs.get("libpulse")
    line_floor = bench.floor_programs.get("command line")
    # "floor": the live floor program (ArgumentParser, libpulse, a 440 Hz tone at a quarter of full scale from its
    # second sample): what any Swift program built like ours needs from exec to sound. "command-line floor": the same
    # tone after ArgumentParser has parsed breathe-voice's own command line (connecting meanwhile): what any program
    # with this command line needs. Their own cells, in the target's.
    commands: dict[str, list[str]] = {
        "breathe-voice": [str(bench.binary), *first_sound_arguments(bench)],
        "paplay": ["paplay", str(short)],
        "espeak-ng": ["espeak-ng", "Breathe in"],
        "floor": [str(floor)] if floor else [],
        "command-line floor": [str(line_floor), *first_sound_arguments(bench)] if line_floor else [],
    }
    reasons: dict[str, str] = {}
    if not bench.caps["pulse"]:
        reasons = {name: NO_PULSE for name in commands}
    else:
        if not bench.caps["audio"]:
            reasons["breathe-voice"] = NO_AUDIO
        if not floor:
            reasons["floor"] = "floor not built: " + (bench.floors or {}).get("libpulse", {}).get("error", "no figure")
        if not line_floor:
            reasons["command-line floor"] = ("floor not built: " +
                                             (bench.floors or {}).get("command line", {}).get("error", "no figure"))
    shim, shim_error = build_first_send_shim(bench)
    heard: dict[str, list[float]] = {name: [] for name in commands}
    sent: dict[str, list[float]] = {name: [] for name in commands}
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
                    result = first_sound_once(bench, recorder, cmd, shim)
                    if isinstance(result, str):
                        failures[name] = result
                    elif attempt > 0:
                        heard[name].append(result[0])
                        if result[1] is not None:
                            sent[name].append(result[1])
        finally:
            recorder.stop()
    bench.raw["first_sound"] = {"runs_s": heard, "sent_s": sent, "failures": failures, "threshold": FIRST_SOUND_THRESHOLD,
                                "recorder_latency_ms": FIRST_SOUND_RECORDER_MS}
    cells: dict[str, Cell] = {"shell loop": DASH, "breathe-cli": DASH}
    medians: dict[str, float] = {}
    for name in commands:
        if name in reasons:
            cells[name] = Cell.na(reasons[name])
        elif name in failures:
            cells[name] = Cell.na(failures[name])
        else:
            medians[name] = statistics.median(heard[name])
            spread = f"{min(heard[name]) * 1000:.1f}–{max(heard[name]) * 1000:.1f}"
            cells[name] = Cell(f"{medians[name] * 1000:.1f} ms ({spread})", medians[name])
    paplay = medians.get("paplay")
    target = "≤ 1.3 × paplay" + (f" = {paplay * 1300:.1f} ms" if paplay else "")
    target += (f" (floor, ArgumentParser + libpulse playing a tone{floor_notes((bench.floors or {}).get('libpulse', {}))}: "
               f"{cells['floor'].text}; floor for this command line, ArgumentParser parsing breathe-voice's own "
               f"arguments, connecting meanwhile, then the tone{floor_notes((bench.floors or {}).get('command line', {}))}: "
               f"{cells['command-line floor'].text})")
    bv = medians.get("breathe-voice")
    met = verdict(None if bv is None or paplay is None else bv <= 1.3 * paplay,
                  reasons.get("breathe-voice") or failures.get("breathe-voice") or "no paplay figure")
    line = medians.get("command-line floor")
    if met == verdict(False) and line is not None and paplay is not None and line > 1.3 * paplay:
        # The target is below what parsing this command line alone costs: the floor stops it, and the row says by how
        # much breathe-voice is above that floor.
        # Paired by round (the two run one after the other in every round), which cancels most of the machine's drift.
        gaps = sorted((ours - floor) * 1000 for ours, floor in zip(heard["breathe-voice"], heard["command-line floor"]))
        met += (f" (stopped by the command-line floor, {line * 1000:.1f} ms; breathe-voice − that floor, round by round: "
                f"median {statistics.median(gaps):+.1f} ms, {gaps[0]:+.1f}…{gaps[-1]:+.1f})")
    bench.rows.append(Row(f"2. exec to first audible sample (recorder latency {FIRST_SOUND_RECORDER_MS} ms; median of "
                          f"{FIRST_SOUND_RUNS} after a warm-up; min–max)", cells, target, met))
    if "breathe-voice" not in reasons and "breathe-voice" not in failures:
        first_send_row(bench, {name: sent[name] for name in commands if name not in reasons and name not in failures
                               and name != "espeak-ng"}, heard, shim_error)
        measure_startup_instructions(bench, commands["breathe-voice"], floor, commands["command-line floor"])


def build_first_send_shim(bench: Bench) -> tuple[Path | None, str]:
    """Benchmarks/first_send.c compiled for preloading, or None and why not."""
    shim = bench.work / "first_send.so"
    compiler = shutil.which("cc") or shutil.which("clang")
    code, text = (command_output([compiler, "-shared", "-fPIC", "-O2", "-o", str(shim), str(HERE / "first_send.c"), "-ldl"])
                  if compiler else (-1, "no C compiler"))
    return (shim, "") if code == 0 else (None, f"shim not built: {text.strip()[:60]}")


def first_send_row(bench: Bench, sent: dict[str, list[float]], heard: dict[str, list[float]], shim_error: str) -> None:
    """Exec to the first audio each client sent, stamped on the client's side by Benchmarks/first_send.c (preloaded) in
    the same runs as the heard times, and how the two clocks compare run by run: a heard time before its run's send
    would be a recorder clock running early."""
    title = (f"2. exec to the first audio sent to the server (client side, the same runs: a preloaded shim stamps the "
             f"first send of ≥ 1 KiB on a socket; median of {FIRST_SOUND_RUNS}; heard − sent per run)")
    if shim_error:
        bench.rows.append(Row(title, {"breathe-voice": Cell.na(shim_error)}, "— (evidence)", "—"))
        return
    cells: dict[str, Cell] = {"shell loop": DASH, "breathe-cli": DASH, "espeak-ng": DASH}
    for name, runs in sent.items():
        if len(runs) != len(heard.get(name, [])) or not runs:
            cells[name] = Cell.na("nothing sent" if not runs else "a run sent nothing")
            continue
        median = statistics.median(runs)
        gaps = [(h - s) * 1000 for h, s in zip(heard[name], runs)]
        cells[name] = Cell(f"{median * 1000:.1f} ms ({min(runs) * 1000:.1f}–{max(runs) * 1000:.1f}; heard − sent "
                           f"{min(gaps):+.1f}…{max(gaps):+.1f} ms)", median)
    floor_cell, line_cell = cells.pop("floor", None), cells.pop("command-line floor", None)
    target = ("— (evidence" + (f"; floor, the same program as the first-sound floor: {floor_cell.text}" if floor_cell else "")
              + (f"; command-line floor: {line_cell.text}" if line_cell else "") + ")")
    bench.rows.append(Row(title, cells, target, "— (evidence)"))


def measure_startup_instructions(bench: Bench, command: list[str], floor: Path | None, line_floor: list[str]) -> None:
    """Where the time before the first sound goes, in instructions (the same on every machine): breathe-voice's main
    thread from exec to its first write to the server (phrases cached by the runs above), the live floor's and the
    command-line floor's (`line_floor`, its command; empty when it was not built)."""
    profiles = {"breathe-voice": startup_profile.run("pa_stream_write", command, bench.env)}
    profiles["floor"] = (startup_profile.run("pa_simple_write", [str(floor)], bench.env) if floor
                         else {"error": "floor not built"})
    profiles["command-line floor"] = (startup_profile.run("pa_simple_write", line_floor, bench.env) if line_floor
                                      else {"error": "floor not built"})
    bench.raw["startup_instructions"] = profiles

    def text(profile: dict) -> str:
        if "error" in profile:
            return f"n/a ({profile['error']})"
        parts = ", ".join(f"{name} {cost / 1e6:.1f} M" for name, cost in profile["parts"].items())
        return f"{profile['total'] / 1e6:.1f} M ({parts})"

    ours, theirs, line = profiles["breathe-voice"], profiles["floor"], profiles["command-line floor"]
    cell = Cell(text(ours), ours.get("total")) if "error" not in ours else Cell.na(ours["error"])
    bench.rows.append(Row(
        "2. instructions on the main thread from exec to the first write to the sound server (callgrind; the "
        "connection is made on a second thread meanwhile)",
        {"breathe-voice": cell}, f"— (floor, the same program as above, connecting on its main thread: {text(theirs)}; "
                                 f"command-line floor, connecting on a second thread: {text(line)})",
        "— (evidence)"))


def first_sound_once(bench: Bench, recorder: ChunkRecorder, cmd: list[str], shim: Path | None) -> tuple[float, float | None] | str:
    """Seconds from exec to the first sample at or above the threshold, and to the first audio the client sent (None
    without the shim, or when nothing was stamped), or the reason there is none."""
    if not recorder.wait_for_silence():
        return "the sink never fell silent"
    stamp = bench.work / "first-send.txt"
    stamp.unlink(missing_ok=True)
    env = dict(bench.env, LD_PRELOAD=str(shim), BREATHE_BENCH_FIRST_SEND=str(stamp)) if shim else bench.env
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, start_new_session=True)
    from_sample = recorder.sample_at(start)
    hit = recorder.first_above(from_sample, FIRST_SOUND_THRESHOLD, 8)
    if proc.poll() is None and hit is not None and cmd[0] in (str(bench.binary), *map(str, bench.floor_programs.values())):
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
    try:
        sent = float(stamp.read_text().strip()) - start
    except (OSError, ValueError):  # no shim, or the client sent nothing of 1 KiB (espeak-ng plays through ALSA's pulse plugin)
        sent = None
    return recorder.time_of(hit) - start, sent


# MARK: measure 3: peak memory, first run and repeat, text only, --version, and the floors


#: libpulse-simple opened with dlopen as the binary does (pa_simple, the shortest client): `connect` opens a stream of
#: 16-bit mono samples at 22 050 Hz on the default sink, `play(on:)` writes samples to it and drains them, and `play`
#: does both. Shared by the live, first-run and command-line floors.
FLOOR_PULSE = (
    "struct SampleSpec { var format: Int32; var rate: UInt32; var channels: UInt8 }\n"
    "typealias New = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, "
    "UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?\n"
    "typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int32>?) -> Int32\n"
    "typealias Drain = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32\n"
    "typealias Free = @convention(c) (OpaquePointer?) -> Void\n"
    "enum PulseSimple { nonisolated(unsafe) static let library = dlopen(\"libpulse-simple.so.0\", RTLD_NOW | RTLD_LOCAL) }  // opened on first use\n"
    "func connect() -> OpaquePointer? {\n"
    "    guard let pulseSimple = PulseSimple.library else { return nil }\n"
    "    let new = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_new\"), to: New.self)\n"
    "    var spec = SampleSpec(format: 3, rate: 22_050, channels: 1)  // PA_SAMPLE_S16LE, mono\n"
    "    var error: Int32 = 0\n"
    "    return withUnsafePointer(to: &spec) { new(nil, \"floor\", 1, nil, \"tone\", $0, nil, nil, &error) }\n"
    "}\n"
    "func play(on stream: OpaquePointer?, _ samples: () -> [Int16]) throws {\n"
    "    guard let pulseSimple = PulseSimple.library, let stream else { throw ExitCode(69) }\n"
    "    let write = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_write\"), to: Write.self)\n"
    "    let drain = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_drain\"), to: Drain.self)\n"
    "    let free = unsafeBitCast(dlsym(pulseSimple, \"pa_simple_free\"), to: Free.self)\n"
    "    var error: Int32 = 0\n"
    "    guard samples().withUnsafeBytes({ write(stream, $0.baseAddress, $0.count, &error) }) == 0, drain(stream, &error) == 0\n"
    "    else { throw ExitCode(69) }\n"
    "    free(stream)\n"
    "}\n"
    "func play(_ samples: () -> [Int16]) throws { try play(on: connect(), samples) }\n"
)
FLOOR_SOURCES = {
    "FoundationEssentials": "import FoundationEssentials\nlet now = Date()\nif CommandLine.arguments.count > 5 { print(now) }\n",
    "ArgumentParser": ("import FoundationEssentials\nimport ArgumentParser\n"
                       "struct Empty: ParsableCommand {\n    static let configuration = CommandConfiguration(commandName: \"empty\", version: \"0\")\n"
                       "    func run() {}\n}\nEmpty.main()\n"),
    # The floor of a live session: ArgumentParser, and 0.5 s of a 440 Hz tone (a quarter of full scale from its second
    # sample: audible at once, the first-sound floor too) played and drained on the bench's sound server.
    "libpulse": ("import FoundationEssentials\nimport ArgumentParser\nimport Glibc\n" + FLOOR_PULSE +
                 "struct Live: ParsableCommand {\n    static let configuration = CommandConfiguration(commandName: \"live\", version: \"0\")\n"
                 "    func run() throws {\n"
                 "        try play { (0..<11_025).map { Int16(8000 * sin(Double($0) * 2 * Double.pi * 440 / 22_050)) } }\n"
                 "    }\n}\nLive.main()\n"),
    # The floor of a first run: the live floor, and eSpeak NG opened with dlopen as the binary does (synchronous mode,
    # its samples collected by the synthesis callback) saying "Breathe in", played and drained. The signatures are
    # <espeak-ng/speak_lib.h>'s, spelt without its header (AUDIO_OUTPUT_SYNCHRONOUS = 2, POS_CHARACTER = 1,
    # espeakCHARS_UTF8 = 1, espeakINITIALIZE_DONT_EXIT = 0x8000, as the binary passes).
    "espeak": ("import FoundationEssentials\nimport ArgumentParser\nimport Glibc\n" + FLOOR_PULSE +
               "typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutableRawPointer?) -> Int32\n"
               "typealias Initialize = @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32\n"
               "typealias SetSynthCallback = @convention(c) (Callback?) -> Void\n"
               "typealias SetVoiceByName = @convention(c) (UnsafePointer<CChar>?) -> Int32\n"
               "typealias Synth = @convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32, "
               "UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32\n"
               "enum Phrase { nonisolated(unsafe) static var samples: [Int16] = [] }\n"
               "struct FirstRun: ParsableCommand {\n    static let configuration = CommandConfiguration(commandName: \"first-run\", version: \"0\")\n"
               "    func run() throws {\n"
               "        guard let library = dlopen(\"libespeak-ng.so.1\", RTLD_NOW | RTLD_LOCAL) else { throw ExitCode(69) }\n"
               "        let initialize = unsafeBitCast(dlsym(library, \"espeak_Initialize\"), to: Initialize.self)\n"
               "        let setSynthCallback = unsafeBitCast(dlsym(library, \"espeak_SetSynthCallback\"), to: SetSynthCallback.self)\n"
               "        let setVoiceByName = unsafeBitCast(dlsym(library, \"espeak_SetVoiceByName\"), to: SetVoiceByName.self)\n"
               "        let synth = unsafeBitCast(dlsym(library, \"espeak_Synth\"), to: Synth.self)\n"
               "        guard initialize(2, 0, nil, 0x8000) == 22_050, setVoiceByName(\"en\") == 0 else { throw ExitCode(69) }\n"
               "        setSynthCallback { wave, count, _ in\n"
               "            if let wave, count > 0 { Phrase.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count))) }\n"
               "            return 0\n"
               "        }\n"
               "        guard \"Breathe in\".withCString({ synth($0, strlen($0) + 1, 0, 1, 0, 1, nil, nil) }) == 0, !Phrase.samples.isEmpty\n"
               "        else { throw ExitCode(69) }\n"
               "        try play { Phrase.samples }\n"
               "    }\n}\nFirstRun.main()\n"),
    # The floor of first sound for breathe-voice's own command line: the program's command types parsed by
    # ArgumentParser exactly as the binary's Entry parses them (`BreatheVoice.parseAsRoot`, the objects of the binary's
    # own build: validation included, the command not run), with the connection made on a second thread meanwhile, as
    # the binary makes it; then the live floor's tone. What any program with this command line must do before a sound.
    "command line": ("import ArgumentParser\nimport BreatheVoiceCLI\nimport Glibc\n" + FLOOR_PULSE +
                     "nonisolated(unsafe) var connected: OpaquePointer? = nil\n"
                     "var thread = pthread_t()\n"
                     "guard pthread_create(&thread, nil, { _ in connected = connect(); return nil }, nil) == 0 else { exit(71) }\n"
                     "do { _ = try BreatheVoice.parseAsRoot(Array(CommandLine.arguments.dropFirst())) } catch { exit(64) }\n"
                     "pthread_join(thread, nil)\n"
                     "do { try play(on: connected) { (0..<11_025).map { Int16(8000 * sin(Double($0) * 2 * Double.pi * 440 / 22_050)) } } }\n"
                     "catch { exit(69) }\n"),
}
FLOOR_NAMES = {"FoundationEssentials": "empty program", "ArgumentParser": "+ ArgumentParser parsing `--version`",
               "libpulse": "+ ArgumentParser, libpulse playing 0.5 s (live floor)",
               "espeak": "+ ArgumentParser, eSpeak NG saying \"Breathe in\", played through libpulse (first-run floor)",
               "command line": "+ ArgumentParser parsing breathe-voice's own command line, libpulse playing 0.5 s"}
#: The first-sound run's arguments (measure_first_sound), given to breathe-voice and to the command-line floor alike.
FIRST_SOUND_ARGUMENTS = ["--pattern", "box", "--cycles", "1"]
FLOOR_ARGUMENTS = {"ArgumentParser": ["--version"]}
#: The floors only measure 2 uses (no peak-RSS runs).
FIRST_SOUND_FLOORS = {"command line"}
#: The floors that link the program's own modules (their objects from the binary's build), with their header-only
#: system-library modules (Sources/<name>/module.modulemap) and the package's name, as SwiftPM compiled them.
FLOOR_OWN_MODULES = {"command line": ["BreatheVoiceCLI", "BreatheVoiceKit", "BreatheCore"]}
SYSTEM_MODULES = ["CEspeakNG", "CPulseAudio", "CSpeechd"]
#: The release binary's link (the Makefile's RELEASE_FLAGS): lld, packed relative relocations, identical code folding,
#: no exported symbols.
FLOOR_LINK = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--icf=safe",
              "-Xlinker", "--no-export-dynamic"]
FLOOR_COMPILE = ["-O"]


def build_floors(bench: Bench) -> dict[str, dict]:
    """Empty Swift programs, built here (never committed), whose peak RSS is the floor under our memory targets (see
    FLOOR_SOURCES; the ArgumentParser ones link the objects of the binary's own build, `<build>/ArgumentParser.build/*.o`;
    the libpulse and eSpeak NG ones play on the bench's sound server). Built once per part (the first measure that needs
    them) and shared. Each is built as the release binary is: static Swift runtime (-static-stdlib), FLOOR_COMPILE,
    FLOOR_LINK; when -static-stdlib fails, a dynamic build, and the figure says so. Peak RSS: median of 3 runs; each run
    is sampled by SmapsSampler, and the run with the median sampled peak gives the floor's breakdown by part (`smaps`)."""
    if bench.floors is not None:
        return bench.floors
    bench.log("floors: building the empty Swift programs")
    started = time.monotonic()
    floors: dict[str, dict] = {}
    # Built (compiled and linked) side by side, as many at once as the machine has cores; measured
    # one at a time, on a quiet machine.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        built = dict(zip(FLOOR_SOURCES, pool.map(lambda item: build_floor(bench, *item), FLOOR_SOURCES.items())))
    for name, result in built.items():
        if isinstance(result, str):
            floors[name] = {"error": result}
            continue
        program, args, details = result
        if name in FIRST_SOUND_FLOORS:
            # Bounds no memory row: only its first sound is measured (measure 2).
            floors[name] = details
            bench.floor_programs[name] = program
            continue
        runs, samples = [], []
        for _ in range(3):
            sampler = SmapsSampler()
            runs.append(run_measured([str(program), *args], bench.env, name=f"floor-{name}", work=bench.work, timeout=60, on_start=sampler.on_start))
            samples.append(sampler.result())
        failed = [r for r in runs if r.code != 0]
        if failed:
            floors[name] = {"error": f"exit {failed[0].code}: {failed[0].first_error_line()}"}
            continue
        floors[name] = details | {"maxrss_kib": [r.maxrss_kib for r in runs], "mib": statistics.median(r.maxrss_kib for r in runs) / 1024,
                                  "smaps": median_sample(samples), "smaps_rss_kib": [s.get("rss_kib") for s in samples]}
        bench.floor_programs[name] = program
    bench.floors = floors
    bench.raw["floors"] = floors
    bench.raw["floors_seconds"] = round(time.monotonic() - started, 1)
    summary = ", ".join(f"{n} {f['mib']:.1f} MiB" if "mib" in f else f"{n}: {f.get('error', 'built')}" for n, f in floors.items())
    bench.log(f"floors: {summary} ({time.monotonic() - started:.0f} s)")
    return floors


def build_floor(bench: Bench, name: str, source: str) -> tuple[Path, list[str], dict] | str:
    """One floor of FLOOR_SOURCES compiled and linked (build_floors): the program, its arguments and how it was built,
    or why it could not be."""
    build = bench.binary.parent
    path, obj = bench.work / f"floor-{name}.swift", bench.work / f"floor-{name}.o"
    path.write_text(source)
    include: list[str] = []
    objects: list[str] = []
    if name != "FoundationEssentials":
        found = sorted(build.glob("ArgumentParser.build/*.o")) + sorted(build.glob("ArgumentParserToolInfo.build/*.o"))
        if not found or not (build / "Modules").is_dir():
            return f"no ArgumentParser objects under {build}"
        include, objects = ["-I", str(build / "Modules")], list(map(str, found))
    if name in FLOOR_OWN_MODULES:
        own = [sorted(build.glob(f"{module}.build/*.o")) for module in FLOOR_OWN_MODULES[name]]
        package = package_name(build)
        if not all(own) or package is None:
            return f"no objects of {', '.join(FLOOR_OWN_MODULES[name])} or no package name under {build}"
        objects += [str(o) for module in own for o in module]
        include += ["-package-name", package]
        for module in SYSTEM_MODULES:
            include += ["-I", str(HERE.parent / "Sources" / module)]
    args = first_sound_arguments(bench) if name == "command line" else FLOOR_ARGUMENTS.get(name, [])
    code, text = command_output(["swiftc", *FLOOR_COMPILE, *include, "-c", str(path), "-o", str(obj)], timeout=300)
    if code != 0:
        return f"swiftc failed: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    exe = bench.work / f"floor-{name}"
    linking = "static"
    code, text = command_output(["swiftc", "-static-stdlib", *FLOOR_LINK, str(obj), *objects, "-o", str(exe)], timeout=300)
    if code != 0:
        linking = "dynamic (-static-stdlib failed)"
        code, text = command_output(["swiftc", str(obj), *objects, "-o", str(exe)], timeout=300)
    if code != 0:
        return f"swiftc failed: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    return exe, args, {"linking": linking}


def package_name(build: Path) -> str | None:
    """The name SwiftPM compiled the package's own modules with (`-package-name`, from the build's description,
    `.build/release.yaml` beside `.build/<triple>/release`: the root package's identity, which follows the folder's
    name), or None when there is none."""
    for description in (build.parent / f"{build.name}.yaml", build.parent.parent / f"{build.name}.yaml"):
        try:
            text = description.read_text()
        except OSError:
            continue
        names = [name for name in re.findall(r'-package-name","([^"]+)"', text) if name != "swift_argument_parser"]
        if names:
            return names[0]
    return None


def first_sound_arguments(bench: Bench) -> list[str]:
    """The first-sound runs' arguments: a one-cycle box session, refusing to fall back to text when it can."""
    return FIRST_SOUND_ARGUMENTS + (["--require-audio"] if bench.caps["require_audio"] else [])


def floor_text(floors: dict, name: str) -> str:
    """The floor a row names, as its target cell shows it: "floor: 8.1 MiB + ArgumentParser …" (or why it has none)."""
    floor = floors.get(name)
    if not name or floor is None:
        return ""
    if "mib" not in floor:
        return f"floor {FLOOR_NAMES.get(name, name)}: n/a ({floor.get('error', 'not built')})"
    return f"floor: {floor['mib']:.1f} MiB {FLOOR_NAMES.get(name, '+ ' + name)}{floor_notes(floor)}"


def floor_notes(floor: dict) -> str:
    """How a floor was not linked like the release binary, if it was not: ", dynamic (-static-stdlib failed)"."""
    return f", {floor['linking']}" if floor.get("linking", "static") != "static" else ""


# MARK: peak RSS by part (/proc/<pid>/smaps)


#: The parts a peak RSS is split into, in the order the cells print them (rules: smaps_part; Benchmarks/README.md).
SMAPS_PARTS = ["code", "ro", "rw", "heap", "anon", "C/C++ runtime", "libpulse & deps", "eSpeak NG", "pulse shm", "locale", "other"]
#: The C and C++ runtime: glibc (libc, libm and its stubs libdl, libpthread, librt, libutil, libmvec), ld.so, libstdc++, libgcc_s.
C_RUNTIME = re.compile(r"^(libc|libm|libmvec|libdl|libpthread|librt|libutil|libstdc\+\+|libgcc_s|ld-linux[-\w.]*)\.so")
SMAPS_INTERVAL = 0.025  # s between two samples
_SMAPS_MAPPING = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+ *(.*)$")


def smaps_part(path: str, perms: str, exe: str, after_program_rw: bool) -> str:
    """The part a mapping's Rss counts in. `exe` is the program's own file; `after_program_rw`: the mapping starts where
    one of the program's writable mappings ends (an anonymous one there is the rest of its .bss)."""
    path = path.removesuffix(" (deleted)")
    if path == exe:
        return "code" if "x" in perms else "rw" if "w" in perms else "ro"
    if not path:
        return "rw" if after_program_rw and "w" in perms else "anon"
    if path == "[heap]":
        return "heap"
    if path.startswith("[stack") or path.startswith("[anon"):
        return "anon"
    if path.startswith("["):  # [vdso], [vvar], [vsyscall]
        return "other"
    name = path.rsplit("/", 1)[-1]
    if "espeak" in path:
        return "eSpeak NG"
    if C_RUNTIME.match(name):
        return "C/C++ runtime"
    if "/locale/" in path or "/gconv/" in path:
        return "locale"
    if path.startswith("/memfd:pulseaudio") or path.startswith("/dev/shm/pulse-shm"):
        return "pulse shm"
    if ".so" in name:
        return "libpulse & deps"
    return "other"


def smaps_parts(text: str, exe: str) -> tuple[dict[str, int], dict[str, int]]:
    """Rss and Private_Dirty (kB) of /proc/<pid>/smaps' text, summed by part (SMAPS_PARTS)."""
    rss, dirty = dict.fromkeys(SMAPS_PARTS, 0), dict.fromkeys(SMAPS_PARTS, 0)
    part, rw_end = None, None
    for line in text.splitlines():
        mapping = _SMAPS_MAPPING.match(line)
        if mapping:
            start, end = int(mapping[1], 16), int(mapping[2], 16)
            part = smaps_part(mapping[4].strip(), mapping[3], exe, start == rw_end)
            rw_end = end if part == "rw" else None
        elif part and line.startswith("Rss:"):
            rss[part] += int(line.split()[1])
        elif part and line.startswith("Private_Dirty:"):
            dirty[part] += int(line.split()[1])
    return rss, dirty


def status_kib(text: str, key: str) -> int | None:
    found = re.search(rf"^{key}:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) if found else None


def child_of(parent: int) -> int | None:
    """The first process whose parent is `parent` (the kernel here has no /proc/<pid>/task/<tid>/children)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == parent:
                return int(entry)
    return None


class SmapsSampler:
    """Samples /proc/<pid>/smaps of the program /usr/bin/time runs (its child, once it has exec'd) every SMAPS_INTERVAL
    from a thread, and keeps the sample whose total Rss is largest, split by part, with VmHWM from /proc/<pid>/status read
    in the same sample. Reading /proc changes nothing in the process (no ptrace, no preload). Pass `on_start` to
    run_measured, then call `result()` once it has returned."""

    def __init__(self, interval: float = SMAPS_INTERVAL):
        self.interval = interval
        self.samples = 0
        self.peak: dict | None = None
        self.max_vmhwm_kib: int | None = None  # VmHWM may read lower later: the kernel updates its high-water mark lazily
        self.reason = "the process exited before the first sample"
        self.sampled = threading.Event()  # set after the first sample
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def on_start(self, proc, _start=None) -> None:
        self._thread = threading.Thread(target=self._run, args=(proc.pid,), daemon=True)
        self._thread.start()

    def _run(self, parent: int) -> None:
        wrapper = os.path.realpath(TIME)
        child = None
        while child is None and not self._done.is_set():
            child = child_of(parent)
            if child is None:
                if not os.path.exists(f"/proc/{parent}"):
                    self.reason = f"{TIME} exited before its child was found"
                    return
                time.sleep(0.001)
        while not self._done.is_set():
            try:
                exe = os.readlink(f"/proc/{child}/exe")
                if exe == wrapper:  # forked, not exec'd yet
                    time.sleep(0.001)
                    continue
                with open(f"/proc/{child}/smaps") as smaps, open(f"/proc/{child}/status") as status:
                    text, state = smaps.read(), status.read()
                if os.readlink(f"/proc/{child}/exe") != exe:
                    continue
            except OSError:
                return  # it exited (a zombie has no exe)
            if not text:
                return
            rss, dirty = smaps_parts(text, exe)
            total = sum(rss.values())
            self.samples += 1
            vmhwm = status_kib(state, "VmHWM")
            if vmhwm is not None and (self.max_vmhwm_kib is None or vmhwm > self.max_vmhwm_kib):
                self.max_vmhwm_kib = vmhwm
            if self.peak is None or total > self.peak["rss_kib"]:
                self.peak = {"rss_kib": total, "vmhwm_kib": vmhwm, "vmrss_kib": status_kib(state, "VmRSS"),
                             "sample": self.samples, "program": exe, "parts_rss_kib": rss, "parts_private_dirty_kib": dirty}
            self.sampled.set()
            self._done.wait(self.interval)

    def result(self) -> dict:
        self._done.set()
        if self._thread:
            self._thread.join(timeout=5)
        if self.peak is None:
            return {"samples": 0, "error": self.reason}
        return {"samples": self.samples, "interval_ms": self.interval * 1000, "max_vmhwm_kib": self.max_vmhwm_kib, **self.peak}


def parts_text(sample: dict | None) -> str:
    """"code 3.7, ro 0.7, … MiB (sum 13.6 at the sampled peak; VmHWM then 13.6, largest seen 13.6; 412 samples)", or n/a
    (the first seven parts always, the others when they round to 0.1 MiB or more)."""
    if not sample or "parts_rss_kib" not in sample:
        return f"n/a ({(sample or {}).get('error', 'not sampled')})"
    parts = sample["parts_rss_kib"]
    shown = ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in parts.items() if kib >= 0.05 * 1024 or name in SMAPS_PARTS[:7])
    then, largest = (f"{kib / 1024:.1f}" if kib is not None else "?" for kib in (sample["vmhwm_kib"], sample["max_vmhwm_kib"]))
    return (f"{shown} MiB (sum {sample['rss_kib'] / 1024:.1f} at the sampled peak; VmHWM then {then}, largest seen {largest}; "
            f"{sample['samples']} samples)")


def parts_difference(ours: dict | None, floor: dict | None) -> str:
    """Where ours exceeds the floor: "+2.7 MiB: code +2.1, rw +0.4, heap +0.2" (parts that differ by 0.05 MiB or more)."""
    if not ours or not floor or "parts_rss_kib" not in ours or "parts_rss_kib" not in floor:
        return "n/a (a breakdown is missing)"
    deltas = {name: (ours["parts_rss_kib"][name] - floor["parts_rss_kib"].get(name, 0)) / 1024 for name in SMAPS_PARTS}
    shown = ", ".join(f"{name} {delta:+.1f}" for name, delta in sorted(deltas.items(), key=lambda item: -abs(item[1])) if abs(delta) >= 0.05)
    return f"{(ours['rss_kib'] - floor['rss_kib']) / 1024:+.1f} MiB: {shown or 'no part differs'}"


def median_sample(samples: list[dict]) -> dict | None:
    """Of a floor's runs, the breakdown whose sampled peak is the median one (the lower middle of an even count)."""
    good = sorted((s for s in samples if "rss_kib" in s), key=lambda s: s["rss_kib"])
    return good[(len(good) - 1) // 2] if good else (samples[0] if samples else None)


def measure_memory(bench: Bench) -> None:
    """Peak RSS of a first run (empty phrase cache) and of its repeat (the same session, phrases cached), of a text-only
    session (--no-audio, beside the first run: it makes no sound) and of --version; and the floors. The first run and the
    repeat are sampled by SmapsSampler as they run: their peak RSS by part, beside their floor's."""
    cache = bench.work / "cache-first-run"
    env = dict(bench.env, XDG_CACHE_HOME=str(cache), XDG_STATE_HOME=str(bench.work / "state-memory"))
    quiet_runtime = bench.work / "runtime-no-audio"  # its own session lock: it runs beside the first run
    quiet_runtime.mkdir(mode=0o700)
    quiet_env = dict(bench.env, XDG_RUNTIME_DIR=str(quiet_runtime), XDG_STATE_HOME=str(bench.work / "state-no-audio"))
    quiet_env.pop("PULSE_SERVER", None)
    live = [str(bench.binary), *SHORT_SESSION] + (["--require-audio"] if bench.caps["require_audio"] else [])
    results: dict[str, Run | None] = {}
    reasons: dict[str, str] = {}
    samplers = {"first": SmapsSampler(), "repeat": SmapsSampler()}  # peak RSS by part, from the same runs
    if not bench.caps["pulse"] or not bench.caps["audio"]:
        reasons["first"] = reasons["repeat"] = NO_PULSE if not bench.caps["pulse"] else NO_AUDIO
    quiet_thread = threading.Thread(target=lambda: results.__setitem__("no-audio", run_measured(
        [str(bench.binary), *SHORT_SESSION, "--no-audio"], quiet_env, name="memory-no-audio", work=bench.work, timeout=120)))
    quiet_thread.start()
    if "first" not in reasons:
        results["first"] = run_measured(live, env, name="memory-first-run", work=bench.work, timeout=120, on_start=samplers["first"].on_start)
    quiet_thread.join()
    if "first" not in reasons:
        cached = len(list((cache / "breathe-voice" / "phrases").glob("*"))) if (cache / "breathe-voice" / "phrases").is_dir() else 0
        bench.raw.setdefault("memory", {})["phrases_cached_after_first_run"] = cached
        results["repeat"] = run_measured(live, env, name="memory-repeat", work=bench.work, timeout=120, on_start=samplers["repeat"].on_start)
    versions_runs = [run_measured([str(bench.binary), "--version"], bench.env, name="memory-version", work=bench.work, timeout=30) for _ in range(3)]
    build_floors(bench)
    bench.raw.setdefault("memory", {}).update({
        key: {"cmd_tail": SHORT_SESSION, "code": run.code, "wall_s": run.wall, "maxrss_kib": run.maxrss_kib} for key, run in results.items() if run})
    bench.raw["memory"]["version_maxrss_kib"] = [r.maxrss_kib for r in versions_runs]
    breakdowns = {key: sampler.result() for key, sampler in samplers.items() if results.get(key)}
    for key, breakdown in breakdowns.items():
        bench.raw["memory"][key]["smaps"] = breakdown
    session = "1 s per phase, 1 cycle (10 s)"
    # Each row's floor: the program that does the least the row's run does (a text session parses and prints only).
    bounds = {"first": "espeak", "repeat": "libpulse", "no-audio": "ArgumentParser"}
    titles = {
        "first": f"3. peak RSS, first run: live session ({session}), empty phrase cache (fresh XDG_CACHE_HOME)",
        "repeat": f"3. peak RSS, repeat: the same session again, phrases cached",
        "no-audio": f"3. peak RSS, text-only session (--no-audio, {session})",
    }
    for key, title in titles.items():
        run = results.get(key)
        target = RSS_TARGETS_MIB[key]
        if key in reasons or run is None:
            why = reasons.get(key, "not run")
            bench.rows.append(Row(title, {"breathe-voice": Cell.na(why)}, f"≤ {target:g} MiB", f"n/a ({why})", floor=bounds[key]))
        elif run.code != 0 or run.maxrss_kib < 0:
            why = f"exit {run.code}: {run.first_error_line()}" if run.code != 0 else f"{TIME} gave no peak RSS"
            bench.rows.append(Row(title, {"breathe-voice": Cell.na(why)}, f"≤ {target:g} MiB", f"n/a ({why})", floor=bounds[key]))
        else:
            mib = run.maxrss_kib / 1024
            bench.rows.append(Row(title, {"breathe-voice": Cell(f"{mib:.1f} MiB", mib)}, f"≤ {target:g} MiB", verdict(mib <= target), floor=bounds[key]))
    # Where the peak goes: the same runs, by part, beside their floor's (its median run), and the difference.
    for key, what in (("repeat", "repeat session vs live floor"), ("first", "first run vs first-run floor")):
        title = f"3. peak RSS by part, {what} (/proc/<pid>/smaps sampled every {SMAPS_INTERVAL * 1000:g} ms, largest total kept)"
        floor = (bench.floors or {}).get(bounds[key], {})
        floor_cell = f"floor ({FLOOR_NAMES[bounds[key]]}): {parts_text(floor.get('smaps') or {'error': floor.get('error', 'not built')})}"
        if key in reasons or results.get(key) is None:
            why = reasons.get(key, "not run")
            bench.rows.append(Row(title, {"breathe-voice": Cell.na(why)}, floor_cell, "—"))
            continue
        ours = breakdowns.get(key)
        cell = Cell(parts_text(ours), ours["rss_kib"] / 1024 if ours and "rss_kib" in ours else None)
        bench.rows.append(Row(title, {"breathe-voice": cell}, floor_cell, f"reported: {parts_difference(ours, floor.get('smaps'))}"))
    good = [r.maxrss_kib for r in versions_runs if r.code == 0 and r.maxrss_kib > 0]
    title = "3. peak RSS of `--version` (median of 3)"
    if good:
        mib = statistics.median(good) / 1024
        bench.rows.append(Row(title, {"breathe-voice": Cell(f"{mib:.1f} MiB", mib)}, f"≤ {RSS_TARGETS_MIB['version']:g} MiB",
                              verdict(mib <= RSS_TARGETS_MIB["version"]), floor="ArgumentParser"))
    else:
        why = f"exit {versions_runs[0].code}: {versions_runs[0].first_error_line()}"
        bench.rows.append(Row(title, {"breathe-voice": Cell.na(why)}, f"≤ {RSS_TARGETS_MIB['version']:g} MiB", f"n/a ({why})", floor="ArgumentParser"))


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


# MARK: measure 7: every history command at scale


def measure_history(bench: Bench) -> None:
    """`history`, `history --json`, `history | head -1` and both exports over 100 000 and 2 000 000 records (written by
    make_history.write_history_fast), beside `stats` on the same files: wall time (median of HISTORY_RUNS after a
    warm-up) and peak RSS (the largest of those runs), the output to /dev/null (`head -1`: a pipe, the pipeline timed
    and its peak that of its largest process, ours). Each run must exit 0 with nothing on stderr."""
    commands = {
        "stats": ["stats"],
        "history": ["history"],
        "history --json": ["history", "--json"],
        "history | head -1": None,
        "history export --format csv": ["history", "export", "--format", "csv"],
        "history export --format json": ["history", "export", "--format", "json"],
    }
    sizes_text = " and ".join(f"{size:,}".replace(",", " ") for size in HISTORY_SIZES)
    largest = HISTORY_SIZES[-1]
    raw: dict = {"sizes": list(HISTORY_SIZES), "commands": {}}
    if not (bench.caps["history"] and bench.caps["stats"]):
        why = "no `history` or `stats` subcommand"
        for label in commands:
            bench.rows.append(Row(f"7. `{label}` over {sizes_text} records", {"breathe-voice": Cell.na(why)}, "—", f"n/a ({why})"))
        return
    for size in HISTORY_SIZES:
        path = bench.work / f"history-{size}" / "breathe-voice" / "history.jsonl"
        started = time.monotonic()
        make_history.write_history_fast(path, size, seed=7)
        raw[f"file_{size}"] = {"bytes": path.stat().st_size, "written_s": time.monotonic() - started}
        bench.log(f"history of {size} records: {path.stat().st_size / 1e6:.0f} MB in {time.monotonic() - started:.1f} s")
    figures: dict[str, dict] = {}
    for label, args in commands.items():
        figures[label] = {}
        failure = None
        for size in HISTORY_SIZES:
            env = dict(bench.env, XDG_STATE_HOME=str(bench.work / f"history-{size}"))
            if args is None:
                cmd = ["bash", "-c", 'set -o pipefail; "$0" history | head -1', str(bench.binary)]
            else:
                cmd = [str(bench.binary), *args]
            runs = []
            for attempt in range(HISTORY_RUNS + 1):
                run = run_measured(cmd, env, name=f"history-{size}", work=bench.work, timeout=600, discard_stdout=args is not None)
                errors = [line for line in run.stderr.read_text(errors="replace").splitlines() if line.strip()]
                if run.code != 0 or errors:
                    failure = f"exit {run.code}" + (f": {errors[0][:100]}" if errors else "")
                    break
                if args is None and not run.stdout.read_text(errors="replace").strip():
                    failure = "no first line"
                    break
                if attempt > 0:
                    runs.append(run)
            if failure:
                break
            figures[label][size] = {"median_s": statistics.median(r.wall for r in runs), "max_rss_mib": max(r.maxrss_kib for r in runs) / 1024,
                                    "walls_s": [r.wall for r in runs], "rss_kib": [r.maxrss_kib for r in runs], "cpu_s": [r.cpu for r in runs]}
            bench.log(f"{label} over {size}: {figures[label][size]['median_s']:.2f} s, {figures[label][size]['max_rss_mib']:.1f} MiB")
        raw["commands"][label] = {"figures": figures[label], "failure": failure}
        if failure:
            bench.rows.append(Row(f"7. `{label}` over {sizes_text} records", {"breathe-voice": Cell.na(failure)}, "—", f"n/a ({failure})"))
            figures[label] = {}
    bench.raw["history"] = raw

    def text(label: str) -> str:
        return "; ".join(f"{size:,}".replace(",", " ") + f": {f['median_s']:.2f} s, {f['max_rss_mib']:.1f} MiB" for size, f in figures[label].items())

    stats = figures["stats"].get(largest)
    for label in commands:
        if not figures[label]:
            continue
        big = figures[label].get(largest)
        rss = big["max_rss_mib"] if big else None
        # A pipe inside a table cell is escaped, or it would end the cell.
        shown = label.replace("|", "\\|")
        measure = f"7. `{shown}` over {sizes_text} records: time (median of {HISTORY_RUNS} after a warm-up), peak RSS"
        if label == "stats":
            bench.rows.append(Row(measure, {"breathe-voice": Cell(text(label), rss)}, "— (the streaming reference)", "—"))
            continue
        beside = f"; stats: {stats['median_s']:.2f} s, {stats['max_rss_mib']:.1f} MiB" if stats else ""
        target = f"peak RSS ≤ {HISTORY_RSS_TARGET_MIB:g} MiB at {largest:,}".replace(",", " ")
        ok = rss is not None and rss <= HISTORY_RSS_TARGET_MIB
        if label == "history | head -1":
            target += f", time ≤ {HISTORY_HEAD_TARGET_S:g} s"
            ok = ok and big["median_s"] <= HISTORY_HEAD_TARGET_S
        bench.rows.append(Row(measure, {"breathe-voice": Cell(text(label) + beside, rss)}, target, verdict(ok if big else None)))


# MARK: measure 6: PipeWire's quantum and xruns under load


def graph_rate(env) -> int | None:
    """PipeWire's graph rate, `clock.rate` in the `settings` metadata (pw-metadata)."""
    code, text = command_output(["pw-metadata", "-n", "settings", "0", "clock.rate"], env)
    found = re.search(r"key:'clock.rate' value:'(\d+)'", text)
    return int(found.group(1)) if code == 0 and found else None


def our_stream_props(env) -> dict | None:
    """Our playback stream's node properties from pw-dump (node.latency is what the stream asks of the graph)."""
    code, text = command_output(["pw-dump"], env)
    if code != 0:
        return None
    try:
        objects = json.loads(text)
    except ValueError:
        return None
    for item in objects:
        props = (item.get("info") or {}).get("props") or {}
        if item.get("type") == "PipeWire:Interface:Node" and props.get("media.class") == "Stream/Output/Audio" \
                and "breathe-voice" in f"{props.get('node.name', '')} {props.get('application.name', '')} {props.get('application.process.binary', '')}":
            return {k: props[k] for k in ("node.name", "node.latency", "node.rate", "application.name") if k in props} | {"id": item.get("id")}
    return None


def parse_profiler(log: Path, node_id: int | None) -> dict:
    """pw-profiler's log (0.3.65: one line per graph cycle, 4 driver columns — period, end, delay, estimated period in
    µs — then 8 per follower: node id, signal, awake, finish, scheduling, duration, status, 0); our stream is the follower
    whose node id pw-dump gave (or, when pw-dump found none, the only follower there is: nothing else plays).

    An xrun of ours: a cycle in which our stream had not finished when the cycle ended (status ≠ 3, FINISHED: what pw-top
    counts as ERR for a node), or a cycle the driver started more than 1.3 periods after the previous one (the profiler's
    own overrun mark). The first two cycles of our stream (it is being linked) are left out, and so is a late cycle in
    which our stream's signal offset is 0: the driver (re)starting (its previous signal is from before it stopped), as
    at every stream start; those are counted apart as restarts."""
    rows = []
    ids: set[str] = set()
    for line in log.read_text(errors="replace").splitlines():
        fields = line.split("\t")
        groups = {fields[i].strip(): fields[i:i + 8] for i in range(4, len(fields) - 7, 8) if fields[i].strip()}
        ids.update(groups)
        rows.append((fields, groups))
    if node_id is None:
        if len(ids) != 1:
            return {"error": f"our stream's node id unknown (pw-dump) and {len(ids)} followers profiled"}
        ours, how = next(iter(ids)), "the only follower"
    else:
        ours, how = str(node_id), "pw-dump"
    cycles, late, unfinished, restarts, periods, seen, where = 0, 0, 0, 0, [], 0, []
    for number, (fields, groups) in enumerate(rows):
        if ours not in groups:
            continue
        seen += 1
        if seen <= 2:
            continue
        try:
            d1, d2, period, status = int(fields[0]), int(fields[1]), int(fields[3]), int(groups[ours][6])
        except (ValueError, IndexError):
            continue
        cycles += 1
        periods.append(period)
        if period > 0 and (d1 > 1.3 * period or d2 > 1.3 * period):
            if int(groups[ours][1]) == 0:  # our stream not signalled after the driver: the graph (re)started this cycle
                restarts += 1
                where.append({"line": number + 1, "of": len(rows), "restart": [d1, d2, period]})
                continue
            late += 1
            where.append({"line": number + 1, "of": len(rows), "late": [d1, d2, period]})
        if status != 3:
            unfinished += 1
            where.append({"line": number + 1, "of": len(rows), "status": status})
    if not cycles:
        return {"error": f"no profiled cycle of our stream (node {ours}; followers: {', '.join(sorted(ids)) or 'none'})"}
    return {"node_id": ours, "identified_by": how, "cycles": cycles, "late_cycles": late, "unfinished_cycles": unfinished,
            "xruns": late + unfinished, "restarts": restarts, "median_period_us": statistics.median(periods), "min_period_us": min(periods),
            "max_period_us": max(periods), "xrun_cycles": where[:50]}


def busy_loop(cpu: int = 0) -> subprocess.Popen:
    """A competing busy loop pinned to one core."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"], preexec_fn=lambda: os.sched_setaffinity(0, {cpu}),
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True)


def measure_xruns(bench: Bench) -> None:
    runs, minutes = bench.xruns
    where = SERVER_NAMES[bench.server]
    cycles = cycles_for("box", minutes)
    length = (LEAD_IN_TENTHS + cycles * sum(t for _, t in PATTERNS["box"]) + CLOSING_TENTHS) / 10
    config = f"{runs} runs of box × {cycles} cycle{'s' if cycles > 1 else ''} ({length:.0f} s)" + (" (--full)" if (runs, minutes) == XRUNS_FULL else "")
    xrun_title = f"6. xruns on {where}: {config}, a busy loop pinned to CPU 0 (pw-profiler)"
    quantum_title = f"6. {where} quantum while our stream plays alone (pw-profiler driver period; pw-dump node.latency)"
    reason = None
    if bench.server != "pipewire":
        reason = "PipeWire only"
    elif not bench.caps["pulse"]:
        reason = NO_PULSE
    elif not bench.caps["audio"]:
        reason = NO_AUDIO
    elif not shutil.which("pw-profiler") or not shutil.which("pw-dump"):
        reason = "pw-profiler or pw-dump missing (pipewire-bin)"
    if reason:
        bench.rows.append(Row(quantum_title, {"breathe-voice": Cell.na(reason)}, "— (reported)", "—"))
        bench.rows.append(Row(xrun_title, {"breathe-voice": Cell.na(reason)}, "0", f"n/a ({reason})"))
        return
    cmd = [str(bench.binary), "--pattern", "box", "--cycles", str(cycles_for("box", minutes)), "--require-audio"]
    warm_cache(bench, cmd)
    rate = graph_rate(bench.env)
    stream: dict = {}
    results = []
    for index in range(runs):
        folder = bench.work / f"profiler-{index}"  # pw-profiler writes its plot scripts into its working directory
        folder.mkdir()
        log = folder / "profiler.log"
        loop = busy_loop()
        with open(folder / "stderr", "wb") as err:
            profiler = subprocess.Popen(["pw-profiler", "-o", str(log)], cwd=folder, env=bench.env, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        time.sleep(1.0)  # attached to the profiler before our stream starts
        seen: dict = {}
        timer = threading.Timer(6.0, lambda: seen.update(our_stream_props(bench.env) or {"error": "our stream not found in pw-dump"}))
        timer.start()
        bench.log(f"xruns: run {index + 1}/{runs} ({minutes:g} min, busy loop on CPU 0)")
        run = run_measured(cmd, bench.env, name=f"xruns-{index}", work=bench.work, timeout=minutes * 60 + 150)
        timer.join()
        if index == 0:
            stream.update(seen)
        profiler.send_signal(signal.SIGINT)
        try:
            profiler.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _kill_group(profiler.pid)
            profiler.wait()
        _kill_group(loop.pid)
        loop.wait()
        parsed = parse_profiler(log, seen.get("id")) if log.exists() else {"error": "pw-profiler wrote no log"}
        parsed["stream"] = seen
        parsed.update({"code": run.code, "wall_s": run.wall})
        if run.code != 0:
            parsed["error"] = f"exit {run.code}: {run.first_error_line()}"
        results.append(parsed)
    bench.raw["xruns"] = {"runs": runs, "minutes": minutes, "graph_rate": rate, "stream": stream, "per_run": results}
    good = [r for r in results if "error" not in r]
    if good:
        period_us = statistics.median(r["median_period_us"] for r in good)
        quantum = f"{round(period_us * rate / 1e6)} samples at {rate} Hz = " if rate else ""
        asks = stream.get("node.latency")
        ask_text = "our stream's node.latency: n/a (" + stream.get("error", "not in pw-dump") + ")"
        if asks and "/" in asks:
            num, den = (int(x) for x in asks.split("/"))
            ask_text = f"our stream asks node.latency {asks} = {1000 * num / den:.1f} ms"
        bench.rows.append(Row(quantum_title, {"breathe-voice": Cell(f"{quantum}{period_us / 1000:.1f} ms "
                                                                    f"(median over {sum(r['cycles'] for r in good)} cycles); {ask_text}", period_us)},
                              "— (reported)", "—"))
    else:
        why = results[0].get("error", "no run") if results else "no run"
        bench.rows.append(Row(quantum_title, {"breathe-voice": Cell.na(why)}, "— (reported)", "—"))
    if len(good) == len(results) and good:
        total = sum(r["xruns"] for r in good)
        text = (f"{total} (per run: {', '.join(str(r['xruns']) for r in good)}; late driver cycles {sum(r['late_cycles'] for r in good)}, "
                f"cycles our stream had not finished {sum(r['unfinished_cycles'] for r in good)}; over {sum(r['cycles'] for r in good)} cycles; "
                f"{sum(r['restarts'] for r in good)} driver restarts not counted)")
        bench.rows.append(Row(xrun_title, {"breathe-voice": Cell(text, total)}, "0", verdict(total == 0)))
    else:
        why = next(r["error"] for r in results if "error" in r) if results else "no run"
        bench.rows.append(Row(xrun_title, {"breathe-voice": Cell.na(why)}, "0", f"n/a ({why})"))


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


def versions(raw: dict) -> dict:
    first_line = lambda cmd: command_output(cmd)[1].strip().splitlines()[0] if shutil.which(cmd[0]) else "missing"  # noqa: E731
    return {
        "espeak-ng": command_output(["espeak-ng", "--version"])[1].strip(),
        "paplay": first_line(["paplay", "--version"]),
        "pulseaudio": command_output(["pulseaudio", "--version"])[1].strip(),
        "pipewire": " ".join(command_output(["pipewire", "--version"])[1].split()[-1:]) if shutil.which("pipewire") else "missing",
        "wireplumber": " ".join(command_output(["wireplumber", "--version"])[1].split()[-1:]) if shutil.which("wireplumber") else "missing",
        "breathe-cli": raw.get("breathe_cli_version", "not installed"),
        "breathe-voice": raw.get("binary_version", ""),
    }


def measure_number(row: Row) -> int:
    found = re.match(r"(\d+)\.", row.measure)
    return int(found.group(1)) if found else 99


def order(rows: list[Row]) -> list[Row]:
    """Measure 2 first (as before), then 1, 3, 4, …; within a measure, the order the parts added them (PulseAudio first)."""
    rank = {2: 0}
    return sorted(rows, key=lambda r: rank.get(measure_number(r), measure_number(r)))


def table(rows: list[Row], floors: dict) -> str:
    header = ["measure", *COLUMNS, "target", "met?"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        cells = [row.cells.get(column, DASH).text for column in COLUMNS]
        floor = floor_text(floors, row.floor)
        target = f"{row.target} ({floor})" if floor else row.target
        lines.append("| " + " | ".join([row.measure, *cells, target, row.met]).replace("\n", " ") + " |")
    return "\n".join(lines)


def row_to_json(row: Row) -> dict:
    return {"measure": row.measure, "cells": {k: {"text": v.text, "value": v.value} for k, v in row.cells.items()},
            "target": row.target, "met": row.met, "floor": row.floor}


def row_from_json(data: dict) -> Row:
    return Row(data["measure"], {k: Cell(v["text"], v["value"]) for k, v in data["cells"].items()}, data["target"], data["met"],
               data["floor"] if isinstance(data.get("floor"), str) else "")


def write_part(bench: Bench, path: Path) -> None:
    """One server's rows and raw numbers, for the merge (`bench.py` without --server)."""
    path.write_text(json.dumps({"server": bench.server, "rows": [row_to_json(r) for r in bench.rows], "raw": bench.raw},
                               indent=1, default=str) + "\n")


def write_report(out: Path, parts: dict[str, dict], failures: dict[str, str], started: float, stamp: str, args) -> str:
    info = machine()
    pa_raw = parts.get("pulseaudio", {}).get("raw", {})
    pw_raw = parts.get("pipewire", {}).get("raw", {})
    vers = versions(pa_raw or pw_raw)
    rows = order([row_from_json(r) for part in parts.values() for r in part["rows"]])
    floors = pa_raw.get("floors", {})
    body = table(rows, floors)
    mode = "one at a time" if args.serial else "breathe-voice box ‖ shell loop, then breathe-voice resonant ‖ breathe-cli"
    runs, minutes = XRUNS_FULL if args.full else XRUNS_QUICK
    died = [f"**The {SERVER_NAMES[s]} server died during this run**: its log is in results.json ({s}.server_died)."
            for s, part in parts.items() if part["raw"].get("server_died")]
    missing = [f"**The {SERVER_NAMES[s]} part did not finish**: {why}." for s, why in failures.items()]
    sound = []
    if "pulseaudio" in parts:
        sound.append(f"a private PulseAudio ({vers['pulseaudio']}) with a null sink `test` at 22 050 Hz mono; live sessions ran {mode}, "
                     "the peers on a second private PulseAudio of their own")
    if "pipewire" in parts:
        sound.append(f"a private PipeWire {vers['pipewire']} (pipewire-pulse, WirePlumber {vers['wireplumber']}, graph at its defaults) with "
                     f"the same sink: a {args.live_minutes:g}-minute box session, then the xrun check, {runs} runs of {cycles_for('box', minutes)} box "
                     f"cycle{'s' if cycles_for('box', minutes) > 1 else ''}" + (" (the full configuration, `make bench-full`)" if args.full
                                           else " (`make bench`; the issue's 5 runs of 2 minutes: `make bench-full`)"))
    text = f"""# Benchmark results

`make bench{'-full' if args.full else ''}` on {stamp}, commit `{info['commit']}`: {info['nproc']} CPUs ({info['cpu']}), Linux {info['kernel']},
in {time.monotonic() - started:.0f} s. Peers: {vers['breathe-cli'] or 'breathe-cli'}; {vers['espeak-ng'].split('  ')[0]}; {vers['paplay']}.
Sound: {'; then '.join(sound)}.
"n/a (reason)" marks what could not be measured; a missed target reads **no**. Floors, each beside the rows it bounds:
the peak RSS of minimal Swift programs (+ ArgumentParser parsing `--version`: `--version` and the text session; + libpulse
playing 0.5 s: live sessions, and its exec → first sound; + eSpeak NG saying "Breathe in", played: the first run), built
by the bench with the binary's toolchain, its build's ArgumentParser objects and its link. Definitions:
Benchmarks/README.md.
{chr(10).join(died + missing)}

{body}
"""
    raw = {"date": stamp, "machine": info, "versions": vers, "seconds": time.monotonic() - started,
           "configuration": {"live_minutes": args.live_minutes, "serial": args.serial, "xruns": {"runs": runs, "minutes": minutes}, "full": args.full},
           "rows": [row_to_json(r) for r in rows], "failures": failures, **{server: part["raw"] for server, part in parts.items()}}
    (out / "RESULTS.md").write_text(text)
    (out / "results.json").write_text(json.dumps(raw, indent=1, default=str) + "\n")
    return text


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
    steps = {"pulseaudio": (("first", measure_first_sound), ("live", measure_live), ("memory", measure_memory),
                            ("render", measure_render), ("stats", measure_stats), ("history", measure_history)),
             "pipewire": (("live", measure_live), ("xruns", measure_xruns))}[args.server]
    try:
        if args.server == "pulseaudio" and "live" in only and bench.caps["pulse"]:
            bench.peer = PeerServer(work)
            bench.log(f"peers' PulseAudio: {bench.peer.pulse_server or 'did not start'}")
        for key, step in steps:
            if key in only:
                bench.log(f"measure ({SERVER_NAMES[args.server]}): {key}")
                step(bench)
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
    parser.add_argument("--only", default="first,memory,live,render,stats,history,xruns",
                        help="comma-separated: first, memory, live, render, stats, history, xruns")
    parser.add_argument("--servers", default="pulseaudio,pipewire", help="comma-separated: pulseaudio, pipewire")
    parser.add_argument("--live-minutes", type=float, default=2.0, help="length of the live sessions (2 for the real table)")
    parser.add_argument("--serial", action="store_true", help="run the PulseAudio live sessions one at a time (about 4 minutes more)")
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
    try:
        for server in [s for s in args.servers.split(",") if s]:
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
    print(write_report(args.out, parts, failures, started, stamp, args))
    print(f"bench: wrote {args.out / 'RESULTS.md'} and {args.out / 'results.json'}")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
