"""Values worked out from an immutable object, remembered by the object itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """Calls ``compute`` once per object and answers again while asked about that very
    object: the scene model is immutable, and a command replaces only what it changes,
    so most of a new scene's parts are the objects already seen.

    ``steady``: a value equal to the one worked out last is answered as that very object
    (the names of a new tuple of characters in which one character lost a free invoke):
    what is remembered by the value's identity further on stays valid.
    """

    def __init__(
        self, compute: Callable[[K], V], limit: int = 4096, *, steady: bool = False
    ) -> None:
        self._compute = compute
        self._limit = limit
        self._known: dict[int, tuple[K, V]] = {}
        self._steady = steady
        self._last: tuple[V] | None = None
        """The value worked out last (when ``steady``)."""

    def __call__(self, key: K) -> V:
        known = self._known.get(id(key))
        if known is not None and known[0] is key:
            return known[1]
        value = self._compute(key)
        if self._steady:
            last = self._last
            if last is not None and last[0] == value:
                value = last[0]
            self._last = (value,)
        if len(self._known) >= self._limit:
            self._known.clear()  # forget objects long gone rather than grow without end
        self._known[id(key)] = (key, value)
        return value

    def known(self, key: K) -> V | None:
        """The value worked out (or remembered) for ``key``, without working it out."""
        known = self._known.get(id(key))
        return known[1] if known is not None and known[0] is key else None

    def remember(self, key: K, value: V) -> None:
        """Answer ``value`` when next asked about ``key`` (worked out another way)."""
        if len(self._known) >= self._limit:
            self._known.clear()
        self._known[id(key)] = (key, value)
