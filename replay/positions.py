"""One moment of a finished game, rebuilt from its record through the game's own engine
(games.registry.Game.hand_states): the record is the only copy of the game there is.

A moment is named by its hand (0-based here, 1-based in URLs) and its step: how many of that
hand's actions have been applied (0: just dealt)."""

from dataclasses import dataclass

from games.presenters import DISPLAY_ORDER, relative_positions


@dataclass(frozen=True)
class Moment:
    hand: int
    step: int
    steps: tuple[int, ...]  # the number of actions of every hand
    clears: tuple[int, ...]  # the steps of this hand at which the table was cleared
    state: object
    action: dict | None  # the action that led here

    @property
    def last_step(self) -> int:
        return self.steps[self.hand]

    # Where each button leads, as (hand, step), or None at the game's edge.

    def first(self):
        return None if (self.hand, self.step) == (0, 0) else (0, 0)

    def last(self):
        end = (len(self.steps) - 1, self.steps[-1])
        return None if (self.hand, self.step) == end else end

    def next_step(self):
        if self.step < self.last_step:
            return self.hand, self.step + 1
        return (self.hand + 1, 0) if self.hand + 1 < len(self.steps) else None

    def previous_step(self):
        if self.step > 0:
            return self.hand, self.step - 1
        return (self.hand - 1, self.steps[self.hand - 1]) if self.hand > 0 else None

    def next_clear(self):
        later = [s for s in (*self.clears, self.last_step) if s > self.step]
        if later:
            return self.hand, later[0]
        return self.next_step()

    def previous_clear(self):
        earlier = [s for s in (0, *self.clears) if s < self.step]
        if earlier:
            return self.hand, earlier[-1]
        return self.previous_step()

    def next_hand(self):
        return (self.hand + 1, 0) if self.hand + 1 < len(self.steps) else self.last()

    def previous_hand(self):
        if self.step > 0:
            return self.hand, 0
        return (self.hand - 1, 0) if self.hand > 0 else None


def moment(game, record: dict, hand: int, step: int) -> Moment:
    """The moment at (hand, step) of a valid record with at least one hand; a position
    beyond either end is taken as that end."""
    actions = game.record_hands(record)
    hand = min(max(hand, 0), len(actions) - 1)
    states = game.hand_states(record, hand)
    step = min(max(step, 0), len(states) - 1)
    clear = [game.table_clear(game.engine.view(state, None)) for state in states]
    return Moment(
        hand=hand,
        step=step,
        steps=tuple(len(a) for a in actions),
        clears=tuple(s for s in range(1, len(states)) if clear[s] and not clear[s - 1]),
        state=states[step],
        action=actions[hand][step - 1] if step else None,
    )


def board(game, record: dict, moment: Moment, names: dict) -> dict:
    """The context of the game's replay board: the public view, and every seat with its
    name, the line under it and the hand its own view shows — all hands revealed, which is
    what a replay of a finished game is for."""
    engine, state = game.engine, moment.state
    public = engine.view(state, None)
    seats = game.seats_for(game.record_options(record))
    places = relative_positions(seats, None)
    rows = [{
        "position": position,
        "place": places[position],
        "name": names[position],
        "hand": game.revealed_hand(engine.view(state, position)),
        "turn": public.get("turn") == position,
        "is_me": False, "mark": None, "badges": (), "team": None,
        "info": {"phase": public["phase"]},
    } for position in seats]
    context = {
        "view": public,
        "phase": public["phase"],
        "names": names,
        "seats": sorted(rows, key=lambda row: DISPLAY_ORDER.index(row["place"])),
        "seat_rows": {row["position"]: row for row in rows},
        "action": moment.action,
        "fragments": game.templates,
    }
    game.replay_present(context, public)
    return context
