"""An engine's memos behind one interface. Engines remember what they found (a hand's
leads, a card list's mask) for speed; every such memo is a `Memo` made by `memo()`, keyed by
values (never by an object's identity, which a new object may reuse), bounded, and listed
in MEMOS so that tests, benchmarks and a process census can clear or count them all."""


class Memo(dict):
    """A bounded dict: reads are plain dict reads (the engines' hot loops), writes that may
    grow it go through `keep`, which makes room first when it is full."""

    __slots__ = ("name", "limit", "oldest_first")

    def keep(self, key, value):
        if len(self) >= self.limit:
            self.make_room()
        self[key] = value
        return value

    def make_room(self) -> None:
        """Empty it at once (the default: the entries of one hand or one game mostly go
        together), or, with `oldest_first`, drop the oldest entry. A server lists on more
        than one thread: another may change the dict meanwhile and make room itself; the
        bound only needs to hold roughly."""
        if not self.oldest_first:
            self.clear()
            return
        try:
            del self[next(iter(self))]
        except (RuntimeError, KeyError, StopIteration):
            pass


MEMOS: dict[str, Memo] = {}


def memo(name: str, limit: int, *, oldest_first: bool = False, kind: type[Memo] = Memo, **fields) -> Memo:
    """A new memo registered under `name` (an engine's module and purpose, e.g.
    "mygame.leads"); `kind` a Memo subclass with `fields` set on it."""
    made = kind()
    made.name, made.limit, made.oldest_first = name, limit, oldest_first
    for field, value in fields.items():
        setattr(made, field, value)
    MEMOS[name] = made
    return made


def clear_all() -> None:
    for made in MEMOS.values():
        made.clear()


def sizes() -> dict[str, int]:
    return {name: len(made) for name, made in MEMOS.items()}
