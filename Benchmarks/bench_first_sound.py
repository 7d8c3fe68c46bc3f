"""Measure 2: exec to the first audible sample, to the first audio sent, and where the instructions go."""

from __future__ import annotations

import os
import shutil
import signal
import statistics
import subprocess
import time
from pathlib import Path

import signals
import startup_profile
from bench_common import (
    Bench,
    Cell,
    ChunkRecorder,
    DASH,
    FIRST_SOUND_RECORDER_MS,
    FIRST_SOUND_THRESHOLD,
    HERE,
    NO_AUDIO,
    NO_PULSE,
    Row,
    _kill_group,
    command_output,
    verdict,
)
from bench_floors import build_floors, first_sound_arguments, floor_notes


FIRST_SOUND_RUNS = 5


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
