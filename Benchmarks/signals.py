"""Synthetic sounds for the benchmark: cue WAVs for the peers and known signals for the detector's self-test."""

from __future__ import annotations

import wave

import numpy as np

RATE = 22050


def sweep(start_hz: float, end_hz: float, seconds: float, level: float, rate: int = RATE, attack_s: float = 0.005) -> np.ndarray:
    """A sine sweep (float, ±level) with a raised-cosine attack and release, starting at phase 0."""
    count = int(round(seconds * rate))
    frequency = np.linspace(start_hz, end_hz, count)
    phase = 2 * np.pi * np.cumsum(frequency) / rate - 2 * np.pi * frequency[0] / rate
    envelope = np.ones(count)
    ramp = max(1, int(round(attack_s * rate)))
    shape = 0.5 - 0.5 * np.cos(np.pi * np.arange(ramp) / ramp)
    envelope[:ramp] = shape
    envelope[-ramp:] = np.minimum(envelope[-ramp:], shape[::-1])
    return level * envelope * np.sin(phase)


def speech_like(words: list[float], gap_s: float, level: float, rate: int = RATE, lead_silence_s: float = 0.02, seed: int = 1) -> np.ndarray:
    """Voiced "words" (a 120 Hz harmonic buzz with syllable-like amplitude modulation) separated by short gaps.

    It starts with `lead_silence_s` of silence, as eSpeak NG's output does.
    """
    rng = np.random.default_rng(seed)
    parts = [np.zeros(int(lead_silence_s * rate))]
    for index, length in enumerate(words):
        count = int(length * rate)
        t = np.arange(count) / rate
        buzz = sum(np.sin(2 * np.pi * 120 * k * t + rng.uniform(0, 2 * np.pi)) / k for k in range(1, 12))
        syllables = 0.6 + 0.4 * np.sin(2 * np.pi * 4 * t) ** 2
        envelope = np.minimum(1, np.minimum(t, t[::-1]) / 0.01)
        parts.append(level * buzz / 3 * syllables * envelope)
        if index + 1 < len(words):
            parts.append(np.zeros(int(gap_s * rate)))
    return np.concatenate(parts)


def place(total_samples: int, clips: list[tuple[int, np.ndarray]]) -> np.ndarray:
    """Mixes float clips at the given sample offsets into a float signal of `total_samples`."""
    mix = np.zeros(total_samples)
    for start, clip in clips:
        end = min(total_samples, start + len(clip))
        mix[start:end] += clip[: end - start]
    return mix


def to_int16(signal: np.ndarray) -> np.ndarray:
    return np.clip(np.rint(signal * 32767), -32768, 32767).astype(np.int16)


def write_wav(path, samples: np.ndarray, rate: int = RATE) -> None:
    """Writes mono S16 samples (int16 array, or float in ±1) as a WAV file."""
    data = samples if samples.dtype == np.int16 else to_int16(samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(data.astype("<i2").tobytes())


def read_wav(path) -> tuple[np.ndarray, int, int, int]:
    """(samples as int16 of the first channel, rate, channels, sample width in bytes)."""
    with wave.open(str(path), "rb") as source:
        channels, width, rate = source.getnchannels(), source.getsampwidth(), source.getframerate()
        frames = source.readframes(source.getnframes())
    if width != 2:
        return np.zeros(0, dtype=np.int16), rate, channels, width
    data = np.frombuffer(frames, dtype="<i2")
    return data[::channels].copy(), rate, channels, width
