"""Tichu bots against an outside rule-based bot, duplicate hands: one of our bots against the
``ExpertBot`` of sifounak/Tichu (TypeScript, code/packages/server/src/bot/expert-bot.ts).

Each deal is played twice, our bot at North/South and then at East/West, so that the cards
cancel out; every hand is a fresh game. A hand is won by the side with the higher hand score
(a tie counts half). Intervals are 95 % normal intervals over the deal pairs. Reported per
side as in tichu_vs_heuristic.py (calls and how many succeeded, first outs, the wall-clock time
of its decisions, our expert's deadline hits by wall and by CPU time), plus the outside bot's
fallbacks and their reasons.

    nice -n 10 .venv/bin/python bench/tichu_vs_sifounak.py --root PATH --ours expert --deals 60

``PATH`` is a checkout of https://github.com/sifounak/Tichu's bot files and shared engine,
built with esbuild into ``PATH/dist`` (``node build.mjs`` there); nothing of it is part of this
repository. bench/HISTORY.md ("The Tichu expert against sifounak/Tichu's ExpertBot") names
the files, their commits and the stand-ins. ``--ours sifounak`` seats the outside bot at all
four seats, a check of the adapter (it should have no fallbacks).

One Node process (bench/outside_tichu/sifounak_driver.mjs) runs for the whole bench; each
decision of an outside seat sends it that seat's ``view`` (tichu.engine) and nothing else, one
JSON line each way. The driver holds one ``ExpertBot`` per seat and hand, builds its
``RoundState`` from the view (the other hands as placeholders of the right length: it cannot
see them) and asks it through its own server's ``BotRunner`` (bot-runner.ts), so that its
server's choices of when to ask stand:

* Grand Tichu: ``chooseGrandTichu`` on the first 8 cards.
* exchange: ``chooseCardsToPass``.
* small Tichu: ``chooseRegularTichu`` at each of its turns before its first play (as its
  runner does; never at the exchange).
* play: ``choosePlay`` over the plays its own engine lists (``getValidPlays``,
  ``canPlayerPass``); its cards name our legal play with the same cards (with the Phoenix
  value it chose, where our engine lists more than one), a Mahjong play carries its
  ``chooseMahjongWish``. Its engine of this commit values a single Phoenix at 1.5 when it
  lists plays, so it never follows a single with the Phoenix.
* Dragon gift: ``chooseDragonGiftRecipient``.
* bombs out of turn: its runner's end-of-trick bomb window (every other player passed; our
  engine's ``bomb_window``): the first of its bombs that beats the trick when the trick holds
  10+ points and is not its own team's. Never during a trick, as on its server.

Should no legal action carry its answer (the rules engines disagree), it passes if it may
and else plays our first legal play; such fallbacks are counted and their reasons reported.
Its decision times include the pipe round trip and the translation.
"""

import collections
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from outside_match import cli, run_match  # noqa: E402

DRIVER = Path(__file__).resolve().parent / "outside_tichu" / "sifounak_driver.mjs"


class Driver:
    """The Node process that plays the outside bot: one JSON line out, one back."""

    def __init__(self, root):
        self.process = subprocess.Popen(["node", str(DRIVER), "--root", str(Path(root).resolve())],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.instances = 0
        self.reasons = collections.Counter()  # fallbacks by reason (its first word and cards)

    def ask(self, message):
        self.process.stdin.write(json.dumps(message) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the driver ended (exit code {self.process.wait()})")
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


class SifounakSeat:
    """One seat's ExpertBot for one hand, in the driver; sees that seat's view and nothing else."""

    def __init__(self, driver):
        self.driver = driver
        driver.instances += 1
        self.key = driver.instances
        self.fallbacks = 0

    def choose(self, seen):
        answer = self.driver.ask({"bot": self.key, "view": seen})
        if answer["fallback"]:
            self.fallbacks += 1
            self.driver.reasons[answer["fallback"][:120]] += 1
        return answer["action"]

    def close(self):
        self.driver.ask({"end": self.key})


def run(root, strength, deals, budget, seed, progress):
    driver = Driver(root)
    try:
        return run_match(strength, deals, budget, seed, progress, name="sifounak",
                         outside=lambda seat, rng: SifounakSeat(driver),
                         extra=lambda: {"sifounak_fallback_reasons": dict(driver.reasons.most_common(10))})
    finally:
        driver.close()


if __name__ == "__main__":
    cli(run, __doc__, "a built checkout of sifounak/Tichu's bot files", "our bot's strength (sifounak: the outside bot at all seats)")
