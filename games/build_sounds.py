"""Generate the table's two sounds as small WAV files under static/sounds/.

Run `python -m games.build_sounds` after changing one; the output is deterministic and
committed, so neither the server nor CI needs to run this. Both are short and soft (a
fifth of full scale) with a smooth start and end, so they never click or startle:
- turn.wav: two rising chime notes, "your turn".
- alarm.wav: a low thump under a falling tone, for a play a game marks as striking
  (its view's `data-cue="alarm"`).
"""

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "static" / "sounds"


def _envelope(i: int, n: int, attack: float = 0.01, release: float = 0.6) -> float:
    t, length = i / RATE, n / RATE
    rise = min(1.0, t / attack)
    fall = min(1.0, (length - t) / (length * release))
    return rise * max(0.0, fall)


def _note(freq: float, seconds: float, volume: float = 0.2) -> list[float]:
    n = int(RATE * seconds)
    return [volume * _envelope(i, n) * (math.sin(2 * math.pi * freq * i / RATE)
                                        + 0.3 * math.sin(4 * math.pi * freq * i / RATE)) / 1.3
            for i in range(n)]


def turn() -> list[float]:
    return _note(660, 0.12) + _note(880, 0.2)


def alarm() -> list[float]:
    rng = random.Random(7)  # the same noise every build
    n = int(RATE * 0.45)
    samples = []
    for i in range(n):
        t = i / RATE
        freq = 220 * math.exp(-4 * t)  # falling from 220 Hz
        thump = math.sin(2 * math.pi * 60 * t) * math.exp(-8 * t)
        noise = (rng.random() * 2 - 1) * math.exp(-25 * t)
        samples.append(0.22 * _envelope(i, n, release=0.8) * (0.5 * math.sin(2 * math.pi * freq * t) + 0.4 * thump + 0.3 * noise))
    return samples


def write(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", round(max(-1.0, min(1.0, s)) * 32767)) for s in samples))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write(OUT / "turn.wav", turn())
    write(OUT / "alarm.wav", alarm())


if __name__ == "__main__":
    main()
