"""Beginner: any legal action, chosen at random."""


def choose(view, rng):
    legal = view.get("legal_actions") or []
    if not legal:
        return None
    action = rng.choice(legal)
    if action["type"] == "give" and action["cards"] is None:
        return {"seat": action["seat"], "type": "give", "cards": rng.sample(action["hand"], action["count"]),
                "to": action["to"]}
    return action
