"""Measure 8 (issue 37): what braille costs a text session. Without a display (`--braille auto`, no BrlAPI server) it
must cost nothing against `--braille off` (no library opened, no extra wake-up, no more memory); with a display
(`--braille on`, a private BRLTTY whose Virtual driver talks to a 40-cell display faked here) it is reported.

Each run: peak RSS and context switches from /usr/bin/time (`%M %w %c`: the rusage of the program at exit, every
thread's), its CPU from wait4, and its mapped libraries from /proc/<pid>/maps sampled while it runs; once, beside the
first round, the sessions without a display run again under `LD_DEBUG=files` (every library ld.so loads, at start or
by dlopen). The three sessions of a round run side by side, each with its own runtime and state folders."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench_common import Bench, Cell, Row, command_output, run_measured, sample_program, verdict

#: The text session measured (the test's session, issue 37): 3 s in, 3 s out, 2 cycles, no sound.
SESSION = ["--no-audio", "--plain", "--pattern", "3-0-3", "--cycles", "2"]
CONFIGS = {"off": ["--braille", "off"], "auto": ["--braille", "auto"], "on": ["--braille", "on"]}
CELLS = 40
ROUNDS = 5
BRLTTY = "/usr/sbin/brltty"
#: Where local BrlAPI servers listen (Debian's BRLAPI_SOCKETPATH); the binary looks for `<N>` there before opening
#: libbrlapi.
BRLAPI_DIR = Path("/var/lib/BrlAPI")
#: Private server numbers, tried from the top; never the system's :0.
HOST_NUMBERS = range(65534, 65484, -1)
MAPS_INTERVAL = 0.1  # s between two reads of /proc/<pid>/maps
#: Tolerance of "nothing more" (auto against off): within off's own runs plus this.
SLACK_WAKEUPS = 2
SLACK_RSS_KIB = 64
#: A text session's wake-ups beyond one per line printed: starting (loading, the history's lock, the terminal) and
#: ending (the record appended, the threads joined), measured with no line printed at all (issue 45).
TEXT_SLACK_WAKEUPS = 10

#: Asks BrlAPI for the display's width, in a process of its own (a wedged server cannot hold the bench).
_PROBE = r"""
import ctypes, sys
class Settings(ctypes.Structure):
    _fields_ = [("auth", ctypes.c_char_p), ("host", ctypes.c_char_p)]
lib = ctypes.CDLL("libbrlapi.so.0.8")
settings = Settings(b"none", sys.argv[1].encode())
if lib.brlapi_openConnection(ctypes.byref(settings), None) < 0:
    print(0)
    sys.exit(0)
x, y = ctypes.c_uint(0), ctypes.c_uint(0)
print(x.value if lib.brlapi_getDisplaySize(ctypes.byref(x), ctypes.byref(y)) == 0 else 0)
lib.brlapi_closeConnection()
"""


class FakeDisplay:
    """The far end of BRLTTY's Virtual driver (`-b vr -d client:SOCKET`), as the tests' FakeBrailleDisplay: says its size
    (`cells N`) and keeps every line BRLTTY sends (`Visual "…"` is the text shown), with its monotonic time."""

    def __init__(self, cells: int, directory: Path):
        self.path = str(directory / "display.sock")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(1)
        self.cells = cells
        self.lines: list[tuple[float, str]] = []
        self.lock = threading.Lock()
        self.connection: socket.socket | None = None
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        try:
            self.connection, _ = self.listener.accept()
            self.connection.sendall(f"cells {self.cells}\n".encode())
        except OSError:
            return
        pending = b""
        while True:
            try:
                data = self.connection.recv(4096)
            except OSError:
                return
            if not data:
                return
            now = time.monotonic()
            pending += data
            *complete, pending = pending.split(b"\n")
            with self.lock:
                self.lines += [(now, line.decode(errors="replace")) for line in complete]

    def shown(self, start: float = 0.0, end: float = float("inf")) -> list[str]:
        """The texts shown between `start` and `end` (monotonic)."""
        with self.lock:
            return [text[8:-1] for at, text in self.lines if start <= at <= end and text.startswith('Visual "') and text.endswith('"')]

    def close(self) -> None:
        for each in (self.connection, self.listener):
            if each is not None:
                try:
                    each.close()
                except OSError:
                    pass


def free_number(taken: set[int] = frozenset()) -> int | None:
    """A private server number whose socket and lock are free (a stale lock, a BRLTTY killed with SIGKILL, is skipped)."""
    for number in HOST_NUMBERS:
        if number not in taken and not (BRLAPI_DIR / str(number)).exists() and not (BRLAPI_DIR / f".{number}").exists():
            return number
    return None


def is_socket(path: Path) -> bool:
    try:
        return path.is_socket()
    except OSError:
        return False


class PrivateBrltty:
    """Debian's BRLTTY with no hardware, off the machine's consoles, as the tests run it (PrivateBrltty.swift in
    Tests/BreatheEndToEndTests/Support/BrailleServer.swift): the Virtual driver talks to a FakeDisplay, BrlAPI listens as
    a private `:N` without authentication, and every file it writes stays in `directory`. `error` says why it is not
    ready, else None."""

    def __init__(self, directory: Path, cells: int):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.display = FakeDisplay(cells, directory)
        self.log_path = directory / "brltty.log"
        self.proc: subprocess.Popen | None = None
        self.ready_s: float | None = None
        self.number = free_number()
        self.host = f":{self.number}"
        if self.number is None:
            self.error = f"no free BrlAPI server number in {BRLAPI_DIR}"
            return
        d = str(directory)
        cmd = [BRLTTY, "-n", "-e", "-f", "/dev/null", "-x", "no", "-s", "no", "-o", "alert-tunes=no",
               "-A", f"auth=none,host={self.host}", "-W", d, "-U", d, "-F", f"{d}/prefs", "-M", "1",
               "-b", "vr", "-d", f"client:{self.display.path}"]
        started = time.monotonic()
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        self.error = self._wait_ready(cells)
        self.ready_s = time.monotonic() - started
        if self.error:
            self.stop()

    def log_tail(self, lines: int = 5) -> str:
        try:
            return " / ".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def _wait_ready(self, cells: int) -> str | None:
        # Asking BrlAPI for the display while BRLTTY starts can wedge it (6.5): first a line on the display and the
        # log's word that the driver is up, then BrlAPI's answer with the size.
        def until(check, seconds: float) -> bool:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if check():
                    return True
                if self.proc.poll() is not None:
                    return False
                time.sleep(0.02)
            return False

        if not until(lambda: bool(self.display.shown()), 20):
            return f"no line reached the display (brltty {'exited ' + str(self.proc.returncode) if self.proc.poll() is not None else 'running'}: {self.log_tail()})"
        until(lambda: "Braille Driver: vr" in self.log_path.read_text(errors="replace"), 20)
        width, deadline = 0, time.monotonic() + 20
        while width == 0 and time.monotonic() < deadline and self.proc.poll() is None:
            try:
                done = subprocess.run([sys.executable, "-c", _PROBE, self.host], capture_output=True, text=True, timeout=5)
                width = int(done.stdout.strip() or 0)
            except (subprocess.TimeoutExpired, ValueError):
                width = 0
            if width == 0:
                time.sleep(0.05)
        return None if width == cells else f"BrlAPI reported {width} cells, not {cells} ({self.log_tail()})"

    def stop(self) -> None:
        """SIGTERM, so that it removes its socket and lock; killed after 5 s (then its socket and lock removed here).
        Only this BRLTTY, by its own pid."""
        if self.proc is not None and self.proc.poll() is None:
            for sig in (signal.SIGCONT, signal.SIGTERM):
                self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                for name in (str(self.number), f".{self.number}"):
                    try:
                        (BRLAPI_DIR / name).unlink()
                    except OSError:
                        pass
        self.display.close()


class MapsWatcher:
    """Reads /proc/<pid>/maps of the program /usr/bin/time runs (its child, once it has exec'd) every MAPS_INTERVAL and
    keeps every shared library seen. Reading /proc changes nothing in the process. Pass `on_start` to run_measured."""

    def __init__(self):
        self.libraries: set[str] = set()
        self.samples = 0
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def on_start(self, proc, _start=None) -> None:
        self._thread = threading.Thread(target=self._run, args=(proc.pid,), daemon=True)
        self._thread.start()

    def _run(self, parent: int) -> None:
        sample_program(parent, ("maps",), self._sample, MAPS_INTERVAL, self._done)

    def _sample(self, _exe: str, texts: list[str]) -> None:
        self.libraries.update(line.split(None, 5)[5].strip() for line in texts[0].splitlines() if ".so" in line and len(line.split(None, 5)) == 6)
        self.samples += 1

    def result(self) -> dict:
        self._done.set()
        if self._thread:
            self._thread.join(timeout=5)
        return {"samples": self.samples, "libbrlapi": any("libbrlapi" in os.path.basename(p) for p in self.libraries),
                "libraries": sorted(os.path.basename(p) for p in self.libraries)}


def ld_debug_check(bench: Bench, env: dict, config: str) -> dict:
    """One more run of the session under LD_DEBUG=files: every library ld.so loads, at start or later by dlopen."""
    prefix = bench.work / f"braille-ld-debug-{config}"
    runtime = bench.work / f"runtime-braille-ld-debug-{config}"  # its own session lock: it runs beside the measured run
    runtime.mkdir(mode=0o700, exist_ok=True)
    run_env = dict(env, LD_DEBUG="files", LD_DEBUG_OUTPUT=str(prefix), XDG_RUNTIME_DIR=str(runtime),
                   XDG_STATE_HOME=str(bench.work / f"state-braille-ld-debug-{config}"))
    try:
        done = subprocess.run([str(bench.binary), *SESSION, *CONFIGS[config]], env=run_env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=90)
        code = done.returncode
    except subprocess.TimeoutExpired:
        return {"error": "timed out"}
    loaded, dynamic = [], []
    for log in bench.work.glob(f"{prefix.name}.*"):
        for line in log.read_text(errors="replace").splitlines():
            if "file=" in line and ("needed by" in line or "dynamically loaded by" in line):
                name = line.split("file=", 1)[1].split()[0]
                if name not in loaded:
                    loaded.append(name)
                if "dynamically loaded by" in line and name not in dynamic:
                    dynamic.append(name)
    if not loaded:
        return {"code": code, "error": "LD_DEBUG wrote nothing"}
    return {"code": code, "loaded": loaded, "dlopened": dynamic, "libbrlapi": any("libbrlapi" in name for name in loaded)}


def config_env(bench: Bench, config: str, host: str | None) -> dict:
    """The session's environment: its own runtime folder (its own session lock: the three run side by side) and state."""
    runtime = bench.work / f"runtime-braille-{config}"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = dict(bench.env, XDG_RUNTIME_DIR=str(runtime), XDG_STATE_HOME=str(bench.work / f"state-braille-{config}"))
    for variable in ("PULSE_SERVER", "BRLAPI_HOST", "BRLAPI_AUTH"):
        env.pop(variable, None)
    if host is not None:
        env.update(BRLAPI_HOST=host, BRLAPI_AUTH="none")
    return env


def measure_braille(bench: Bench) -> None:
    started = time.monotonic()
    raw: dict = {"session": SESSION, "cells": CELLS, "rounds": ROUNDS, "runs": {c: [] for c in CONFIGS}}
    bench.raw["braille"] = raw
    reasons: dict[str, str] = {}
    brltty: PrivateBrltty | None = None
    library = any(Path(d, "libbrlapi.so.0.8").exists() for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"))
    if not shutil.which(BRLTTY):
        reasons["on"] = f"{BRLTTY} missing: apt-get install brltty"
    elif not library:
        reasons["on"] = "libbrlapi.so.0.8 missing: apt-get install libbrlapi0.8"
    else:
        raw["brltty_version"] = command_output([BRLTTY, "--version"])[1].splitlines()[0].strip()
        brltty = PrivateBrltty(bench.work / "brltty", CELLS)
        raw["brltty"] = {"host": brltty.host, "ready_s": brltty.ready_s, "error": brltty.error}
        bench.log(f"braille: private BRLTTY as {brltty.host}: {brltty.error or f'ready in {brltty.ready_s:.1f} s'}")
        if brltty.error:
            reasons["on"] = f"private BRLTTY: {brltty.error}"
    try:
        # Without a display: the default server (:0) when nothing listens there, as on a machine without BRLTTY.
        quiet = None if not is_socket(BRLAPI_DIR / "0") else f":{free_number({brltty.number} if brltty else set())}"
        raw["no_display_host"] = quiet or "unset (:0, no socket)"
        envs = {"off": config_env(bench, "off", None), "auto": config_env(bench, "auto", quiet),
                "on": config_env(bench, "on", brltty.host if brltty else None)}
        configs = [c for c in CONFIGS if c not in reasons]
        for round_number in range(ROUNDS):
            results: dict[str, tuple] = {}

            def one(config: str) -> None:
                watcher = MapsWatcher()
                run = run_measured([str(bench.binary), *SESSION, *CONFIGS[config]], envs[config], name=f"braille-{config}-{round_number}",
                                   work=bench.work, timeout=90, on_start=watcher.on_start, counters=True)
                results[config] = (run, watcher.result(), time.monotonic() - run.wall, time.monotonic())

            threads = [threading.Thread(target=one, args=(c,)) for c in configs]
            checks: dict[str, dict] = {}
            if round_number == 0:  # beside the first round: the sessions without a display under LD_DEBUG=files
                threads += [threading.Thread(target=lambda c=c: checks.__setitem__(c, ld_debug_check(bench, envs[c], c))) for c in ("off", "auto")]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            if checks:
                raw["ld_debug"] = checks
            for config, (run, maps, start, end) in results.items():
                entry = {"code": run.code, "wall_s": run.wall, "cpu_s": run.cpu, "maxrss_kib": run.maxrss_kib,
                         "voluntary": run.voluntary, "involuntary": run.involuntary, "maps_samples": maps["samples"],
                         "libbrlapi": maps["libbrlapi"], "libraries": maps["libraries"]}
                if run.code != 0:
                    entry["error"] = run.first_error_line()
                if config == "on" and brltty:
                    entry["lines_shown"] = len(brltty.display.shown(start, end))
                if run.stdout and run.stdout.exists():
                    entry["lines_printed"] = len(run.stdout.read_text(errors="replace").splitlines())
                raw["runs"][config].append(entry)
            bench.log(f"braille round {round_number + 1}/{ROUNDS}: " + ", ".join(
                f"{c} {r[0].maxrss_kib} KiB {r[0].voluntary} vcsw{' libbrlapi' if r[1]['libbrlapi'] else ''}" for c, r in sorted(results.items())))
    finally:
        if brltty:
            brltty.stop()
    raw["seconds"] = time.monotonic() - started
    bench.rows += braille_rows(raw, reasons)


# MARK: the rows


def summary(runs: list[dict]) -> dict | None:
    good = [r for r in runs if r["code"] == 0 and r["maxrss_kib"] > 0 and r["voluntary"] is not None]
    if not good or len(good) < len(runs):
        return None
    pick = lambda key: [r[key] for r in good]  # noqa: E731
    return {key: {"median": statistics.median(pick(key)), "min": min(pick(key)), "max": max(pick(key))}
            for key in ("maxrss_kib", "voluntary", "involuntary", "cpu_s", "wall_s")} | {
        "mapped": sum(1 for r in good if r["libbrlapi"]), "n": len(good), "samples": min(pick("maps_samples")),
        "lines": [r.get("lines_shown") for r in good], "printed": [r.get("lines_printed") for r in good],
        "per_second": statistics.median(r["voluntary"] / r["wall_s"] for r in good)}


def _range(figure: dict, scale: float = 1.0, digits: int = 0, unit: str = "") -> str:
    """The median, and the range when it shows at that precision: `7.3 MiB (7.2–7.4)`."""
    low, median, high = (f"{figure[key] * scale:.{digits}f}" for key in ("min", "median", "max"))
    return f"{median}{unit}" + ("" if low == high else f" ({low}–{high})")


def cell_text(s: dict, ld: dict | None) -> str:
    mapped = (f"libbrlapi mapped in {s['mapped']}/{s['n']} runs" if s["mapped"] else
              f"libbrlapi not mapped ({s['n']} runs, ≥ {s['samples']} reads of maps each)")
    if ld is not None:
        mapped += "; LD_DEBUG=files: " + (ld["error"] if "error" in ld else
                                          ("libbrlapi loaded" if ld["libbrlapi"] else f"not loaded (of {len(ld['loaded'])} libraries loaded)"))
    return (f"{_range(s['maxrss_kib'], 1 / 1024, 1, ' MiB')}; {_range(s['voluntary'])} wake-ups (voluntary switches, "
            f"{s['per_second']:.2f} a second), {_range(s['involuntary'])} involuntary; CPU {_range(s['cpu_s'], 1000, 0, ' ms')}; {mapped}")


def braille_rows(raw: dict, reasons: dict[str, str]) -> list[Row]:
    what = f"`{' '.join(SESSION)}`, median of {ROUNDS} (min–max)"
    titles = {
        "off": f"8. braille (issue 37): text session with `--braille off`, the session as before braille ({what})",
        "auto": f"8. braille: the same with `--braille auto` (the default) and no BrlAPI server: what a session without a display costs",
        "on": f"8. braille: the same with `--braille on` and a {CELLS}-cell display (private BRLTTY, Virtual driver): what a braille session adds",
    }
    summaries: dict[str, dict | None] = {}
    for config, runs in raw["runs"].items():
        summaries[config] = summary(runs) if runs else None
        if config not in reasons and summaries[config] is None:
            bad = next((r for r in runs if r["code"] != 0), None)
            reasons[config] = f"exit {bad['code']}: {bad.get('error', '')}" if bad else ("not run" if not runs else "/usr/bin/time gave no figures")
    off, auto, on = summaries["off"], summaries["auto"], summaries["on"]
    ld = raw.get("ld_debug", {})
    rows = []
    text_target = f"one wake-up per line printed (+{TEXT_SLACK_WAKEUPS} for starting and ending; issue 45)"
    if "off" in reasons:
        rows.append(Row(titles["off"], {"breathe-voice": Cell.na(reasons["off"])}, text_target, f"n/a ({reasons['off']})"))
    else:
        printed = [n for n in off["printed"] if n is not None]
        lines = statistics.median(printed) if printed else None
        text = cell_text(off, ld.get("off")) + (f"; lines printed: {lines:g}" if lines is not None else "")
        met = (verdict(off["voluntary"]["median"] <= lines + TEXT_SLACK_WAKEUPS) +
               f" ({off['voluntary']['median'] - lines:+g} wake-ups beyond the lines printed, median)") if lines is not None else "n/a (no output read)"
        rows.append(Row(titles["off"], {"breathe-voice": Cell(text, off["maxrss_kib"]["median"] / 1024)}, text_target, met))
    target = (f"as `off`: libbrlapi not opened; wake-ups and peak RSS within off's runs (+{SLACK_WAKEUPS} wake-ups, "
              f"+{SLACK_RSS_KIB} KiB)")
    why = reasons.get("auto") or reasons.get("off")
    if why:
        rows.append(Row(titles["auto"], {"breathe-voice": Cell.na(why)}, target, f"n/a ({why})"))
    else:
        opened = auto["mapped"] > 0 or bool(ld.get("auto", {}).get("libbrlapi"))
        wake = auto["voluntary"]["median"] - off["voluntary"]["median"]
        rss = (auto["maxrss_kib"]["median"] - off["maxrss_kib"]["median"]) / 1024
        ok = (not opened and auto["voluntary"]["median"] <= off["voluntary"]["max"] + SLACK_WAKEUPS
              and auto["maxrss_kib"]["median"] <= off["maxrss_kib"]["max"] + SLACK_RSS_KIB)
        met = f"{verdict(ok)} ({'libbrlapi opened; ' if opened else ''}against off, median: {wake:+g} wake-ups, {rss:+.2f} MiB)"
        rows.append(Row(titles["auto"], {"breathe-voice": Cell(cell_text(auto, ld.get("auto")), auto["maxrss_kib"]["median"] / 1024)}, target, met))
    on_target = f"+ one wake-up per text shown (the countdown's changes), +{SLACK_WAKEUPS} (issue 45)"
    why = reasons.get("on") or reasons.get("off")
    if not why and not all(on["lines"]):
        why = f"the display showed nothing in a run (texts per run: {', '.join(str(n) for n in on['lines'])})"
    if why:
        rows.append(Row(titles["on"], {"breathe-voice": Cell.na(why)}, on_target, f"n/a ({why})"))
    else:
        shown = ", ".join(str(n) for n in on["lines"])
        text = cell_text(on, None) + f"; texts shown on the display per run: {shown}"
        wake = on["voluntary"]["median"] - off["voluntary"]["median"]
        rss = (on["maxrss_kib"]["median"] - off["maxrss_kib"]["median"]) / 1024
        cpu = (on["cpu_s"]["median"] - off["cpu_s"]["median"]) * 1000
        changes = statistics.median(on["lines"])
        ok = wake <= changes + SLACK_WAKEUPS
        met = (f"{verdict(ok)} (against off, median: {wake:+g} wake-ups for {changes:g} texts shown; {rss:+.2f} MiB, CPU {cpu:+.0f} ms; "
               "BRLTTY's own work not counted)")
        rows.append(Row(titles["on"], {"breathe-voice": Cell(text, on["maxrss_kib"]["median"] / 1024)}, on_target, met))
    return rows
