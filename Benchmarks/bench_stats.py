"""Measure 5: `stats` and `history --last 20` over 10 000 and 100 000 records: time and peak RSS."""

from __future__ import annotations

import statistics

import make_history
from bench_common import Bench, Cell, Row, run_measured, verdict


RSS_GROWTH_ALLOWED_MIB = 1.0


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
