"""The test plan of an op: which attributes each case sets and what must happen.

One plan feeds the gtest templates and the Python mirror's tests, so the two cannot drift. The
presence combinations are computed from the rules, never listed by hand.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from codegen.spec import expr
from codegen.views import naming, nodecheck
from codegen.spec.model import Conforms, FieldRange, OpSpec, Rule, Tensor
from codegen.views.nodecheck import Dims, NodeCheck
from codegen.plumbing.memo import by_identity

MAX_SEARCH = 16  # optional tensors considered together when searching for satisfying sets
MAX_PAIRS = 48  # one-step changes combined pairwise when no single change fails a declared check

BAD_PARAM = "HIPDNN_STATUS_BAD_PARAM"
# what a test tensor is unless a test says otherwise: FLOAT, holding no value (not pass-by-value)
TENSOR_DEFAULTS: dict[str, Any] = {"dtype": "FLOAT", "pass_by_value": False}
INTERNAL_ERROR = "HIPDNN_STATUS_INTERNAL_ERROR"


@dataclass(frozen=True)
class FinalizeCase:
    """Set the required tensors except `omit`, the optional tensors in `present`, every field and
    (unless `omit_compute_type`) the compute type; finalize must throw `expect` or succeed."""

    name: str
    omit: str | None
    present: tuple[str, ...]
    omit_compute_type: bool
    expect: str | None
    message: str | None  # the exact failure text (class prefix included) when expect is set
    rule_case: bool = False  # one presence combination of a rule's tensors

    @property
    def from_node_name(self) -> str:
        return "FromNode" + self.name.removeprefix("Finalize")


@dataclass(frozen=True)
class RoundTrip:
    """Set `tensor` (plus whatever the rules need alongside it), finalize, read it back.
    `unset_fields`: the test fields left unset because a declared check refuses them beside the
    tensor (SDPA backward's attn_scale_value beside the scale tensor, check scale-attn-scale-value-exclusive)."""

    name: str
    tensor: Tensor
    present: tuple[str, ...]
    unset_fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class NodeState:
    """The frontend attributes a node case starts from: the test data with every tensor of
    `present` set (dims and strides as given), the test field values with `fields` overriding."""

    present: tuple[str, ...]
    dims: tuple[tuple[str, Dims], ...]
    strides: tuple[tuple[str, Dims], ...]
    fields: tuple[tuple[str, Any], ...]
    # (tensor, property, value) where a tensor differs from a test tensor's defaults (TENSOR_DEFAULTS)
    props: tuple[tuple[str, str, Any], ...] = ()

    def prop_of(self, name: str, prop: str) -> Any:
        return next((v for t, p, v in self.props if t == name and p == prop), TENSOR_DEFAULTS[prop])

    def props_map(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for t, p, v in self.props:
            out.setdefault(t, {})[p] = v
        return out

    def dims_of(self, name: str) -> Dims:
        return dict(self.dims)[name]

    def strides_of(self, name: str) -> Dims:
        return dict(self.strides)[name]

    def field(self, name: str) -> Any:
        return dict(self.fields)[name]


@dataclass(frozen=True)
class NodeCase:
    """pre_validate_node() on `state` fails `check` alone (None: the state is valid)."""

    name: str
    state: NodeState
    check: NodeCheck | None
    changed: tuple[str, ...]  # the tensors and fields that differ from the valid state


@dataclass(frozen=True)
class InferCase:
    """infer_properties_node() on `state`: `expect` holds the dims/strides or field values after it
    (`message` is the failure text when a required tensor is missing)."""

    name: str
    state: NodeState
    expect_dims: tuple[tuple[str, Dims, Dims], ...]
    expect_fields: tuple[tuple[str, Any], ...]
    message: str | None = None


@dataclass(frozen=True)
class TestPlan:
    spec: OpSpec
    finalize_cases: tuple[FinalizeCase, ...]
    tensor_round_trips: tuple[RoundTrip, ...]
    all_present: tuple[str, ...]  # the largest optional set that satisfies every rule
    node_cases: tuple[NodeCase, ...] = ()
    infer_cases: tuple[InferCase, ...] = ()
    untestable_checks: tuple[NodeCheck, ...] = ()  # checks the test data cannot make fail alone
    dims_unset_cases: tuple[NodeCase, ...] = ()  # the valid state with one tensor without dims, or one field unset

    @property
    def rule_cases(self) -> tuple[FinalizeCase, ...]:
        return tuple(c for c in self.finalize_cases if c.rule_case)


def tensors_set(spec: OpSpec, present: tuple[str, ...], omit: str | None = None) -> tuple[str, ...]:
    """Which tensors a case sets: the required ones (except `omit`) and the optional ones in `present`."""
    return tuple(t.name for t in spec.tensors if (t.required and t.name != omit) or t.name in present)


def first_violated(spec: OpSpec, present: set[str]) -> expr.Compiled | None:
    """The first check placed in finalize() (the presence rules first) broken when the required
    tensors and `present` are set."""
    present = present | {t.name for t in spec.required_tensors}
    return next((c for c in nodecheck.backend_checks(spec) if backend_fails(c, present)), None)


def backend_fails(c: expr.Compiled, present: set[str]) -> bool:
    """A finalize() check (it reads only which tensors are set) fails for the set tensors `present`."""
    dims = {t: ((1,) if t in present else None) for t in expr.names(c.requires) | (expr.names(c.when) if c.when else set())}
    return expr.holds(expr.evaluator_source(nodecheck.fails_python(c)),
                      expr.Values(dims, {}, {}, lambda n, v: False, lambda n, v: 0)) is True


def violation_message(spec: OpSpec, violated: expr.Compiled) -> str:
    return naming.finalize_prefix(naming.OpNames(spec)) + violated.check.message


def rules_hold(spec: OpSpec, present: set[str]) -> bool:
    return first_violated(spec, present) is None


def _constrained(spec: OpSpec) -> list[str]:
    names = {t for c in nodecheck.backend_checks(spec) for t in expr.names(c.requires) | (expr.names(c.when) if c.when else set())}
    return [t.name for t in spec.optional_tensors if t.name in names]


def largest_satisfying(spec: OpSpec) -> tuple[str, ...]:
    """Every unconstrained optional tensor plus the largest rule-satisfying constrained subset,
    less the optional tensors a declared check refuses beside the test data's fields."""
    constrained = _constrained(spec)[:MAX_SEARCH]
    free = [t.name for t in spec.optional_tensors if t.name not in constrained]
    for size in range(len(constrained), -1, -1):
        for combo in itertools.combinations(constrained, size):
            if rules_hold(spec, set(free) | set(combo)):
                return _declared_clear(spec, _ordered(spec, set(free) | set(combo)))
    return _declared_clear(spec, _ordered(spec, set(free)))


def _declared_clear(spec: OpSpec, present: tuple[str, ...]) -> tuple[str, ...]:
    """`present` without the optional tensors whose presence alone makes the test data fail a
    declared check (SDPA's scale tensor beside attn_scale_value): each is dropped, first in spec order."""
    if not spec.checks or nodecheck.expr.compiled_checks(spec) is None:
        return present
    try:
        data = {t.name: spec.test_tensor(t.name) for t in spec.tensors}
        fields = {f.name: spec.test_field(f.name).value for f in spec.fields}
    except StopIteration:
        return present  # incomplete test data is reported by the spec checks
    required = {t.name for t in spec.required_tensors}
    chosen = list(present)
    for _ in range(len(present)):
        dims = {n: (d.dims if n in required or n in chosen else None) for n, d in data.items()}
        strides = {n: (d.strides if n in required or n in chosen else None) for n, d in data.items()}
        failed = nodecheck.evaluate(spec, dims, fields, strides, props_map(test_props(spec)))
        if failed is None or failed.declared is None:
            return tuple(chosen)
        readable = [n for n in chosen if n in nodecheck.expr.names(failed.declared.requires)]
        if not readable:
            return tuple(chosen)
        chosen.remove(readable[0])
    return tuple(chosen)


def refused_fields(spec: OpSpec, present: tuple[str, ...]) -> tuple[str, ...]:
    """The test fields a declared check refuses beside the optional tensors `present`: a check
    reading one of them that fails with them set (beside the required tensors and the test data)
    and holds without them, and holds again once one field it reads is back at its unset value
    (SDPA backward's attn_scale_value beside the scale tensor)."""
    compiled = nodecheck.expr.compiled_checks(spec)
    if not spec.checks or compiled is None or not present:
        return ()
    try:
        data = {t.name: spec.test_tensor(t.name) for t in spec.tensors}
        fields = {f.name: spec.test_field(f.name).value for f in spec.fields}
    except StopIteration:
        return ()  # incomplete test data is reported by the spec checks
    required = {t.name for t in spec.required_tensors}

    def vals(chosen: set[str], values: dict[str, Any]) -> expr.Values:
        dims = {n: (d.dims if n in chosen else None) for n, d in data.items()}
        strides = {n: (d.strides if n in chosen else None) for n, d in data.items()}
        return nodecheck.values(spec, dims, strides, values, props_map(test_props(spec)))

    by_name = {f.name: f for f in spec.fields}
    unset: set[str] = set()
    for c in compiled:
        read = expr.names(c.requires) | (expr.names(c.when) if c.when else set())
        if not read & set(present) or c.check.where == "backend":
            continue
        current = {**fields, **{n: nodecheck.unset_value(spec, by_name[n]) for n in unset}}
        if not nodecheck.declared_fails(c, vals(required | set(present), current)) or nodecheck.declared_fails(c, vals(required, current)):
            continue
        for f in spec.fields:
            if f.name in read and nodecheck.field_is_set(spec, f, current[f.name]):
                trial = {**current, f.name: nodecheck.unset_value(spec, f)}
                if not nodecheck.declared_fails(c, vals(required | set(present), trial)):
                    unset.add(f.name)
                    break
    return tuple(f.name for f in spec.fields if f.name in unset)


def smallest_satisfying_with(spec: OpSpec, name: str) -> tuple[str, ...] | None:
    """The smallest rule-satisfying optional set that contains `name` (None if none exists)."""
    others = [t for t in _constrained(spec)[:MAX_SEARCH] if t != name]
    for size in range(0, len(others) + 1):
        for combo in itertools.combinations(others, size):
            present = {name, *combo}
            if rules_hold(spec, present):
                return _ordered(spec, present)
    return None


def _completed(spec: OpSpec, chosen: set[str], absent: set[str]) -> tuple[str, ...]:
    """`chosen` plus the fewest other optional tensors (none of `absent`) the presence rules need."""
    others = [t for t in _constrained(spec)[:MAX_SEARCH] if t not in chosen and t not in absent]
    for size in range(0, len(others) + 1):
        for combo in itertools.combinations(others, size):
            present = chosen | set(combo) | {t.name for t in spec.required_tensors}
            if not any(backend_fails(c, present) for c in nodecheck.backend_checks(spec) if c.check.stage == "presence"):
                return _ordered(spec, chosen | set(combo))
    return _ordered(spec, chosen)


def _ordered(spec: OpSpec, present: set[str]) -> tuple[str, ...]:
    return tuple(t.name for t in spec.optional_tensors if t.name in present)


def _joined(names: tuple[str, ...]) -> list[str]:
    words: list[str] = []
    for i, name in enumerate(names):
        words += (["And"] if i else []) + [name]
    return words


def _failure(spec: OpSpec, present: set[str]) -> tuple[str | None, str | None]:
    rule = first_violated(spec, present)
    if rule is None:
        return None, None
    return BAD_PARAM, violation_message(spec, rule)


@by_identity
def build(spec: OpSpec) -> TestPlan:
    names = naming.OpNames(spec)
    prefix = naming.finalize_prefix(names)
    cases: list[FinalizeCase] = [
        FinalizeCase("FinalizeWithRequiredAttributes", None, (), False, None, None),
    ]
    all_present = largest_satisfying(spec)
    if all_present:
        cases.append(FinalizeCase("FinalizeWithAllSatisfiableOptionalTensors", None, all_present, False, None, None))
    for t in spec.required_tensors:
        cases.append(
            FinalizeCase(
                naming.test_case_name("FinalizeFailsWithout", t.name, "Tensor"),
                t.name,
                (),
                False,
                BAD_PARAM,
                prefix + naming.missing_tensor_message(t),
            )
        )
    cases.append(
        FinalizeCase("FinalizeFailsWithoutComputeType", None, (), True, BAD_PARAM, prefix + naming.COMPUTE_TYPE_MESSAGE)
    )
    names_seen: set[str] = set()
    optional = {t.name for t in spec.optional_tensors}
    groups = [(c.check.stage == "presence", tuple(t.name for t in spec.tensors if t.name in optional and t.name in expr.names(c.requires) | (expr.names(c.when) if c.when else set())))
              for c in nodecheck.backend_checks(spec)]
    for is_presence, tensors in groups:
        for mask in itertools.product((False, True), repeat=len(tensors)):
            present = _ordered(spec, {t for t, on in zip(tensors, mask) if on})
            absent = tuple(t for t in tensors if t not in present)
            if not is_presence:  # a declared finalize() check: with what the presence rules need beside
                present = _completed(spec, set(present), set(absent))
            expect, message = _failure(spec, set(present))
            name = naming.test_case_name(
                "Finalize",
                "Succeeds" if expect is None else "Fails",
                *(["With", *_joined(present)] if present else []),
                *(["Without", *_joined(absent)] if absent else []),
            )
            if name not in names_seen:  # two rules over the same tensors give the same cases
                names_seen.add(name)
                cases.append(FinalizeCase(name, None, present, False, expect, message, rule_case=True))
    round_trips = []
    for t in spec.tensors:
        found = () if t.required else smallest_satisfying_with(spec, t.name)
        assert found is not None, f"{t.name} is unsatisfiable; semantic checks reject such specs"
        present = found
        round_trips.append(RoundTrip(naming.test_case_name("SetAndGet", t.name, "Tensor"), t, present,
                                     refused_fields(spec, present) if t.optional else ()))
    node_cases, untestable = _node_cases(spec, all_present)
    return TestPlan(spec, tuple(cases), tuple(round_trips), all_present, node_cases, _infer_cases(spec, all_present), untestable,
                    _dims_unset_cases(spec, node_cases))


# --- the frontend node -----------------------------------------------------------------------------


def packed_strides(dims: Dims) -> Dims:
    strides, step = [], 1
    for d in reversed(dims):
        strides.append(step)
        step *= max(d, 1)
    return tuple(reversed(strides))


def valid_state(spec: OpSpec, all_present: tuple[str, ...]) -> NodeState:
    present = tuple(t.name for t in spec.tensors if t.required or t.name in all_present)
    return NodeState(
        present,
        tuple((t.name, spec.test_tensor(t.name).dims) for t in spec.tensors),
        tuple((t.name, spec.test_tensor(t.name).strides) for t in spec.tensors),
        tuple((f.name, spec.test_field(f.name).value) for f in spec.fields),
        test_props(spec),
    )


def test_props(spec: OpSpec) -> tuple[tuple[str, str, Any], ...]:
    """The test data's tensor properties that differ from the defaults (a data type other than
    FLOAT, a pass-by-value tensor)."""
    out: list[tuple[str, str, Any]] = []
    for t in spec.tensors:
        data = next((d for d in spec.test_tensors if d.name == t.name), None)
        if data is not None and data.dtype != TENSOR_DEFAULTS["dtype"]:
            out.append((t.name, "dtype", data.dtype))
        if data is not None and data.pass_by_value:
            out.append((t.name, "pass_by_value", True))
    return tuple(out)


def props_map(props: tuple[tuple[str, str, Any], ...]) -> dict[str, dict[str, Any]]:
    return NodeState((), (), (), (), props).props_map()


def _with(state: NodeState, present: tuple[str, ...] | None = None, dims: dict[str, Dims] | None = None,
          fields: dict[str, Any] | None = None) -> NodeState:
    new_dims = {**dict(state.dims), **(dims or {})}
    new_strides = dict(state.strides)
    for name in dims or {}:
        new_strides[name] = packed_strides(new_dims[name])
    return NodeState(
        state.present if present is None else present,
        tuple(new_dims.items()),
        tuple(new_strides.items()),
        tuple({**dict(state.fields), **(fields or {})}.items()),
        state.props,
    )


def _with_prop(state: NodeState, name: str, prop: str, value: Any) -> NodeState:
    kept = tuple(e for e in state.props if e[:2] != (name, prop))
    return replace(state, props=kept + (((name, prop, value),) if value != TENSOR_DEFAULTS[prop] else ()))


def first_failure(spec: OpSpec, state: NodeState) -> NodeCheck | None:
    dims = {name: (d if name in state.present else None) for name, d in state.dims}
    strides = {name: (d if name in state.present else None) for name, d in state.strides}
    return nodecheck.evaluate(spec, dims, dict(state.fields), strides, state.props_map())


def _same_shape_group(spec: OpSpec, name: str) -> set[str]:
    """The tensors same_shape rules tie to `name` (a test moves their shapes together)."""
    rules = [c.origin for c in spec.checks if isinstance(c.origin, Rule) and c.origin.kind.name == "same_shape"]
    group, grew = {name}, True
    while grew:
        grew = False
        for r in rules:
            if group & set(r.tensors) and not set(r.tensors) <= group:
                group |= set(r.tensors)
                grew = True
    return group


def _conforming(c: Conforms, to: Dims, kept: int, one_padded: bool) -> list[int]:
    rank = len(to)
    if c.keeps == "trailing":
        return [1] * (rank - kept) + list(to[rank - kept :]) if one_padded else list(to[rank - kept :])
    return list(to[:kept]) + [1] * (rank - kept) if one_padded else list(to[:kept])


def _single_changes(spec: OpSpec, state: NodeState, check: NodeCheck, shapes_too: bool = True) -> list[NodeState]:
    """One-step changes of the valid state touching what a declared check reads: each tensor's
    presence, each dimension nudged, ranks one lower and higher (moved with the tensor's same_shape
    group), each field's value nudged, unset, toggled or switched to another enum value."""
    c = check.declared
    assert c is not None
    read = expr.names(c.requires) | (expr.names(c.when) if c.when is not None else set())
    if not shapes_too:  # presence and field changes: what any declared check reads (a rival check's field)
        for other in expr.compiled_checks(spec) or ():
            if other.check.origin is None:  # the spec's own checks (a rule kind's reads are its own)
                read |= expr.names(other.requires) | (expr.names(other.when) if other.when is not None else set())
    tensors = [t.name for t in spec.tensors if t.name in read]
    out: list[NodeState] = []
    for name in tensors:
        if name in state.present:
            out.append(_with(state, present=tuple(n for n in state.present if n != name)))
        else:
            out.append(_with(state, present=tuple(t.name for t in spec.tensors if t.name in state.present or t.name == name)))
        if not shapes_too:
            continue
        base = state.dims_of(name)
        shapes: list[Dims] = []
        for i, d in enumerate(base):
            for new in (d + 1, d - 1, 1, 2 * d + 1, 0):
                if new != d and new >= 0:
                    shapes.append(base[:i] + (new,) + base[i + 1 :])
        shapes += [base[k:] for k in range(1, len(base))] + [base[:k] for k in range(len(base) - 1, 0, -1)]
        shapes += [(1,) + base, base + (2,)]
        group = _same_shape_group(spec, name)
        for shape in shapes:
            if shape:
                out.append(_with(state, dims={n: shape for n in group}))
        if name in _ndims_read(c):  # set without dims: what ndims() tells from an unset tensor
            out.append(_with(state, dims={name: ()}))
        if name in _nstrides_read(c) and state.strides_of(name):  # set without strides: nstrides() reads 0
            out.append(_with_strides(state, name, ()))
    for f in spec.fields:
        if f.name not in read:
            continue
        value = state.field(f.name)
        options: list[Any] = []
        if f.enum is not None:
            options = [v.name for v in f.enum.values if v.name != value]
        elif f.type.name == "bool":
            options = [not value] if value is not None else [True, False]
        elif f.type.name in ("int64", "int32"):
            options = [0, 1, -1] if value is None else [value + 1, value - 1, 0, -1, 2 * value + 1]
        elif f.type.name in ("float", "double"):
            options = [0.5, 0.0, -1.0] if value is None else [value * 2 + 1, 0.0, -1.0]
        elif f.type.is_vector and isinstance(value, list) and value:
            # emptied, an entry zeroed or negated, and one entry more than the highest test rank
            longest = max((len(d) for n, d in state.dims if n in state.present), default=0)
            options = [[], [0] + value[1:], [-value[0]] + value[1:], value + [value[-1]] * max(1, longest + 1 - len(value))]
        if nodecheck.unset_value(spec, f) is None and value is not None:
            options.append(None)
        out.extend(_with(state, fields={f.name: v}) for v in options if v != value or v is None)
    for name, prop in sorted(_props_read(c)):  # a data type switched, a pass-by-value flag toggled
        value = state.prop_of(name, prop)
        if prop == "dtype":
            out.append(_with_prop(state, name, prop, "INT32" if value != "INT32" else "FLOAT"))
        else:
            out.append(_with_prop(state, name, prop, not value))
    if shapes_too:  # after every other change, so the tests found before strides were nudged stay
        for name in [t for t in tensors if t in _strides_read(c)]:
            base = state.strides_of(name)
            for i, s in enumerate(base):
                for new in (0, -s if s else -1):
                    out.append(_with_strides(state, name, base[:i] + (new,) + base[i + 1 :]))
        # a dimension zeroed in one tensor of a same_shape group alone: hipDNN checks a tensor's own
        # dims (positive) before comparing it with the others (BatchnormBackwardNode, id 59915920651)
        for name in tensors:
            if _same_shape_group(spec, name) != {name}:
                base = state.dims_of(name)
                out.extend(_with(state, dims={name: base[:i] + (0,) + base[i + 1 :]}) for i in range(len(base)) if base[i])
    return out


def _walk_reads(c: expr.Compiled, found: Callable[[expr.Node], Any]) -> set[Any]:
    """What `found` gives for each sub-expression of the check (and its condition), None left out."""
    out: set[Any] = set()

    def walk(n: Any) -> None:
        if isinstance(n, expr.Node):
            hit = found(n)
            if hit is not None:
                out.add(hit)
            for a in n.args:
                walk(a)

    walk(c.requires)
    if c.when is not None:
        walk(c.when)
    return out


def _ndims_read(c: expr.Compiled) -> set[str]:
    """The tensors whose ndims() the check reads."""
    return _walk_reads(c, lambda n: n.args[0].value if n.kind == "call" and n.value == "ndims" else None)


def _nstrides_read(c: expr.Compiled) -> set[str]:
    """The tensors whose nstrides() the check reads."""
    return _walk_reads(c, lambda n: n.args[0].value if n.kind == "call" and n.value == "nstrides" else None)


def _props_read(c: expr.Compiled) -> set[tuple[str, str]]:
    """(tensor, property) of each data type or pass-by-value flag the check reads."""
    return _walk_reads(c, lambda n: (n.args[0].value, n.value) if n.kind == "prop" and n.value in TENSOR_DEFAULTS else None)


def _strides_read(c: expr.Compiled) -> set[str]:
    """The tensors whose strides the check (or its condition) reads."""
    return _walk_reads(c, lambda n: n.args[0].value if n.kind == "prop" and n.value == "strides" else None)


def _with_strides(state: NodeState, name: str, strides: Dims) -> NodeState:
    return NodeState(state.present, state.dims, tuple((n, strides if n == name else s) for n, s in state.strides),
                     state.fields, state.props)


def _candidates(spec: OpSpec, state: NodeState, check: NodeCheck) -> Iterable[NodeState]:
    """States that should fail `check` first; the caller keeps the first one that does. A rule
    kind's check tries the change its rule suggests first, then the search every check gets."""
    if check.kind == "required":
        return [_with(state, present=tuple(n for n in state.present if n != check.tensors[0]))]
    if check.kind == "field_required":
        return [_with(state, fields={str(check.field): None})]
    singles = _single_changes(spec, state, check)
    pairs = (s2 for s1 in singles[:MAX_PAIRS] for s2 in _single_changes(spec, s1, check)[:MAX_PAIRS])
    # presence and field changes (few) twice, then any change: a tensor a check reads that the
    # valid state leaves out for another check's sake (SDPA's scale) is set, its rival unset, its dims nudged
    triples = (s3 for s1 in _single_changes(spec, state, check, False)
               for s2 in _single_changes(spec, s1, check, False) for s3 in _single_changes(spec, s2, check))
    return itertools.chain(_rule_candidates(spec, state, check), singles, pairs, triples)


def _rule_candidates(spec: OpSpec, state: NodeState, check: NodeCheck) -> list[NodeState]:
    """The change a rule kind's check suggests: its presence rule's tensors set in every
    combination, the second same_shape tensor's first dimension nudged, the field just outside its
    range, the conforming tensor (with its same_shape group) in the wrong form, padding or dims."""
    assert check.declared is not None
    origin, check_id = check.declared.check.origin, check.declared.check.id
    if isinstance(origin, Rule) and origin.kind.presence:
        optional = [n for n in state.present if n not in origin.tensors]
        out = []
        for mask in itertools.product((True, False), repeat=len(origin.tensors)):
            chosen = {t for t, on in zip(origin.tensors, mask) if on}
            out.append(_with(state, present=tuple(t.name for t in spec.tensors if t.name in chosen or t.name in optional)))
        return out
    if isinstance(origin, Rule):  # same_shape: requires "<other>.dims == <first>.dims"
        other, first = (side.args[0].value for side in check.declared.requires.args)
        base = state.dims_of(first)
        return [_with(state, dims={other: (base[0] + 1,) + base[1:] if base else (2,)})]
    if isinstance(origin, FieldRange):
        small = check_id.endswith("-too-small")
        bound = origin.min if small else origin.max
        assert bound is not None
        limit = bound.value({name: len(d) for name, d in state.dims})
        step = -1 if small else 1
        return [_with(state, fields={origin.field: limit + step}), _with(state, fields={origin.field: limit + 2 * step})]
    if not isinstance(origin, Conforms):
        return []
    c = origin
    to, n = state.dims_of(c.to), state.field(c.split)
    if not isinstance(n, int) or isinstance(n, bool):
        return []
    rank = len(to)
    kept = n if c.keeps == "trailing" else rank - n
    if not 0 <= kept <= rank:
        return []
    group = _same_shape_group(spec, c.tensor)
    current = state.dims_of(c.tensor)
    padded = len(current) == rank
    shapes: list[list[int]] = []
    if check_id.endswith("-rank"):
        shapes = [[1] * r for r in range(1, rank + 3) if r not in (rank, kept)][:1]
    elif check_id.endswith("-one-padding") and rank > kept:
        shape = _conforming(c, to, kept, True)
        shape[0 if c.keeps == "trailing" else rank - 1] = 2
        shapes = [shape]
    elif check_id.endswith("-dims") and kept > 0:
        shape = _conforming(c, to, kept, padded)
        shape[-1 if c.keeps == "trailing" else 0] += 1
        shapes = [shape]
    elif check_id.endswith("-form"):
        shapes = [_conforming(c, to, kept, not padded)]
    return [_with(state, dims={name: tuple(shape) for name in group}) for shape in shapes]


def _node_cases(spec: OpSpec, all_present: tuple[str, ...]) -> tuple[tuple[NodeCase, ...], tuple[NodeCheck, ...]]:
    state = valid_state(spec, all_present)
    if first_failure(spec, state) is not None:
        return (), ()  # the spec's own checks report the test data
    cases = [NodeCase("AllValuesSet", state, None, ())]
    untestable = []
    for check in nodecheck.checks(spec):
        found = next((s for s in _candidates(spec, state, check) if first_failure(spec, s) == check), None)
        if found is None:
            untestable.append(check)
            continue
        changed = tuple(sorted({n for (n, d), (_, d0) in zip(found.dims, state.dims) if d != d0}
                               | {n for (n, d), (_, d0) in zip(found.strides, state.strides) if d != d0}
                               | {n for (n, v), (_, v0) in zip(found.fields, state.fields) if v != v0}
                               | {e[0] for e in set(found.props) ^ set(state.props)}
                               | (set(found.present) ^ set(state.present))))
        cases.append(NodeCase(check.name, found, check, changed))
    return tuple(cases), tuple(untestable)


def _dims_unset_cases(spec: OpSpec, node_cases: tuple[NodeCase, ...]) -> tuple[NodeCase, ...]:
    """pre_validate_node() with one tensor of the valid state set without dims or strides (as a
    graph leaves a tensor the node infers later): the checks reading it hold, the others decide."""
    if not node_cases:
        return ()
    state = node_cases[0].state
    cases = []
    for name in state.present:
        unset = replace(state, dims=tuple((n, () if n == name else d) for n, d in state.dims),
                        strides=tuple((n, () if n == name else d) for n, d in state.strides))
        cases.append(NodeCase(naming.pascal(name) + "DimsUnset", unset, first_failure(spec, unset), (name,)))
    for f in spec.fields:  # each field the test data sets, back at the value it has when never set
        default = [] if f.type.is_vector else nodecheck.unset_value(spec, f)
        if state.field(f.name) == default or f.enum is not None and default not in [v.name for v in f.enum.values]:
            continue
        unset = _with(state, fields={f.name: default})
        cases.append(NodeCase(naming.pascal(f.name) + "Unset", unset, first_failure(spec, unset), (f.name,)))
    return tuple(cases)


def _infer_cases(spec: OpSpec, all_present: tuple[str, ...]) -> tuple[InferCase, ...]:
    state = valid_state(spec, all_present)
    cases: list[InferCase] = []
    for t in spec.required_tensors:
        without = _with(state, present=tuple(n for n in state.present if n != t.name))
        cases.append(InferCase(naming.test_case_name("InferFailsWithout", t.name), without, (), (),
                               nodecheck.infer_missing_message(spec, t.name)))
    for step in nodecheck.inference_steps(spec):
        word = naming.pascal(step.target)
        if step.inference.kind == "tensor":
            if step.target not in state.present or step.source not in state.present:
                continue
            cleared = replace(state, dims=tuple((n, () if n == step.target else d) for n, d in state.dims),
                              strides=tuple((n, () if n == step.target else d) for n, d in state.strides))
            source = (step.target, state.dims_of(step.source), state.strides_of(step.source))
            cases.append(InferCase(f"Infer{word}FromSource", cleared, (source,), ()))
            base = state.dims_of(step.source)
            own = ((base[0] + 1,) + base[1:]) if base else (2,)
            kept = _with(state, dims={step.target: own})
            cases.append(InferCase(f"Infer{word}KeepsUserValue", kept, ((step.target, own, packed_strides(own)),), ()))
        else:
            f = spec.field(step.target)
            unset = nodecheck.unset_value(spec, f)
            cleared = _with(state, fields={f.name: unset})
            dims = {n: (d if n in state.present else None) for n, d in state.dims}
            value = nodecheck.inferred_field(step, dims)
            cases.append(InferCase(f"Infer{word}FromSource", cleared, (), ((f.name, value),)))
            mine = value + 1 if value + 1 != unset else value + 2
            cases.append(InferCase(f"Infer{word}KeepsUserValue", _with(state, fields={f.name: mine}), (), ((f.name, mine),)))
    cases += _formula_cases(spec, state)
    cases += _inference_variants(spec, state)
    return tuple(cases)


def _expected(spec: OpSpec, state: NodeState, target: str) -> InferCase | None:
    """What infer_properties_node() leaves in `target` from `state` (None when it fails)."""
    dims = {n: (d if n in state.present else None) for n, d in state.dims}
    strides = {n: (d if n in state.present else None) for n, d in state.strides}
    fields = dict(state.fields)
    if nodecheck.infer(spec, dims, strides, fields) is not None or dims.get(target) is None:
        return None
    return InferCase("", state, ((target, dims[target] or (), strides.get(target) or ()),), ())


def _inference_variants(spec: OpSpec, state: NodeState) -> list[InferCase]:
    """Per copy of `inference:`, its source set without strides; per formula, the target's own dims
    kept, its source without strides, and the first one-field change where its condition fails."""
    out: list[InferCase] = []

    def add(name: str, candidate: NodeState, target: str) -> bool:
        case = _expected(spec, candidate, target)
        if case is not None:
            out.append(replace(case, name=name))
        return case is not None

    def cleared(base: NodeState, target: str, no_strides: str | None = None) -> NodeState:
        present = tuple(t.name for t in spec.tensors if t.name in base.present or t.name == target)
        return replace(_with(base, present=present), dims=tuple((n, () if n == target else d) for n, d in base.dims),
                       strides=tuple((n, () if n in (target, no_strides) else d) for n, d in base.strides))

    for step in nodecheck.inference_steps(spec):
        if step.inference.kind == "tensor" and step.target in state.present and step.source in state.present:
            add(f"Infer{naming.pascal(step.target)}FromSourceWithoutStrides", cleared(state, step.target, step.source), step.target)
    filled: set[str] = set()
    for index, f in enumerate(nodecheck.formulas(spec)):
        target, word = f.formula.target, naming.pascal(f.formula.target)
        base = cleared(state, target)
        own = state.dims_of(target)
        if own:
            mine = (own[0] + 1,) + own[1:]
            add(f"Infer{word}KeepsUserValueFormula{index + 1}", _with(cleared(state, target), dims={target: mine}), target)
            # the user's dims without strides: the first formula whose condition holds gives the
            # strides, as hipDNN's nodes fill them (BlockScaleQuantizeNode id 57303967738)
            user = replace(base, dims=tuple((n, own if n == target else d) for n, d in base.dims))
            dims = {n: (d if n in user.present else None) for n, d in user.dims}
            strides = {n: (d if n in user.present else None) for n, d in user.strides}
            if target not in filled and nodecheck.formula_applies(spec, f, dims, strides, dict(user.fields)):
                filled.add(target)
                add(f"Infer{word}StridesOfUserDimsFormula{index + 1}", user, target)
            else:  # a condition on a tensor's strides: the first state without them where this formula fills
                earlier = [g for g in nodecheck.formulas(spec)[:index] if g.formula.target == target]
                for candidate in _strideless_states(spec, f, user):
                    dims = {n: (d if n in candidate.present else None) for n, d in candidate.dims}
                    strides = {n: (d if n in candidate.present else None) for n, d in candidate.strides}
                    if nodecheck.formula_applies(spec, f, dims, strides, dict(candidate.fields)) and not any(
                            nodecheck.formula_applies(spec, g, dims, strides, dict(candidate.fields)) for g in earlier):
                        add(f"Infer{word}StridesOfUserDimsFormula{index + 1}", candidate, target)
                        break
        for source in sorted(expr.shape_reads(f.dims) - {target}):
            if source in base.present:
                add(f"Infer{word}Formula{index + 1}WithoutStridesOf{naming.pascal(source)}", cleared(state, target, source), target)
                break
        ordered_by = f.formula.order_of
        if ordered_by is not None and ordered_by in base.present and len(base.dims_of(ordered_by)) >= 3:
            # the order_of tensor with strides in another order (channels-last): the target's follow it
            reordered = replace(base, strides=tuple((n, nodecheck.channels_last(base.dims_of(n)) if n == ordered_by else d) for n, d in base.strides))
            for candidate in [reordered, *_field_changes(spec, reordered)]:
                dims = {n: (d if n in candidate.present else None) for n, d in candidate.dims}
                strides = {n: (d if n in candidate.present else None) for n, d in candidate.strides}
                if nodecheck.formula_dims(spec, f, dims, strides, dict(candidate.fields)) is not None and \
                        add(f"Infer{word}Formula{index + 1}InStrideOrderOf{naming.pascal(ordered_by)}", candidate, target):
                    break
        if f.when is not None:
            for candidate in _field_changes(spec, base):
                dims = {n: (d if n in candidate.present else None) for n, d in candidate.dims}
                strides = {n: (d if n in candidate.present else None) for n, d in candidate.strides}
                if nodecheck.formula_dims(spec, f, dims, strides, dict(candidate.fields)) is None and \
                        add(f"Infer{word}Formula{index + 1}WhenFalse", candidate, target):
                    break
    return out


def _formula_cases(spec: OpSpec, state: NodeState) -> list[InferCase]:
    """One case per inference formula: its target without dims or strides, in the valid state or
    the first one-field change of it (a field unset, nudged or toggled) where this formula is the
    one that gives the target its dims."""
    cases = []
    formulas = nodecheck.formulas(spec)
    for index, f in enumerate(formulas):
        target = f.formula.target
        present = tuple(t.name for t in spec.tensors if t.name in state.present or t.name == target)
        base = replace(_with(state, present=present), dims=tuple((n, () if n == target else d) for n, d in state.dims),
                       strides=tuple((n, () if n == target else d) for n, d in state.strides))
        for candidate in _when_states(spec, f, base):
            dims = {n: (d if n in candidate.present else None) for n, d in candidate.dims}
            strides = {n: (d if n in candidate.present else None) for n, d in candidate.strides}
            fields = dict(candidate.fields)
            got = nodecheck.formula_dims(spec, f, dims, strides, fields)
            earlier = [g for g in formulas[:index] if g.formula.target == target]
            if got is None or any(nodecheck.formula_dims(spec, g, dims, strides, fields) is not None for g in earlier):
                continue
            after = dict(dims)
            if nodecheck.infer(spec, after, dict(strides), dict(fields)) is not None or after[target] != got:
                continue  # a required tensor is missing, or a copy of `inference:` fills the target first
            word = naming.pascal(target)
            given = nodecheck.given_strides(spec, f.formula, got, dims, strides, fields)
            cases.append(InferCase(f"Infer{word}FromFormula{index + 1}", candidate, ((target, got, given),), ()))
            break
    return cases


def _when_states(spec: OpSpec, f: expr.CompiledFormula, base: NodeState) -> list[NodeState]:
    """The states a formula's case is searched in: `base` and its one-field changes, then the same
    with the strides cleared of each tensor whose `nstrides()` the formula's condition reads (block-scale
    quantize's y, packed when x has no strides: BlockScaleQuantizeNode id 57303967738)."""
    return [base, *_field_changes(spec, base), *_strideless_states(spec, f, base)]


def _strideless_states(spec: OpSpec, f: expr.CompiledFormula, base: NodeState) -> list[NodeState]:
    """`base` and its one-field changes with the strides cleared of each tensor whose `nstrides()`
    the formula's condition reads (none without such a read)."""
    reads: set[str] = set()
    if f.when is not None:
        _walk_node(f.when, lambda n: reads.add(n.args[0].value) if n.kind == "call" and n.value == "nstrides" else None)
    out: list[NodeState] = []
    for name in sorted(reads):
        if name in base.present and base.strides_of(name):
            bare = _with_strides(base, name, ())
            out += [bare, *_field_changes(spec, bare)]
    return out


def _walk_node(node: Any, visit: Callable[[expr.Node], Any]) -> None:
    if isinstance(node, expr.Node):
        visit(node)
        for a in node.args:
            _walk_node(a, visit)


def _field_changes(spec: OpSpec, state: NodeState) -> list[NodeState]:
    out = []
    for f in spec.fields:
        value = state.field(f.name)
        options: list[Any] = []
        if nodecheck.unset_value(spec, f) is None and value is not None:
            options.append(None)
        if f.type.name == "bool":
            options.append(not value)
        elif f.type.name in ("int64", "int32") and isinstance(value, int):
            options += [value - 1, value + 1, 0]
        out += [_with(state, fields={f.name: v}) for v in options]
    return out
