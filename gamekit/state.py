"""The one way every engine keeps its state: a plain object with a slot per field whose values
are replaced, never changed in place, so that `evolve` copies it field by field (sharing every
value) and `apply` changes the copy while the caller keeps the old state untouched.

A field an engine does change in place is named in the class's `copied` and copied one level
(`value[:]`: a list's items are still shared). Two states are equal when the fields named in
`compared` (by default every slot) are. A subclass declares its fields as `__slots__`;
slot reads are about twice as fast as an instance dict's, and reads are most of what `apply`,
`legal_actions` and the bots do with a state."""

from operator import attrgetter


class EngineState:
    __slots__ = ()

    def __init_subclass__(cls, copied: tuple = (), compared: tuple = (), **kwargs):
        super().__init_subclass__(**kwargs)
        fields = tuple(name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ()))
        unknown = set(copied) - set(fields)
        if unknown:
            raise TypeError(f"{cls.__name__} copies fields it does not have: {sorted(unknown)}")
        compared = compared or fields
        cls._values = staticmethod(attrgetter(*compared) if len(compared) > 1 else (
            lambda state: tuple(getattr(state, name) for name in compared)))
        cls.copy_fields = _copier(cls, fields, frozenset(copied))
        if "evolve" not in cls.__dict__:  # a state with more to copy calls copy_fields itself
            cls.evolve = cls.copy_fields

    def but(self, **changes):
        """A copy with the given fields replaced."""
        new = self.evolve()
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def __eq__(self, other):
        return type(other) is type(self) and self._values(self) == other._values(other)


def _copier(cls, fields: tuple, copied: frozenset):
    """`copy_fields`: one assignment per field, generated, because engines copy their state on
    every action and a loop of getattr/setattr over the fields costs twice as much."""
    lines = ["def copy_fields(self):", "    new = _new(cls)"]
    lines += [f"    new.{name} = self.{name}[:]" if name in copied else f"    new.{name} = self.{name}"
              for name in fields]
    lines.append("    return new")
    namespace = {"_new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)
    return namespace["copy_fields"]
