"""CPU-reference registry family: the fragments `apply` pastes into the test SDK's shared files
(the signature key's include and variant alternative, the plan's include, the two tests' CMake
entries) for an op with a CPU reference."""

from __future__ import annotations

from codegen.families import Family
from codegen.families.reference import has_reference
from codegen.views.naming import REFERENCE_FRAGMENTS, OpNames


def _fragments(names: OpNames) -> dict[str, str]:
    if not has_reference(names.spec):
        return {}
    return {f"reference_registry/{stem}.j2": f"registry/{target}" for stem, target in REFERENCE_FRAGMENTS.items()}


FAMILY = Family("reference_registry", "entries for the test SDK's plan registry and test list", _fragments, copied=False)
