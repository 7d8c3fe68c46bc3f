"""Measure 3, the guide sound (issue 30): the CPU of a live session with `--guide swell` against the same session without
it, both played on our own server one after the other."""

from __future__ import annotations

from dataclasses import replace

from bench_common import DASH, Cell, Row, verdict

#: Target (issue 30): a live session with the guide takes at most twice the CPU of the same session without it.
GUIDE_CPU_RATIO = 2.0


def guided(live):
    """The box session of measure 1 (a `bench_live.Live`), the same command with `--guide swell`."""
    return replace(live, name="live-bv-guide", cmd=live.cmd + ["--guide", "swell"])


def guide_cpu_row(sessions: dict, minutes: float, where: str, reason: str | None) -> Row:
    """The guided box session's CPU share, and its ratio to the plain box session's (user + sys incl. children / wall)."""
    title = f"3. CPU of a {minutes:g}-minute live session with --guide swell, {where} (box; against the same session without it)"
    target = f"≤ {GUIDE_CPU_RATIO:g} × the session without the guide"
    others = {"shell loop": DASH, "breathe-cli": DASH, "paplay": DASH, "espeak-ng": DASH}
    plain, guide = sessions.get("bv-box"), sessions.get("bv-guide")
    why = reason or ("no --guide in `start --help`" if guide is None else None)
    for live in (guide, plain):
        if why is None and live is not None and (live.run is None or live.run.code != 0):
            why = live.error or ("not run" if live.run is None else f"exit {live.run.code}: {live.run.first_error_line()}")
    if why is not None:
        return Row(title, {"breathe-voice": Cell.na(why), **others}, target, f"n/a ({why})")
    share = 100 * guide.run.cpu / guide.run.wall
    base = 100 * plain.run.cpu / plain.run.wall
    ratio = share / base if base > 0 else None
    text = f"{share:.3f} % ({guide.run.cpu / (guide.run.wall / 60):.3f} CPU s/min); without it {base:.3f} %"
    cell = Cell(text + (f": × {ratio:.2f}" if ratio is not None else ""), ratio)
    return Row(title, {"breathe-voice": cell, **others}, target, verdict(None if ratio is None else ratio <= GUIDE_CPU_RATIO))
