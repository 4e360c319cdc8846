"""Cache-key tests family: the op's cases for hipDNN's TestGraphContentKey.cpp (a keyed field
splits the key, a (cache_ignore) one does not, renumbered UIDs keep it, rewired operands split it),
as a fragment `apply` pastes at the end of that test's anonymous namespace, with the include of the
graph test utilities whose createValid<Op>Graph() each case starts from."""

from __future__ import annotations

from codegen.families import Family
from codegen.views.naming import CACHE_KEY_TEST, CACHE_KEY_TEST_FRAGMENTS, OpNames


def _fragments(names: OpNames) -> dict[str, str]:
    return {f"cache_key/{stem}.j2": f"registry/{target}" for stem, target in CACHE_KEY_TEST_FRAGMENTS.items()}


FAMILY = Family(
    "cache_key",
    "the op's TestGraphContentKey cases (keyed, ignored, renumbered, rewired)",
    _fragments,
    copied=False,
    registers_in={"cache_key_test": CACHE_KEY_TEST},
)
