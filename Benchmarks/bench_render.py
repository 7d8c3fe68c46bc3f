"""Measure 4: an offline render of 30 minutes of resonant: speed, every boundary on its sample, the length."""

from __future__ import annotations


import onsets as detector
import signals
from bench_common import Bench, Cell, NO_AUDIO, RATE, Row, TONED, cycles_for, plan, run_measured, verdict


ENVELOPE_ALLOWANCE = 22  # samples (1 ms): a tone's envelope may start at zero for a few samples


# MARK: measure 4: offline render


def measure_render(bench: Bench) -> None:
    minutes = 30
    cycles = cycles_for("resonant", minutes)
    boundaries, total = plan("resonant", cycles)
    if not bench.caps["output"]:
        bench.rows.append(Row(f"4. render {minutes} min of resonant to WAV: speed", {"breathe-voice": Cell.na(NO_AUDIO)}, "≥ 300 × real time", f"n/a ({NO_AUDIO})"))
        bench.rows.append(Row("4. render: every boundary on its planned sample", {"breathe-voice": Cell.na(NO_AUDIO)}, f"all {len(boundaries)}, within {ENVELOPE_ALLOWANCE} samples after", f"n/a ({NO_AUDIO})"))
        return
    path = bench.work / "render-resonant-30.wav"
    run = run_measured([str(bench.binary), "--pattern", "resonant", "--minutes", str(minutes), "--output", str(path)], bench.env,
                       name="render", work=bench.work, timeout=600)
    if run.code != 0 or not path.exists():
        why = f"exit {run.code}: {run.first_error_line()}"
        bench.rows.append(Row(f"4. render {minutes} min of resonant to WAV: speed", {"breathe-voice": Cell.na(why)}, "≥ 300 × real time", f"n/a ({why})"))
        return
    speed = (total / RATE) / run.wall
    samples, rate, channels, width = signals.read_wav(path)
    raw = {"wall_s": run.wall, "cpu_s": run.cpu, "maxrss_kib": run.maxrss_kib, "speed": speed, "rate": rate, "channels": channels,
           "sample_width": width, "frames": int(len(samples)), "planned_frames": total}
    bench.rows.append(Row(f"4. render {minutes} min of resonant to WAV: speed ({total / RATE:.0f} s of audio)",
                          {"breathe-voice": Cell(f"{speed:.0f} × ({run.wall:.2f} s wall, {run.maxrss_kib / 1024:.1f} MiB)", speed)},
                          "≥ 300 × real time", verdict(speed >= 300)))
    if (rate, channels, width) != (RATE, 1, 2):
        why = f"WAV is {rate} Hz, {channels} ch, {8 * width}-bit; expected 22050 Hz mono 16-bit"
        bench.rows.append(Row("4. render: every boundary on its planned sample", {"breathe-voice": Cell.na(why)}, "exact", "**no**"))
        bench.raw["render"] = raw
        return
    found = detector.detect_onsets(samples, RATE)
    toned = [(s, kind) for s, kind in boundaries if kind in TONED]
    offsets = detector.offsets_from_plan(found, [s for s, _ in toned], tolerance=RATE // 10)
    present = [o for o in offsets if o is not None]
    exact = len(present) == len(toned) and all(0 <= o <= ENVELOPE_ALLOWANCE for o in present)
    per_kind = {}
    for (_, kind), offset in zip(toned, offsets):
        if offset is not None:
            per_kind.setdefault(kind, set()).add(offset)
    consistent = all(len(v) == 1 for v in per_kind.values())
    text = f"{len(present)}/{len(toned)} found"
    if present:
        text += f", offset {min(present):+d}…{max(present):+d} samples" + (" (one offset per tone)" if consistent else " (varies within a tone)")
    raw.update({"onsets": len(found), "offsets": offsets, "per_kind": {k: sorted(v) for k, v in per_kind.items()}})
    bench.raw["render"] = raw
    bench.rows.append(Row("4. render: every boundary on its planned sample (inhale/exhale tone onsets)", {"breathe-voice": Cell(text, len(present))},
                          f"all {len(toned)}, 0…{ENVELOPE_ALLOWANCE} samples after the plan", verdict(exact)))
    length_ok = len(samples) == total
    bench.rows.append(Row("4. render: length of the WAV", {"breathe-voice": Cell(f"{len(samples)} samples (plan {total})", len(samples))},
                          "exactly the plan", verdict(length_ok)))
