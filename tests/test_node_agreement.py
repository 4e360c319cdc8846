"""The compiled C++ node and the Python mirror accept and reject the same inputs with the same code
and message: one small driver (every op's node, built once, objects cached by cpp_harness) reads
random states from stdin and prints what pre_validate_node() returns; the mirror and the generator
(nodecheck) judge the same states. At least 500 random states per op, drawn with a fixed seed."""

from __future__ import annotations

import dataclasses
import importlib
import random
import subprocess
from pathlib import Path

import pytest

from codegen.pipeline.workspace import load
from codegen.views import cpp as cppview, nodecheck, testplan
from conftest import REPO
from cpp_harness import CXX, LINK_STUBS, compile_objects, include_flags, write_stubs

SPECS = sorted(load(REPO).specs, key=lambda s: s.op)
GENERATED = REPO / "generated"
CASES_PER_OP = 500

from hipdnn_ops.enums import DataType  # noqa: E402  (generated/python is on the path)
from hipdnn_ops.frontend import NodeAttributes, TensorAttributes  # noqa: E402

SCALARS = ("int64", "int32", "bool", "float", "double", "enum")


def _random_fields(spec):
    return [f for f in spec.fields if f.type.name in SCALARS]


def _driver_source(specs) -> str:
    """One function per op: the valid test state, then each tensor (present, rank, dims) and each
    scalar field (set, value) read from the input, then pre_validate_node()."""
    lines = ["#include <hipdnn_frontend/attributes/TensorAttributes.hpp>"]
    for spec in specs:
        lines.append(f"#include <{cppview.build(spec).names.frontend_node_header}>")
    lines += [
        "#include <cstdint>", "#include <iostream>", "#include <memory>", "#include <string>", "#include <vector>", "",
        "using namespace hipdnn_frontend;", "using namespace hipdnn_frontend::graph;", "", "namespace", "{",
        "std::shared_ptr<TensorAttributes> makeTensor(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides)",
        "{", "    auto tensor = std::make_shared<TensorAttributes>();",
        "    tensor->set_dim(dims).set_stride(strides).set_data_type(DataType::FLOAT);", "    return tensor;", "}", "",
        "// flag: the DataType's value, plus 16 for a pass-by-value tensor (one holding a value)",
        "std::shared_ptr<TensorAttributes> makeTensor(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides, int64_t flag)",
        "{", "    auto tensor = std::make_shared<TensorAttributes>();",
        "    if((flag & 16) != 0)", "    {", "        tensor->set_value(1.0f);", "    }",
        "    tensor->set_dim(dims).set_stride(strides).set_data_type(static_cast<DataType>(flag & 15));", "    return tensor;", "}", "",
        "std::vector<int64_t> readValues(std::istream& in)", "{",
        "    int64_t count = 0;", "    in >> count;", "    std::vector<int64_t> values(static_cast<size_t>(count));",
        "    for(auto& v : values)", "    {", "        in >> v;", "    }", "    return values;", "}", "",
        "std::vector<int64_t> readDims(std::istream& in, std::vector<int64_t>& strides)", "{",
        "    auto dims = readValues(in);", "    strides = readValues(in);", "    return dims;", "}", "",
        "std::string codeName(ErrorCode code)", "{",
        "    switch(code)", "    {", "    case ErrorCode::OK: return \"OK\";",
        "    case ErrorCode::ATTRIBUTE_NOT_SET: return \"ATTRIBUTE_NOT_SET\";",
        "    case ErrorCode::INVALID_VALUE: return \"INVALID_VALUE\";", "    default: return \"OTHER\";", "    }", "}", "",
    ]
    for index, spec in enumerate(specs):
        view = cppview.build(spec)
        state = VALID[spec.op]
        lines += [f"void run{index}(std::istream& in)", "{",
                  f"    {view.names.frontend_node} node({view.names.frontend_attributes}{{}}, GraphAttributes{{}});",
                  "    auto& attributes = node.attributes;", "    int64_t flag = 0;", "    std::vector<int64_t> strides;"]
        # a private optional field cannot be reset from outside: it starts unset and is set only when drawn set
        private = {f.name for f in view.fields if f.frontend_optional and f.frontend_private and f.field.type.name in SCALARS}
        start = dataclasses.replace(state, fields=tuple((n, None if n in private else v) for n, v in state.fields))
        lines += [f"    {s}" for s in view.node_writes(start)]
        for t in view.tensors:
            lines += ["    in >> flag;", "    {", "        auto dims = readDims(in, strides);",
                      f"        {t.write('flag != 0 ? makeTensor(dims, strides, flag) : nullptr')};", "    }"]
        for f in view.fields:
            if f.field.type.name not in SCALARS:
                continue
            lines += ["    in >> flag;", "    {", "        double value = 0;", "        in >> value;"]
            if f.frontend_optional and not f.frontend_private:
                lines.append(f"        if(flag == 0) {{ attributes.{f.frontend_member}.reset(); }}")
            if f.field.enum is not None:
                for k, v in enumerate(f.field.enum.values):
                    lines.append(f"        if(flag != 0 && static_cast<int64_t>(value) == {k}) {{ {f.write(cppview._frontend_value(f.field, v.name))}; }}")
            else:
                cast = {"bool": "value != 0"}.get(f.field.type.name, f"static_cast<{f.field.type.cpp_type}>(value)")
                lines.append(f"        if(flag != 0) {{ {f.write(cast)}; }}")
            lines.append("    }")
        # then infer_properties_node() on the same attributes: its status and every tensor's dims and
        # strides after it (the formulas' packed and channels-last strides included)
        lines += ["    const auto error = node.pre_validate_node();",
                  "    std::cout << codeName(error.code) << '\\t' << error.get_message();",
                  "    const auto inferred = node.infer_properties_node();",
                  "    std::cout << '\\t' << codeName(inferred.code) << '\\t' << inferred.get_message();"]
        for t in view.tensors:
            lines += ["    {", f"        const auto tensor = {t.frontend_read};", "        std::cout << '\\t';",
                      "        if(tensor == nullptr) { std::cout << '-'; }",
                      "        else", "        {",
                      "            for(auto d : tensor->get_dim()) { std::cout << d << ' '; }", "            std::cout << '/';",
                      "            for(auto s : tensor->get_stride()) { std::cout << s << ' '; }", "        }", "    }"]
        lines += ["    std::cout << '\\n';", "}", ""]
    lines += ["} // namespace", "", "int main()", "{", "    int64_t op = 0;", "    while(std::cin >> op)", "    {"]
    for index in range(len(specs)):
        lines.append(f"        if(op == {index}) {{ run{index}(std::cin); }}")
    lines += ["    }", "    return 0;", "}", ""]
    return "\n".join(lines)


VALID = {spec.op: testplan.build(spec).node_cases[0].state for spec in SPECS}  # each op's valid node state


def _random_strides(d, rng: random.Random):
    """Packed strides for `d` mostly; else none (a tensor whose strides the node or the user has not
    set yet) or packed with one entry zeroed or negated."""
    choice = rng.random()
    if choice < 0.75 or d is None:
        return None if d is None else testplan.packed_strides(d)
    if choice < 0.9 or not d:
        return ()
    strides = list(testplan.packed_strides(d))
    i = rng.randrange(len(strides))
    strides[i] = rng.choice((0, -strides[i] or -1))
    return tuple(strides)


def _random_state(spec, rng: random.Random):
    """Tensors present or not, with the test dims, a nudged copy, random small dims or no dims, and
    packed, unset or one-entry-changed strides; scalar fields set or (when optional) unset, near
    their test value or small."""
    dims, strides, fields = _random_dims_and_fields(spec, rng)
    drawn = {t.name for t in spec.tensors} if rng.random() >= 0.5 else {rng.choice(spec.tensors).name}
    return dims, {n: (_random_strides(d, rng) if n in drawn else strides[n]) for n, d in dims.items()}, fields, _random_props(spec, dims, rng)


def _random_props(spec, dims, rng: random.Random):
    """Each set tensor's data type (the test data's mostly, else FLOAT, HALF or INT32) and, for the
    tensors a check reads it of, its pass-by-value flag (the test data's mostly)."""
    valid = VALID[spec.op]
    props = {}
    for t in spec.tensors:
        if dims[t.name] is None:
            continue
        entry = {p: valid.prop_of(t.name, p) for p in testplan.TENSOR_DEFAULTS}
        if rng.random() < 0.15:
            entry["dtype"] = rng.choice(("FLOAT", "HALF", "INT32"))
        if "pass_by_value" in entry and rng.random() < 0.15:
            entry["pass_by_value"] = not entry["pass_by_value"]
        props[t.name] = {p: v for p, v in entry.items() if v != testplan.TENSOR_DEFAULTS[p]}
    return props


DATA_TYPE_VALUES = {"FLOAT": 1, "HALF": 2, "INT32": 6}


def _flag(entry) -> str:
    return str(DATA_TYPE_VALUES[entry.get("dtype", "FLOAT")] + (16 if entry.get("pass_by_value") else 0))


def _random_dims_and_fields(spec, rng: random.Random):
    valid = VALID[spec.op]
    dims: dict[str, tuple[int, ...] | None] = {}
    # a quarter of the states change one tensor of the valid state, so ops with many checks
    # (batchnorm's channel-only statistics) reach success too
    drawn = {t.name for t in spec.tensors} if rng.random() >= 0.25 else {rng.choice(spec.tensors).name}
    for t in spec.tensors:
        test = valid.dims_of(t.name)
        if t.name not in drawn:
            dims[t.name] = test if t.name in valid.present else None
            continue
        present = t.name in valid.present if rng.random() < 0.7 else rng.random() < 0.5
        choice = rng.random()
        if choice < 0.45:
            d = test
        elif choice < 0.8 and test:
            i = rng.randrange(len(test))
            d = test[:i] + (rng.choice((0, 1, 2, test[i] + 1, max(test[i] - 1, 0), test[i] * 2)),) + test[i + 1:]
        elif choice < 0.85:
            d = test[: rng.randrange(len(test) + 1)] if test else ()
        elif choice < 0.92:
            d = ()  # set without dims, as a graph leaves a tensor the node infers later
        else:
            d = tuple(rng.choice((1, 2, 3, 4, 8)) for _ in range(rng.randrange(0, 6)))
        dims[t.name] = d if present else None
    fields = {}
    for f in spec.fields:
        value = valid.field(f.name)
        if f.type.name not in SCALARS:
            fields[f.name] = value
            continue
        if nodecheck.unset_value(spec, f) is None and rng.random() < 0.2:
            fields[f.name] = None
        elif f.enum is not None:
            fields[f.name] = rng.choice([v.name for v in f.enum.values])
        elif f.type.name == "bool":
            fields[f.name] = rng.random() < 0.5
        elif f.type.name in ("float", "double"):
            fields[f.name] = rng.choice((0.0, 0.5, -1.0, 2.0))
        else:
            base = value if isinstance(value, int) else 0
            fields[f.name] = rng.choice((base, base + 1, base - 1, 0, -1, 1, 2, 3, 4, 32))
    packed = {n: (testplan.packed_strides(d) if d is not None else None) for n, d in dims.items()}
    return dims, packed, fields


def _line(index: int, spec, dims, strides, fields, props) -> str:
    parts = [str(index)]
    for t in spec.tensors:
        d, st = dims[t.name], strides[t.name]
        parts += ["0" if d is None else _flag(props.get(t.name, {})), str(len(d or ())), *map(str, d or ()), str(len(st or ())), *map(str, st or ())]
    for f in _random_fields(spec):
        value = fields[f.name]
        if value is None:
            parts += ["0", "0"]
        elif f.enum is not None:
            parts += ["1", str([v.name for v in f.enum.values].index(value))]
        else:
            parts += ["1", repr(float(value)) if not isinstance(value, bool) else str(int(value))]
    return " ".join(parts)


def _mirror_tensor(d, strides, entry) -> TensorAttributes:
    tensor = TensorAttributes(dims=d, strides=strides or (), data_type=DataType[entry.get("dtype", "FLOAT")])
    if entry.get("pass_by_value"):
        tensor.value = 1.0
    return tensor


def _mirror(spec, dims, strides, fields, props):
    module = importlib.import_module(f"hipdnn_ops.{spec.op}")
    enums = importlib.import_module("hipdnn_ops.enums")
    values = {}
    for f in spec.fields:
        value = fields[f.name]
        if f.enum is not None and value is not None:
            value = getattr(enums, f.enum.name)[value]
        values[f.name] = value
    attributes = NodeAttributes(
        tensors={n: _mirror_tensor(d, strides[n], props.get(n, {})) for n, d in dims.items() if d is not None},
        fields=values,
    )
    error = module.NODE.pre_validate(attributes)
    inferred = module.NODE.infer_properties(attributes)
    shapes = []
    for t in spec.tensors:
        tensor = attributes.tensors.get(t.name)
        shapes.append("-" if tensor is None else "".join(f"{d} " for d in tensor.dims) + "/" + "".join(f"{s} " for s in tensor.strides))
    return error.code, error.message, inferred.code, inferred.message, tuple(shapes)


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("agreement")
    stubs = out / "stubs"
    write_stubs(SPECS, GENERATED, stubs)
    source = out / "node_agreement_driver.cpp"
    source.write_text(_driver_source(SPECS))
    objects = compile_objects(include_flags(SPECS, GENERATED, stubs), [source, LINK_STUBS])
    binary = out / "node_agreement_driver"
    link = subprocess.run([CXX, *map(str, objects), "-o", str(binary), "-pthread"], capture_output=True, text=True, timeout=600)
    assert link.returncode == 0, link.stderr[:4000]
    return binary


def test_cpp_and_mirror_agree_on_random_states(driver):
    rng = random.Random(20261128)
    states, lines = [], []
    for index, spec in enumerate(SPECS):
        for _ in range(CASES_PER_OP):
            dims, strides, fields, props = _random_state(spec, rng)
            states.append((spec, dims, strides, fields, props))
            lines.append(_line(index, spec, dims, strides, fields, props))
    run = subprocess.run([str(driver)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    outputs = run.stdout.splitlines()
    assert len(outputs) == len(states)
    failures: dict[str, set[str]] = {spec.op: set() for spec in SPECS}
    formulas_applied: set[str] = set()
    for (spec, dims, strides, fields, props), out in zip(states, outputs):
        code, message, infer_code, infer_message, *shapes = out.split("\t")
        mirror = _mirror(spec, dims, strides, fields, props)
        cpp = (code, message, infer_code, infer_message, tuple(shapes))
        assert cpp == mirror, f"{spec.op}: {dims} {strides} {fields} {props}: C++ {cpp}, mirror {mirror}"
        expected = nodecheck.evaluate(spec, dims, fields, strides, props)
        assert mirror[:2] == (("OK", "") if expected is None else (expected.code, expected.message))
        failures[spec.op].add(message)
        for f in spec.formulas:  # a formula applied: its target had no dims before and has them after
            position = [t.name for t in spec.tensors].index(f.target)
            if dims.get(f.target) == () and not mirror[4][position].startswith("/"):
                formulas_applied.add(spec.op)
    for spec in SPECS:  # the random states reach both outcomes for every op
        assert "" in failures[spec.op] and len(failures[spec.op]) > 1, spec.op
        assert spec.op in formulas_applied or not spec.formulas, f"{spec.op}: no state applied an inference formula"
