"""Writes a plausible breathe-voice history (JSON Lines) of any size, for the stats-at-scale benchmark.

Usage: python3 Benchmarks/make_history.py --count 100000 --output DIR/breathe-voice/history.jsonl [--seed 7] [--fast]
       [--joined OTHER/breathe-voice/history.jsonl]

`--fast` (`write_history_fast`, for millions of records: 2 000 000 in about 10 s instead of about 40) draws a pool of
records with `record` and writes each again and again with a new id and its own day and time.

The schema follows the history issue: one JSON object per line with id, start and end (ISO 8601 with a UTC offset),
pattern {name, timings, kind}, ramps, planned and actual cycles and seconds, status, mood before and after, language and
source. When the real schema settles, adapt `record` (and only it): everything else is plumbing.
"""

from __future__ import annotations

import argparse
import json
import random
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

#: Built-in patterns: name, phase lengths in tenths of a second.
PATTERNS = [
    ("box", [40, 40, 40, 40]),
    ("4-7-8", [40, 70, 80]),
    ("resonant", [55, 55]),
    ("diaphragmatic", [40, 60]),
    ("7-11", [70, 110]),
    ("sigh", [20, 10, 60]),
    ("evening-calm", [40, 20, 70, 10]),  # a named custom pattern
    (None, [50, 0, 70, 0]),  # timings typed on the command line
]
SESSIONS_PER_DAY = 12
#: Time zones the user lives in: mostly Madrid (winter and summer time), sometimes travelling.
OFFSETS = [timezone(timedelta(hours=1)), timezone(timedelta(hours=2)), timezone(timedelta(hours=-5)), timezone.utc]


def timings_text(tenths: list[int]) -> str:
    return "-".join(str(t // 10) if t % 10 == 0 else f"{t / 10:g}" for t in tenths)


def record(rng: random.Random, start: datetime) -> dict:
    """One session record starting at `start` (an aware datetime)."""
    name, phases = rng.choices(PATTERNS, weights=[30, 20, 20, 10, 5, 5, 7, 3])[0]
    phases = [t for t in phases if t > 0] if name is None else phases
    cycle_seconds = sum(phases) / 10
    minutes = rng.choice([1, 2, 3, 5, 5, 5, 10, 10, 15, 20])
    planned_cycles = max(1, -(-minutes * 60 // int(cycle_seconds)))
    status = rng.choices(["completed", "stopped", "interrupted"], weights=[85, 12, 3])[0]
    actual_cycles = planned_cycles if status == "completed" else rng.randrange(0, planned_cycles)
    planned_seconds = round(planned_cycles * cycle_seconds, 1)
    actual_seconds = round(actual_cycles * cycle_seconds + (0 if status == "completed" else rng.uniform(0, cycle_seconds)), 1)
    end = start + timedelta(seconds=actual_seconds + 6)  # plus the lead-in and the closing words
    mood_before = rng.choice([None, 1, 2, 2, 3, 3, 3, 4, 5])
    mood_after = None if mood_before is None else max(1, min(5, mood_before + rng.choice([-1, 0, 0, 1, 1, 2])))
    ramps = [{"phase": "exhale", "seconds": 8}] if name == "resonant" and rng.random() < 0.1 else []
    kind = "timings" if name is None else ("saved" if name == "evening-calm" else "builtIn")
    return {
        "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "start": start.isoformat(timespec="seconds"),
        "end": end.isoformat(timespec="seconds"),
        "pattern": {"name": name, "timings": timings_text(phases), "kind": kind},
        "ramps": ramps,
        "plannedCycles": planned_cycles,
        "actualCycles": actual_cycles,
        "plannedSeconds": planned_seconds,
        "actualSeconds": actual_seconds,
        "status": status,
        "moodBefore": mood_before,
        "moodAfter": mood_after,
        "language": rng.choices(["en", "es"], weights=[3, 1])[0],
        "source": rng.choices(["interactive", "cron"], weights=[2, 1])[0],
    }


def write_history(path: Path, count: int, seed: int = 7, end: datetime | None = None) -> Path:
    """Writes `count` records, oldest first, the newest ending near `end` (now by default); returns the path."""
    rng = random.Random(seed)
    end = end or datetime.now(timezone.utc)
    # 100 000 sessions cannot be one person's few years; a dozen a day keeps them within decades of ordinary dates.
    span_days = max(1, count // SESSIONS_PER_DAY)
    moment = end - timedelta(days=span_days)
    step = timedelta(days=span_days) / max(1, count)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(count):
            moment += step * rng.uniform(0.2, 1.8)
            moment = min(moment, end)
            zone = rng.choices(OFFSETS, weights=[50, 40, 6, 4])[0]
            out.write(json.dumps(record(rng, moment.astimezone(zone)), separators=(",", ":"), ensure_ascii=False) + "\n")
    return path


def _stored(value):
    """A number as the program stores it: whole seconds without `.0` (JSONWriter.tenths), else one decimal."""
    return int(value) if isinstance(value, float) and value == int(value) else value


def write_history_fast(path: Path, count: int, seed: int = 7, end: datetime | None = None, pool_size: int = 4096) -> Path:
    """Writes `count` records as the program stores them (member order, numbers), oldest first, ending near `end`.

    A pool of `pool_size` records drawn by `record` (patterns, lengths, statuses, moods, languages and sources in the same
    proportions) is cycled through; each line gets a new random id and its own start: SESSIONS_PER_DAY sessions a day,
    from 06:00 UTC every 90 minutes, written at the pooled record's UTC offset (so the local date may be the day before
    or after), the end its actual seconds + 6 later. The starts are in time order, as appends keep a history (the
    moment each started: `history` sorts a history that is not, and `make_history.join_out_of_order` makes one).
    """
    rng = random.Random(seed)
    end = end or datetime.now(timezone.utc)
    first_day = (end - timedelta(days=max(1, count // SESSIONS_PER_DAY))).date()
    pool = []
    for _ in range(max(1, min(count, pool_size))):
        zone = rng.choices(OFFSETS, weights=[50, 40, 6, 4])[0]
        fields = record(rng, datetime(2000, 1, 1, tzinfo=zone))
        offset = fields["start"][-6:]
        offset_seconds = int(zone.utcoffset(None).total_seconds())
        duration = int(fields["actualSeconds"] + 6)
        rest = {key: value for key, value in fields.items() if key not in ("id", "start", "end")}
        for key in ("plannedSeconds", "actualSeconds"):
            rest[key] = _stored(rest[key])
        body = json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
        pool.append((offset, offset_seconds, duration, "\"," + body[1:] + "\n"))
    path.parent.mkdir(parents=True, exist_ok=True)
    day_texts: dict[int, str] = {}

    def local(day: int, seconds: int) -> str:
        """The local time `seconds` after the start of day `day` (may be before or after it), ISO 8601 without offset."""
        shift, seconds = divmod(seconds, 86_400)
        if day + shift not in day_texts:
            if len(day_texts) > 8:
                day_texts.clear()
            day_texts[day + shift] = (first_day + timedelta(days=day + shift)).isoformat()
        return f"{day_texts[day + shift]}T{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"

    with open(path, "w", encoding="utf-8") as out:
        lines = []
        for index in range(count):
            day, slot = divmod(index, SESSIONS_PER_DAY)
            offset, offset_seconds, duration, rest = pool[index % len(pool)]
            start = 6 * 3600 + slot * 5400 + rng.randrange(1800) + offset_seconds
            uid = "%032x" % rng.getrandbits(128)
            lines.append(
                f'{{"id":"{uid[:8]}-{uid[8:12]}-4{uid[13:16]}-a{uid[17:20]}-{uid[20:]}",'
                f'"start":"{local(day, start)}{offset}","end":"{local(day, start + duration)}{offset}{rest}')
            if len(lines) == 10_000:
                out.write("".join(lines))
                lines.clear()
        out.write("".join(lines))
    return path


def join_out_of_order(source: Path, path: Path, overlap: float = 0.01) -> Path:
    """Writes the history `source` (in time order) as two exports joined by hand would leave it: its newer half, then
    its older half after it (`cat newer older > history.jsonl`), the older ending with the newer's first `overlap` of
    sessions again (both machines held them). The same sessions, some twice, out of order."""
    with open(source, "rb") as lines:
        count = sum(1 for _ in lines)
    half = count // 2
    shared = int(count * overlap)
    offsets = {}
    with open(source, "rb") as lines:
        position = 0
        for index, line in enumerate(lines):
            if index in (half, half + shared):
                offsets[index] = position
            position += len(line)
        offsets[count] = position
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(source, "rb") as source_file, open(path, "wb") as out:
        for start, stop in ((half, count), (0, half + shared)):
            first = offsets.get(start, 0)
            source_file.seek(first)
            left = offsets[stop] - first
            while left > 0:
                chunk = source_file.read(min(left, 1 << 20))
                out.write(chunk)
                left -= len(chunk)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--output", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--fast", action="store_true", help="write_history_fast: a pool of records, each reused")
    parser.add_argument("--joined", type=Path, help="also write the history joined out of order here (join_out_of_order)")
    args = parser.parse_args()
    (write_history_fast if args.fast else write_history)(args.output, args.count, args.seed)
    if args.joined:
        join_out_of_order(args.output, args.joined)


if __name__ == "__main__":
    main()
