"""The dummy game's bot: picks a random number, never raises."""


def choose_action(view: dict, strength: str, rng) -> dict | None:
    picks = [a for a in view["legal_actions"] if a["type"] == "pick"]
    return rng.choice(picks) if picks else None
