"""What the CPU-reference templates see: an op's dtypes groups, its plan's tensors and arguments,
the signature key's layout, and the golden vectors its Python reference computes."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from codegen.spec import expr
from codegen.views import naming, nodecheck
from codegen.spec.dtypes import KeyLayout, key_layout
from codegen.spec.model import COMPUTE_GROUP, OpSpec
from codegen.spec.registry import Registry

# DataType -> the C++ type hipDNN's DataTypeToNative gives it (FlatbufferDatatypeMapping.hpp,
# id 65299645565) and the gtest suffix; the references compute in these three
NATIVE = {"FLOAT": "float", "HALF": "half", "BFLOAT16": "bfloat16"}
# The golden test's tolerance per output type, relative to max(1, |expected|): the C++ and the
# Python reference do the same operations in the same order, so they agree to the last bit but
# for contraction and library sqrt: about eight units in the last place for float, two for the
# 16-bit types, leave room for both.
TOLERANCE = {"FLOAT": "1e-6", "HALF": "2e-3", "BFLOAT16": "1.6e-2"}


@dataclass(frozen=True)
class PlanTensor:
    name: str
    member: str  # <camel>Tensor in the params
    shallow: str  # shallow<Pascal>Tensor in execute()
    accessor: str  # the FlatBuffers UID accessor
    group: str | None  # its dtypes group's name in the key and plan (None: unchecked)
    optional: bool
    output: bool
    scalar: float | None  # a pass-by-value scalar read as a double, with its default
    var: str  # camelCase name (the params' constructor argument is <var>Attributes)
    label: str  # PascalCase name (the scalar's name in resolve errors)

    @property
    def param(self) -> str | None:
        """Its group's template parameter (None: unchecked)."""
        return naming.group_param(self.group) if self.group is not None else None

    @property
    def scalar_literal(self) -> str:
        assert self.scalar is not None
        return repr(float(self.scalar))


@dataclass(frozen=True)
class PlanField:
    name: str
    member: str
    cpp_type: str


@dataclass(frozen=True)
class GoldenTensor:
    name: str
    var: str
    native: str
    dims: tuple[int, ...]
    values: tuple[str, ...]  # C++ float literals, row-major


@dataclass(frozen=True)
class GoldenCase:
    test: str
    combination: tuple[str, ...]  # key-field order
    natives: tuple[str, ...]  # the reference function's template arguments
    inputs: tuple[GoldenTensor, ...]
    outputs: tuple[GoldenTensor, ...]
    with_optional: bool
    tolerances: tuple[tuple[str, str], ...]  # output -> tolerance


@dataclass(frozen=True)
class RefView:
    spec: OpSpec
    names: naming.OpNames
    layout: KeyLayout
    fields: tuple[tuple[str, str, str, int, str], ...]  # (group, key member, template param, shift, argument)
    params: tuple[str, ...]  # the plan's type parameters: every combination column (keyed or not)
    key_params: tuple[str, ...]  # those of them the key holds, in key order
    compute: bool  # whether the node's compute type is a key field and a plan parameter
    combinations: tuple[tuple[str, ...], ...]  # in column order
    key_rows: tuple[tuple[str, ...], ...]  # the same, in key-field order
    tensors: tuple[PlanTensor, ...]
    plan_fields: tuple[PlanField, ...]
    call_args: tuple[str, ...]  # the reference call's arguments inside execute()
    template_args: tuple[str, ...]  # template parameters, in the function's order
    presence: tuple[str, ...]  # conditions under which isApplicable() returns false
    params_decl: tuple[str, ...]  # the params constructor's parameters
    params_args: tuple[str, ...]  # buildNodePlan()'s arguments to it
    group_sources: tuple[tuple[str, str, str, str | None], ...]  # (key member, tensor accessor, optional?, fallback member)
    golden: tuple[GoldenCase, ...]
    data_types: tuple[str, ...]  # every DataType of the registry (the key test varies each field over them)
    golden_args: tuple[tuple[str, str], ...]  # (argument, kind) of the reference call: tensor/scalar/field
    golden_fields: tuple[tuple[str, str], ...]  # field -> literal

    @property
    def tolerance(self) -> dict[str, str]:
        return TOLERANCE

    def tensor(self, name: str) -> PlanTensor:
        return next(t for t in self.tensors if t.name == name)


def build(spec: OpSpec, registry: Registry) -> RefView:
    d, ref = spec.dtypes, spec.reference
    assert d is not None and ref is not None
    names = naming.OpNames(spec)
    layout = key_layout(spec, registry)
    assert layout is not None
    fields = tuple((g, naming.group_field(d.cxx(g)), naming.group_param(d.cxx(g)), shift, naming.camel(d.cxx(g))) for g, shift in layout.fields)
    plan_fields = tuple(PlanField(f.name, naming.camel(f.name), f.type.cpp_type) for f in spec.fields if f.name in ref.args)
    tensors = tuple(
        PlanTensor(
            name=t.name,
            member=f"{naming.camel(t.name)}Tensor",
            shallow=f"shallow{naming.pascal(t.name)}Tensor",
            accessor=naming.tensor_uid_field(t),
            group=g.cxx if (g := d.group_of(t.name)) is not None else None,
            optional=t.optional,
            output=t.role == "output",
            scalar=ref.scalar(t.name),
            var=naming.camel(t.name),
            label=naming.pascal(t.name),
        )
        for t in spec.tensors
    )
    required = [t for t in tensors if not t.optional]
    optional = [t for t in tensors if t.optional]
    params_decl = (
        *(f"const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes& {t.var}Attributes" for t in required),
        *(f"const {f.cpp_type} {f.member}" for f in plan_fields),
        *(f"const hipdnn_flatbuffers_sdk::data_objects::TensorAttributes* {t.var}Attributes = nullptr" for t in optional),
    )
    params_args = (
        *(f"*tensorMap.at(nodeAttributes->{t.accessor}())" for t in required),
        *(f"nodeAttributes->{f.name}()" for f in plan_fields),
        *(f"{t.var}Attributes" for t in optional),
    )
    by_name = {t.name: t for t in tensors}
    call_args = []
    for arg in ref.args:
        t = by_name.get(arg)
        if t is None:
            call_args.append(f"_params.{naming.camel(arg)}")
        elif t.scalar is not None:
            call_args.append(t.var)
        elif t.optional:
            call_args.append(f"{t.shallow}.get()")
        else:
            call_args.append(f"*{t.shallow}")
    # the checks finalize() makes (presence rules, lowered), compiled over the UIDs set in the node
    ctx = expr.CppContext({t.name: f"nodeAttributes->{t.accessor}()" for t in tensors}, {}, presence="{}.has_value()")
    presence = [nodecheck.backend_fails(c, ctx) for c in nodecheck.backend_checks(spec)]
    sources = []
    for g in d.groups:
        if not g.keyed:
            continue
        first = by_name[g.tensors[0]]
        fallback = naming.group_field(d.cxx(g.when_absent)) if g.when_absent else None
        sources.append((naming.group_field(g.cxx), first.accessor, "optional" if first.optional else "required", fallback))
    return RefView(
        spec=spec,
        names=names,
        layout=layout,
        fields=fields,
        params=tuple(naming.group_param(d.cxx(c)) for c in d.fields),
        key_params=tuple(naming.group_param(d.cxx(c)) for c in d.key_fields),
        compute=d.compute,
        combinations=tuple(d.rows()),
        key_rows=tuple(tuple(dict(zip(d.fields, row))[f] for f in d.key_fields) for row in d.rows()),
        tensors=tensors,
        plan_fields=plan_fields,
        call_args=tuple(call_args),
        template_args=tuple(naming.group_param(d.cxx(a)) for a in ref.template_args),
        presence=tuple(presence),
        params_decl=params_decl,
        params_args=params_args,
        group_sources=tuple(sources),
        golden=golden_cases(spec),
        data_types=tuple(t.name for t in registry.data_types),
        golden_args=tuple((a, "tensor" if a in by_name and by_name[a].scalar is None else "scalar" if a in by_name else "field") for a in ref.args),
        golden_fields=tuple((k, str(v)) for k, v in ref.golden_fields),
    )


def literal(value: Any) -> str:
    """A C++ float literal that reads back as exactly `value` (a float32, half or bfloat16 number)."""
    import numpy as np

    text = str(np.float32(value))
    if text in ("inf", "-inf", "nan"):
        raise ValueError(f"golden value {text} has no literal")
    if "." not in text and "e" not in text:
        text += ".0"
    return text + "f"


def _inputs(shape: tuple[int, ...], seed: int) -> "list[float]":
    """Deterministic values in [-2, 2): a 64-bit LCG, so no RNG version changes them."""
    state = seed * 6364136223846793005 + 1442695040888963407
    out = []
    count = 1
    for d in shape:
        count *= d
    for _ in range(count):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        out.append(((state >> 40) / float(1 << 24)) * 4.0 - 2.0)
    return out


@functools.lru_cache(maxsize=32)
def golden_cases(spec: OpSpec) -> tuple[GoldenCase, ...]:
    """Every supported combination, with and without the optional typed inputs, computed by the
    op's Python reference on the spec's golden shapes. A pure function of what the spec says (its
    content digest), the tool's code (the references are part of it) and NumPy's release: kept in
    the tool's cache, so a run that renders an unchanged op's tests imports no NumPy."""
    from codegen.plumbing import cache

    if not spec.content:  # a model built in memory, not from a spec file: no digest to key on
        return _golden_cases(spec)
    return cache.kept("golden", (spec.op, spec.content, repr(cache.distributions("numpy"))), lambda: _golden_cases(spec), _golden_plain, _golden_from_plain)


def _golden_plain(cases: tuple[GoldenCase, ...]) -> tuple:
    def tensor(t: GoldenTensor) -> tuple:
        return (t.name, t.var, t.native, t.dims, t.values)

    return tuple((c.test, c.combination, c.natives, tuple(map(tensor, c.inputs)), tuple(map(tensor, c.outputs)), c.with_optional, c.tolerances) for c in cases)


def _strings(value: object, pairs: bool = False) -> tuple:
    if not isinstance(value, tuple) or not all((isinstance(v, tuple) and len(v) == 2 and all(type(x) is str for x in v)) if pairs else type(v) is str for v in value):
        raise ValueError("not a tuple of strings")
    return value


def _golden_from_plain(plain: object) -> tuple[GoldenCase, ...]:
    """The cases back from _golden_plain's form; ValueError on anything else."""

    def tensor(t: object) -> GoldenTensor:
        if not isinstance(t, tuple) or len(t) != 5 or not all(type(x) is str for x in t[:3]):
            raise ValueError("not a golden tensor")
        if not isinstance(t[3], tuple) or not all(type(d) is int for d in t[3]):
            raise ValueError("not dims")
        return GoldenTensor(t[0], t[1], t[2], t[3], _strings(t[4]))

    if not isinstance(plain, tuple):
        raise ValueError("not golden cases")
    cases = []
    for c in plain:
        if not isinstance(c, tuple) or len(c) != 7 or type(c[0]) is not str or type(c[5]) is not bool or not isinstance(c[3], tuple) or not isinstance(c[4], tuple):
            raise ValueError("not a golden case")
        cases.append(GoldenCase(c[0], _strings(c[1]), _strings(c[2]), tuple(map(tensor, c[3])), tuple(map(tensor, c[4])), c[5], _strings(c[6], pairs=True)))
    return tuple(cases)


def _golden_cases(spec: OpSpec) -> tuple[GoldenCase, ...]:
    import numpy as np

    from codegen.spec.references import load

    d, ref = spec.dtypes, spec.reference
    assert d is not None and ref is not None
    function, inputs, outputs, module = load(ref.python)
    derive = getattr(module, "golden_input", None)
    dims = dict(ref.golden_tensors)
    group_of = {t: g.name for g in d.groups for t in g.tensors}
    optional = {t.name for t in spec.tensors if t.optional}
    fields = dict(ref.golden_fields)
    cases = []
    for combination in d.rows():
        types = dict(zip(d.fields, combination))
        for with_optional in (True, False):
            present = [n for n in inputs if with_optional or n not in optional]
            arrays: dict[str, Any] = {}
            declared: dict[str, str] = {}
            for index, name in enumerate(present):
                kind = types[group_of[name]]
                derived = derive(name, arrays, **fields, **dict(ref.scalars)) if derive is not None else None
                if derived is None:
                    values = np.array(_inputs(dims[name], index + 1), dtype=np.float64).reshape(dims[name])
                else:
                    values = np.asarray(derived, dtype=np.float64).reshape(dims[name])
                arrays[name] = _as_type(values, kind)
                declared[name] = kind.lower()
            result = function(
                **arrays,
                **{k: v for k, v in ref.scalars},
                **fields,
                **({"compute": types[COMPUTE_GROUP].lower()} if d.compute else {}),
                types=declared,
            )
            golden_in = tuple(GoldenTensor(n, naming.camel(n), NATIVE[types[group_of[n]]], dims[n], tuple(literal(v) for v in np.asarray(arrays[n], dtype=np.float32).ravel())) for n in present)
            golden_out = tuple(
                GoldenTensor(n, naming.camel(n), NATIVE[types[group_of[n]]], dims[n], tuple(literal(v) for v in np.asarray(r, dtype=np.float32).ravel()))
                for n, r in zip(outputs, result)
            )
            test = "".join(naming.pascal(t.lower()) for t in combination) + ("WithSaved" if with_optional else "Recomputed")
            cases.append(
                GoldenCase(
                    test=test,
                    combination=combination,
                    natives=tuple(NATIVE[types[a]] for a in ref.template_args),
                    inputs=golden_in,
                    outputs=golden_out,
                    with_optional=with_optional,
                    tolerances=tuple((n, TOLERANCE[types[group_of[n]]]) for n in outputs),
                )
            )
    return tuple(cases)


def _as_type(values, kind: str):
    import numpy as np

    from codegen.spec.references.numeric import bfloat16_round

    if kind == "HALF":
        return values.astype(np.float16)
    if kind == "BFLOAT16":
        return bfloat16_round(values.astype(np.float32))
    return values.astype(np.float32)
