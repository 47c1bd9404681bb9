"""Frozen model values made fast for the loader, which makes thousands of them in a large scene.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``;
:class:`Maker` copies the fields of one value made the ordinary way and sets those given,
which costs a fraction of that and keeps the compact, shared-key layout of the instance
dictionary. The class's ``__post_init__``, if any, still runs on every value made, so what
it ensures holds as for a value built the ordinary way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from fatescreen.rules.aspects import Aspect, AspectKind

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


class Maker(Generic[T]):
    """Makes values of one frozen dataclass like a given value: a field not set holds that
    value's (see :meth:`defaults` for a field's default instead)."""

    def __init__(self, like: T) -> None:
        self._class = type(like)
        self._fields: dict[str, Any] = like.__dict__.copy()
        self._post_init: Callable[[T], None] | None = getattr(self._class, "__post_init__", None)

    @classmethod
    def defaults(cls, example: T) -> Maker[T]:
        """A maker whose fields not set hold their defaults (which are immutable, so every
        value shares them; a field without a default must always be set). ``example`` is
        any value made the ordinary way, for its compact layout."""
        maker = cls(example)
        for field in dataclasses.fields(maker._class):  # type: ignore[arg-type]
            if field.default is not dataclasses.MISSING:
                maker._fields[field.name] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                maker._fields[field.name] = field.default_factory()
        return maker

    def fields(self) -> dict[str, Any]:
        """The example's fields, to be set (only by field names) and passed to :meth:`make`."""
        return self._fields.copy()

    def make(self, fields: dict[str, Any]) -> T:
        """A value holding ``fields`` (from :meth:`fields`)."""
        made: T = _new(self._class)
        _set(made, "__dict__", fields)
        if self._post_init is not None:
            self._post_init(made)
        return made


_ASPECT = Aspect("name").__dict__


def bare_aspect(name: str, kind: AspectKind) -> Aspect:
    """``Aspect(name, kind)``: no free invokes, not hidden."""
    values = _ASPECT.copy()
    values["name"] = name
    values["kind"] = kind
    made: Aspect = _new(Aspect)
    _set(made, "__dict__", values)
    return made


def with_fields(value: T, **fields: Any) -> T:
    """A copy of a frozen value with some fields set, like ``dataclasses.replace`` but
    without running ``__init__`` or ``__post_init__`` again: only for copies of a value
    already checked, whose new fields need no checking either."""
    values = value.__dict__.copy()
    values.update(fields)
    made: T = _new(type(value))
    _set(made, "__dict__", values)
    return made
