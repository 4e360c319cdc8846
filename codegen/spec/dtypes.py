"""Data-type groups of an op's CPU reference (`dtypes`, `reference`): their checks and the layout
of the signature key generated from them.

The key packs the node's union member and one field per group (the compute type last) into
disjoint bit ranges of a 64-bit hash: each field is as wide as the registry's largest DataType
value needs, so two different combinations can never hash alike (tests/test_dtypes.py proves it
over every combination of every data type).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Note
from codegen.spec.model import COMPUTE_GROUP, DtypeGroup, OpSpec
from codegen.spec.references import REFERENCES
from codegen.spec.registry import Registry
from codegen.spec.schema_check import did_you_mean as _hint
from codegen.spec.schema_check import did_you_mean_fix as _fix

KEY_BITS = 64
# NodeAttributes is a FlatBuffers union, whose type field is a ubyte: every member fits 8 bits
NODE_BITS = 8


def check_spec(spec: OpSpec) -> Iterator[Diagnostic]:
    """What one spec's dtypes and reference blocks must satisfy on their own."""
    if spec.dtypes is not None:
        yield from _groups(spec)
        yield from _combinations(spec)
    if spec.reference is not None:
        yield from _reference(spec)


def _groups(spec: OpSpec) -> Iterator[Diagnostic]:
    d = spec.dtypes
    assert d is not None
    tensors = [t.name for t in spec.all_tensors]
    seen: dict[str, str] = {}
    names: dict[str, DtypeGroup] = {}
    for g in d.groups:
        if g.name == COMPUTE_GROUP:
            yield rules.SPEC_DTYPE_GROUP(g.span.at("name"), f"'{COMPUTE_GROUP}' names the node's compute type (the key's last field unless dtypes.compute is false); name the group otherwise")
        elif g.name in names:
            yield rules.SPEC_DTYPE_GROUP(g.span.at("name"), f"group '{g.name}' is declared twice")
        names.setdefault(g.name, g)
        for t in g.tensors:
            if t not in tensors:
                yield rules.SPEC_DTYPE_GROUP(g.span.at("tensors"), f"group '{g.name}' names unknown tensor '{t}'{_hint(t, tensors)}", fix=_fix(t, tensors, exact=False))
            elif t in seen:
                yield rules.SPEC_DTYPE_GROUP(g.span.at("tensors"), f"tensor '{t}' is in group '{seen[t]}' and again in '{g.name}'; a tensor has one data type")
            seen.setdefault(t, g.name)
    for t in d.unchecked:
        if t not in tensors:
            yield rules.SPEC_DTYPE_GROUP(d.span.at("unchecked"), f"unchecked names unknown tensor '{t}'{_hint(t, tensors)}", fix=_fix(t, tensors, exact=False))
        elif t in seen:
            yield rules.SPEC_DTYPE_GROUP(d.span.at("unchecked"), f"tensor '{t}' is unchecked and also in group '{seen[t]}'")
        seen.setdefault(t, "unchecked")
    if not d.key_fields:
        yield rules.SPEC_DTYPE_GROUP(d.span.at("groups"), "the signature key has no field: every group has keyed: false and dtypes.compute is false; key at least one group")
    missing = [t for t in tensors if t not in seen]
    if missing:
        yield rules.SPEC_DTYPE_GROUP(d.span.at("groups"), f"tensor{'s' if len(missing) > 1 else ''} {', '.join(repr(m) for m in missing)} in no group; add each to the group whose type it has, or to unchecked")
    spelled: dict[str, str] = {COMPUTE_GROUP: "the compute type"} if d.compute else {}
    for g in d.groups:
        if g.member is not None and g.member == g.name:
            yield rules.SPEC_DTYPE_GROUP(g.span.at("member"), f"group '{g.name}' has member '{g.member}', its own name; drop member")
        elif g.cxx in spelled and spelled[g.cxx] not in (g.name, f"group '{g.name}'") and g.name != COMPUTE_GROUP:
            yield rules.SPEC_DTYPE_GROUP(g.span.at("member" if g.member else "name"),
                                         f"group '{g.name}' is spelled '{g.cxx}' in the key and plan, as {spelled[g.cxx]} is; name another member")
        spelled.setdefault(g.cxx, f"group '{g.name}'")
    optional = {t.name for t in spec.all_tensors if t.optional}
    for g in d.groups:
        if g.when_absent is None:
            continue
        loc = g.span.at("when_absent")
        if g.when_absent == g.name:
            yield rules.SPEC_DTYPE_GROUP(loc, f"group '{g.name}' takes its own type when absent; name another group")
        elif g.when_absent not in names:
            yield rules.SPEC_DTYPE_GROUP(loc, f"when_absent names unknown group '{g.when_absent}'{_hint(g.when_absent, list(names))}", fix=_fix(g.when_absent, list(names)))
        elif not g.keyed:
            yield rules.SPEC_DTYPE_GROUP(loc, f"group '{g.name}' is not keyed, so the key takes no type for it when absent; drop when_absent")
        elif not names[g.when_absent].keyed:
            yield rules.SPEC_DTYPE_GROUP(loc, f"when_absent names group '{g.when_absent}', which is not keyed: the key has no field to take its type from")
        required = [t for t in g.tensors if t in tensors and t not in optional]
        if required:
            yield rules.SPEC_DTYPE_GROUP(loc, f"group '{g.name}' has required tensor '{required[0]}', so it is never absent; drop when_absent")


def _combinations(spec: OpSpec) -> Iterator[Diagnostic]:
    d = spec.dtypes
    assert d is not None
    fields = list(d.fields)
    first: dict[tuple[str, ...], int] = {}
    keyed: dict[tuple[str, ...], int] = {}
    for index, (row, span) in enumerate(zip(d.combinations, d.combination_spans)):
        by = dict(row)
        for name, _ in row:
            if name == COMPUTE_GROUP and not d.compute:
                yield rules.SPEC_DTYPE_COMBINATION(span.at(name), f"combination {index + 1} gives a compute type, but dtypes.compute is false (the key holds none); drop it")
            elif name not in fields:
                yield rules.SPEC_DTYPE_COMBINATION(span.at(name), f"combination {index + 1} names unknown group '{name}'{_hint(name, fields)}", fix=_fix(name, fields, exact=False))
        absent = [f for f in fields if f not in by]
        if absent:
            yield rules.SPEC_DTYPE_COMBINATION(span.loc, f"combination {index + 1} gives no type for {', '.join(absent)}; every combination names every group{' and compute' if d.compute else ''}")
            continue
        key = tuple(by[f] for f in fields)
        if key in first:
            yield rules.SPEC_DTYPE_COMBINATION(
                span.loc, f"combination {index + 1} repeats combination {first[key] + 1}",
                Note("first listed here", d.combination_spans[first[key]].loc),
            )
        elif (projected := tuple(by[f] for f in d.key_fields)) in keyed:
            other = keyed[projected]
            differ = [f for f in fields if by[f] != dict(d.combinations[other])[f]]
            yield rules.SPEC_DTYPE_COMBINATION(
                span.loc,
                f"combination {index + 1} has the signature key of combination {other + 1}: they differ only in {', '.join(differ)}, which the key does not hold; drop one combination or key {'that group' if len(differ) == 1 else 'one of those groups'}",
                Note("the other combination", d.combination_spans[other].loc),
            )
        first.setdefault(key, index)
        keyed.setdefault(tuple(by[f] for f in d.key_fields), index)


def _reference(spec: OpSpec) -> Iterator[Diagnostic]:
    ref = spec.reference
    assert ref is not None
    loc = ref.span.loc
    if spec.dtypes is None:
        yield rules.SPEC_REFERENCE(loc, "a reference needs the op's dtypes (groups and combinations) to register its plan builders")
        return
    if ref.python not in REFERENCES:
        known = sorted(REFERENCES)
        yield rules.SPEC_REFERENCE(ref.span.at("python"), f"no CPU reference '{ref.python}' ships with hipdnn-codegen (known: {', '.join(known)}){_hint(ref.python, known)}", fix=_fix(ref.python, known))
    else:
        _, inputs, outputs = REFERENCES[ref.python]
        tensors = {t.name for t in spec.all_tensors}
        lacking = [t for t in (*inputs, *outputs) if t not in tensors]
        if lacking:
            yield rules.SPEC_REFERENCE(ref.span.at("python"), f"reference '{ref.python}' takes tensors {', '.join(lacking)}, which this op lacks")
    if ref.key_node is not None and ref.key_node == spec.flatbuffers.table:
        yield rules.SPEC_REFERENCE(ref.span.at("key_node"), f"key_node names the op's own table {ref.key_node}, which the key holds without it; drop key_node")
    fields = list(spec.dtypes.fields)
    for name in ref.template_args:
        if name not in fields:
            yield rules.SPEC_REFERENCE(ref.span.at("template_args"), f"template_args names '{name}', which is not a dtypes group or compute{_hint(name, fields)}", fix=_fix(name, fields, exact=False))
    known_args = [t.name for t in spec.all_tensors] + [f.name for f in spec.fields]
    for name in ref.args:
        if name not in known_args:
            yield rules.SPEC_REFERENCE(ref.span.at("args"), f"args names '{name}', which is not a tensor or field of this op{_hint(name, known_args)}", fix=_fix(name, known_args, exact=False))
    for name, _ in ref.scalars:
        if name not in spec.dtypes.unchecked:
            yield rules.SPEC_REFERENCE(ref.span.at("scalars"), f"scalar '{name}' must be an unchecked tensor of dtypes (the plan reads it as a double)")
    golden = dict(ref.golden_tensors)
    for name in golden:
        if name not in known_args:
            yield rules.SPEC_REFERENCE(ref.span.at("golden"), f"golden names unknown tensor '{name}'{_hint(name, known_args)}", fix=_fix(name, known_args, exact=False))
    optional_outputs = [t.name for t in spec.tensors if t.optional and t.role == "output"]
    if optional_outputs or spec.tensor_lists:
        names = [*optional_outputs, *(t.name for t in spec.tensor_lists)]
        yield rules.SPEC_REFERENCE(loc, f"the generated plan takes single tensors and returns required outputs only; {', '.join(names)} cannot be passed to the reference")
    grouped = [t for g in spec.dtypes.groups for t in g.tensors]
    absent = [t for t in grouped if t not in golden]
    if absent:
        yield rules.SPEC_REFERENCE(ref.span.at("golden"), f"golden gives no dims for {', '.join(absent)}; the golden-vector test needs every typed tensor")


def check_registry(spec: OpSpec, registry: Registry | None) -> Iterator[Diagnostic]:
    """Data-type names against the registry's DataType, and the key's width."""
    d = spec.dtypes
    if d is None:
        return
    known = [t.name for t in registry.data_types] if registry is not None else []
    if not known:
        yield rules.SPEC_DTYPE_KEY(d.span.loc, "the registry lists no data_types, so combinations cannot be checked nor the signature key laid out; import the registry from a hipDNN checkout")
        return
    usable = [n for n in known if n != "UNSET"]
    for index, (row, span) in enumerate(zip(d.combinations, d.combination_spans)):
        for name, value in row:
            if value not in usable:
                yield rules.SPEC_DTYPE_COMBINATION(span.at(name), f"combination {index + 1} gives {name} the data type '{value}', which is not a DataType in the registry{_hint(value, usable)}", fix=_fix(value, usable))
    layout = key_layout(spec, registry)
    if layout is not None and layout.bits > KEY_BITS:
        yield rules.SPEC_DTYPE_KEY(d.span.at("groups"), f"the signature key needs {layout.bits} bits ({len(layout.fields)} fields of {layout.width} bits after {layout.node_bits} for the node), more than {KEY_BITS}; merge groups")


@dataclass(frozen=True)
class KeyLayout:
    node_bits: int
    width: int
    fields: tuple[tuple[str, int], ...]  # (key field, shift) in key order

    @property
    def bits(self) -> int:
        return self.node_bits + self.width * len(self.fields)


def key_layout(spec: OpSpec, registry: Registry | None) -> KeyLayout | None:
    """Where each key field sits: the node's union member in the low bits, then each field in
    a range as wide as the largest DataType value needs."""
    if spec.dtypes is None or registry is None or not registry.data_types:
        return None
    width = max(t.value for t in registry.data_types).bit_length()
    node_bits = NODE_BITS
    return KeyLayout(node_bits, width, tuple((f, node_bits + i * width) for i, f in enumerate(spec.dtypes.key_fields)))
