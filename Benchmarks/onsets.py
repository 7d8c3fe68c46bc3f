"""Cue onsets in recorded or rendered audio, and their match against a plan.

A cue is a tone (a rising sweep for inhale, a falling one for exhale, a soft steady tone for hold, little or nothing for
rest) mixed with a spoken phrase that starts on the same sample. What the benchmark needs is the moment each cue
begins, so the detector looks for the start of every burst of sound that follows a stretch of silence:

1. the signal is cut into short windows (5 ms) and each window's peak magnitude is taken;
2. the noise floor is a low percentile of those peaks (a session is mostly silence); a window is "loud" at 20 dB above
   the floor (and never below an absolute minimum), "quiet" below half of that (hysteresis);
3. a loud window that follows at least `min_silence` of quiet windows starts a burst (windows between the two levels
   just before it are its attack, up to `MAX_ATTACK_MS`); gaps inside a phrase (between words, shorter than
   `min_silence`) do not;
4. the onset is refined to the sample: from the first sample that crosses the loud threshold, walk back to the end of
   the last run of near-silent samples (at or below the median window peak of the silence before); the onset is the
   first sample after it. On digital silence, that is the first non-zero sample of the burst.

`match_cues` then pairs the onsets with the planned cue times in order, tolerating extra onsets (a lead-in phrase, a
second word after a pause), missing cues (a silent rest) and a lag that grows cue after cue (a shell loop that sleeps
after speaking), and reports the errors relative to the first cue.

Only the standard library and numpy.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field

import numpy as np

WINDOW_MS = 5.0
MIN_SILENCE_MS = 150.0
#: The loudness a window must reach, at least, to count as sound: about -54 dBFS of a 16-bit signal.
ABSOLUTE_MIN_PEAK = 64
#: How far above the noise floor a window must be to count as sound (20 dB).
FLOOR_RATIO = 10.0
#: How long a burst may take to rise from the quiet level to the loud level (windows in between are its attack).
MAX_ATTACK_MS = 60.0
#: Consecutive near-silent samples that mark the end of the silence before an onset (1.5 ms).
QUIET_RUN_MS = 1.5


def as_int16(samples) -> np.ndarray:
    """The samples as a 1-D int16 array (from bytes of S16LE, or any array)."""
    if isinstance(samples, (bytes, bytearray, memoryview)):
        data = np.frombuffer(bytes(samples)[: len(samples) // 2 * 2], dtype="<i2")
    else:
        data = np.asarray(samples)
    if data.dtype != np.int16:
        data = np.clip(np.rint(data), -32768, 32767).astype(np.int16)
    return data


def detect_onsets(
    samples,
    rate: int,
    *,
    window_ms: float = WINDOW_MS,
    min_silence_ms: float = MIN_SILENCE_MS,
    absolute_min_peak: int = ABSOLUTE_MIN_PEAK,
) -> list[int]:
    """Sample indices where a burst of sound begins after at least `min_silence_ms` of silence.

    A burst at the very start of the signal (without the silence before it) is not reported: its start is unknown.
    """
    data = as_int16(samples)
    magnitude = np.abs(data.astype(np.int32))
    window = max(1, int(round(rate * window_ms / 1000)))
    count = len(magnitude) // window
    if count == 0:
        return []
    peaks = magnitude[: count * window].reshape(count, window).max(axis=1)
    floor = float(np.percentile(peaks, 10))
    loud_level = max(float(absolute_min_peak), floor * FLOOR_RATIO)
    quiet_level = loud_level / 2
    loud = peaks >= loud_level
    quiet = peaks < quiet_level
    needed = int(math.ceil(min_silence_ms / window_ms))
    quiet_run = max(1, int(round(rate * QUIET_RUN_MS / 1000)))

    attack_allowance = int(math.ceil(MAX_ATTACK_MS / window_ms))

    onsets: list[int] = []
    run = 0  # quiet windows in the last stretch of silence
    soft = 0  # windows between the quiet and loud levels since that stretch (a slow attack, or soft sound)
    for index in range(count):
        if loud[index]:
            if run >= needed:
                stretch = peaks[index - soft - run : index - soft]
                noise = int(np.median(stretch))
                onsets.append(_refine(magnitude, index, window, index - soft - run, noise, loud_level, quiet_run))
            run = soft = 0
        elif quiet[index]:
            if soft > attack_allowance:
                run = 0
            run += 1
            soft = 0
        else:
            soft += 1
            if soft > attack_allowance:
                run = 0  # soft sound that lasts is not silence
    return onsets


def _refine(magnitude: np.ndarray, index: int, window: int, stretch_window: int, noise: int, loud_level: float, quiet_run: int) -> int:
    """The first sample of the burst whose first loud window is `index`, after silence from window `stretch_window`.

    Walks back from the first loud sample to the end of the last run of `quiet_run` samples at or below `noise`.
    """
    start = index * window
    crossing = start + int(np.argmax(magnitude[start : start + window] >= loud_level))
    silence_start = stretch_window * window
    position = crossing
    quiet_count = 0
    while position > silence_start:
        position -= 1
        if magnitude[position] <= noise:
            quiet_count += 1
            if quiet_count >= quiet_run:
                return position + quiet_run
        else:
            quiet_count = 0
    return silence_start


def first_above(samples, threshold: int, start: int = 0) -> int | None:
    """Index of the first sample at or after `start` whose magnitude reaches `threshold`, or None."""
    data = as_int16(samples)[start:]
    hits = np.flatnonzero(np.abs(data.astype(np.int32)) >= threshold)
    return start + int(hits[0]) if len(hits) else None


@dataclass
class CueMatch:
    """Detected onsets paired with the plan, errors relative to the first cue (seconds)."""

    planned: list[float]
    #: One entry per planned cue: the matched onset (seconds on the recording), or None when none was found.
    matched: list[float | None]
    extra_onsets: int
    errors: list[float] = field(default_factory=list)  # per matched cue after the first, in seconds
    error_times: list[float] = field(default_factory=list)  # planned time (from the first cue) of each error

    @property
    def matched_count(self) -> int:
        return sum(1 for value in self.matched if value is not None)

    def summary(self) -> dict:
        """Max and median absolute error (ms), drift (ms per minute) with its standard error, counts."""
        result = {
            "cues_planned": len(self.planned),
            "cues_matched": self.matched_count,
            "extra_onsets": self.extra_onsets,
            "max_abs_error_ms": None,
            "median_abs_error_ms": None,
            "drift_ms_per_min": None,
            "drift_stderr_ms_per_min": None,
            "errors_ms": [round(e * 1000, 3) for e in self.errors],
        }
        if self.errors:
            absolute = np.abs(np.array(self.errors)) * 1000
            result["max_abs_error_ms"] = float(absolute.max())
            result["median_abs_error_ms"] = float(np.median(absolute))
        if len(self.errors) >= 2:
            slope, stderr = drift(self.error_times, self.errors)
            result["drift_ms_per_min"] = slope
            result["drift_stderr_ms_per_min"] = stderr
        return result


def drift(times_s, errors_s) -> tuple[float, float]:
    """Least-squares slope of error against time, in ms per minute, and its standard error (0 with two points)."""
    minutes = np.asarray(times_s, dtype=np.float64) / 60
    errors_ms = np.asarray(errors_s, dtype=np.float64) * 1000
    if np.ptp(minutes) == 0:
        return 0.0, 0.0
    design = np.vstack([minutes, np.ones_like(minutes)]).T
    (slope, intercept), *_ = np.linalg.lstsq(design, errors_ms, rcond=None)
    count = len(minutes)
    if count <= 2:
        return float(slope), 0.0
    residuals = errors_ms - (slope * minutes + intercept)
    variance = float(residuals @ residuals) / (count - 2)
    spread = float(((minutes - minutes.mean()) ** 2).sum())
    return float(slope), math.sqrt(variance / spread)


def match_cues(onsets_s, planned_s, *, anchors: int = 12, max_tolerance_s: float = 1.5) -> CueMatch:
    """Pairs detected onsets (seconds, on the recording's clock) with planned cue times (seconds, any origin).

    Each onset among the first `anchors` is tried as the first planned cue. From it, cues are matched in order: the
    expected time of the next cue is its planned time shifted by the previous cue's error (so a lag that grows is
    followed), and the nearest onset within ± `tolerance` of it is taken, where the tolerance is 45 % of the gap to the
    nearest planned neighbour, at most `max_tolerance_s`. The anchor that matches the most cues wins; among those, the
    one whose cue-to-cue intervals err most regularly (the smallest spread of the interval errors), then the earliest.
    A wrong anchor (a lead-in phrase, a second word) shows as one odd interval; a steady lag keeps intervals regular.
    """
    onsets = sorted(float(o) for o in onsets_s)
    planned = [float(p) for p in planned_s]
    empty = CueMatch(planned=planned, matched=[None] * len(planned), extra_onsets=len(onsets))
    if not onsets or not planned:
        return empty
    tolerances = []
    for index in range(len(planned)):
        gaps = [abs(planned[index] - planned[j]) for j in (index - 1, index + 1) if 0 <= j < len(planned)]
        gaps = [g for g in gaps if g > 0]
        tolerances.append(min(max_tolerance_s, 0.45 * min(gaps)) if gaps else max_tolerance_s)

    best: tuple[tuple[int, float], list[float | None]] | None = None
    for anchor in onsets[:anchors]:
        offset = anchor - planned[0]
        matched: list[float | None] = []
        lag = 0.0
        last = -math.inf
        for index, plan in enumerate(planned):
            expected = plan + offset + lag
            tolerance = tolerances[index]
            low = bisect.bisect_left(onsets, expected - tolerance)
            high = bisect.bisect_right(onsets, expected + tolerance)
            candidates = [o for o in onsets[low:high] if o > last]
            if index == 0:
                candidates = [anchor]
            if candidates:
                chosen = min(candidates, key=lambda o: abs(o - expected))
                matched.append(chosen)
                lag = chosen - (plan + offset)
                last = chosen
            else:
                matched.append(None)
        errors = [m - (p + offset) for m, p in zip(matched, planned) if m is not None]
        steps = np.diff(errors) if len(errors) > 1 else np.zeros(1)
        score = (len(errors), -float(np.std(steps)), -anchor)
        if best is None or score > best[0]:
            best = (score, matched)
    assert best is not None
    matched = best[1]
    result = CueMatch(planned=planned, matched=matched, extra_onsets=len(onsets) - sum(1 for m in matched if m is not None))
    first_plan, first_onset = planned[0], matched[0]
    assert first_onset is not None
    for plan, onset in zip(planned[1:], matched[1:]):
        if onset is not None:
            result.errors.append((onset - first_onset) - (plan - first_plan))
            result.error_times.append(plan - first_plan)
    return result


def offsets_from_plan(onsets: list[int], planned: list[int], tolerance: int) -> list[int | None]:
    """For each planned sample, the nearest detected onset's offset from it (samples), or None beyond `tolerance`."""
    ordered = sorted(onsets)
    result: list[int | None] = []
    for plan in planned:
        low = bisect.bisect_left(ordered, plan - tolerance)
        high = bisect.bisect_right(ordered, plan + tolerance)
        near = ordered[low:high]
        result.append(min((o - plan for o in near), key=abs) if near else None)
    return result
