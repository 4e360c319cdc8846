"""The expression language (codegen/spec/expr.py): fuzzed text never escapes as anything but one
ExprError with an offset inside the text; what compiles evaluates (or skips) on any values, and
its C++ text is produced."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from codegen.spec import expr

SCOPE = expr.Scope(("x", "y", "mask"), {"axis": "int", "block": "int", "p": "float", "flag": "bool", "mode": "enum:Mode",
                                        "shape": "dims", "name": "other"}, {"Mode": {"A": 0, "B": 1}})
PIECES = ["x", "y", "mask", "axis", "block", "p", "flag", "mode", "shape", "name", "Mode", ".A", ".C", ".rank", ".dims",
          ".strides", ".size", "[", "]", "(", ")", ":", ",", "0", "1", "-1", "2", "3.5", "99999999999999999999", "+", "-",
          "*", "//", "%", "==", "!=", "<", "<=", ">", ">=", "=", "and", "or", "not", "true", "false", "with", "all",
          "any", "in", "range", "except", "present", "set", "rank", "len", "ndims", "nstrides", "i", " ", "&", "é", "\t", "\n", "\x00", "'"]


def _values(dims: dict[str, tuple[int, ...] | None], fields: dict[str, object]) -> expr.Values:
    return expr.Values(dims, dims, fields, lambda n, v: v is not None, lambda n, v: int(v))  # type: ignore[call-overload]


CTX = expr.CppContext({t: f"attributes.get_{t}()" for t in SCOPE.tensors},
                      {f: (f"attributes.{f}", "", kind) for f, kind in SCOPE.fields.items()}, {"Mode.A": "Mode::A", "Mode.B": "Mode::B"})


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.lists(st.sampled_from(PIECES), max_size=40).map("".join), st.text(max_size=60)),
       st.lists(st.integers(min_value=0, max_value=5), min_size=0, max_size=5))
def test_fuzzed_expressions_give_one_error_or_a_typed_tree(text, dims):
    for want in ("bool", "dims"):
        try:
            node = expr.compile_check(text, SCOPE, want)
        except expr.ExprError as e:
            assert 0 <= e.offset <= len(text)
            assert e.rule in (expr.SYNTAX, expr.UNKNOWN, expr.TYPE, expr.COMPLEX, expr.NEVER)
            assert e.message
            continue
        assert node.type == want
        values = _values({"x": tuple(dims), "y": tuple(reversed(dims)), "mask": None},
                         {"axis": len(dims) - 1, "block": 2, "p": 0.5, "flag": True, "mode": 1, "shape": list(dims), "name": "n"})
        expr.holds(expr.evaluator(node), values)  # a value or None, never an exception
        guards, value = expr.cpp(node, CTX)
        assert value and all(guards)


@pytest.mark.parametrize("text,offset,rule", [
    ("x.rank = 2", 7, expr.SYNTAX),
    ("x.rank == 2 && y.rank == 2", 12, expr.SYNTAX),
    ("x.rank == 2 x", 12, expr.SYNTAX),
    ("1 < a < 3", 6, expr.SYNTAX),  # syntax before names
    ("x.rank < 2 < 3", 11, expr.SYNTAX),
    ("x.rnak == 2", 2, expr.UNKNOWN),
    ("mode == Mode.C", 13, expr.UNKNOWN),
    ("x + 1 == 2", 0, expr.TYPE),
    ("mode == 1", 5, expr.TYPE),
    ("x.dims[1:axis] == y.dims", 9, expr.TYPE),
    ("2 > 1", 2, expr.NEVER),
    ("x.dims[0] % 0 == 0", 12, expr.NEVER),
    ("(" * 30 + "x.rank" + ")" * 30 + " == 1", 24, expr.COMPLEX),
    ("x.rank == " + "1 + " * 120 + "1", 400, expr.COMPLEX),
    ("all(x in range(0, 2): true)", 0, expr.TYPE),
])
def test_each_bad_expression_is_one_error_at_its_place(text, offset, rule):
    with pytest.raises(expr.ExprError) as caught:
        expr.compile_check(text, SCOPE)
    assert (caught.value.offset, caught.value.rule) == (offset, rule)


@pytest.mark.parametrize("text,dims,fields,expected", [
    ("x.rank == 2", {"x": (2, 3)}, {}, True),
    ("x.dims[-1] == 3", {"x": (2, 3)}, {}, True),
    ("x.dims[5] == 3", {"x": (2, 3)}, {}, None),  # an index outside the dims: the check does not apply
    ("mask.rank == 4", {"mask": None}, {}, None),
    ("present(mask) or x.rank == 2", {"x": (2, 3), "mask": None}, {}, True),
    ("x.dims[0] // block == -1", {"x": (-3,)}, {"block": 2}, True),  # rounds toward zero, as C++
    ("x.dims[0] % block == -1", {"x": (-3,)}, {"block": 2}, True),
    ("all(i in range(0, x.rank) except [1]: x.dims[i] == 1)", {"x": (1, 7, 1)}, {}, True),
    ("all(i in range(0, x.rank) except [-1]: x.dims[i] == 1)", {"x": (1, 7, 1)}, {}, False),
    ("any(i in range(0, x.rank): x.dims[i] == 7)", {"x": (1, 7, 1)}, {}, True),
    ("x.dims[1:] == y.dims[:-1]", {"x": (1, 2, 3), "y": (2, 3, 4)}, {}, True),
    ("mode == Mode.B and not flag", {}, {"mode": 1, "flag": False}, True),
    ("set(p) and p > 0.25", {}, {"p": None}, None),
    ("not set(p)", {}, {"p": None}, True),
    ("ndims(x) >= 2", {"x": ()}, {}, False),  # a tensor set without dims has 0 of them
    ("x.rank >= 2", {"x": ()}, {}, None),  # while its rank does not exist
    ("ndims(mask) >= 2", {"mask": None}, {}, None),  # an unset tensor has no count
    ("nstrides(x) == 0", {"x": ()}, {}, True),  # a tensor set without strides has 0 of them
    ("nstrides(x) == 2", {"x": (2, 3)}, {}, True),
    ("nstrides(mask) == 0", {"mask": None}, {}, None),  # an unset tensor has no count
])
def test_semantics(text, dims, fields, expected):
    node = expr.compile_check(text, SCOPE)
    full = {"x": None, "y": None, "mask": None, **dims}
    assert expr.holds(expr.evaluator(node), _values(full, {"axis": 0, "block": 1, "p": 0.5, "flag": True, "mode": 0, **fields})) == expected


def test_with_replaces_one_dimension():
    node = expr.compile_check("x.dims with [axis] = x.dims[axis] // block", SCOPE, "dims")
    values = _values({"x": (4, 6, 8)}, {"axis": 1, "block": 3})
    assert expr.evaluator(node)(values) == (4, 2, 8)


def test_nstrides_reads_only_that_the_tensor_is_set():
    guards, value = expr.cpp(expr.compile_check("nstrides(x) == 0", SCOPE), CTX)
    assert guards == ["attributes.get_x() != nullptr"]
    assert value == "(static_cast<int64_t>((attributes.get_x()->get_stride()).size()) == int64_t{0})"


def test_ndims_reads_only_that_the_tensor_is_set():
    guards, value = expr.cpp(expr.compile_check("ndims(x) == 2", SCOPE), CTX)
    assert guards == ["attributes.get_x() != nullptr"]
    assert value == "(static_cast<int64_t>((attributes.get_x()->get_dim()).size()) == int64_t{2})"
