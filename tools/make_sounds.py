"""Synthesise the game's sound effects, so every sound is ours and can be rebuilt from this file.

python -m tools.make_sounds [--out DIR]     (default: assets/sounds)

Pure Python (math, array, wave): no numpy, no recordings. The output is deterministic (own noise
generator, fixed parameters), so regenerating gives byte-identical files and a test can check it.
Every sound is 44.1 kHz 16-bit mono, under 1.5 s, DC-free, faded in and out, normalised to a peak.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

from game import resources

RATE = 44100
OUT = resources.sounds()
MAX_SECONDS = 1.5

Signal = list[float]


def silence(seconds: float) -> Signal:
    return [0.0] * int(seconds * RATE)


def mix(into: Signal, sound: Iterable[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add `sound` into `into` starting `at` seconds; whatever runs past the end is dropped."""
    start = int(at * RATE)
    for i, value in enumerate(sound, start):
        if i >= len(into):
            break
        into[i] += gain * value


def noise(count: int, seed: int) -> Signal:
    """White noise from a 32-bit xorshift: the same numbers on every machine and Python version."""
    state = seed & 0xFFFFFFFF or 1
    out = []
    for _ in range(count):
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        out.append(state / 0x7FFFFFFF - 1.0)
    return out


def envelope(count: int, attack: float, decay: float) -> Signal:
    """Linear attack over `attack` seconds, then exponential decay with time constant `decay`."""
    rise = max(1, int(attack * RATE))
    out = []
    for i in range(count):
        t = i / RATE
        out.append(i / rise if i < rise else math.exp(-(t - attack) / decay))
    return out


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """One-pole low-pass: softens noise into a thud or a rumble."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def bandpass(signal: Signal, centre: float, q: float) -> Signal:
    """RBJ biquad band-pass (0 dB peak): gives noise the colour of wood or a tick."""
    w = 2.0 * math.pi * centre / RATE
    alpha = math.sin(w) / (2.0 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1.0 + alpha, -2.0 * math.cos(w), 1.0 - alpha
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for x in signal:
        y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def mode(freq: float, seconds: float, decay: float, attack: float = 0.001, glide: float = 0.0) -> Signal:
    """A damped sine (one resonance of a struck object); `glide` bends the pitch down by that ratio."""
    count = int(seconds * RATE)
    env = envelope(count, attack, decay)
    out, phase = [], 0.0
    for i in range(count):
        f = freq * (1.0 - glide * (1.0 - math.exp(-i / RATE / 0.03)))
        phase += 2.0 * math.pi * f / RATE
        out.append(math.sin(phase) * env[i])
    return taper(out)


def taper(signal: Signal, seconds: float = 0.006) -> Signal:
    """Raised-cosine fade over the last few milliseconds: a cut-off tail would click."""
    count = min(len(signal), int(seconds * RATE))
    for i in range(count):
        signal[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / count)
    return signal


def bell(freq: float, seconds: float, decay: float) -> Signal:
    """A small metal bar: the inharmonic partials of a glockenspiel, higher ones dying faster."""
    out = silence(seconds)
    for ratio, amp, rate in ((1.0, 1.0, 1.0), (2.76, 0.22, 0.35), (5.40, 0.07, 0.15)):
        mix(out, mode(freq * ratio, seconds, decay * rate, attack=0.002), gain=amp)
    return out


def horn(freq: float, seconds: float, decay: float, vibrato: float = 0.0) -> Signal:
    """A soft brass-like note: harmonics falling off with order, brightness fading as it rings."""
    count = int(seconds * RATE)
    env = envelope(count, 0.018, decay)
    out, phase = [], 0.0
    for i in range(count):
        t = i / RATE
        wobble = 1.0 + vibrato * math.sin(2.0 * math.pi * 5.0 * t) * min(1.0, t / 0.25)
        phase += 2.0 * math.pi * freq * wobble / RATE
        bright = 0.35 + 0.65 * math.exp(-t / 0.18)
        value = sum(math.sin(n * phase) * (bright ** (n - 1)) / n ** 1.2 for n in range(1, 7))
        out.append(value * env[i])
    return taper(out)


def knock(seconds: float, seed: int, body: tuple[float, ...], decay: float, click: float, thump: float) -> Signal:
    """Wood struck on wood: a short coloured noise click, the block's resonances, a low thump under it."""
    count = int(seconds * RATE)
    out = silence(seconds)
    burst = bandpass(noise(count, seed), click, 1.2)
    mix(out, (b * e for b, e in zip(burst, envelope(count, 0.0004, 0.004), strict=True)), gain=1.4)
    for index, freq in enumerate(body):
        mix(out, mode(freq, seconds, decay / (1 + index * 0.6)), gain=0.55 / (1 + index))
    if thump:
        mix(out, mode(thump, seconds, decay * 1.6, attack=0.002, glide=0.25), gain=0.8)
    return out


def finish(signal: Signal, peak: float, release: float = 0.025) -> Signal:
    """Remove DC, fade in over 1 ms and out over `release` seconds (no clicks), normalise to `peak`."""
    out, prev_x, prev_y = [], 0.0, 0.0
    for x in signal:  # DC blocker, corner near 10 Hz
        prev_y = x - prev_x + 0.9985 * prev_y
        prev_x = x
        out.append(prev_y)
    mean = sum(out) / len(out)
    out = [x - mean for x in out]
    fade_in, fade_out = int(0.001 * RATE), int(release * RATE)
    for i in range(fade_in):
        out[i] *= i / fade_in
    for i in range(fade_out):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    top = max(abs(x) for x in out) or 1.0
    return [x * peak / top for x in out]


# --- the sounds ------------------------------------------------------------------------------------------


def place() -> Signal:
    """Laying a piece of track: a soft wooden clack with a little weight under it."""
    return finish(knock(0.24, 11, (640.0, 1180.0), 0.030, 1900.0, 150.0), 0.62)


def chime(seconds: float, strikes: Iterable[tuple[float, float, float, float]]) -> Signal:
    """Bars struck one after another, each (frequency, at seconds, decay, gain), ringing to the end."""
    out = silence(seconds)
    for freq, at, decay, gain in strikes:
        mix(out, bell(freq, seconds - at, decay), at=at, gain=gain)
    return out


def score() -> Signal:
    """Points: a bright rising two-note chime (a fourth, B5 then E6)."""
    return finish(chime(0.95, ((987.77, 0.0, 0.30, 0.7), (1318.51, 0.09, 0.40, 1.0))), 0.55, release=0.25)


def ride() -> Signal:
    """The passenger rides: the da-dum, da-dum of wheels over rail joints, on a low rumble."""
    seconds = 1.3
    count = int(seconds * RATE)
    out = silence(seconds)
    rumble = lowpass(lowpass(noise(count, 7), 220.0), 220.0)
    swell = [min(1.0, i / (0.18 * RATE), (count - i) / (0.35 * RATE)) for i in range(count)]
    mix(out, (r * s for r, s in zip(rumble, swell, strict=True)), gain=1.3)
    for bar, start in enumerate((0.04, 0.36, 0.68, 1.0)):
        for beat, (offset, gain) in enumerate(((0.0, 0.8), (0.095, 1.0))):
            wheel = knock(0.12, 100 + 2 * bar + beat, (330.0,), 0.022, 900.0, 90.0)
            mix(out, lowpass(wheel, 1400.0), at=start + offset, gain=gain * (0.75 if bar == 3 else 1.0))
    return finish(out, 0.5)


def branch() -> Signal:
    """A branch token taken: a light wooden token picked up and set down on the player's pile."""
    out = silence(0.34)
    mix(out, knock(0.2, 23, (1350.0, 2500.0), 0.018, 3200.0, 0.0), gain=0.8)
    mix(out, knock(0.26, 29, (1520.0, 2800.0), 0.022, 3400.0, 260.0), at=0.075)
    return finish(out, 0.55)


def end() -> Signal:
    """The game ends: a short rising fanfare (C5 E5 G5 C6), the notes ringing on into a chord."""
    seconds = 1.45
    out = silence(seconds)
    notes = (523.25, 659.25, 783.99, 1046.50)
    for index, freq in enumerate(notes):
        at = 0.13 * index
        last = index == len(notes) - 1
        note = horn(freq, seconds - at, 0.65 if last else 0.38, vibrato=0.004 if last else 0.0)
        mix(out, note, at=at, gain=1.0 if last else 0.7)
    return finish(out, 0.6, release=0.4)


def click() -> Signal:
    """A button: a small dry tick."""
    out = silence(0.05)
    mix(out, mode(2300.0, 0.05, 0.006, attack=0.0003), gain=0.6)
    count = int(0.05 * RATE)
    tick = bandpass(noise(count, 41), 4200.0, 2.0)
    mix(out, (t * e for t, e in zip(tick, envelope(count, 0.0002, 0.002), strict=True)), gain=1.5)
    return finish(out, 0.35)


def illegal() -> Signal:
    """Not allowed: a soft, low two-note 'bonk-bonk' falling a fourth, never harsh."""
    out = silence(0.36)
    for at, freq in ((0.0, 311.13), (0.13, 233.08)):
        count = int((0.36 - at) * RATE)
        env = envelope(count, 0.004, 0.075)
        tone = [sum(math.sin(2.0 * math.pi * freq * k * i / RATE) / k ** 1.6 for k in (1, 3, 5)) * env[i]
                for i in range(count)]
        mix(out, lowpass(tone, 1500.0), at=at)
    return finish(out, 0.4)


def card() -> Signal:
    """A transport card drawn (bus tour): a quick paper flick, a soft slap as it lands on the hand."""
    out = silence(0.2)
    count = int(0.2 * RATE)
    flick = bandpass(noise(count, 53), 3100.0, 1.4)
    mix(out, (f * e for f, e in zip(flick, envelope(count, 0.002, 0.018), strict=True)), gain=1.2)
    slap = bandpass(noise(count, 59), 1700.0, 1.0)
    mix(out, (f * e for f, e in zip(slap, envelope(count, 0.001, 0.012), strict=True)), at=0.07, gain=0.8)
    return finish(out, 0.45)


def ticket() -> Signal:
    """Tickets taken (bus tour): card stock sliding out of a pile, a swell of paper noise, then a tap."""
    seconds = 0.42
    count = int(seconds * RATE)
    out = silence(seconds)
    slide = bandpass(noise(count, 61), 2300.0, 0.8)
    swell = [math.sin(math.pi * min(1.0, i / (0.3 * RATE))) ** 2 for i in range(count)]
    mix(out, (f * e for f, e in zip(slide, swell, strict=True)), gain=0.9)
    mix(out, knock(0.1, 67, (1900.0,), 0.01, 3000.0, 0.0), at=0.31, gain=0.5)
    return finish(out, 0.42)


def bell_ring() -> Signal:
    """A bus arrives on its route (bus tour): the conductor's bell, ding-ding."""
    return finish(chime(1.0, ((1396.91, 0.0, 0.22, 0.9), (1396.91, 0.16, 0.30, 1.0))), 0.5, release=0.25)


def miss() -> Signal:
    """A ticket not completed (bus tour's end): a soft muted fall, a minor third down, never a scold."""
    out = silence(0.7)
    mix(out, horn(392.0, 0.7, 0.14), gain=0.8)
    mix(out, horn(329.63, 0.55, 0.22), at=0.15)
    return finish(lowpass(out, 1800.0), 0.45, release=0.2)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "place": place,
    "score": score,
    "ride": ride,
    "branch": branch,
    "end": end,
    "click": click,
    "illegal": illegal,
    "card": card,
    "ticket": ticket,
    "bell": bell_ring,
    "miss": miss,
}


def wav_bytes(signal: Signal) -> bytes:
    """16-bit little-endian mono WAV; the header has no dates, so the bytes depend on the samples only."""
    pcm = array("h", (max(-32767, min(32767, round(x * 32767))) for x in signal))
    if sys.byteorder == "big":
        pcm.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def build(folder: Path = OUT) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        signal = make()
        if len(signal) >= MAX_SECONDS * RATE:
            raise SystemExit(f"{name} is {len(signal) / RATE:.2f} s, over {MAX_SECONDS} s")
        path = folder / f"{name}.wav"
        path.write_bytes(wav_bytes(signal))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_sounds", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the .wav files (default assets/sounds)")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
