"""Measure 6: PipeWire's quantum and xruns while our stream plays under load."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench_common import (
    Bench,
    CLOSING_TENTHS,
    Cell,
    LEAD_IN_TENTHS,
    NO_AUDIO,
    NO_PULSE,
    PATTERNS,
    Row,
    SERVER_NAMES,
    XRUNS_FULL,
    _kill_group,
    command_output,
    cycles_for,
    run_measured,
    verdict,
    warm_cache,
)


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
