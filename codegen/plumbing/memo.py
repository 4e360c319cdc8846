"""Memoizing a pure function of one immutable object by that object's identity.

Hashing a spec (frozen dataclasses all the way down) costs as much as some of the views computed
from it, and the views ask each other for the same results hundreds of times while one op's test
plan is built. An identity lookup is one dict probe; the entry keeps its object alive, so an id
is never reused while its entry stands, and the table is emptied when it fills (a run that loads
thousands of specs holds at most LIMIT of them here)."""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

T = TypeVar("T")
R = TypeVar("R")

LIMIT = 256


def by_identity(fn: Callable[[T], R]) -> Callable[[T], R]:
    """`fn` memoized per argument object (the argument must never change)."""
    table: dict[int, tuple[T, R]] = {}

    @functools.wraps(fn)
    def memoized(obj: T) -> R:
        hit = table.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = fn(obj)
        if len(table) >= LIMIT:
            table.clear()
        table[id(obj)] = (obj, value)
        return value

    return memoized
