"""Peak RSS by part: /proc/<pid>/smaps sampled while a program runs, each mapping given to one part."""

from __future__ import annotations

import re
import threading

from bench_common import TIME, sample_program


# MARK: peak RSS by part (/proc/<pid>/smaps)


#: The parts a peak RSS is split into, in the order the cells print them (rules: smaps_part; Benchmarks/README.md).
SMAPS_PARTS = ["code", "ro", "rw", "heap", "anon", "C/C++ runtime", "libpulse & deps", "eSpeak NG", "pulse shm", "locale", "other"]
#: The C and C++ runtime: glibc (libc, libm and its stubs libdl, libpthread, librt, libutil, libmvec), ld.so, libstdc++, libgcc_s.
C_RUNTIME = re.compile(r"^(libc|libm|libmvec|libdl|libpthread|librt|libutil|libstdc\+\+|libgcc_s|ld-linux[-\w.]*)\.so")
SMAPS_INTERVAL = 0.025  # s between two samples
_SMAPS_MAPPING = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \S+ *(.*)$")


def smaps_part(path: str, perms: str, exe: str, after_program_rw: bool) -> str:
    """The part a mapping's Rss counts in. `exe` is the program's own file; `after_program_rw`: the mapping starts where
    one of the program's writable mappings ends (an anonymous one there is the rest of its .bss)."""
    path = path.removesuffix(" (deleted)")
    if path == exe:
        return "code" if "x" in perms else "rw" if "w" in perms else "ro"
    if not path:
        return "rw" if after_program_rw and "w" in perms else "anon"
    if path == "[heap]":
        return "heap"
    if path.startswith("[stack") or path.startswith("[anon"):
        return "anon"
    if path.startswith("["):  # [vdso], [vvar], [vsyscall]
        return "other"
    name = path.rsplit("/", 1)[-1]
    if "espeak" in path:
        return "eSpeak NG"
    if C_RUNTIME.match(name):
        return "C/C++ runtime"
    if "/locale/" in path or "/gconv/" in path:
        return "locale"
    if path.startswith("/memfd:pulseaudio") or path.startswith("/dev/shm/pulse-shm"):
        return "pulse shm"
    if ".so" in name:
        return "libpulse & deps"
    return "other"


def smaps_parts(text: str, exe: str) -> tuple[dict[str, int], dict[str, int]]:
    """Rss and Private_Dirty (kB) of /proc/<pid>/smaps' text, summed by part (SMAPS_PARTS)."""
    rss, dirty = dict.fromkeys(SMAPS_PARTS, 0), dict.fromkeys(SMAPS_PARTS, 0)
    part, rw_end = None, None
    for line in text.splitlines():
        mapping = _SMAPS_MAPPING.match(line)
        if mapping:
            start, end = int(mapping[1], 16), int(mapping[2], 16)
            part = smaps_part(mapping[4].strip(), mapping[3], exe, start == rw_end)
            rw_end = end if part == "rw" else None
        elif part and line.startswith("Rss:"):
            rss[part] += int(line.split()[1])
        elif part and line.startswith("Private_Dirty:"):
            dirty[part] += int(line.split()[1])
    return rss, dirty


def status_kib(text: str, key: str) -> int | None:
    found = re.search(rf"^{key}:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) if found else None


class SmapsSampler:
    """Samples /proc/<pid>/smaps of the program /usr/bin/time runs (its child, once it has exec'd) every SMAPS_INTERVAL
    from a thread, and keeps the sample whose total Rss is largest, split by part, with VmHWM from /proc/<pid>/status read
    in the same sample. Reading /proc changes nothing in the process (no ptrace, no preload). Pass `on_start` to
    run_measured, then call `result()` once it has returned."""

    def __init__(self, interval: float = SMAPS_INTERVAL):
        self.interval = interval
        self.samples = 0
        self.peak: dict | None = None
        self.max_vmhwm_kib: int | None = None  # VmHWM may read lower later: the kernel updates its high-water mark lazily
        self.reason = "the process exited before the first sample"
        self.sampled = threading.Event()  # set after the first sample
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def on_start(self, proc, _start=None) -> None:
        self._thread = threading.Thread(target=self._run, args=(proc.pid,), daemon=True)
        self._thread.start()

    def _run(self, parent: int) -> None:
        if not sample_program(parent, ("smaps", "status"), self._sample, self.interval, self._done, same_program=True):
            self.reason = f"{TIME} exited before its child was found"

    def _sample(self, exe: str, texts: list[str]) -> None:
        text, state = texts
        rss, dirty = smaps_parts(text, exe)
        total = sum(rss.values())
        self.samples += 1
        vmhwm = status_kib(state, "VmHWM")
        if vmhwm is not None and (self.max_vmhwm_kib is None or vmhwm > self.max_vmhwm_kib):
            self.max_vmhwm_kib = vmhwm
        if self.peak is None or total > self.peak["rss_kib"]:
            self.peak = {"rss_kib": total, "vmhwm_kib": vmhwm, "vmrss_kib": status_kib(state, "VmRSS"),
                         "sample": self.samples, "program": exe, "parts_rss_kib": rss, "parts_private_dirty_kib": dirty}
        self.sampled.set()

    def result(self) -> dict:
        self._done.set()
        if self._thread:
            self._thread.join(timeout=5)
        if self.peak is None:
            return {"samples": 0, "error": self.reason}
        return {"samples": self.samples, "interval_ms": self.interval * 1000, "max_vmhwm_kib": self.max_vmhwm_kib, **self.peak}


def parts_text(sample: dict | None) -> str:
    """"code 3.7, ro 0.7, … MiB (sum 13.6 at the sampled peak; VmHWM then 13.6, largest seen 13.6; 412 samples)", or n/a
    (the first seven parts always, the others when they round to 0.1 MiB or more)."""
    if not sample or "parts_rss_kib" not in sample:
        return f"n/a ({(sample or {}).get('error', 'not sampled')})"
    parts = sample["parts_rss_kib"]
    shown = ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in parts.items() if kib >= 0.05 * 1024 or name in SMAPS_PARTS[:7])
    then, largest = (f"{kib / 1024:.1f}" if kib is not None else "?" for kib in (sample["vmhwm_kib"], sample["max_vmhwm_kib"]))
    return (f"{shown} MiB (sum {sample['rss_kib'] / 1024:.1f} at the sampled peak; VmHWM then {then}, largest seen {largest}; "
            f"{sample['samples']} samples)")


def parts_difference(ours: dict | None, floor: dict | None) -> str:
    """Where ours exceeds the floor: "+2.7 MiB: code +2.1, rw +0.4, heap +0.2" (parts that differ by 0.05 MiB or more)."""
    if not ours or not floor or "parts_rss_kib" not in ours or "parts_rss_kib" not in floor:
        return "n/a (a breakdown is missing)"
    deltas = {name: (ours["parts_rss_kib"][name] - floor["parts_rss_kib"].get(name, 0)) / 1024 for name in SMAPS_PARTS}
    shown = ", ".join(f"{name} {delta:+.1f}" for name, delta in sorted(deltas.items(), key=lambda item: -abs(item[1])) if abs(delta) >= 0.05)
    return f"{(ours['rss_kib'] - floor['rss_kib']) / 1024:+.1f} MiB: {shown or 'no part differs'}"


def median_sample(samples: list[dict]) -> dict | None:
    """Of a floor's runs, the breakdown whose sampled peak is the median one (the lower middle of an even count)."""
    good = sorted((s for s in samples if "rss_kib" in s), key=lambda s: s["rss_kib"])
    return good[(len(good) - 1) // 2] if good else (samples[0] if samples else None)
