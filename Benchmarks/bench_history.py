"""Measure 7 (issue 29): every history command over 100 000 and 2 000 000 records: time and peak RSS; in time order
(as appends keep it) and out of order (two halves joined by hand, issues 50 and 52)."""

from __future__ import annotations

import statistics
import time

import make_history
from bench_common import Bench, Cell, Row, run_measured, verdict


#: Measure 7 (issue 29): every history command streams. Sizes, runs per figure (after a warm-up) and targets at the largest.
HISTORY_SIZES = (100_000, 2_000_000)
HISTORY_RUNS = 3
HISTORY_RSS_TARGET_MIB = 32.0
HISTORY_HEAD_TARGET_S = 1.0
#: Issue 45: `history`, `history --json` and both exports stream at the speed `stats` reads, memory flat: a time target
#: at each size, and the peak RSS at the largest within HISTORY_FLAT_MIB of the peak at the smallest.
HISTORY_TIME_TARGETS_S = {100_000: 0.2, 2_000_000: 4.0}
HISTORY_FLAT_MIB = 1.0
#: Issues 50 and 52: a history out of order (the same records, two halves joined by hand, newer first, 1 % of the
#: sessions twice) is read in time order, each session once, through an index of 16 bytes a record: its peak RSS over
#: the in-order file's at most HISTORY_INDEX_BYTES a record, its time within HISTORY_JOINED_TIME_FACTOR of the in-order
#: file's (both at the largest size).
HISTORY_JOINED_COMMANDS = ("stats", "history", "history --last 20", "history export --format json")
HISTORY_INDEX_BYTES = 40
HISTORY_JOINED_TIME_FACTOR = 3.0


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
    joined_commands = {f"{label}, out of order": ["history", "--last", "20"] if label == "history --last 20" else commands[label]
                       for label in HISTORY_JOINED_COMMANDS}
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
        joined = make_history.join_out_of_order(path, bench.work / f"history-joined-{size}" / "breathe-voice" / "history.jsonl")
        raw[f"file_{size}"] = {"bytes": path.stat().st_size, "written_s": time.monotonic() - started, "joined_bytes": joined.stat().st_size}
        bench.log(f"history of {size} records: {path.stat().st_size / 1e6:.0f} MB in {time.monotonic() - started:.1f} s (and joined out of order)")
    figures: dict[str, dict] = {}
    for label, args in {**commands, **joined_commands}.items():
        figures[label] = {}
        failure = None
        for size in HISTORY_SIZES:
            folder = f"history-joined-{size}" if label in joined_commands else f"history-{size}"
            env = dict(bench.env, XDG_STATE_HOME=str(bench.work / folder))
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

    def spaced(size: int) -> str:
        return f"{size:,}".replace(",", " ")

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
        else:
            times = " and ".join(f"≤ {limit:g} s at {spaced(size)}" for size, limit in HISTORY_TIME_TARGETS_S.items())
            smallest = HISTORY_SIZES[0]
            target += f", time {times}, peak RSS at {spaced(largest)} within {HISTORY_FLAT_MIB:g} MiB of {spaced(smallest)}'s"
            small = figures[label].get(smallest)
            ok = ok and small is not None and big["max_rss_mib"] - small["max_rss_mib"] <= HISTORY_FLAT_MIB
            ok = ok and all(size in figures[label] and figures[label][size]["median_s"] <= limit for size, limit in HISTORY_TIME_TARGETS_S.items())
        bench.rows.append(Row(measure, {"breathe-voice": Cell(text(label) + beside, rss)}, target, verdict(ok if big else None)))
    for label in joined_commands:
        big = figures[label].get(largest)
        plain = label.removesuffix(", out of order")
        in_order = figures.get(plain, {}).get(largest)
        if not figures[label]:
            continue
        measure = (f"7. `{plain}` over a history out of order (the records of the rows above, two halves joined newer "
                   f"first, 1 % twice), {sizes_text} records: time (median of {HISTORY_RUNS} after a warm-up), peak RSS")
        if in_order is None:
            bench.rows.append(Row(measure, {"breathe-voice": Cell(text(label), big["max_rss_mib"] if big else None)}, "— (reported)", "—"))
            continue
        extra = HISTORY_INDEX_BYTES * largest / 2**20
        target = (f"at {spaced(largest)}: time ≤ {HISTORY_JOINED_TIME_FACTOR:g} × in order's ({in_order['median_s']:.2f} s), "
                  f"peak RSS ≤ in order's + {HISTORY_INDEX_BYTES} bytes a record ({in_order['max_rss_mib'] + extra:.1f} MiB)")
        ok = (big is not None and big["median_s"] <= HISTORY_JOINED_TIME_FACTOR * in_order["median_s"]
              and big["max_rss_mib"] <= in_order["max_rss_mib"] + extra)
        bench.rows.append(Row(measure, {"breathe-voice": Cell(text(label), big["max_rss_mib"] if big else None)}, target, verdict(ok if big else None)))
