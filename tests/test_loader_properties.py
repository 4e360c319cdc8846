"""Mutated specs never escape as anything but the tool's own diagnostics."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.diagnostics.diagnostics import Diagnostic
from codegen.pipeline.workspace import load_spec
from conftest import CASES, REPO

SEEDS = [
    (REPO / "op_specs" / "layernorm_bwd.yaml").read_text(),
    (REPO / "op_specs" / "sdpa_bwd.yaml").read_text(),
    (CASES / "valid-enum" / "op_specs" / "thing.yaml").read_text(),
]
SEED_DATA = [yaml.safe_load(text) for text in SEEDS]

junk_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, prefix + (i,))


def _parent(data, path):
    for part in path[:-1]:
        data = data[part]
    return data


@st.composite
def mutated_documents(draw):
    data = copy.deepcopy(draw(st.sampled_from(SEED_DATA)))
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _parent(data, path)
        action = draw(st.sampled_from(["drop", "rename", "retype", "swap"]))
        if action == "drop":
            del parent[path[-1]]
        elif action == "rename" and isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=10))] = parent.pop(path[-1])
        elif action == "retype":
            parent[path[-1]] = draw(junk_values)
        elif action == "swap":
            other = draw(st.sampled_from(paths))
            other_parent = _parent(data, other)
            try:
                parent[path[-1]], other_parent[other[-1]] = other_parent[other[-1]], parent[path[-1]]
            except (KeyError, IndexError, TypeError):
                pass
    return yaml.safe_dump(data, sort_keys=False)


def _assert_only_diagnostics(raw: bytes) -> None:
    spec, problems = load_spec("op_specs/thing.yaml", "thing", raw)
    assert all(isinstance(p, Diagnostic) for p in problems)
    assert spec is not None or problems


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_mutated_structure_only_produces_diagnostics(text):
    _assert_only_diagnostics(text.encode())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SEEDS), st.data())
def test_truncated_text_only_produces_diagnostics(seed, data):
    cut = data.draw(st.integers(0, len(seed)))
    _assert_only_diagnostics(seed[:cut].encode())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SEEDS), st.binary(min_size=1, max_size=16), st.data())
def test_injected_bytes_only_produce_diagnostics(seed, junk, data):
    raw = seed.encode()
    at = data.draw(st.integers(0, len(raw)))
    _assert_only_diagnostics(raw[:at] + junk + raw[at:])


@given(st.binary(max_size=200))
@settings(max_examples=200, deadline=None)
def test_arbitrary_bytes_only_produce_diagnostics(raw):
    _assert_only_diagnostics(raw)
