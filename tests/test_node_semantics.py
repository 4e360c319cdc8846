"""The frontend node's semantics exist three times: codegen.nodecheck (which builds the test plan),
the generated C++ node (whose generated tests run the plan) and the Python mirror. The plan's cases
pin C++ and mirror to the plan; here the mirror and nodecheck must agree on any state at all."""

from __future__ import annotations

import copy
import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen.views import nodecheck, testplan
from codegen.pipeline.workspace import load
from conftest import REPO

SPECS = sorted(load(REPO).specs, key=lambda s: s.op)

import hipdnn_ops  # noqa: E402  (generated/python is on the path through conftest)
from hipdnn_ops.frontend import NodeAttributes, TensorAttributes  # noqa: E402


def _states(spec):
    """Tensors present or not, each with the test dims, no dims, or small random dims; integer
    fields anywhere around their useful range, other fields at their test value."""
    def dims_for(name):
        test = spec.test_tensor(name).dims
        return st.one_of(st.just(test), st.just(()), st.lists(st.integers(1, 3), min_size=1, max_size=5).map(tuple),
                         st.just(tuple(1 if i else d for i, d in enumerate(test))))

    tensors = st.fixed_dictionaries({t.name: st.one_of(st.none(), dims_for(t.name)) for t in spec.tensors})
    fields = st.fixed_dictionaries({
        f.name: (st.integers(-2, 7) if f.type.name in ("int64", "int32") and not f.optional else st.just(spec.test_field(f.name).value))
        for f in spec.fields
    })
    return st.tuples(tensors, fields)


def _mirror_attributes(dims, fields):
    return NodeAttributes(
        tensors={n: TensorAttributes(dims=d, strides=testplan.packed_strides(d)) for n, d in dims.items() if d is not None},
        fields=dict(fields),
    )


@pytest.mark.parametrize("spec", SPECS, ids=[s.op for s in SPECS])
def test_mirror_pre_validation_and_inference_agree_with_the_generator(spec):
    node = importlib.import_module(f"hipdnn_ops.{spec.op}").NODE

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(_states(spec))
    def check(state):
        dims, fields = state
        expected = nodecheck.evaluate(spec, dims, fields, {n: (testplan.packed_strides(d) if d is not None else None) for n, d in dims.items()})
        got = node.pre_validate(_mirror_attributes(dims, fields))
        assert (got.code, got.message) == (("OK", "") if expected is None else (expected.code, expected.message))
        attributes = _mirror_attributes(dims, fields)
        want_dims = {n: d for n, d in dims.items()}
        want_strides = {n: (testplan.packed_strides(d) if d is not None else None) for n, d in dims.items()}
        want_fields = copy.deepcopy(dict(fields))
        message = nodecheck.infer(spec, want_dims, want_strides, want_fields)
        error = node.infer_properties(attributes)
        assert error.message == (message or "")
        if message is None:
            assert {n: t.dims for n, t in attributes.tensors.items()} == {n: d for n, d in want_dims.items() if d is not None}
            assert attributes.fields == want_fields

    check()


def test_every_check_of_the_repository_specs_has_a_failing_case():
    for spec in SPECS:
        plan = testplan.build(spec)
        assert plan.untestable_checks == ()
        assert {c.name for c in plan.node_cases} >= {c.name for c in nodecheck.checks(spec)}
    assert hipdnn_ops.Graph


@pytest.mark.parametrize("dims,reference,axis,expected", [
    # hipDNN's own cases for generateStridesWithPackedAxis (TestShapeUtilities.cpp id 55159279476)
    ((2, 64, 32, 32), (65536, 1024, 32, 1), 1, (64, 1, 4096, 128)),  # NCHW, C made innermost
    ((2, 64, 32, 32), (65536, 1, 2048, 64), 3, (1024, 2048, 32, 1)),  # NHWC, W made innermost
    ((2, 64, 32, 32), (65536, 1024, 32, 1), None, (65536, 1024, 32, 1)),  # no axis: the reference order
    ((1, 1, 64, 4), (8192, 1, 128, 1), 3, (256, 256, 4, 1)),  # equal strides: the singleton dimension first
])
def test_packed_axis_strides_follow_hipdnn(dims, reference, axis, expected):
    assert nodecheck.with_packed_axis(dims, reference, (2, 64, 32, 32) if dims[0] == 2 else (1, 1, 64, 128), axis) == expected


@pytest.mark.parametrize("x_strides,y_dims,transpose,expected", [
    # BlockScaleQuantizeNode::infer_properties_node() (id 57303967738), y's stride branches:
    ((8192, 8192, 128, 1), (1, 1, 64, 128), True, (64, 64, 1, 64)),  # transpose: packed with axis 2 innermost, also for user dims
    ((16384, 16384, 256, 1), (), False, (16384, 16384, 256, 1)),  # else x's strides as they are (padded here)
    ((), (), False, (8192, 8192, 128, 1)),  # else, x without strides: y's dims packed
    ((), (1, 2, 64, 128), False, (16384, 8192, 128, 1)),  # the same for the user's dims
])
def test_block_scale_quantize_y_strides_follow_hipdnn(x_strides, y_dims, transpose, expected):
    spec = next(s for s in SPECS if s.op == "block_scale_quantize")
    node = importlib.import_module("hipdnn_ops.block_scale_quantize").NODE
    dims = {"x": (1, 1, 64, 128), "y": y_dims, "scale": (1, 1, 2, 128)}
    strides = {"x": x_strides, "y": (), "scale": (256, 128, 128, 1)}
    fields = {"block_size": 32, "axis": 2, "transpose": transpose}
    attributes = NodeAttributes(tensors={n: TensorAttributes(dims=d, strides=strides[n]) for n, d in dims.items()}, fields=dict(fields))
    assert node.infer_properties(attributes).message == ""
    assert attributes.tensors["y"].strides == expected
    want_dims, want_strides = dict(dims), dict(strides)
    assert nodecheck.infer(spec, want_dims, want_strides, dict(fields)) is None
    assert tuple(want_strides["y"] or ()) == expected
