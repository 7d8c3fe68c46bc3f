"""The report: the table, RESULTS.md and results.json, merged from the parts."""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import time
from pathlib import Path

import numpy as np

from bench_common import Bench, Cell, DASH, HERE, Row, SERVER_NAMES, XRUNS_FULL, XRUNS_QUICK, command_output, cycles_for
from bench_floors import floor_text


COLUMNS = ["breathe-voice", "shell loop", "breathe-cli", "paplay", "espeak-ng"]


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
            "target": row.target, "met": row.met, "floor": row.floor, "server": row.server, "step": row.step}


def row_from_json(data: dict) -> Row:
    return Row(data["measure"], {k: Cell(v["text"], v["value"]) for k, v in data["cells"].items()}, data["target"], data["met"],
               data["floor"] if isinstance(data.get("floor"), str) else "", data.get("server", ""), data.get("step", ""))


#: The measure (`--only` key) of a row written before rows carried it (results.json of 2026-11-27 and before), by its
#: label; the first that matches.
LEGACY_STEPS = [(r"2\.", "first"), (r"3\. peak RSS(, first run|, repeat|, text-only| by part| of `--version`)", "memory"),
                (r"[13]\.", "live"), (r"4\.", "render"), (r"5\.", "stats"), (r"6\.", "xruns"), (r"7\.", "history"),
                (r"8\.", "braille")]


def origin(row: Row) -> tuple[str, str]:
    """(server, `--only` key) of the part and measure that made a row."""
    if row.server and row.step:
        return row.server, row.step
    step = next((key for pattern, key in LEGACY_STEPS if re.match(pattern, row.measure)), "")
    return ("pipewire" if "PipeWire" in row.measure else "pulseaudio"), step


def write_part(bench: Bench, path: Path) -> None:
    """One server's rows and raw numbers, for the merge (`bench.py` without --server)."""
    path.write_text(json.dumps({"server": bench.server, "rows": [row_to_json(r) for r in bench.rows], "raw": bench.raw},
                               indent=1, default=str) + "\n")


def write_report(out: Path, parts: dict[str, dict], failures: dict[str, str], started: float, stamp: str, args,
                 merge_covering: set[tuple[str, str]] | None = None) -> str:
    """RESULTS.md and results.json afresh; with `merge_covering` (the (server, measure) pairs this run made) and
    existing results, merged into them instead (merge_report)."""
    if merge_covering is not None and (out / "results.json").exists():
        return merge_report(out, parts, failures, started, stamp, args, merge_covering)
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
    if "desktop" in pa_raw:
        stagger = pa_raw["desktop"].get("stagger_s")
        at_once = f"at once, started {stagger:g} s apart" if stagger else "one at a time"
        sound.append("measure 9: the plain box session on that server, on a PulseAudio with its defaults (shared memory on, a null sink at "
                     "48 kHz stereo) and on PipeWire's pulse server at its default quantum (the same sink), " + at_once)
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
by the bench with the binary's toolchain, its build's ArgumentParser objects and its link (in the order of the
functions its own run executes, as the binary's). Definitions: Benchmarks/README.md.
{chr(10).join(died + missing)}

{body}
"""
    raw = {"date": stamp, "machine": info, "versions": vers, "seconds": time.monotonic() - started,
           "configuration": {"live_minutes": args.live_minutes, "serial": args.serial, "xruns": {"runs": runs, "minutes": minutes}, "full": args.full},
           "rows": [row_to_json(r) for r in rows], "failures": failures, **{server: part["raw"] for server, part in parts.items()}}
    (out / "RESULTS.md").write_text(text)
    (out / "results.json").write_text(json.dumps(raw, indent=1, default=str) + "\n")
    return text


# MARK: merging a run of some measures into the results of a whole one


#: The lines of RESULTS.md's header that say which rows a later run replaced (rewritten at each merge).
REMEASURED = "Re-measured since:"


def merge_report(out: Path, parts: dict[str, dict], failures: dict[str, str], started: float, stamp: str, args,
                 covered: set[tuple[str, str]]) -> str:
    """A run of some measures (`--only`, `--servers`) merged into the existing results: the rows of the measures it ran
    replace theirs (by the part and measure each row came from), every other row stays as it was, and so does RESULTS.md
    around its table (the header of the whole run, any section after the table); results.json keeps the whole run's
    date, machine and versions, gets each part's new raw figures over the old ones (key by key), and lists the run in
    `updates`, which the header also says."""
    old = json.loads((out / "results.json").read_text())
    kept = [row for row in map(row_from_json, old.get("rows", [])) if origin(row) not in covered]
    for row in kept:  # written down, for the next merge
        row.server, row.step = origin(row)
    rows = order(kept + [row_from_json(r) for part in parts.values() for r in part["rows"]])
    for server, part in parts.items():
        old[server] = {**old.get(server, {}), **part["raw"]}
    info = machine()
    update = {"date": stamp, "commit": info["commit"], "only": sorted({key for _, key in covered}), "servers": sorted(parts),
              "seconds": round(time.monotonic() - started), "binary_version": next((p["raw"].get("binary_version") for p in parts.values()), ""),
              "failures": failures}
    earlier = [u for u in old.get("updates", []) if not (set(u["only"]) <= set(update["only"]) and set(u["servers"]) <= set(update["servers"]))]
    old["updates"] = earlier + [update]
    old["rows"] = [row_to_json(r) for r in rows]
    body = table(rows, old.get("pulseaudio", {}).get("floors", {}))
    lines = (out / "RESULTS.md").read_text().splitlines() if (out / "RESULTS.md").exists() else ["# Benchmark results", ""]
    start = next((i for i, line in enumerate(lines) if line.startswith("| measure |")), len(lines))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    header = [line for line in lines[:start] if not line.startswith(REMEASURED)]
    while header and not header[-1].strip():
        header.pop()
    notes = [f"{REMEASURED} {', '.join(u['only'])} ({' and '.join(SERVER_NAMES[s] for s in u['servers'])} part) by "
             f"`bench.py --only {','.join(u['only'])}` on {u['date']}, commit `{u['commit']}`, in {u['seconds']} s"
             + (f" ({'; '.join(u['failures'].values())})" if u.get("failures") else "")
             + ": their rows replace the run's above; every other row is from it." for u in old["updates"]]
    text = "\n".join(header + [""] + notes + ["", body] + lines[end:]) + "\n"
    (out / "RESULTS.md").write_text(text)
    (out / "results.json").write_text(json.dumps(old, indent=1, default=str) + "\n")
    return text
