"""Self-test of the onset detector and the cue matcher on synthetic signals with known onsets, and of the peak-RSS
breakdown (bench_smaps.smaps_parts on a synthetic smaps, bench_smaps.SmapsSampler on a running `cat`), and of the
run-count preload (Benchmarks/run_counts.c, measure 9) on a running Python.

Run: python3 Benchmarks/selftest.py (also the first step of `make bench`). Prints one line per check and a closing
"N passed, N failed"; exits 1 when any check fails, since no benchmark figure can be trusted then.
"""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
from pathlib import Path

try:
    import numpy as np
except ImportError:  # the machines have it; say so plainly where one does not
    print("bench: numpy is missing for this python3: `python3 -m pip install numpy`", file=sys.stderr)
    sys.exit(69)

sys.path.insert(0, str(Path(__file__).resolve().parent))

from onsets import as_int16, detect_onsets, first_above, match_cues, offsets_from_plan  # noqa: E402
from signals import RATE, place, speech_like, sweep, to_int16  # noqa: E402

BOX = [("inhale", 4.0), ("hold", 4.0), ("exhale", 4.0), ("rest", 4.0)]


def cue(kind: str, seed: int) -> np.ndarray:
    """A tone for the phase mixed with a phrase starting on the same sample, like the engine's cues."""
    tones = {
        "inhale": sweep(300, 600, 0.45, 0.35),
        "exhale": sweep(600, 300, 0.45, 0.35),
        "hold": sweep(440, 440, 0.45, 0.015),  # soft steady tone, about -36 dBFS
        "rest": np.zeros(1),
    }
    words = {"inhale": [0.35, 0.25], "hold": [0.4], "exhale": [0.35, 0.3], "rest": [0.45]}
    phrase = speech_like(words[kind], gap_s=0.09, level=0.3, seed=seed)
    length = max(len(tones[kind]), len(phrase))
    mix = np.zeros(length)
    mix[: len(tones[kind])] += tones[kind]
    mix[: len(phrase)] += phrase
    return mix


def box_session(cycles: int, lead_in_s: float = 3.0, silent_rest: bool = False):
    """A rendered box session: (int16 samples, planned boundary samples, kinds), boundaries as the planner puts them."""
    planned, kinds, clips = [], [], []
    tenths = 0
    lead = int(round(lead_in_s * RATE))
    clips.append((0, speech_like([0.5, 0.4, 0.6], gap_s=0.25, level=0.3, seed=99)))  # lead-in phrase with pauses
    for cycle in range(cycles):
        for kind, seconds in BOX:
            start = lead + round(tenths / 10 * RATE)
            planned.append(start)
            kinds.append(kind)
            if not (silent_rest and kind == "rest"):
                clips.append((start, cue(kind, seed=len(planned))))
            tenths += int(seconds * 10)
    total = lead + round(tenths / 10 * RATE) + 3 * RATE
    return to_int16(place(total, clips)), planned, kinds


def first_nonzero_at_or_after(samples: np.ndarray, start: int) -> int:
    return start + int(np.flatnonzero(samples[start:] != 0)[0])


# MARK: checks


def check_exact_onsets_in_digital_silence():
    samples, planned, kinds = box_session(cycles=3)
    onsets = detect_onsets(samples, RATE)
    expected = [first_nonzero_at_or_after(samples, p) for p in planned]
    offsets = offsets_from_plan(onsets, expected, tolerance=0)
    assert all(o == 0 for o in offsets), f"onsets not on the first non-zero sample: {offsets}"
    # The lead-in phrase starts at sample 0 without silence before it, so it is not an onset; its inner pauses
    # (250 ms) are, and nothing else is.
    extra = [o for o in onsets if o not in expected]
    assert all(o < planned[0] for o in extra), f"spurious onsets inside the session: {extra}"


def check_word_gaps_are_not_onsets():
    phrase = speech_like([0.3, 0.3, 0.3, 0.3], gap_s=0.1, level=0.3)
    samples = to_int16(place(RATE * 3, [(RATE, phrase)]))
    onsets = detect_onsets(samples, RATE)
    assert len(onsets) == 1, f"one phrase with 100 ms gaps gave {len(onsets)} onsets"


def check_soft_hold_tone_is_found():
    samples = to_int16(place(RATE * 2, [(12_345, sweep(440, 440, 0.5, 0.015))]))
    onsets = detect_onsets(samples, RATE)
    assert onsets == [first_nonzero_at_or_after(samples, 12_345)], onsets


def check_noise_floor():
    samples, planned, kinds = box_session(cycles=2)
    expected = [first_nonzero_at_or_after(samples, p) for p in planned]
    rng = np.random.default_rng(7)
    noisy = as_int16(samples.astype(np.float64) + rng.normal(0, 16, len(samples)))  # about -66 dBFS RMS
    onsets = detect_onsets(noisy, RATE)
    offsets = offsets_from_plan(onsets, expected, tolerance=RATE // 20)
    # Within 1.5 ms late (the soft hold tone's attack is under the noise for a while), never more than 0.1 ms early.
    assert all(o is not None and -2 <= o <= 33 for o in offsets), f"offsets with noise: {list(zip(kinds, offsets))}"


def check_silent_rest_is_missing_not_invented():
    samples, planned, kinds = box_session(cycles=2, silent_rest=True)
    onsets = detect_onsets(samples, RATE)
    offsets = offsets_from_plan(onsets, planned, tolerance=RATE // 20)
    for kind, offset in zip(kinds, offsets):
        assert (offset is None) == (kind == "rest"), f"{kind}: {offset}"


def check_match_exact_session():
    # Rest cues carry no tone, so their onset is the phrase's (after eSpeak NG's leading silence): the bench matches
    # toned cues only, and so does this check.
    samples, boundaries, kinds = box_session(cycles=4)
    planned = [b for b, kind in zip(boundaries, kinds) if kind != "rest"]
    recording = np.concatenate([np.zeros(9_876, dtype=np.int16), samples])  # the recording starts before the session
    onsets = [o / RATE for o in detect_onsets(recording, RATE)]
    match = match_cues(onsets, [p / RATE for p in planned])
    summary = match.summary()
    assert summary["cues_matched"] == len(planned), summary
    assert summary["max_abs_error_ms"] <= 3 / RATE * 1000, summary
    assert abs(summary["drift_ms_per_min"]) < 0.05, summary


def check_match_drift_jitter_extras_and_gaps():
    rng = np.random.default_rng(3)
    planned = [3 + 5.5 * i for i in range(22)]
    ppm = 50e-6  # a clock 50 ppm fast: 3 ms per minute
    truth = [p * (1 + ppm) + rng.normal(0, 0.0003) for p in planned]
    missing = {5, 12}
    heard = [t + 17.25 for i, t in enumerate(truth) if i not in missing]
    second_words = [t + 17.25 + 0.4 for i, t in enumerate(truth) if i % 3 == 0 and i not in missing]
    onsets = [17.25 - 3, 17.25 - 2.1, 17.25 - 1.4] + heard + second_words  # a lead-in phrase with pauses first
    match = match_cues(onsets, planned)
    summary = match.summary()
    assert summary["cues_matched"] == len(planned) - len(missing), summary
    assert [i for i, m in enumerate(match.matched) if m is None] == sorted(missing), match.matched
    assert abs(summary["drift_ms_per_min"] - 3.0) < 0.5, summary
    assert summary["max_abs_error_ms"] < 9, summary


def check_match_growing_lag():
    planned = [4.0 * i for i in range(30)]
    onsets = [10 + 4.0 * i + 0.85 * i for i in range(30)] + [10 + 4.85 * i + 0.35 for i in range(0, 30, 2)]
    match = match_cues(onsets, planned)
    summary = match.summary()
    assert summary["cues_matched"] == 30, summary
    assert abs(summary["max_abs_error_ms"] - 0.85 * 29 * 1000) < 1, summary
    assert abs(summary["drift_ms_per_min"] - 850 / 4 * 60) < 1, summary


def check_nothing_heard():
    match = match_cues([], [0, 4, 8])
    summary = match.summary()
    assert summary["cues_matched"] == 0 and summary["max_abs_error_ms"] is None, summary
    assert detect_onsets(np.zeros(RATE, dtype=np.int16), RATE) == []


def check_first_above_and_bytes():
    samples = np.zeros(1000, dtype=np.int16)
    samples[700] = -400
    samples[800] = 400
    raw = samples.astype("<i2").tobytes()
    assert first_above(raw, 328) == 700
    assert first_above(raw, 328, start=701) == 800
    assert first_above(raw, 401) is None


SMAPS = """\
55d0a0000000-55d0a0100000 r--p 00000000 fe:00 11 /opt/bv/breathe-voice
Rss:                 100 kB
Private_Dirty:         0 kB
55d0a0100000-55d0a0400000 r-xp 00100000 fe:00 11 /opt/bv/breathe-voice
Rss:                3000 kB
55d0a0400000-55d0a0410000 r--p 00400000 fe:00 11 /opt/bv/breathe-voice
Rss:                  64 kB
Private_Dirty:        64 kB
55d0a0410000-55d0a0420000 rw-p 00410000 fe:00 11 /opt/bv/breathe-voice
Rss:                  40 kB
Private_Dirty:        40 kB
55d0a0420000-55d0a0430000 rw-p 00000000 00:00 0
Rss:                  12 kB
Private_Dirty:        12 kB
55d0a1000000-55d0a1100000 rw-p 00000000 00:00 0                          [heap]
Rss:                 500 kB
7f0000000000-7f0000100000 rw-p 00000000 00:00 0
Rss:                 300 kB
7f0000100000-7f0000200000 r-xp 00000000 fe:00 21 /usr/lib/x86_64-linux-gnu/libc.so.6
Rss:                1000 kB
7f0000200000-7f0000300000 r-xp 00000000 fe:00 22 /usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30
Rss:                 700 kB
7f0000300000-7f0000400000 r-xp 00000000 fe:00 23 /usr/lib/x86_64-linux-gnu/libpulse.so.0.24.2
Rss:                 400 kB
7f0000400000-7f0000500000 r-xp 00000000 fe:00 24 /usr/lib/x86_64-linux-gnu/pulseaudio/libpulsecommon-16.1.so
Rss:                 600 kB
7f0000500000-7f0000600000 r-xp 00000000 fe:00 25 /usr/lib/x86_64-linux-gnu/libespeak-ng.so.1.1.51
Rss:                 250 kB
7f0000600000-7f0000700000 r--p 00000000 fe:00 26 /usr/lib/x86_64-linux-gnu/espeak-ng-data/phontab
Rss:                  50 kB
7f0000700000-7f0000800000 rw-s 00000000 00:01 27 /memfd:pulseaudio (deleted)
Rss:                  16 kB
7f0000800000-7f0000900000 r--p 00000000 fe:00 28 /usr/lib/locale/C.utf8/LC_CTYPE
Rss:                 200 kB
7f0000900000-7f0000a00000 r-xp 00000000 fe:00 29 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
Rss:                 150 kB
7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]
Rss:                  20 kB
7ffd00100000-7ffd00102000 r-xp 00000000 00:00 0                          [vdso]
Rss:                   8 kB
"""


def check_smaps_grouping():
    import bench_smaps  # noqa: PLC0415 - numpy comes with it: only when the check runs

    rss, dirty = bench_smaps.smaps_parts(SMAPS, "/opt/bv/breathe-voice")
    expected = {"code": 3000, "ro": 164, "rw": 52, "heap": 500, "anon": 320, "C/C++ runtime": 1850, "libpulse & deps": 1000,
                "eSpeak NG": 300, "pulse shm": 16, "locale": 200, "other": 8}
    assert rss == expected, rss
    assert dirty["ro"] == 64 and dirty["rw"] == 52 and dirty["code"] == 0, dirty


def check_smaps_sampler_on_a_real_process():
    import bench_smaps  # noqa: PLC0415
    from bench_common import TIME  # noqa: PLC0415

    sampler = bench_smaps.SmapsSampler()
    proc = subprocess.Popen([TIME, "-q", "-f", "%M", "-o", os.devnull, "cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        sampler.on_start(proc)
        # A line echoed back proves cat has run (a sample taken just after its exec sees no code resident yet); the
        # sample awaited is one taken after that. cat then waits on its stdin until it is closed below.
        proc.stdin.write(b"ready\n")
        proc.stdin.flush()
        assert proc.stdout.readline() == b"ready\n"
        sampler.sampled.clear()
        seen = sampler.sampled.wait(timeout=20)
    finally:
        proc.stdin.close()
        proc.wait()
    result = sampler.result()
    assert seen and result["samples"] >= 1, result
    assert Path(result["program"]).name == "cat", result["program"]
    parts = result["parts_rss_kib"]
    assert parts["code"] > 0 and parts["C/C++ runtime"] > 0, parts
    assert sum(parts.values()) == result["rss_kib"] > 0, result
    assert result["vmhwm_kib"] is not None and result["vmhwm_kib"] > 0, result


def check_wakeups_count_every_thread_of_a_real_process():
    """bench_common.wakeups (the server's share, issue 45) sums every thread's sleeps: a second thread's 20 sleeps count,
    where the main thread's own status would miss them; a process that ended gives None."""
    from bench_common import wakeups  # noqa: PLC0415

    # The second thread sleeps 20 times, then stays (blocked) until the end: its count stays in /proc.
    program = ("import sys, threading, time\n"
               "slept, done = threading.Event(), threading.Event()\n"
               "def sleeper():\n    for _ in range(20): time.sleep(0.005)\n    slept.set(); done.wait()\n"
               "threading.Thread(target=sleeper, daemon=True).start(); slept.wait()\n"
               "print('ready', flush=True); sys.stdin.read()")
    proc = subprocess.Popen([sys.executable, "-c", program], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert proc.stdout.readline() == b"ready\n"
        main_only = int(next(line.split()[1] for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines()
                             if line.startswith("voluntary_ctxt_switches:")))
        woke = wakeups(proc.pid)
    finally:
        proc.stdin.close()
        proc.wait()
    assert woke is not None and woke >= main_only + 20, (woke, main_only)
    assert wakeups(proc.pid) is None


def check_run_counts_preload_counts_every_thread():
    """Benchmarks/run_counts.c (measure 9) preloaded into a real process, ending by _exit and by exit: one line for it,
    its three ended threads counted with the main thread, and their voluntary switches (+1 a thread: each thread's last
    switch, as it ends, comes after it is read) agreeing with the kernel's rusage of the same process; each switch
    follows a run, so the runs are at least the switches."""
    import tempfile  # noqa: PLC0415

    from bench_desktop import build_run_counts, read_run_counts  # noqa: PLC0415

    program = ("import os, sys, threading, time\n"
               "def sleeper():\n    for _ in range(20): time.sleep(0.002)\n"
               "threads = [threading.Thread(target=sleeper) for _ in range(3)]\n"
               "[t.start() for t in threads]; [t.join() for t in threads]\n"
               "for _ in range(10): time.sleep(0.002)\n"
               "os._exit(0) if sys.argv[1] == '_exit' else sys.exit(0)")
    with tempfile.TemporaryDirectory() as folder:
        library, why = build_run_counts(Path(folder))
        assert library, why
        for ending in ("_exit", "exit"):
            lines = Path(folder) / f"{ending}.txt"
            env = dict(os.environ, LD_PRELOAD=str(library), BREATHE_BENCH_RUNS=str(lines))
            proc = subprocess.Popen([sys.executable, "-c", program, ending], env=env)
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            assert proc.returncode == 0, (ending, proc.returncode)
            counts = read_run_counts(lines)
            assert "error" not in counts and [p["pid"] for p in counts["processes"]] == [proc.pid], (ending, counts)
            assert counts["threads"] == 4 and counts["voluntary"] >= 3 * 20 + 10, (ending, counts)
            assert counts["runs"] >= counts["voluntary"] + counts["involuntary"], (ending, counts)
            seen = counts["voluntary"] + counts["threads"]
            assert abs(seen - usage.ru_nvcsw) <= 5 + 0.02 * usage.ru_nvcsw, (ending, seen, usage.ru_nvcsw)


CHECKS = [value for name, value in sorted(globals().items()) if name.startswith("check_")]


def run(stream=sys.stdout) -> bool:
    passed = failed = 0
    for check in CHECKS:
        try:
            check()
        except Exception:  # noqa: BLE001 - every failure is reported, then counted
            failed += 1
            print(f"FAIL {check.__name__}", file=stream)
            traceback.print_exc(file=stream)
        else:
            passed += 1
            print(f"ok   {check.__name__}", file=stream)
    print(f"detector self-test: {passed} passed, {failed} failed", file=stream)
    return failed == 0


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
