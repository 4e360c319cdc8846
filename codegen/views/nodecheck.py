"""The frontend node's semantics, derived once from the spec.

`checks(spec)` is pre_validate_node(): every check in the order the node runs it, each with its
error code and message. `inference_steps(spec)` is infer_properties_node(). `evaluate` and `infer`
apply them to plain Python values; the test plan uses them to build one failing case per check, and
the generated C++ node and the Python mirror implement the same semantics (tests compare them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from codegen.spec import expr
from codegen.views import naming
from codegen.spec.model import Conforms, Field, Formula, Inference, OpSpec
from codegen.plumbing.memo import by_identity

ATTRIBUTE_NOT_SET = "ATTRIBUTE_NOT_SET"
INVALID_VALUE = "INVALID_VALUE"

Dims = tuple[int, ...]


@dataclass(frozen=True)
class NodeCheck:
    """One pre-validation check. `kind` selects the semantics: required (tensors[0] is set),
    field_required (a required_to_pack field is set), or expr: a check of the expression language
    (`declared`), whether the spec states it under `checks:` or as a rule kind (both_or_neither,
    requires, mutually_exclusive, same_shape, field_range, conforms) lowered into one at parse time."""

    name: str  # a test-name word, unique per op: MissingDy, MismatchingDx, NormalizedDimCountTooSmall
    kind: str
    code: str
    message: str
    tensors: tuple[str, ...] = ()
    field: str | None = None
    declared: expr.Compiled | None = None  # kind "expr": the compiled check


@dataclass(frozen=True)
class InferStep:
    inference: Inference
    conforms: Conforms | None  # the rule whose form the field inference inverts

    @property
    def target(self) -> str:
        return self.inference.target

    @property
    def source(self) -> str:
        return self.inference.source


@by_identity
def checks(spec: OpSpec) -> tuple[NodeCheck, ...]:
    """Every pre_validate_node() check in order: the required inputs, the presence rules, the
    required outputs and fields, then the shape rules (same_shape, field_range, conforms under
    `rules:`) and the `checks:` entries placed in the frontend, in declaration order (memoized by the spec's identity: a test plan evaluates
    one spec's checks on thousands of node states)."""
    node = naming.OpNames(spec).frontend_node
    compiled = expr.compiled_checks(spec) or ()

    def stage(*names: str) -> tuple[NodeCheck, ...]:
        return tuple(
            NodeCheck(check_word(c.check.id), "expr", c.check.code, f"{node}: {c.check.message}",
                      tuple(sorted(expr.shape_reads(c.requires) | (expr.shape_reads(c.when) if c.when else set()))), declared=c)
            for c in compiled if c.check.stage in names and c.check.where in ("frontend", "both"))

    return required_checks(spec, "input") + stage("presence") + required_checks(spec, "output") + stage("shape", "declared")


def check_word(check_id: str) -> str:
    """The test-name word of a check: q-rank -> QRank."""
    return naming.pascal(check_id.replace("-", "_"))


@by_identity
def backend_checks(spec: OpSpec) -> tuple[expr.Compiled, ...]:
    """The checks finalize() makes (where: backend or both; the presence rules first)."""
    fields = {f.name for f in spec.fields}

    def presence_only(c: expr.Compiled) -> bool:  # anything more is SPEC-CHECK-WHERE
        nodes = [n for n in (c.requires, c.when) if n is not None]
        return not any(expr.shape_reads(n) or expr.names(n) & fields for n in nodes)

    return tuple(c for c in expr.compiled_checks(spec) or () if c.check.where in ("backend", "both") and presence_only(c))


def backend_fails(c: expr.Compiled, ctx: expr.CppContext) -> str:
    """The C++ condition under which a finalize() check fails (it reads only which tensors are set):
    its guards, `when`, and `requires` not holding. finalize() and the CPU reference's
    isApplicable() both compile the backend checks with it."""
    guards, requires = expr.cpp(c.requires, ctx)
    parts = [f"({g})" for g in guards]
    if c.when is not None:
        when_guards, when = expr.cpp(c.when, ctx)
        parts += [f"({g})" for g in when_guards] + [when]
    return " && ".join([*parts, f"!{requires}"])


@by_identity
def builtin_checks(spec: OpSpec) -> tuple[NodeCheck, ...]:
    """The checks no spec entry states: required tensors and required_to_pack fields."""
    return required_checks(spec, "input") + required_checks(spec, "output")


def required_checks(spec: OpSpec, role: str) -> tuple[NodeCheck, ...]:
    """The required tensors of a role; after the outputs, the fields required to pack."""
    node = naming.OpNames(spec).frontend_node
    found = [NodeCheck(f"Missing{naming.pascal(t.name)}", "required", ATTRIBUTE_NOT_SET,
                       f"{node} missing {t.name} ({role}) for pre-validation", (t.name,))
             for t in spec.required_tensors if t.role == role]
    if role == "output":
        for f in spec.fields:
            if f.required_to_pack:  # hipDNN's BlockScaleQuantizeNode checks block_size (id 57303967738)
                found.append(NodeCheck(f"Unset{naming.pascal(f.name)}", "field_required", ATTRIBUTE_NOT_SET, f"{node} {f.name} not set", field=f.name))
    return tuple(found)


def infer_missing_message(spec: OpSpec, tensor: str) -> str:
    return f"{naming.OpNames(spec).frontend_node} missing {tensor} for setting properties"


def inference_steps(spec: OpSpec) -> tuple[InferStep, ...]:
    steps = []
    for i in spec.inferences:
        rule = None
        if i.kind == "field":
            rule = next((c for c in spec.conformance if c.tensor == i.source and c.split == i.target), None)
        steps.append(InferStep(i, rule))
    return tuple(steps)


# --- the reference semantics on plain values -------------------------------------------------------


def unset_value(spec: OpSpec, f: Field) -> Any:
    """The value a field holds when the user did not set it (None for fields optional in the frontend)."""
    if f.frontend_optional:
        return None
    return f.default if f.default is not None else (False if f.type.name == "bool" else 0)


def field_is_set(spec: OpSpec, f: Field, value: Any) -> bool:
    """Whether range and conformance checks apply: optional fields when they hold a value, fields the
    node infers when they differ from their unset value, every other field always."""
    if f.frontend_optional:
        return value is not None
    if spec.inference_of(f.name) is not None:
        return bool(value != unset_value(spec, f))
    return True


def values(spec: OpSpec, dims: Mapping[str, Dims | None], strides: Mapping[str, Dims | None] | None,
           fields: Mapping[str, Any], props: Mapping[str, Mapping[str, Any]] | None = None) -> expr.Values:
    """What a declared check reads, over plain values (enum fields hold their value's name)."""
    by_name = {f.name: f for f in spec.fields}

    def enum_value(name: str, value: Any) -> int:
        enum = by_name[name].enum
        assert enum is not None
        return int(value) if isinstance(value, int) else next(v.value for v in enum.values if v.name == value)

    return expr.Values(dims, strides or {}, fields, lambda n, v: field_is_set(spec, by_name[n], v), enum_value, props)


def declared_fails(c: expr.Compiled, vals: expr.Values) -> bool:
    """A declared check fails: every value it reads exists, `when` holds and `requires` does not."""
    return expr.holds(_fails_function(c), vals) is True


_FAILS: dict[expr.Compiled, Any] = {}
_FAILS_SEEN: dict[int, tuple[expr.Compiled, Any]] = {}  # by identity first: hashing a compiled check walks all of it


def _fails_function(c: expr.Compiled) -> Any:
    seen = _FAILS_SEEN.get(id(c))
    if seen is not None and seen[0] is c:
        return seen[1]
    if c not in _FAILS:
        _FAILS[c] = expr.evaluator_source(fails_python(c))
    _FAILS_SEEN[id(c)] = (c, _FAILS[c])
    return _FAILS[c]


def fails_python(c: expr.Compiled, v: str = "v") -> str:
    """Python source (over a Values object `v`) true when the check fails."""
    fails = f"(not {expr.python(c.requires, v)})"
    return f"({expr.python(c.when, v)} & {fails})" if c.when is not None else fails


def evaluate(spec: OpSpec, dims: Mapping[str, Dims | None], fields: Mapping[str, Any],
             strides: Mapping[str, Dims | None] | None = None, props: Mapping[str, Mapping[str, Any]] | None = None) -> NodeCheck | None:
    """The first check pre_validate_node() fails, or None. `dims[name]` is None for an unset tensor
    and () for a tensor without dims; `fields` holds every field's value; `props` a tensor's data
    type and pass-by-value flag where they differ from a test tensor's (FLOAT, not by value)."""
    vals = values(spec, dims, strides, fields, props)
    for check in checks(spec):
        if check.declared is not None:
            if declared_fails(check.declared, vals):
                return check
        elif check.kind == "required" and dims.get(check.tensors[0]) is None:
            return check
        elif check.kind == "field_required" and check.field is not None and fields[check.field] is None:
            return check
    return None


def inferred_field(step: InferStep, dims: Mapping[str, Dims | None]) -> int:
    """The value infer_properties_node() gives an unset field (its source is present)."""
    source = dims[step.source] or ()
    c = step.conforms
    if c is None or dims.get(c.to) is None:
        return len(source)
    rank = len(dims[c.to] or ())
    if len(source) != rank:  # reduced rank: the source holds exactly the kept dims
        return len(source) if c.keeps == "trailing" else rank - len(source)
    run = 0  # one-padded: the kept dims are the run of non-1 (trailing) or 1 (leading) dims at the end
    for d in reversed(source):
        if (d == 1) != (c.keeps == "leading"):
            break
        run += 1
    return max(run, 1)


def infer(spec: OpSpec, dims: dict[str, Dims | None], strides: dict[str, Dims | None], fields: dict[str, Any]) -> str | None:
    """Apply infer_properties_node() in place; the failure message, or None."""
    for t in spec.required_tensors:
        if dims.get(t.name) is None:
            return infer_missing_message(spec, t.name)
    for f in formulas(spec):  # the dims while empty; the strides while empty and the target has dims
        target = f.formula.target
        if dims.get(target) is None or not formula_applies(spec, f, dims, strides, fields):
            continue
        if not dims[target]:
            applied = formula_dims(spec, f, dims, strides, fields)
            if applied is None:
                continue
            dims[target] = applied
        if not strides.get(target) and dims[target]:
            strides[target] = given_strides(spec, f.formula, tuple(dims[target] or ()), dims, strides, fields)
    by_name = {f.name: f for f in spec.fields}
    for step in inference_steps(spec):
        if dims.get(step.source) is None:
            continue
        if step.inference.kind == "tensor":
            if dims.get(step.target) is None:
                continue
            if not dims[step.target]:
                dims[step.target] = dims[step.source]
            if not strides.get(step.target):
                strides[step.target] = strides.get(step.source) or ()
        elif not field_is_set(spec, by_name[step.target], fields[step.target]):
            fields[step.target] = inferred_field(step, dims)
    return None


def formula_applies(spec: OpSpec, f: expr.CompiledFormula, dims: Mapping[str, Dims | None], strides: Mapping[str, Dims | None],
                    fields: Mapping[str, Any]) -> bool:
    """Whether the formula's `when` holds (every value it reads existing); true without one."""
    when, _ = formula_python(f)
    return not when or expr.holds(expr.evaluator_source(when), values(spec, dims, strides, fields)) is True


def given_strides(spec: OpSpec, formula: Formula, target: Dims, dims: Mapping[str, Dims | None],
                  strides: Mapping[str, Dims | None], fields: Mapping[str, Any]) -> Dims:
    """The strides a formula gives the dims `target` it inferred, from the op's current values."""
    source = formula.order_of
    axis = None
    if formula.axis_field is not None:
        value = fields.get(formula.axis_field)
        f = next(f for f in spec.fields if f.name == formula.axis_field)
        axis = int(value) if value is not None and field_is_set(spec, f, value) else None
    return formula_strides(formula.stride_kind, target, strides.get(source) if source else None,
                           dims.get(source) if source else None, axis)


def formulas(spec: OpSpec) -> tuple[expr.CompiledFormula, ...]:
    """The inference formulas (`infer:`), applied in order before the copies of `inference:` (a
    formula whose condition holds takes precedence over a copy to the same tensor)."""
    return expr.compiled_formulas(spec) or ()


def packed(dims: Dims) -> Dims:
    """Row-major packed strides (a dimension below 1 counts as 1)."""
    strides, step = [], 1
    for d in reversed(dims):
        strides.append(step)
        step *= max(d, 1)
    return tuple(reversed(strides))


def channels_last(dims: Dims) -> Dims:
    """Packed channels-last strides: dimension 1 innermost, then the last dimensions down to 2, then
    dimension 0 (a dimension below 1 counts as 1); below rank 2, every stride is 1."""
    if len(dims) < 2:
        return (1,) * len(dims)
    strides = [1] * len(dims)
    step = max(dims[1], 1)
    for i in range(len(dims) - 1, 1, -1):
        strides[i] = step
        step *= max(dims[i], 1)
    strides[0] = step
    return tuple(strides)


def stride_order(strides: Dims) -> tuple[int, ...]:
    """The dimension indices from outermost to innermost by `strides`, as hipDNN's extractStrideOrder
    ranks them (ShapeUtilities.hpp id 57928022516): longest stride first, ties in index order, except
    that when dimension 0 holds the first longest stride, dimension 1 the first shortest and some later
    dimension a longer one than dimension 1 (an N...WC layout), dimension 1 goes last before sorting."""
    indices = list(range(len(strides)))
    if strides:
        first_max = strides.index(max(strides))
        first_min = strides.index(min(strides))
        if first_max == 0 and first_min == 1 and any(strides[i] > strides[1] for i in range(2, len(strides))):
            indices = [0, *range(2, len(strides)), 1]
    return tuple(sorted(indices, key=lambda i: -strides[i]))  # sorted() is stable, as std::stable_sort


def in_order(dims: Dims, order: tuple[int, ...]) -> Dims:
    """Packed strides for `dims` with the dimensions ordered outermost to innermost as `order` (a
    dimension below 1 counts as 1)."""
    strides = [1] * len(dims)
    step = 1
    for i in reversed(order):
        strides[i] = step
        step *= max(dims[i], 1)
    return tuple(strides)


def formula_strides(kind: str, dims: Dims, source: Dims | None = None, source_dims: Dims | None = None,
                    axis: int | None = None) -> Dims:
    """The strides an inference formula gives dims it inferred (Formula.stride_kind); `source`: the
    strides of the order_of / packed_axis tensor (row-major packed while they are missing or of
    another rank), `source_dims` its dims, `axis` the packed_axis field's value (None: unset)."""
    if kind == "channels_last":
        return channels_last(dims)
    if kind == "order_of" and source and len(source) == len(dims):
        return in_order(dims, stride_order(source))
    if kind == "packed_axis" and source and len(source) == len(dims) and source_dims is not None and len(source_dims) == len(dims):
        return with_packed_axis(dims, source, source_dims, axis)
    return packed(dims)


def with_packed_axis(dims: Dims, strides: Dims, source_dims: Dims, axis: int | None) -> Dims:
    """hipDNN's generateStridesWithPackedAxis (ShapeUtilities.hpp id 55511612656): the dimensions by
    ascending stride of the reference (singleton reference dims first among equal strides, then
    index order: std::sort on so few elements keeps ties in place), rotated so that `axis`, when it
    names a dimension, is innermost; packed innermost first (a dimension below 1 counts as 1)."""
    order = sorted(range(len(strides)), key=lambda i: (strides[i], 0 if source_dims[i] == 1 else 1))
    if axis is not None and axis in order:
        k = order.index(axis)
        order = order[k:] + order[:k]
    out, step = [1] * len(dims), 1
    for i in order:
        out[i] = step
        step *= max(dims[i], 1)
    return tuple(out)


def formula_python(f: expr.CompiledFormula, v: str = "v") -> tuple[str, str]:
    """(when, dims) as Python source over a Values object `v` ("" when there is no `when`)."""
    return (expr.python(f.when, v) if f.when is not None else ""), expr.python(f.dims, v)


def formula_dims(spec: OpSpec, f: expr.CompiledFormula, dims: Mapping[str, Dims | None], strides: Mapping[str, Dims | None],
                 fields: Mapping[str, Any]) -> Dims | None:
    """The dims the formula gives its target: None when the target is unset or has dims, `when`
    does not hold, or a value it reads does not exist."""
    if dims.get(f.formula.target) is None or dims[f.formula.target]:
        return None
    vals = values(spec, dims, strides, fields)
    when, value = formula_python(f)
    if when and expr.holds(expr.evaluator_source(when), vals) is not True:
        return None
    result = expr.value_of(expr.evaluator_source(value), vals)
    return None if result is None else tuple(result)
