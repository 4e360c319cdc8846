"""The test plan of an op: which attributes each case sets and what must happen.

One plan feeds the gtest templates and the Python mirror's tests, so the two cannot drift. The
presence combinations are computed from the rules, never listed by hand.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from codegen import naming
from codegen.model import OpSpec, Rule, Tensor

MAX_SEARCH = 16  # optional tensors considered together when searching for satisfying sets

BAD_PARAM = "HIPDNN_STATUS_BAD_PARAM"
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
    """Set `tensor` (plus whatever the rules need alongside it), finalize, read it back."""

    name: str
    tensor: Tensor
    present: tuple[str, ...]


@dataclass(frozen=True)
class TestPlan:
    spec: OpSpec
    finalize_cases: tuple[FinalizeCase, ...]
    tensor_round_trips: tuple[RoundTrip, ...]
    all_present: tuple[str, ...]  # the largest optional set that satisfies every rule

    @property
    def rule_cases(self) -> tuple[FinalizeCase, ...]:
        return tuple(c for c in self.finalize_cases if c.rule_case)


def tensors_set(spec: OpSpec, present: tuple[str, ...], omit: str | None = None) -> tuple[str, ...]:
    """Which tensors a case sets: the required ones (except `omit`) and the optional ones in `present`."""
    return tuple(t.name for t in spec.tensors if (t.required and t.name != omit) or t.name in present)


def first_violated(spec: OpSpec, present: set[str]) -> Rule | None:
    """The first presence rule broken when the required tensors and `present` are set."""
    present = present | {t.name for t in spec.required_tensors}
    return next((r for r in spec.presence_rules if not r.kind.holds(tuple(t in present for t in r.tensors))), None)


def rules_hold(spec: OpSpec, present: set[str]) -> bool:
    return first_violated(spec, present) is None


def _constrained(spec: OpSpec) -> list[str]:
    names = {t for r in spec.presence_rules for t in r.tensors}
    return [t.name for t in spec.optional_tensors if t.name in names]


def largest_satisfying(spec: OpSpec) -> tuple[str, ...]:
    """Every unconstrained optional tensor plus the largest rule-satisfying constrained subset."""
    constrained = _constrained(spec)[:MAX_SEARCH]
    free = [t.name for t in spec.optional_tensors if t.name not in constrained]
    for size in range(len(constrained), -1, -1):
        for combo in itertools.combinations(constrained, size):
            if rules_hold(spec, set(free) | set(combo)):
                return _ordered(spec, set(free) | set(combo))
    return _ordered(spec, set(free))


def smallest_satisfying_with(spec: OpSpec, name: str) -> tuple[str, ...] | None:
    """The smallest rule-satisfying optional set that contains `name` (None if none exists)."""
    others = [t for t in _constrained(spec)[:MAX_SEARCH] if t != name]
    for size in range(0, len(others) + 1):
        for combo in itertools.combinations(others, size):
            present = {name, *combo}
            if rules_hold(spec, present):
                return _ordered(spec, present)
    return None


def _ordered(spec: OpSpec, present: set[str]) -> tuple[str, ...]:
    return tuple(t.name for t in spec.optional_tensors if t.name in present)


def _joined(names: tuple[str, ...]) -> list[str]:
    words: list[str] = []
    for i, name in enumerate(names):
        words += (["And"] if i else []) + [name]
    return words


def _failure(spec: OpSpec, present: set[str]) -> tuple[str | None, str | None]:
    names = naming.OpNames(spec)
    rule = first_violated(spec, present)
    if rule is None:
        return None, None
    return BAD_PARAM, naming.finalize_prefix(names) + naming.rule_message(rule.kind.name, rule.tensors)


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
    for rule in spec.presence_rules:
        for mask in itertools.product((False, True), repeat=len(rule.tensors)):
            present = _ordered(spec, {t for t, on in zip(rule.tensors, mask) if on})
            absent = tuple(t for t in rule.tensors if t not in present)
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
        round_trips.append(RoundTrip(naming.test_case_name("SetAndGet", t.name, "Tensor"), t, present))
    return TestPlan(spec, tuple(cases), tuple(round_trips), all_present)
