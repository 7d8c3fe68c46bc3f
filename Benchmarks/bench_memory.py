"""Measure 3: peak RSS of a first run, a repeat, a text-only session and `--version`, beside their floors."""

from __future__ import annotations

import statistics
import threading

from bench_common import Bench, Cell, NO_AUDIO, NO_PULSE, RSS_TARGETS_MIB, Row, Run, TIME, run_measured, verdict
from bench_floors import FLOOR_NAMES, build_floors
from bench_smaps import SMAPS_INTERVAL, SmapsSampler, parts_difference, parts_text


#: A short session with all four phrases: 3 s lead-in, 1 s per phase, 3 s closing (10 s).
SHORT_SESSION = ["--inhale", "1", "--hold", "1", "--exhale", "1", "--rest", "1", "--cycles", "1"]


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
