"""Measures 1 and 3: live sessions of breathe-voice and its peers, their cue timing, CPU and peak RSS."""

from __future__ import annotations

import math
import re
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import onsets as detector
import signals
from bench_guide import guide_cpu_row, guided
from bench_common import (
    Bench,
    Cell,
    DASH,
    FileRecorder,
    NO_AUDIO,
    NO_PULSE,
    RATE,
    RSS_TARGETS_MIB,
    Row,
    Run,
    SERVER_NAMES,
    SERVER_PROCESSES,
    ServerWindow,
    TIME,
    TONED,
    command_output,
    cycles_for,
    main_server_pids,
    plan,
    run_measured,
    server_pids,
    verdict,
    warm_cache,
)


PEER_VERSION = "1.14.*"
DRIFT_FLOOR_MS_PER_MIN = 0.05
REPORT_AGREEMENT_MS = 1.0
IDLE_SECONDS = 20
#: Targets (issue 13).
CPU_TARGET_PERCENT = 0.15
#: Targets (issue 45): wake-ups a second of a live session (ours), and its CPU with the server's increase over idle.
WAKEUPS_TARGET_PER_S = 2.0
TOGETHER_TARGET_PERCENT = 0.15


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
    on_start: object = None  # passed to run_measured (a sampler of the running program: measure 9)
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
        live.run = run_measured(live.cmd, env, name=live.name, work=bench.work, timeout=live.timeout, use_pty=live.use_pty,
                                counters=True, on_start=live.on_start)
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
        # No session bus beside these (PipeWire's private one included): the bus's own row below has one.
        sessions[f"bv-{pattern}"] = Live(
            f"live-bv-{pattern}", cmd, "test", [s / RATE for s, kind in boundaries if kind in TONED],
            timeout=total / RATE + 60, server_pids=ours, env_extra={"DBUS_SESSION_BUS_ADDRESS": ""},
        )
    bus = SessionBus(bench.work / "session-bus") if bench.caps["pulse"] else None
    if bus and bus.address:
        box = sessions["bv-box"]
        sessions["bv-box-bus"] = Live("live-bv-box-bus", box.cmd, "test", box.planned_s, timeout=box.timeout,
                                      server_pids=ours, env_extra={"DBUS_SESSION_BUS_ADDRESS": bus.address})
    if bench.caps.get("guide") and bench.caps["audio"]:
        sessions["bv-guide"] = guided(sessions["bv-box"])  # the same box session with the guide sound (bench_guide.py)
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
            bench.raw.setdefault("warm_up", {})[bench.server] = [
                warm_cache(bench, sessions[f"bv-{p}"].cmd, once_live=True) for p in patterns]
        idle_servers = {"ours": (ours, bench.env)}
        if not pipewire and not peer_reason:
            idle_servers["peers"] = (peer_pids, dict(bench.env, PULSE_SERVER=bench.peer.pulse_server))
        bench.log(f"idle: {', '.join(idle_servers)} for {IDLE_SECONDS} s")
        idle = measure_idle(bench, idle_servers)
        if pipewire:
            groups = [["bv-box"]]
        else:
            groups = [["bv-box"], ["loop"], ["bv-resonant"], ["cli"]] if bench.serial else [["bv-box", "loop"], ["bv-resonant", "cli"]]
        groups += [["bv-guide"]] if "bv-guide" in sessions else []  # alone on our server, its CPU its own
        groups += [["bv-box-bus"]] if "bv-box-bus" in sessions else []  # the box session again, beside a session bus
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

    bench.rows.append(guide_cpu_row(sessions, minutes, where, bv_reason or (None if bench.caps["audio"] else NO_AUDIO)))

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
            cells[column] = Cell(f"{during:.3f} % during, {quiet:.3f} % idle: {during - quiet:+.3f} %{parts}",
                                 during - quiet)
    processes = " + ".join(SERVER_PROCESSES[bench.server])
    bench.rows.append(Row(f"3. {where}'s own CPU during the {minutes:g}-minute box session vs idle ({processes}; every thread's "
                          f"/proc/<pid>/task/*/schedstat, ns; idle: {IDLE_SECONDS} s, recorder only)", cells, "— (reported)", "—"))
    bench.rows += quiet_rows(bench, sessions, idle, patterns, peer_reason, cli_na, bv_reason)
    bench.rows.append(bus_row(bench, sessions, bus))
    if bus:
        bus.stop()


class SessionBus:
    """A private `dbus-daemon --session` for the bus row: the session's MPRIS player (issue 49) lives on it."""

    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.address = f"unix:path={folder}/bus"
        self.proc = None
        try:
            self.proc = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--nosyslog",
                                          f"--address={self.address}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            self.address = None
            return
        for _ in range(200):
            if (folder / "bus").exists():
                return
            time.sleep(0.05)
        self.address = None

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def bus_row(bench: Bench, sessions: dict[str, Live], bus: SessionBus | None) -> Row:
    """Issue 49: the box session with the session bus beside it (a private dbus-daemon, the session an MPRIS player on
    it), against the same session without one: its wake-ups a second and its CPU, side by side."""
    minutes, where = bench.live_minutes, SERVER_NAMES[bench.server]
    title = (f"3. wake-ups a second of the {minutes:g}-minute box session with the session bus beside it (MPRIS), against "
             f"without, {where} (voluntary context switches / wall; its own CPU)")
    cells: dict[str, Cell] = {"paplay": DASH, "espeak-ng": DASH, "shell loop": DASH, "breathe-cli": DASH}
    with_bus, without = sessions.get("bv-box-bus"), sessions.get("bv-box")
    runs = [live.run if live and live.run and live.run.code == 0 and live.run.voluntary is not None else None
            for live in (with_bus, without)]
    if not bus or not bus.address or None in runs:
        why = "no dbus-daemon" if not bus or not bus.address else "a session did not run to its end"
        cells["breathe-voice"] = Cell.na(why)
        return Row(title, cells, "no more than without (+0.1 a second)", verdict(None, why))
    rates = [run.voluntary / run.wall for run in runs]
    cpus = [100 * run.cpu / run.wall for run in runs]
    cells["breathe-voice"] = Cell(f"{rates[0]:.2f} a second with the bus, {rates[1]:.2f} without; "
                                  f"CPU {cpus[0]:.3f} % / {cpus[1]:.3f} %", rates[0])
    return Row(title, cells, "no more than without (+0.1 a second)", verdict(rates[0] <= rates[1] + 0.1, "no figure"))


def _share(live: Live, base: dict | None) -> tuple[float, float, float] | None:
    """The server's (wake-ups a second, CPU %) over the session's window, less its idle window's; None without both."""
    if live.server_cpu is None or "error" in live.server_cpu or not base or "error" in base:
        return None
    if live.server_cpu.get("wakeups_per_s") is None or base.get("wakeups_per_s") is None:
        return None
    return (live.server_cpu["wakeups_per_s"] - base["wakeups_per_s"], live.server_cpu["percent"] - base["percent"],
            base["wakeups_per_s"])


def quiet_rows(bench: Bench, sessions: dict[str, Live], idle: dict, patterns, peer_reason, cli_na, bv_reason) -> list[Row]:
    """Issue 45: what a live session costs while nothing happens. For each session (box, resonant, and the peers beside
    them): its wake-ups a second (voluntary context switches of the program and every child it reaped, all threads,
    over its wall time) and the server's increase over its idle window (every thread of its processes); then the CPU of
    the box session and the server's increase, together."""
    minutes, where, pipewire = bench.live_minutes, SERVER_NAMES[bench.server], bench.server == "pipewire"
    no_peer = Cell(f"— (peers: {SERVER_NAMES['pulseaudio']} rows)") if pipewire else None
    rows = []

    def reason_for(key: str, live: Live | None) -> str | None:
        peer = key in ("loop", "cli")
        if live is None:
            return (cli_na if key == "cli" else None) or "not run"
        if live.run is None:
            return bv_reason or (peer_reason if peer else None) or live.error or "not run"
        if live.run.code != 0:
            return f"exit {live.run.code}: {live.run.first_error_line()}"
        if live.run.voluntary is None:
            return f"{TIME} gave no context switches"
        return None

    for pattern in patterns:
        key = f"bv-{pattern}"
        pairs = [(key, "breathe-voice")]
        if not pipewire:
            pairs.append(("loop", "shell loop") if pattern == "box" else ("cli", "breathe-cli"))
        cells: dict[str, Cell] = {"paplay": DASH, "espeak-ng": DASH}
        if pipewire:
            cells.update({"shell loop": no_peer, "breathe-cli": no_peer})
        else:
            other = "breathe-cli" if pattern == "box" else "shell loop"
            cells[other] = Cell("— (see the " + ("resonant" if pattern == "box" else "box") + " row)")
        ours = None
        for session_key, column in pairs:
            live = sessions.get(session_key)
            why = reason_for(session_key, live)
            if why:
                cells[column] = Cell.na(why)
                continue
            run = live.run
            rate = run.voluntary / run.wall
            share = _share(live, idle.get("peers" if session_key in ("loop", "cli") else "ours"))
            server = (f"; the server: {share[0]:+.1f} a second over its idle {share[2]:.1f}" if share
                      else "; the server: n/a (no idle window)")
            cells[column] = Cell(f"{rate:.2f} a second ({run.voluntary} in {run.wall:.0f} s){server}", rate)
            if column == "breathe-voice":
                ours = rate
        text_only = not bench.caps["audio"]
        label = {"box": "box 4-4-4-4", "resonant": "resonant 5.5-5.5"}[pattern]
        met = verdict(None if ours is None or text_only else ours <= WAKEUPS_TARGET_PER_S, NO_AUDIO if text_only else "no figure")
        rows.append(Row(f"3. wake-ups a second of a {minutes:g}-minute live session, {label}, {where} (voluntary context switches, "
                        "all threads and reaped children, / wall; the server's: its threads', during the session less idle)",
                        cells, f"≤ {WAKEUPS_TARGET_PER_S:g} a second (ours)", met))

    cells = {"paplay": DASH, "espeak-ng": DASH}
    if pipewire:
        cells.update({"shell loop": no_peer, "breathe-cli": no_peer})
    ours = None
    for key, column in (("bv-box", "breathe-voice"), *(() if pipewire else (("loop", "shell loop"), ("cli", "breathe-cli")))):
        live = sessions.get(key)
        why = reason_for(key, live)
        share = None if why else _share(live, idle.get("peers" if key in ("loop", "cli") else "ours"))
        if why or share is None:
            cells[column] = Cell.na(why or "no server window")
            continue
        own = 100 * live.run.cpu / live.run.wall
        cells[column] = Cell(f"{own:.3f} % + {share[1]:+.3f} % = {own + share[1]:.3f} %", own + share[1])
        if column == "breathe-voice":
            ours = own + share[1]
    text_only = not bench.caps["audio"]
    met = verdict(None if ours is None or text_only else ours <= TOGETHER_TARGET_PERCENT, NO_AUDIO if text_only else "no figure")
    rows.append(Row(f"3. CPU of the {minutes:g}-minute box session with the server's increase over idle, {where} (ours + the server's)",
                    cells, f"≤ {TOGETHER_TARGET_PERCENT:g} % together", met))
    return rows


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
