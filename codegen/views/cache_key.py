"""The cache-key cases of an op: what hipDNN's TestGraphContentKey.cpp needs for each schema field
(its AddingNewOperations.md, "Adding a field"): a keyed field a differs-implies-unequal case, a
`(cache_ignore)` field an equal-despite-difference case, and the tensor references both
equal-under-renumbering and unequal-under-rewiring.

Every case starts from the op's createValid<Op>Graph() (the graph test utilities), unpacked to
the object API, changes one thing in a copy and compares the two graphs' content keys. Whether
a change must split the key follows from the schema marks the spec writes, the same marks
hipDNN's scripts/gen_cache_key.py reads: a field or tensor is keyed unless its metadata says
`cache_ignore`, and a tensor UID folds as its tensor's position only when marked `cache_uid`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codegen.views.naming import FBS

IGNORE_MARK = "cache_ignore"
UID_MARK = "cache_uid"
RENUMBER_OFFSET = 1000  # added to every tensor UID of the renumbered copy


@dataclass(frozen=True)
class KeyCase:
    """One TEST: `statements` change `changed` (and its node's `attributes`), then the keys of
    `original` and `changed` compare equal (`equal`) or not; `why` is the failure message."""

    name: str
    statements: tuple[str, ...]
    equal: bool
    why: str


def _marks(metadata: tuple[str, ...]) -> set[str]:
    return {m.split(":")[0].strip() for m in metadata}


def _keyed(metadata: tuple[str, ...]) -> bool:
    return IGNORE_MARK not in _marks(metadata)


def _value(optional: bool, expression: str) -> str:
    """The stored value of a schema member (flatbuffers::Optional when optional)."""
    return f"*{expression}" if optional else expression


def _field_change(f: Any) -> str:
    """A statement giving field `f` a different value than its test value."""
    member = f"attributes.{f.name}"
    field = f.field
    if f.is_vector:
        return f"{member}.push_back(1);"
    if f.is_string:
        return f'{member} += "_changed";'
    if field.enum is not None:
        enum = f"{FBS}::{field.enum.name}"
        members = field.enum.members or field.enum.values
        if len(members) < 2:
            return f"{member} = static_cast<{enum}>(static_cast<int64_t>({_value(field.optional, member)}) + 1);"
        first, second = (f"{enum}::{m.name}" for m in members[:2])
        return f"{member} = {_value(field.optional, member)} == {first} ? {second} : {first};"
    if field.type.name == "bool":
        return f"{member} = !{_value(field.optional, member)};"
    return f"{member} = {_value(field.optional, member)} + 1;"


def cases(op: Any) -> tuple[KeyCase, ...]:
    """The cases of one op (`op` is its codegen.views.cpp.OpView)."""
    present = list(op.everything)
    absent = [t for t in op.optional if t not in present]
    out: list[KeyCase] = []
    renumber = [f"for(auto& tensor : changed->tensors)", "{", f"    tensor->uid += {RENUMBER_OFFSET};", "}"]
    for t in present:
        member = f"attributes.{t.uid_field}"
        renumber.append(f"{member} = {_value(t.optional, member)} + {RENUMBER_OFFSET};")
    for l in op.lists:
        renumber += [f"for(auto& uid : attributes.{l.uid_field})", "{", f"    uid += {RENUMBER_OFFSET};", "}"]
    folded = all(UID_MARK in _marks(t.tensor.metadata) or not _keyed(t.tensor.metadata) for t in [*present, *op.lists])
    out.append(
        KeyCase(
            "RenumberedGraphComparesEqual" if folded else "RenumberedGraphComparesUnequal",
            tuple(renumber),
            folded,
            "UIDs are labels: the same wiring under other numbers is the same graph"
            if folded
            else "a tensor UID without (cache_uid) is keyed by its value",
        )
    )
    if len(present) >= 2:
        for index, t in enumerate(present):
            other = present[(index + 1) % len(present)]
            keyed = _keyed(t.tensor.metadata)
            out.append(
                KeyCase(
                    f"{t.pascal}RewiredTo{other.pascal}Compares{'Unequal' if keyed else 'Equal'}",
                    (f"attributes.{t.uid_field} = {_value(other.optional, f'attributes.{other.uid_field}')};",),
                    not keyed,
                    f"which tensor feeds {t.name} is content" if keyed else f"{t.name} is (cache_ignore)",
                )
            )
    if present:
        source = present[0]
        for t in absent:
            keyed = _keyed(t.tensor.metadata)
            out.append(
                KeyCase(
                    f"{t.pascal}PresentCompares{'Unequal' if keyed else 'Equal'}",
                    (f"attributes.{t.uid_field} = {_value(source.optional, f'attributes.{source.uid_field}')};",),
                    not keyed,
                    f"whether {t.name} is given is content" if keyed else f"{t.name} is (cache_ignore)",
                )
            )
        for l in op.lists:
            keyed = _keyed(l.tensor.metadata)
            value = _value(source.optional, f"attributes.{source.uid_field}")
            change = f"attributes.{l.uid_field}[0] = {value};" if l.items else f"attributes.{l.uid_field}.push_back({value});"
            out.append(
                KeyCase(
                    f"{l.pascal}RewiredCompares{'Unequal' if keyed else 'Equal'}",
                    (change,),
                    not keyed,
                    f"which tensors {l.name} lists is content" if keyed else f"{l.name} is (cache_ignore)",
                )
            )
    for f in op.fields:
        keyed = _keyed(f.field.metadata)
        out.append(
            KeyCase(
                f"{f.pascal}DifferenceCompares{'Unequal' if keyed else 'Equal'}",
                (_field_change(f),),
                not keyed,
                f"{f.name} is keyed: a measurement does not transfer across it" if keyed else f"{f.name} is (cache_ignore): a measurement transfers across it",
            )
        )
    return tuple(out)
