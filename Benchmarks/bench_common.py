"""The helpers every measure uses: constants, cells and rows, running and timing processes, recording the null sink,
the sound servers, the plan, the capabilities."""

from __future__ import annotations

import fcntl
import math
import os
import pty
import re
import signal
import struct
import subprocess
import termios
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import onsets as detector


HERE = Path(__file__).resolve().parent

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
FIRST_SOUND_THRESHOLD = 328  # 1 % of full scale, about -40 dBFS
#: parec's latency for the first-sound recorder. The null sink then runs 1 ms blocks: new audio is mixed from the next
#: block, and the monitor can deliver a block up to one block ahead of the clock mapping, so a heard time is right within
#: about a block. With 5 ms the heard times came in steps of 4.6 ms and were up to 4 ms *before* the client had sent its
#: first audio (the same runs, Benchmarks/first_send.c); with 1 ms they agree with the send stamp within 1 ms.
FIRST_SOUND_RECORDER_MS = 1
TIME = "/usr/bin/time"
SCRIPTS = HERE.parent / "scripts"
SERVER_SCRIPTS = {"pulseaudio": SCRIPTS / "with-pulse.sh", "pipewire": SCRIPTS / "with-pipewire.sh"}
SERVER_NAMES = {"pulseaudio": "PulseAudio", "pipewire": "PipeWire"}
#: The processes that make up each sound server, found by name and by their XDG_RUNTIME_DIR.
SERVER_PROCESSES = {"pulseaudio": ("pulseaudio",), "pipewire": ("pipewire", "pipewire-pulse", "wireplumber")}
#: parec's requested latency for the live recordings: larger than any stream of ours asks for, so the sink's period (and
#: PipeWire's quantum) is the one our stream causes, not the recorder's. Timing comes from sample positions, not arrivals.
RECORDER_LATENCY_MS = 200
#: Peak-RSS targets (issue 13).
RSS_TARGETS_MIB = {"live": 12.0, "first": 14.0, "repeat": 12.0, "no-audio": 11.0, "version": 10.0}
#: The xrun check: (runs, session minutes); `--full` is the issue's 5 runs of 2 minutes, `make bench` a shorter one.
XRUNS_QUICK = (2, 0.25)  # 0.25 min of box: 1 cycle, 22 s per run
XRUNS_FULL = (5, 2.0)


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
    server: str = ""  # the part that made it (pulseaudio, pipewire) and its measure's `--only` key: what a merge replaces
    step: str = ""


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
    peer: "PrivateServer | None" = None
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
    #: With `counters`: the program's voluntary and involuntary context switches, all its threads (`%w`, `%c`).
    voluntary: int | None = None
    involuntary: int | None = None

    def first_error_line(self) -> str:
        if self.stderr and self.stderr.exists():
            for line in self.stderr.read_text(errors="replace").splitlines():
                if line.strip():
                    return line.strip()[:120]
        return f"exit {self.code}"


def run_measured(cmd, env, *, name: str, work: Path, timeout: float, use_pty: bool = False, on_start=None,
                 discard_stdout: bool = False, counters: bool = False) -> Run:
    """Runs `cmd` to its end (killing it after `timeout` s), stdout and stderr to files named after `name` (stdout to
    /dev/null with `discard_stdout`: gigabytes of export would only measure the disk).

    The command runs under /usr/bin/time, which reports its peak RSS: a child forked from this (large) Python process
    would carry Python's high-water mark through exec into ru_maxrss. CPU comes from wait4 (all descendants reaped).
    With `counters`, /usr/bin/time also gives the program's context switches (its rusage at exit: every thread's).
    """
    stdout_path, stderr_path = (Path(os.devnull) if discard_stdout else work / f"{name}.out"), work / f"{name}.err"
    rss_path = work / f"{name}.rss"
    cmd = [TIME, "-q", "-f", "%M %w %c" if counters else "%M", "-o", str(rss_path), *cmd]
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
    switches: list[int | None] = [None, None]
    try:
        if counters:  # the last line: "%M %w %c"
            maxrss, *found = (int(field) for field in rss_path.read_text().splitlines()[-1].split())
            switches = [found[0], found[1]]
        else:
            maxrss = int(rss_path.read_text().split()[-1])
    except (OSError, ValueError, IndexError):
        maxrss = -1
    return Run(proc.returncode, wall, usage.ru_utime + usage.ru_stime, maxrss, None if discard_stdout else stdout_path, stderr_path,
               *switches)


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


def sample_program(parent: int, files: tuple[str, ...], sample, interval: float, done: threading.Event, *,
                   same_program: bool = False) -> bool:
    """Reads /proc/<pid>/`files` of the program /usr/bin/time runs (its child, once it has exec'd; `parent` is the pid
    on_start gets from run_measured) and calls `sample(exe, texts)` with their texts, every `interval` s until `done` is
    set or the program exits. Reading /proc changes nothing in the process (no ptrace, no preload). With `same_program`,
    texts read while the program exec'd another are dropped (exe is read again after them). Blocks until then (call it
    from a thread); returns False when /usr/bin/time exited before its child was found."""
    wrapper = os.path.realpath(TIME)
    child = None
    while child is None and not done.is_set():
        child = child_of(parent)
        if child is None:
            if not os.path.exists(f"/proc/{parent}"):
                return False
            time.sleep(0.001)
    while not done.is_set():
        try:
            exe = os.readlink(f"/proc/{child}/exe")
            if exe == wrapper:  # forked, not exec'd yet
                time.sleep(0.001)
                continue
            with ExitStack() as stack:  # all open before any is read: one process's texts, even were its pid reused between
                opened = [stack.enter_context(open(f"/proc/{child}/{name}")) for name in files]
                texts = [each.read() for each in opened]
            if same_program and os.readlink(f"/proc/{child}/exe") != exe:
                continue
        except OSError:
            return True  # it exited (a zombie has no exe)
        if not texts[0]:
            return True
        sample(exe, texts)
        done.wait(interval)
    return True


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

    def __init__(self, sink: str, env, latency_ms: int = FIRST_SOUND_RECORDER_MS):
        self.proc = subprocess.Popen(parec_command(sink, latency_ms), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
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
    """CPU time of a process's threads, in seconds, to the nanosecond: the time each has run on a CPU, from
    /proc/<pid>/task/*/schedstat (its first field). /proc/<pid>/stat counts 10 ms ticks: over the idle window's 20 s,
    one tick is 0.05 % of a core, as much as the increase a session is measured by. A thread that ends takes its time
    with it (a server's threads live as long as it does)."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return None
    total = 0
    for task in tasks:
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            continue  # ended meanwhile
    return total / 1e9


def wakeups(pid: int) -> int | None:
    """Voluntary context switches of a process, every thread's (/proc/<pid>/task/*/status): each is a sleep that ended,
    a wake-up. A thread that ends takes its count with it (a server's threads live as long as it does)."""
    total = 0
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return None
    for task in tasks:
        try:
            found = re.search(r"^voluntary_ctxt_switches:\s*(\d+)", (task / "status").read_text(), re.M)
        except OSError:
            continue  # ended meanwhile
        total += int(found.group(1)) if found else 0
    return total


class ServerWindow:
    """The sound server's CPU and wake-ups over a window: every thread's schedstat and voluntary switches of each
    of its processes at the start and at the end."""

    def __init__(self, pids: dict[int, str]):
        self.pids = pids
        self.start_cpu = {pid: cpu_seconds(pid) for pid in pids}
        self.start_wakeups = {pid: wakeups(pid) for pid in pids}
        self.start = time.monotonic()
        self.result: dict | None = None

    def stop(self) -> dict:
        wall = time.monotonic() - self.start
        per_process: dict[str, float] = {}
        woke = 0
        for pid, name in self.pids.items():
            before, after = self.start_cpu.get(pid), cpu_seconds(pid)
            if before is None or after is None:
                return {"error": f"{name} ({pid}) ended during the window"}
            per_process[name] = per_process.get(name, 0.0) + after - before
            woke += (wakeups(pid) or 0) - (self.start_wakeups.get(pid) or 0)
        cpu = sum(per_process.values())
        self.result = {"wall_s": wall, "cpu_s": cpu, "percent": 100 * cpu / wall, "per_process_cpu_s": per_process,
                       "wakeups": woke, "wakeups_per_s": woke / wall, "pids": {str(k): v for k, v in self.pids.items()}}
        return self.result


class PrivateServer:
    """A private sound server of the bench's own beside the part's (scripts/with-pulse.sh or with-pipewire.sh, `kind`),
    started with BREATHE_VOICE_SERVER_CONFIG=`config` (test: the tests' configuration; desktop: as a desktop runs it),
    in its own runtime folder: the peers' PulseAudio (so the server that plays breathe-voice serves nothing else and its
    CPU over our session is ours alone), and measure 9's desktop servers. It lives as long as its stdin stays open."""

    def __init__(self, work: Path, kind: str = "pulseaudio", config: str = "test", name: str = "peer-server",
                 env: dict[str, str] | None = None):
        self.kind, self.config = kind, config
        self.info = work / f"{name}.txt"
        self.log = work / f"{name}.log"
        command = 'printf "%s\\n%s\\n" "$PULSE_SERVER" "$XDG_RUNTIME_DIR" > "$1"; exec cat > /dev/null'
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen([str(SERVER_SCRIPTS[kind]), "sh", "-c", command, "sh", str(self.info)],
                                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=log,
                                         env=dict(env or os.environ, BREATHE_VOICE_SERVER_CONFIG=config))
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

    def failure(self) -> str:
        """Why it did not start: the last line its script wrote, or that it said nothing."""
        lines = [line for line in self.log.read_text(errors="replace").splitlines() if line.strip()] if self.log.exists() else []
        return lines[-1].strip()[:100] if lines else f"{SERVER_SCRIPTS[self.kind].name} did not start it"

    def pids(self) -> dict[int, str]:
        return server_pids(self.kind, self.runtime_dir)

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
        "guide": "--guide" in start_help,
        "stats": "stats" in subcommands,
        "history": "history" in subcommands,
        "pulse": bool(os.environ.get("PULSE_SERVER")) and command_output(["pactl", "info"], bench.env)[0] == 0,
    }
    bench.raw["capabilities"] = bench.caps
    bench.raw["binary_version"] = version.strip()
    bench.log(f"capabilities: {bench.caps}")


NO_AUDIO = "no audio engine yet: `start --help` has no --output"
NO_PULSE = "no PulseAudio server: run it through `make bench`"


def warm_cache(bench: Bench, cmd: list[str], *, once_live: bool = False) -> dict:
    """Renders a live command's session to a file first, so its phrases are cached when it plays (issue 13: the live
    figures are a repeat session's; the first run's memory is measured apart). With `once_live`, the same command then
    plays one cycle on the server, recorded in the bench's history like any session: the measured session is a repeat
    in every way, not the first of its history, whose "first session" badge (a sentence no render says: renders earn no
    badge) would have eSpeak NG opened to say it after the closing words."""
    skip = {"--require-audio", "--timing-report"}
    render = [c for c in cmd if c not in skip] + ["--output", str(bench.work / "warm-up.wav")]
    run = run_measured(render, bench.env, name="warm-up", work=bench.work, timeout=300)
    done = {"cmd": render, "code": run.code, "wall_s": run.wall}
    if once_live and "--minutes" in cmd:
        at = cmd.index("--minutes")
        once = [c for c in cmd[:at] + ["--cycles", "1"] + cmd[at + 2:] if c != "--timing-report"]
        run = run_measured(once, bench.env, name="warm-up-live", work=bench.work, timeout=300)
        done["live"] = {"cmd": once, "code": run.code, "wall_s": run.wall}
    return done


def verdict(ok: bool | None, reason: str = "no figure") -> str:
    return f"n/a ({reason})" if ok is None else ("yes" if ok else "**no**")
