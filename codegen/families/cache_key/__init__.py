"""Cache-key tests family: the op's cases for hipDNN's TestGraphContentKey.cpp (a keyed field
splits the key, a (cache_ignore) one does not, renumbered UIDs keep it, rewired operands split it),
as a fragment `apply` pastes at the end of that test's anonymous namespace, with the include of the
graph test utilities whose createValid<Op>Graph() each case starts from."""

from __future__ import annotations

from codegen.families import Family, registry_fragments
from codegen.views.naming import CACHE_KEY_TEST, CACHE_KEY_TEST_FRAGMENTS


FAMILY = Family(
    "cache_key",
    "the op's TestGraphContentKey cases (keyed, ignored, renumbered, rewired)",
    registry_fragments("cache_key", CACHE_KEY_TEST_FRAGMENTS),
    copied=False,
    registers_in={"cache_key_test": CACHE_KEY_TEST},
)
