"""Measure 9 (issue 52): the live box session where users run it. The same plain box session on three servers side by
side: the part's own PulseAudio in the tests' configuration (scripts/with-pulse.sh: no shared memory, a 22 050 Hz mono
null sink), a PulseAudio with its defaults (shared memory and with it the srbchannel, a 48 kHz stereo null sink) and
PipeWire's pulse server with its default quantum (a 48 kHz stereo null sink), the last two started here
(BREATHE_VOICE_SERVER_CONFIG=desktop). Each session's wake-ups two ways (voluntary switches from rusage; the times its
threads were put on a CPU, from Benchmarks/run_counts.c preloaded) with its involuntary switches, its CPU with the
server's increase over idle, its cue timing from the recording, and its peak RSS with the sampled breakdown."""

from __future__ import annotations

import re
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench_common import (
    Bench,
    Cell,
    HERE,
    NO_AUDIO,
    NO_PULSE,
    RATE,
    RSS_TARGETS_MIB,
    SERVER_PROCESSES,
    PrivateServer,
    Row,
    TONED,
    command_output,
    cycles_for,
    main_server_pids,
    plan,
    run_measured,
    verdict,
    warm_cache,
)
from bench_live import IDLE_SECONDS, Live, analyse_live, drift_met, measure_idle, record_live
from bench_smaps import SmapsSampler, parts_difference

#: Targets (issue 52).
WAKEUPS_TARGET_PER_S = 2.0
TOGETHER_TARGET_PERCENT = 0.15
MAX_ERROR_TARGET_MS = 2.0
RSS_UNCHANGED_MIB = 0.1
#: The peak-RSS breakdown's sampling (bench_smaps): once a second, so that the reads (which take the process's memory
#: map lock for a moment) cannot add to the wake-ups measured in the same run.
SMAPS_INTERVAL_S = 1.0
#: How far the preload's voluntary switches (+1 a thread: each thread's last switch, at its exit, comes after it is
#: read) may stray from rusage's before the cell says so: they count the same switches.
AGREEMENT = (5, 0.02)
#: The sessions played at once start this far apart (s), so that their cues (every 4 s) and the servers' requests do
#: not come at the same moments: at once, they would take the CPUs from each other then, and preempt each other.
STAGGER_S = 1.37


@dataclass
class Config:
    """A server configuration: the part's own server (`server` None) or one started here."""

    key: str
    label: str
    kind: str = "pulseaudio"
    server: PrivateServer | None = None
    env: dict[str, str] = field(default_factory=dict)  # what the session and the recorder need to reach it
    pids: dict[int, str] = field(default_factory=dict)
    reason: str | None = None  # why it has no figures
    live: Live | None = None
    sampler: SmapsSampler | None = None
    runs_file: Path | None = None
    idle: dict | None = None  # its server's idle windows, before and after the sessions, and their mean (idle_mean)
    summary: dict | None = None  # analyse_live's
    smaps: dict | None = None  # the sampled peak's breakdown
    counts: dict | None = None  # the run-count preload's, summed


def build_run_counts(work: Path) -> tuple[Path | None, str]:
    """Benchmarks/run_counts.c compiled for preloading, or None and why not."""
    library = work / "run_counts.so"
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        return None, "no C compiler (cc, clang) for Benchmarks/run_counts.c"
    code, text = command_output([compiler, "-shared", "-fPIC", "-O2", "-pthread", "-o", str(library), str(HERE / "run_counts.c"), "-ldl"])
    if code != 0 or not library.exists():
        return None, f"run_counts.c did not build: {text.strip().splitlines()[-1][:80] if text.strip() else code}"
    return library, ""


def read_run_counts(path: Path | None) -> dict:
    """The preload's lines (one a process: the program and every child it started), summed."""
    if path is None or not path.exists():
        return {"error": "no line from the run-count preload (the process did not end through exit or _exit)"}
    processes = []
    for line in path.read_text().splitlines():
        found = re.match(r"(\d+) (\d+) (\d+) (\d+) (\d+) (.*)$", line)
        if found:
            pid, runs, voluntary, involuntary, threads = map(int, found.groups()[:5])
            processes.append({"pid": pid, "runs": runs, "voluntary": voluntary, "involuntary": involuntary, "threads": threads,
                              "comm": found.group(6)})
    if not processes:
        return {"error": "no line from the run-count preload"}
    return {key: sum(p[key] for p in processes) for key in ("runs", "voluntary", "involuntary", "threads")} | {"processes": processes}


def versions() -> tuple[str, str]:
    pulse = command_output(["pulseaudio", "--version"])[1].split()
    pipewire = command_output(["pipewire", "--version"])[1].split()
    return (pulse[-1] if pulse else "?"), (pipewire[-1] if pipewire else "?")


def quantum(env: dict[str, str]) -> str:
    """PipeWire's quantum settings as the graph runs (`pw-metadata -n settings`): what "default quantum" means here."""
    code, text = command_output(["pw-metadata", "-n", "settings", "0"], env)
    settings = dict(re.findall(r"key:'(clock\.[a-z-]+)' value:'([^']*)'", text)) if code == 0 else {}
    if "clock.quantum" not in settings:
        return "quantum: pw-metadata gave none"
    forced = settings.get("clock.force-quantum", "0")
    return (f"clock.quantum {settings['clock.quantum']} at {settings.get('clock.rate', '?')} Hz, "
            + ("none forced" if forced in ("0", "") else f"forced {forced}"))


def configurations(bench: Bench) -> list[Config]:
    """The three servers, the desktop ones started (stop them with `stop`)."""
    pulse, pipewire = versions()
    configs = [Config("test", f"PulseAudio {pulse} as the tests run it (--disable-shm=yes; null sink 22 050 Hz mono)",
                      env={}, pids=main_server_pids(bench))]
    for kind, label in (("pulseaudio", f"PulseAudio {pulse} with its defaults (shared memory on, srbchannel; null sink 48 kHz stereo)"),
                        ("pipewire", f"PipeWire {pipewire}'s pulse server, default quantum (null sink 48 kHz stereo)")):
        server = PrivateServer(bench.work, kind, "desktop", name=f"desktop-{kind}", env=bench.env)
        config = Config(f"{kind}-desktop", label, kind, server)
        if server.ok:
            config.env = {"PULSE_SERVER": server.pulse_server, "XDG_RUNTIME_DIR": server.runtime_dir}
            config.pids = server.pids()
            if kind == "pipewire":
                config.label = config.label.replace("default quantum", f"default quantum: {quantum(dict(bench.env, **config.env))}")
        else:
            config.reason = f"the {kind} server did not start: {server.failure()}"
        bench.log(f"desktop server, {kind}: {server.pulse_server if server.ok else config.reason}")
        configs.append(config)
    for config in configs:
        if not config.reason and not config.pids:
            config.reason = "no server process found"
    return configs


def stop(configs: list[Config]) -> None:
    for config in configs:
        if config.server:
            config.server.stop()


def measure_desktop(bench: Bench) -> None:
    started = time.monotonic()
    minutes = bench.live_minutes
    reason = None if bench.caps["pulse"] else NO_PULSE
    reason = reason or (None if bench.caps["audio"] else NO_AUDIO)
    configs = configurations(bench) if not reason else []
    try:
        if not reason:
            run_sessions(bench, configs, minutes)
    finally:
        stop(configs)
    seconds = time.monotonic() - started
    bench.raw["desktop"] = {"seconds": round(seconds), "stagger_s": None if bench.serial else STAGGER_S,
                            **{c.key: raw_figures(c) for c in configs}}
    bench.log(f"desktop rows: {seconds:.0f} s")
    if reason:
        configs = [Config(key, label) for key, label in (("test", "the tests' configuration"), ("pulseaudio-desktop", "PulseAudio defaults"),
                                                         ("pipewire-desktop", "PipeWire, default quantum"))]
        for config in configs:
            config.reason = reason
    bench.rows += rows(configs, minutes)


def run_sessions(bench: Bench, configs: list[Config], minutes: float) -> None:
    """The phrases cached, one box cycle played on each server (a repeat session there), an idle window of every server at
    once, then the sessions: all at once (each on its own server, in its own runtime folder), or one at a time with
    `--serial`; then a second idle window. The server's baseline is the mean of both: its idle CPU (about 0.5 % of a
    core for PipeWire) moved by as much as the increase measured between two windows of a run on a loaded machine."""
    preload, preload_error = build_run_counts(bench.work)
    cycles = cycles_for("box", minutes)
    boundaries, total = plan("box", cycles)
    cmd = [str(bench.binary), "--pattern", "box", "--minutes", f"{minutes:g}"] + (["--require-audio"] if bench.caps["require_audio"] else [])
    bench.raw.setdefault("warm_up", {})["desktop"] = warm_cache(bench, cmd)
    ready = [c for c in configs if not c.reason]

    def once(config: Config) -> None:
        at = cmd.index("--minutes")
        one = cmd[:at] + ["--cycles", "1"] + cmd[at + 2:]
        run = run_measured(one, dict(bench.env, **config.env, DBUS_SESSION_BUS_ADDRESS=""), name=f"warm-up-{config.key}",
                           work=bench.work, timeout=120)
        if run.code != 0:
            config.reason = f"its one-cycle warm-up exited {run.code}: {run.first_error_line()}"

    together(once, ready)
    ready = [c for c in ready if not c.reason]
    bench.log(f"idle: {', '.join(c.key for c in ready)} for {IDLE_SECONDS} s")
    idle = measure_idle(bench, {c.key: (c.pids, dict(bench.env, **c.env)) for c in ready})
    for config in ready:
        config.runs_file = bench.work / f"runs-{config.key}.txt" if preload else None
        wrapped = ["env", f"LD_PRELOAD={preload}", f"BREATHE_BENCH_RUNS={config.runs_file}", *cmd] if preload else cmd
        config.sampler = SmapsSampler(interval=SMAPS_INTERVAL_S)
        config.live = Live(f"desktop-{config.key}", wrapped, "test", [s / RATE for s, kind in boundaries if kind in TONED],
                           timeout=total / RATE + 60, server_pids=config.pids, on_start=config.sampler.on_start,
                           env_extra={**config.env, "DBUS_SESSION_BUS_ADDRESS": ""})
        config.idle = {"before": idle.get(config.key)}
    bench.log("desktop: " + (" then " if bench.serial else " ‖ ").join(c.key for c in ready) + f" ({Path(cmd[0]).name} {' '.join(cmd[1:])})")
    if bench.serial:
        for config in ready:
            record_live(bench, config.live)
    else:
        together(lambda config: (time.sleep(STAGGER_S * ready.index(config)), record_live(bench, config.live)), ready)
    bench.log(f"idle again: {', '.join(c.key for c in ready)} for {IDLE_SECONDS} s")
    idle = measure_idle(bench, {c.key: (c.pids, dict(bench.env, **c.env)) for c in ready})
    for config in ready:
        config.idle["after"] = idle.get(config.key)
        config.idle["mean"] = idle_mean(config.idle["before"], config.idle["after"])
        config.smaps = config.sampler.result()
        config.summary = analyse_live(config.live)
        config.counts = read_run_counts(config.runs_file) if preload else {"error": preload_error}


def idle_mean(before: dict | None, after: dict | None) -> dict:
    """The server's baseline: the mean of its two idle windows' CPU share and wake-ups a second (one alone when the other
    failed), with the range of the CPU shares."""
    good = [window for window in (before, after) if window and "error" not in window]
    if not good:
        return {"error": (before or after or {}).get("error", "no idle window")}
    shares = [window["percent"] for window in good]
    return {"percent": sum(shares) / len(shares), "wakeups_per_s": sum(w["wakeups_per_s"] for w in good) / len(good),
            "percents": shares}


def together(work, configs: list[Config]) -> None:
    threads = [threading.Thread(target=work, args=(config,)) for config in configs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def raw_figures(config: Config) -> dict:
    live = config.live
    run = live.run if live else None
    return {"label": config.label, "reason": config.reason, "env": config.env, "cmd": live.cmd if live else None,
            "run": None if run is None else {"code": run.code, "wall_s": run.wall, "cpu_s": run.cpu, "maxrss_kib": run.maxrss_kib,
                                             "voluntary": run.voluntary, "involuntary": run.involuntary},
            "run_counts": config.counts, "server_window": live.server_cpu if live else None, "idle": config.idle,
            "analysis": config.summary, "smaps": config.smaps}


# MARK: rows


def why_not(config: Config) -> str | None:
    if config.reason:
        return config.reason
    live = config.live
    if live is None or live.run is None:
        return (live.error if live else None) or "not run"
    if live.run.code != 0:
        return f"exit {live.run.code}: {live.run.first_error_line()}"
    return None


def rows(configs: list[Config], minutes: float) -> list[Row]:
    """Measure by measure, each configuration's row (the tests' first)."""
    test = next((c for c in configs if c.key == "test"), None)
    found: list[Row] = []
    for make in (wakeups_row, cpu_row, timing_row, rss_row):
        for config in configs:
            title, cell, target, met = make(config, minutes, test)
            found.append(Row(f"9. {config.label}: {title}", {"breathe-voice": cell}, target, met))
    return found


def na(reason: str) -> tuple[Cell, str]:
    return Cell.na(reason), f"n/a ({reason})"


def wakeups_row(config: Config, minutes: float, _test) -> tuple[str, Cell, str, str]:
    title = (f"wake-ups a second of a {minutes:g}-minute plain box session (ours, all threads and reaped children, / wall: "
             "voluntary switches (rusage), runs on a CPU (schedstat's third field), involuntary switches; the server's voluntary, "
             "during less idle)")
    target = f"≤ {WAKEUPS_TARGET_PER_S:g} a second by both counts (voluntary, runs)"
    why = why_not(config)
    run = None if why else config.live.run
    if why is None and run.voluntary is None:
        why = "/usr/bin/time gave no context switches"
    if why:
        cell, met = na(why)
        return title, cell, target, met
    wall = run.wall
    counts = config.counts
    voluntary, involuntary = run.voluntary / wall, run.involuntary / wall
    text = f"{voluntary:.2f} voluntary, "
    runs = None
    if "error" in counts:
        text += f"runs n/a ({counts['error']}), "
    else:
        runs = counts["runs"] / wall
        text += f"{runs:.2f} runs, "
    text += f"{involuntary:.2f} involuntary a second ({run.voluntary}, {counts.get('runs', '?')}, {run.involuntary} in {wall:.0f} s"
    if "error" not in counts:
        text += f"; {counts['threads']} threads"
        seen = counts["voluntary"] + counts["threads"]
        if abs(seen - run.voluntary) > max(AGREEMENT[0], AGREEMENT[1] * run.voluntary):
            text += f"; the preload saw {seen} voluntary, rusage {run.voluntary}"
    text += ")"
    server, base = config.live.server_cpu, (config.idle or {}).get("mean")
    if server and "error" not in server and base and "error" not in base:
        text += f"; the server: {server['wakeups_per_s'] - base['wakeups_per_s']:+.1f} voluntary a second over its idle {base['wakeups_per_s']:.1f}"
    else:
        text += "; the server: n/a (" + ((server or {}).get("error") or (base or {}).get("error") or "no window") + ")"
    met = verdict(None if runs is None else voluntary <= WAKEUPS_TARGET_PER_S and runs <= WAKEUPS_TARGET_PER_S, counts.get("error", ""))
    return title, Cell(text, max(voluntary, runs if runs is not None else voluntary)), target, met


def cpu_row(config: Config, minutes: float, _test) -> tuple[str, Cell, str, str]:
    processes = " + ".join(SERVER_PROCESSES[config.kind])
    title = (f"CPU of that session with the server's increase over idle (ours: user+sys incl. children / wall; the server's, "
             f"{processes}: every thread's schedstat, during less idle: the mean of {IDLE_SECONDS} s before and after, the recorder only)")
    target = f"≤ {TOGETHER_TARGET_PERCENT:g} % of one core together"
    why = why_not(config)
    server, base = (config.live.server_cpu, (config.idle or {}).get("mean")) if not why else (None, None)
    if not why and (not server or "error" in server or not base or "error" in base):
        why = (server or {}).get("error") or (base or {}).get("error") or "no server window"
    if why:
        cell, met = na(why)
        return title, cell, target, met
    run = config.live.run
    own = 100 * run.cpu / run.wall
    shares = base["percents"]
    windows = f"{shares[0]:.3f} % before, {shares[1]:.3f} % after" if len(shares) == 2 else "one window: the other failed"
    increase = server["percent"] - base["percent"]
    parts = ""
    if len(server["per_process_cpu_s"]) > 1:
        parts = " (" + ", ".join(f"{name} {100 * cpu / server['wall_s']:.3f} %" for name, cpu in sorted(server["per_process_cpu_s"].items())) + ")"
    text = (f"{own + increase:.3f} %: ours {own:.3f} %, the server's increase {increase:+.3f} % ({server['percent']:.3f} % during"
            f"{parts}, {base['percent']:.3f} % idle ({windows}))")
    return title, Cell(text, own + increase), target, verdict(own + increase <= TOGETHER_TARGET_PERCENT)


def timing_row(config: Config, minutes: float, _test) -> tuple[str, Cell, str, str]:
    title = "cue timing of that session (its recording from the sink's monitor; errors relative to the first cue)"
    target = f"max ≤ {MAX_ERROR_TARGET_MS:g} ms, no measurable drift, every toned cue"
    why = why_not(config)
    summary = None if why else config.summary
    if not why and "error" in summary:
        why = summary["error"]
    if not why and summary["cues_matched"] < 2:
        why = "no cue heard in the recording" if summary["cues_matched"] == 0 else "only one cue heard"
    if why:
        cell, met = na(why)
        return title, cell, target, met
    drift, stderr = summary["drift_ms_per_min"], summary["drift_stderr_ms_per_min"]
    text = (f"max {summary['max_abs_error_ms']:.2f} ms, median {summary['median_abs_error_ms']:.2f} ms, drift {drift:+.3f} ± "
            f"{stderr:.3f} ms/min; {summary['cues_matched']}/{summary['cues_planned']} toned cues (+{summary['extra_onsets']} other onsets)")
    ok = (summary["max_abs_error_ms"] <= MAX_ERROR_TARGET_MS and bool(drift_met(summary))
          and summary["cues_matched"] == summary["cues_planned"])
    return title, Cell(text, summary["max_abs_error_ms"]), target, verdict(ok)


def rss_row(config: Config, minutes: float, test: Config | None) -> tuple[str, Cell, str, str]:
    title = (f"peak RSS of that session (/usr/bin/time %M, children included; the run-count preload loaded; the breakdown "
             f"sampled every {SMAPS_INTERVAL_S:g} s)")
    reference = test.live.run.maxrss_kib / 1024 if test and not why_not(test) and test.live.run.maxrss_kib > 0 else None
    if config.key == "test":
        target = f"≤ {RSS_TARGETS_MIB['live']:g} MiB (measure 3's)"
    else:
        target = f"unchanged: ≤ the tests' configuration's + {RSS_UNCHANGED_MIB:g} MiB"
    why = why_not(config)
    if not why and config.live.run.maxrss_kib < 0:
        why = "/usr/bin/time gave no peak RSS"
    if why:
        cell, met = na(why)
        return title, cell, target, met
    mib = config.live.run.maxrss_kib / 1024
    smaps = config.smaps or {}
    shm = smaps.get("parts_rss_kib", {}).get("pulse shm")
    text = f"{mib:.1f} MiB; libpulse's shared memory: " + ("n/a (not sampled)" if shm is None else
                                                            f"{shm / 1024:.1f} MiB resident at the sampled peak" if shm else "not mapped")
    if config.key == "test":
        return title, Cell(text, mib), target, verdict(mib <= RSS_TARGETS_MIB["live"])
    if reference is None:
        return title, Cell(text, mib), target, "n/a (no figure for the tests' configuration)"
    text += f"; {round(mib - reference, 1) + 0.0:+.1f} MiB against the tests' configuration (sampled, by part: {parts_difference(smaps, test.smaps)})"
    return title, Cell(text, mib), target, verdict(mib <= reference + RSS_UNCHANGED_MIB)
