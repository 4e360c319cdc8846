"""The mirror reads and writes hipDNN's real graph formats (issue 14).

For the repo and every test workspace with a mirror: a graph built with the mirror's frontend API
(every op, every optional tensor the valid node state sets, every field) round-trips unchanged
through the FlatBuffers binary, hipDNN's JSON and lifting back into a frontend graph; the binary
decodes with the pinned flatc against the generated schemas to what the graph holds, and flatc's
own binary of that JSON reads back to the same graph. Hostile graphs (missing tensors, broken pairs,
wrong shapes, unknown union members, truncated and corrupted bytes) give named findings, never a
traceback.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.commands import graph as graphcmd
from codegen.views import naming, testplan
from codegen.spec.model import OpSpec
from codegen.pipeline.workspace import load
from conftest import CASES, REPO, run_cli
from cpp_harness import SCHEMAS, flatc, graph_schema

WORKSPACES = {"repo": REPO, "valid-enum": CASES / "valid-enum"}


@contextmanager
def mirror_of(root: Path) -> Iterator[Any]:
    """The workspace's generated hipdnn_ops, imported for the test; the modules other tests
    imported are put back afterwards."""
    saved = graphcmd.loaded_mirror_modules()
    try:
        yield graphcmd.load_mirror(load(root))
    finally:
        for name in graphcmd.loaded_mirror_modules():
            del sys.modules[name]
        sys.modules.update(saved)


def _value(mirror: Any, spec: OpSpec, name: str, raw: Any) -> Any:
    field = next(f for f in spec.fields if f.name == name)
    return getattr(mirror.enums, field.enum.name)[raw] if field.enum is not None else raw


def _node_compute(mirror: Any, spec: OpSpec) -> Any:
    """A node's own compute type: HALF (not the graph's) where the op's CPU reference does not
    constrain it, else FLOAT given explicitly (the graph's, which its FLOAT tensors are valid with):
    a graph is validated when written, GRAPH-DTYPE included."""
    table = mirror.graphio.BY_TABLE[spec.flatbuffers.table].DTYPES
    return mirror.DataType.HALF if table is None or not table.compute else mirror.DataType.FLOAT


def build_graph(mirror: Any, specs: list[OpSpec], copies: int = 1) -> Any:
    """A graph holding `copies` nodes of every op, each in the op's valid node state (the state its
    generated node tests pass), tensor lists filled from the spec's test data."""
    graph = mirror.Graph(name="every op", compute_data_type=mirror.DataType.FLOAT, io_data_type=mirror.DataType.HALF)
    for copy in range(copies):
        for spec in specs:
            state = testplan.build(spec).node_cases[0].state
            tensors = {
                n: mirror.TensorAttributes(f"{spec.op}_{copy}_{n}", state.dims_of(n), state.strides_of(n)) for n in state.present
            }
            for n, prop, value in state.props:  # the test data's data types and pass-by-value tensors
                if n in tensors and prop == "dtype":
                    tensors[n].data_type = mirror.DataType[value]
                elif n in tensors and value:
                    tensors[n].value = 1.0
            attributes = mirror.NodeAttributes(
                name=f"{spec.op}_{copy}",
                # the optional inputs, and the required ones the Graph method does not take (graph_params)
                tensors={t.name: tensors[t.name] for t in spec.tensors if t.name in tensors
                         and (t.optional or (t.role == "input" and t.name not in naming.graph_params(spec)))},
                fields={f.name: _value(mirror, spec, f.name, state.field(f.name)) for f in spec.fields},
                compute_data_type=_node_compute(mirror, spec) if copy % 2 else None,
            )
            for t in spec.tensor_lists:
                attributes.lists[t.name] = [mirror.TensorAttributes(dims=i.dims, strides=i.strides) for i in spec.test_list(t.name).items]
            inputs = [tensors[name] for name in naming.graph_params(spec)]
            outputs = getattr(graph, naming.OpNames(spec).graph_method)(*inputs, attributes)
            returned = naming.graph_returns(spec)  # one tensor, or an array in the spec's order
            if naming.graph_returns_single(spec):
                outputs = [outputs]
            assert len(outputs) == len(returned)
            for name, tensor in zip(returned, outputs):
                if tensor is None:  # an optional output the attributes do not hold
                    continue
                if name in tensors:  # an output inference does not fill keeps the valid state's shape
                    tensor.dims, tensor.strides = tensors[name].dims, tensors[name].strides
    return graph


@pytest.fixture(params=list(WORKSPACES), scope="module")
def workspace(request: Any) -> Iterator[tuple[str, Path, list[OpSpec], Any]]:
    root = WORKSPACES[request.param]
    specs = load(root).specs
    with mirror_of(root) as mirror:
        yield request.param, root, specs, mirror


def test_a_built_graph_round_trips_through_binary_json_and_lifting(workspace):
    _, _, specs, mirror = workspace
    graph = build_graph(mirror, specs, copies=2)
    serialized = graph.serialize()
    assert mirror.validate(serialized) == []  # serialize validates: what it returns has no finding
    assert {n["type"] for n in serialized["nodes"]} == {s.flatbuffers.table for s in specs}
    data = mirror.to_binary(serialized)
    assert mirror.from_binary(data) == serialized
    text = mirror.to_json(serialized)
    assert mirror.from_json(text) == serialized
    assert mirror.to_json(mirror.from_json(text)) == text
    lifted = mirror.Graph.deserialize(serialized)
    assert lifted.serialize() == serialized
    assert mirror.Graph.from_binary(data).to_binary() == data
    # the same bytes every time (the Builder's output is a function of the graph)
    assert mirror.to_binary(build_graph(mirror, specs, copies=2).serialize()) == data
    # float tensors under a half compute type, which no CPU reference keyed on the compute type
    # registers: the validated writer refuses the graph with each node's GRAPH-DTYPE finding, while
    # the module's functions (graph convert's) still carry it as it is, HALF compute type and all
    half = build_graph(mirror, specs, copies=2)
    for node in half.nodes:
        node.attributes.compute_data_type = mirror.DataType.HALF
    keyed = sum(2 for s in specs if s.dtypes is not None and s.dtypes.compute)
    if keyed:
        with pytest.raises(mirror.graphio.GraphFormatError) as raised:
            half.to_binary()
        assert [p.rule for p in raised.value.problems] == ["dtype"] * keyed
        assert all("compute=HALF" in p.message for p in raised.value.problems)
    lowered = mirror.graphio.lower(half)
    assert mirror.from_binary(mirror.to_binary(lowered)) == lowered
    assert mirror.from_json(mirror.to_json(lowered)) == lowered


def test_json_has_hipdnns_shape(workspace):
    """The keys and spellings of hipDNN's JSON utilities (Graph.hpp, TensorAttributes.hpp,
    Common.hpp and each op's <Table>.hpp): required keys present, unset optionals left out."""
    _, _, specs, mirror = workspace
    document = json.loads(mirror.to_json(build_graph(mirror, specs).serialize()))
    assert set(document) == {"name", "compute_data_type", "intermediate_data_type", "io_data_type", "is_override_shape_enabled", "tensors", "nodes"}
    assert (document["compute_data_type"], document["io_data_type"], document["intermediate_data_type"]) == ("float", "half", "unset")
    for tensor in document["tensors"]:  # a pass-by-value tensor (batchnorm's epsilon, SDPA's scale) adds its value
        assert set(tensor) - {"value_type", "value"} == {"uid", "name", "data_type", "dims", "strides", "virtual", "alignment", "is_runtime_pass_by_value"}
        assert ("value_type" in tensor) == ("value" in tensor)
    by_value = any(t.pass_by_value for s in specs for t in s.test_tensors)
    assert any("value_type" in tensor for tensor in document["tensors"]) == by_value
    for node, spec in zip(document["nodes"], specs):
        assert node["type"] == spec.flatbuffers.table
        present = set(node["inputs"]) | set(node["outputs"])
        for t in spec.all_tensors:
            key = naming.tensor_uid_field(t)
            assert (key in present) == (t.required or t.list or t.name in testplan.build(spec).node_cases[0].state.present), key
        assert set(node) - {"type", "name", "compute_data_type", "inputs", "outputs"} <= {f.name for f in spec.fields}
        for f in spec.fields:
            if f.enum is not None and f.name in node:
                assert node[f.name] in {naming.enum_json_name(f.enum, v.name) for v in f.enum.values}


def _schemas(root: Path, specs: list[OpSpec], directory: Path) -> Path:
    for path in SCHEMAS.glob("*.fbs"):
        (directory / path.name).write_text(path.read_text())
    for spec in specs:
        (directory / spec.flatbuffers.schema).write_text((root / "generated" / spec.op / naming.OpNames(spec).fbs_schema).read_text())
    (directory / "graph.fbs").write_text(graph_schema(specs))
    return directory / "graph.fbs"


def flatc_view(graph: dict[str, Any], mirror: Any) -> dict[str, Any]:
    """What `flatc --json --defaults-json` prints for a graph, worked out from the graph itself:
    enums by FlatBuffers name, the union as <field>_type + <field>, absent `= null` fields left out."""
    by_table = mirror.graphio.BY_TABLE

    def tensor(t: dict[str, Any]) -> dict[str, Any]:
        out = {"uid": t["uid"], "name": t["name"], "data_type": t["data_type"].name, "strides": t["strides"], "dims": t["dims"],
               "virtual": t["virtual"], "value_type": "NONE", "is_runtime_pass_by_value": t["is_runtime_pass_by_value"],
               "ragged_offset_tensor_uid": t.get("ragged_offset_tensor_uid"),
               "alignment": t["alignment"], "ragged_offset_multiplier": t["ragged_offset_multiplier"]}
        if t.get("value_type") is not None:  # a pass-by-value tensor: the union member and its one-field struct
            out["value_type"], out["value"] = t["value_type"], {"value": t["value"]}
        return out

    def node(n: dict[str, Any]) -> dict[str, Any]:
        cls = by_table[n["type"]]
        attributes = {}
        for field in cls.LAYOUT:
            value = (n[field.place] if field.place else n).get(field.name)
            if value is None:
                value = field.default  # None for `= null` fields: --defaults-json prints null
            attributes[field.name] = value.name if field.kind == "enum" and value is not None else value
        return {"name": n["name"], "compute_data_type": n["compute_data_type"].name, "attributes_type": n["type"], "attributes": attributes}

    return {
        "name": graph["name"],
        "compute_data_type": graph["compute_data_type"].name,
        "intermediate_data_type": graph["intermediate_data_type"].name,
        "io_data_type": graph["io_data_type"].name,
        "tensors": [tensor(t) for t in graph["tensors"]],
        "nodes": [node(n) for n in graph["nodes"]],
        "preferred_engine_id": graph.get("preferred_engine_id"),
        "is_override_shape_enabled": graph["is_override_shape_enabled"],
    }


def test_flatc_reads_the_mirrors_bytes_and_the_mirror_reads_flatcs(workspace, tmp_path):
    _, root, specs, mirror = workspace
    schema = _schemas(root, specs, tmp_path)
    serialized = build_graph(mirror, specs, copies=2).serialize()
    (tmp_path / "graph.bin").write_bytes(mirror.to_binary(serialized))
    decode = [flatc(), "--json", "--strict-json", "--defaults-json", "--raw-binary", "-o", str(tmp_path / "json"), "-I", str(tmp_path), str(schema), "--", str(tmp_path / "graph.bin")]
    proc = subprocess.run(decode, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    decoded = json.loads((tmp_path / "json" / "graph.json").read_text())
    expected = flatc_view(serialized, mirror)
    for item in expected["nodes"]:  # flatc prints floats of `float` fields with 6-9 digits
        decoded_attributes = decoded["nodes"][expected["nodes"].index(item)]["attributes"]
        for key, value in item["attributes"].items():
            if isinstance(value, float):
                assert decoded_attributes[key] == pytest.approx(value, rel=1e-6)
                decoded_attributes[key] = value
    assert decoded == expected
    encode = [flatc(), "--binary", "-o", str(tmp_path / "bin"), "-I", str(tmp_path), str(schema), str(tmp_path / "json" / "graph.json")]
    proc = subprocess.run(encode, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert mirror.from_binary((tmp_path / "bin" / "graph.bin").read_bytes()) == serialized


def test_binary_only_graph_fields_and_tensor_values_survive_the_binary(workspace):
    _, _, specs, mirror = workspace
    serialized = build_graph(mirror, specs).serialize()
    serialized |= {"preferred_engine_id": -5, "min_required_engine_api_version": [1, 2, 3], "id": bytes(range(16))}
    serialized["tensors"][0] |= {"value_type": "Int64Value", "value": -(1 << 40), "ragged_offset_tensor_uid": 77, "alignment": 64}
    serialized["tensors"][1] |= {"value_type": "BoolValue", "value": True}
    assert mirror.from_binary(mirror.to_binary(serialized)) == serialized
    # hipDNN's JSON has no spelling for BoolValue, and no place for the version or the id
    with pytest.raises(mirror.GraphFormatError) as raised:
        mirror.to_json(serialized)
    assert [(p.rule, p.message) for p in raised.value.problems] == [
        ("json-name", "TensorValue 'BoolValue' has no spelling in hipDNN's JSON utilities")
    ]
    del serialized["tensors"][1]["value_type"], serialized["tensors"][1]["value"]
    back = mirror.from_json(mirror.to_json(serialized))
    assert back == {k: v for k, v in serialized.items() if k not in ("min_required_engine_api_version", "id")}


def test_float_fields_hold_what_a_cpp_float_holds():
    specs = load(REPO).specs
    with mirror_of(REPO) as mirror:
        _check_float32(specs, mirror)


def _check_float32(specs: list[OpSpec], mirror: Any) -> None:
    spec, field = next((s, f) for s in specs for f in s.fields if f.type.name == "float")  # SDPA bwd has them
    cls = mirror.graphio.BY_TABLE[spec.flatbuffers.table]
    slot = next(s for s in cls.FIELDS if s.name == field.name)
    descriptor = cls()
    descriptor.set_attribute(slot.attribute, 0.1)
    assert descriptor._fields[field.name] == 0.10000000149011612


# --- hostile graphs --------------------------------------------------------------------------
MUTATIONS = ("drop_tensor", "break_pair", "wrong_shape", "wild_field", "unknown_member", "truncate", "corrupt", "duplicate_uid", "unset_compute")


def _mutate(mirror: Any, specs: list[OpSpec], kind: str, data: st.DataObject) -> tuple[bytes, set[str]]:
    """Bytes of a hostile graph and the rules its findings must include (empty: any finding, or a
    clean read of the same graph when the mutation happened to change nothing that matters)."""
    serialized = build_graph(mirror, specs).serialize()
    nodes = serialized["nodes"]
    index = data.draw(st.integers(0, len(nodes) - 1), label="node")
    node = nodes[index]
    if kind == "drop_tensor":
        spec = next(s for s in specs if s.flatbuffers.table == node["type"])
        held = {naming.tensor_uid_field(t): t for t in spec.all_tensors if not t.list}
        key = data.draw(st.sampled_from(sorted(k for place in ("inputs", "outputs") for k in node[place] if k in held)))
        uid = node["inputs"].get(key, node["outputs"].get(key))
        serialized["tensors"] = [t for t in serialized["tensors"] if t["uid"] != uid]
        # fromNode leaves a missing optional tensor null where the op does so in hipDNN (SDPA bwd)
        tolerated = held[key].optional and spec.leaves_missing_optional_null
        return mirror.to_binary(serialized), set() if tolerated else {"GRAPH-NODE"}
    if kind == "break_pair":
        spec = next(s for s in specs if s.flatbuffers.table == node["type"])
        pairs = [r for r in spec.presence_rules if r.kind.name == "both_or_neither"]
        if not pairs:
            return mirror.to_binary(serialized), set()
        rule = data.draw(st.sampled_from(pairs))
        keep = data.draw(st.sampled_from(rule.tensors))
        uids = {t["name"]: t["uid"] for t in serialized["tensors"]}
        for name in rule.tensors:
            t = spec.tensor(name)
            key = naming.tensor_uid_field(t)
            place = naming.frontend_map(t)
            if name == keep:
                node[place][key] = uids.get(f"{spec.op}_0_{name}", next(iter(uids.values())))
            else:
                node[place].pop(key, None)
        return mirror.to_binary(serialized), {"GRAPH-NODE", "GRAPH-PREVALIDATE"}
    if kind == "wrong_shape":
        used = sorted({u for place in ("inputs", "outputs") for u in node[place].values() if isinstance(u, int)})
        uid = data.draw(st.sampled_from(used))
        tensor = next(t for t in serialized["tensors"] if t["uid"] == uid)
        extra = data.draw(st.integers(2, 9))
        tensor["dims"] = tensor["dims"] + [extra]
        tensor["strides"] = tensor["strides"] + [1]
        return mirror.to_binary(serialized), set()  # not every tensor's shape is checked
    if kind == "wild_field":
        spec = next(s for s in specs if s.flatbuffers.table == node["type"])
        numbers = [f.name for f in spec.fields if f.type.name in ("int64", "int32")]
        if not numbers:
            return mirror.to_binary(serialized), set()
        node[data.draw(st.sampled_from(numbers))] = data.draw(st.integers(-(2**31), 2**31 - 1) | st.integers(-12, 12))
        return mirror.to_binary(serialized), set()
    if kind == "unset_compute":
        node["compute_data_type"] = mirror.DataType.UNSET
        return mirror.to_binary(serialized), {"GRAPH-NODE"}
    if kind == "duplicate_uid":
        serialized["tensors"].append(dict(serialized["tensors"][0]))
        return mirror.to_binary(serialized), {"GRAPH-STRUCTURE"}
    raw = bytearray(mirror.to_binary(serialized))
    if kind == "unknown_member":
        # the node's attributes_type byte: find it through flatc-independent reading of the layout
        member = mirror.graphio.BY_TABLE[node["type"]].UNION_POSITION
        replacement = data.draw(st.integers(0, 255).filter(lambda v: v not in mirror.graphio.BY_UNION_POSITION))
        positions = [i for i, b in enumerate(raw) if b == member]
        if not positions:
            return bytes(raw), set()
        raw[data.draw(st.sampled_from(positions))] = replacement
        return bytes(raw), set()
    if kind == "truncate":
        return bytes(raw[: data.draw(st.integers(0, len(raw) - 1))]), set()
    for _ in range(data.draw(st.integers(1, 8))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    return bytes(raw), set()


@pytest.mark.parametrize("kind", MUTATIONS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_graphs_give_named_findings_never_a_traceback(workspace, tmp_path, kind, data):
    name, root, specs, mirror = workspace
    payload, expected_rules = _mutate(mirror, specs, kind, data)
    path = tmp_path / "hostile.bin"
    graph, _ = mirror.graphio.load(payload)
    try:
        as_json = mirror.to_json(graph).encode()  # what survives of it in hipDNN's JSON
    except mirror.GraphFormatError:
        as_json = None
    for contents in (payload, as_json):
        if contents is None:
            continue
        path.write_bytes(contents)
        loaded, problems = mirror.graphio.check(contents)
        if contents is not payload:  # the JSON of what was readable: in-process, the CLI's own functions
            found = graphcmd.diagnostics_of(mirror, problems, str(path), contents)
            assert {d.rule for d in found} == {f"GRAPH-{p.rule.upper()}" for p in problems}
            assert all(d.message.startswith(("nodes[", "tensors[", "graph")) for d in found)
            continue
        result = run_cli("graph", "validate", str(path), "--root", str(root))
        assert "Traceback" not in result.err and "internal error" not in result.err, result.err
        assert result.code == (1 if problems else 0), (result.code, result.out, result.err)
        findings = set(re.findall(r"error\[(GRAPH-[A-Z-]+)\]", result.out))
        assert findings == {f"GRAPH-{p.rule.upper()}" for p in problems}
        if expected_rules and contents is payload:
            assert findings & expected_rules, (kind, result.out)
        if result.code == 0:
            assert mirror.graphio.load(contents)[0] == loaded
        else:
            assert all(line.startswith(f"{path}:") for line in result.out.splitlines() if "error[" in line)
        # every finding about a node names it
        for line in result.out.splitlines():
            if "nodes[" in line:
                assert re.search(r'nodes\[\d+\]( "[^"]*")?: ', line), line



def test_generated_cpp_json_utilities_agree_with_the_mirror(workspace, tmp_path, monkeypatch):
    """The generated <Table>.hpp JSON utilities (pasted into json/Graph.hpp as apply pastes them),
    built with flatc's headers: the JSON they write for the mirror's bytes is the mirror's JSON of
    each node, and the nodes they build from the mirror's JSON read back in the mirror unchanged."""
    from cpp_harness import INTERFACE, build_and_run, include_flags, write_stubs

    _, root, specs, mirror = workspace
    stubs = tmp_path / "stubs"
    write_stubs(specs, root / "generated", stubs)
    serialized = build_graph(mirror, specs, copies=2).serialize()
    files = {name: tmp_path / name for name in ("graph.bin", "nodes.json", "nodes_out.json", "graph_out.bin")}
    files["graph.bin"].write_bytes(mirror.to_binary(serialized))
    files["nodes.json"].write_text("[" + ",".join(mirror.node_to_json(n) for n in serialized["nodes"]) + "]")
    for variable, name in (("GRAPH_BIN", "graph.bin"), ("NODES_JSON", "nodes.json"), ("NODES_OUT", "nodes_out.json"), ("GRAPH_OUT", "graph_out.bin")):
        monkeypatch.setenv(f"HIPDNN_CODEGEN_{variable}", str(files[name]))
    flags = include_flags(specs, root / "generated", stubs)
    assert build_and_run(tmp_path / "crosscheck", flags, [INTERFACE / "json_crosscheck.cpp"]) == 1
    written = json.loads(files["nodes_out.json"].read_text())
    assert written == [json.loads(mirror.node_to_json(n)) for n in serialized["nodes"]]
    assert [mirror.node_from_json(json.dumps(n)) for n in written] == serialized["nodes"]
    assert mirror.from_binary(files["graph_out.bin"].read_bytes())["nodes"] == serialized["nodes"]


def _packed(dims: tuple[int, ...]) -> tuple[int, ...]:
    strides = [1] * len(dims)
    for i in range(len(dims) - 2, -1, -1):
        strides[i] = strides[i + 1] * dims[i + 1]
    return tuple(strides)


def _sdpa_graph(mirror: Any, dbias_dims: tuple[int, ...]) -> Any:
    """An SDPA backward graph (the repo's op) with its optional dbias output, which nothing infers."""
    graph = mirror.Graph(name="sdpa", compute_data_type=mirror.DataType.FLOAT)
    q, k, v, o, do = (mirror.TensorAttributes(n, (2, 4, 128, 64), _packed((2, 4, 128, 64))) for n in ("q", "k", "v", "o", "do"))
    stats = mirror.TensorAttributes("stats", (2, 4, 128, 1), _packed((2, 4, 128, 1)))
    dbias = mirror.TensorAttributes("dbias", dbias_dims, _packed(dbias_dims))
    graph.sdpa_backward(q, k, v, o, do, stats, mirror.NodeAttributes(name="sdpa_bwd", tensors={"dbias": dbias}))
    return graph


def test_to_binary_and_to_json_refuse_a_graph_graph_validate_rejects(tmp_path):
    """Graph.to_binary()/to_json() (documented as validated) run graph validate's checks and raise
    with every problem, instead of writing an output tensor without dims (issue 40, item 3)."""
    with mirror_of(REPO) as mirror:
        graph = _sdpa_graph(mirror, ())
        expected = [mirror.graphio.Problem("tensor", "tensors[9] (uid 10)", "BAD_PARAM: the tensor has no dims")]
        for write in (graph.to_binary, graph.to_json, graph.serialize):
            with pytest.raises(mirror.graphio.GraphFormatError) as raised:
                write()
            assert raised.value.problems == expected
        # what the unvalidated path (the old to_binary) writes for it, graph validate rejects
        (tmp_path / "g.bin").write_bytes(mirror.graphio.to_binary(mirror.graphio.lower(graph)))
        result = run_cli("graph", "validate", "g.bin", "--root", str(REPO), cwd=tmp_path)
        assert (result.code, result.out) == (1, "g.bin:1:1: error[GRAPH-TENSOR]: tensors[9] (uid 10): BAD_PARAM: the tensor has no dims\n")
        # given dims, the same graph is written and validates
        (tmp_path / "ok.bin").write_bytes(_sdpa_graph(mirror, (1, 4, 128, 128)).to_binary())
        assert run_cli("graph", "validate", "ok.bin", "--root", str(REPO), cwd=tmp_path).code == 0


_SHAPES = st.sampled_from([(), (2, 3, 4), (1, 1, 4), (1, 3, 4), (2, 1, 1), (2, 3), (4,)])


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_whatever_to_binary_returns_graph_validate_accepts(data):
    """For any graph built with the mirror's frontend (shapes, data types, optional tensors and
    fields drawn at random, outputs with or without dims), to_binary() and to_json() either raise
    GraphFormatError or return what graph validate's checks accept."""
    with mirror_of(REPO) as mirror:
        DataType = mirror.DataType
        graph = mirror.Graph(name="g", compute_data_type=data.draw(st.sampled_from([DataType.FLOAT, DataType.HALF, DataType.UNSET])))

        def tensor(name: str, dims: tuple[int, ...] | None = None) -> Any:
            shape = data.draw(_SHAPES) if dims is None else dims
            kind = data.draw(st.sampled_from([DataType.FLOAT, DataType.FLOAT, DataType.HALF, DataType.UNSET]))
            return mirror.TensorAttributes(name, shape, _packed(shape), kind)

        for index in range(data.draw(st.integers(1, 2))):
            if data.draw(st.booleans()):
                optional = {n: tensor(n) for n in ("mean", "inv_variance", "epsilon") if data.draw(st.booleans())}
                attributes = mirror.NodeAttributes(name=f"ln_{index}", tensors=optional, fields={"normalized_dim_count": data.draw(st.integers(0, 3))})
                outputs = graph.layernorm_backward(tensor("dy"), tensor("x"), tensor("scale"), attributes)
            else:
                optional = {"dbias": tensor("dbias")} if data.draw(st.booleans()) else {}
                outputs = graph.sdpa_backward(
                    *(tensor(n, data.draw(st.sampled_from([(2, 4, 8, 16), (2, 4, 8, 1), ()]))) for n in ("q", "k", "v", "o", "do", "stats")),
                    mirror.NodeAttributes(name=f"sdpa_{index}", tensors=optional),
                )
            for output in outputs:
                if data.draw(st.booleans()):
                    output.dims = data.draw(_SHAPES)
                    output.strides = _packed(output.dims)
        for write, check in ((graph.to_binary, lambda out: out), (graph.to_json, lambda out: out.encode())):
            try:
                written = write()
            except mirror.graphio.GraphFormatError as error:
                assert error.problems
                continue
            _, problems = mirror.graphio.check(check(written))
            assert problems == []


VALID_JSON = (REPO / "tests" / "graph_cases" / "valid-convert" / "input.json").read_text()
# where a hostile value goes: (the text it replaces, a template with {} for the hostile value)
PLACES = (('"name": "ln",', '"name": {},'), ('"name": "ln_bwd",', '"name": {},'), ('"compute_data_type": "float",', '"compute_data_type": {},'), ('"is_override_shape_enabled": false,', '"extra": {},'))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(place=st.sampled_from(PLACES), depth=st.integers(0, 3000), surrogate=st.sampled_from(["", "\\ud800", "\\udfff", "x\\udc80y", "\\ud83d\\ude00"]), wrap=st.sampled_from("[{"))
def test_deep_json_and_lone_surrogates_validate_and_convert_agree(tmp_path, place, depth, surrogate, wrap):
    """Deep nesting and lone surrogates anywhere in a JSON graph: `graph validate` and `graph
    convert` report the same findings (or both pass), never exit 3, and convert writes nothing
    when validate finds an error (issue 35, items 4 and 5)."""
    value = f'"ln{surrogate}"'
    for _ in range(depth):
        value = f"[{value}]" if wrap == "[" else f'{{"k": {value}}}'
    old, new = place
    (tmp_path / "g.bin").unlink(missing_ok=True)  # hypothesis reuses tmp_path
    (tmp_path / "g.json").write_text(VALID_JSON.replace(old, new.format(value), 1))
    validated = run_cli("graph", "validate", "g.json", "--root", str(REPO), cwd=tmp_path)
    converted = run_cli("graph", "convert", "g.json", "g.bin", "--root", str(REPO), cwd=tmp_path)
    for result in (validated, converted):
        assert result.code in (0, 1) and "Traceback" not in result.err and "internal error" not in result.err, result.err
    findings = [line for line in validated.out.splitlines() if "error[" in line]
    assert findings == [line for line in converted.out.splitlines() if "error[" in line]
    assert (tmp_path / "g.bin").exists() == (validated.code == 0 or not findings)
    if depth > 64:
        assert "JSON nested deeper than 64 levels" in validated.out


class _LyingInt(int):
    """An int whose repr is not its value: json.dumps writes the value (int.__repr__), and so must
    to_json, whichever way it formats a list of them."""

    def __repr__(self) -> str:
        return "999"


_ABSENT = object()  # the change takes the key away
_SEPARATOR = '"},{"alignment":1,"'  # what the tensor writer's split would see in a name, if unescaped
TENSOR_CHANGES = [
    ("uid", True), ("uid", 1 << 63), ("uid", -1), ("uid", 1 << 62), ("uid", -(1 << 63)), ("uid", _LyingInt(5)),
    ("name", "tensör"), ("name", "x\"y\\z\n"), ("name", 7), ("name", "a\ud800b"), ("name", "\x00\x1f\u2028😀"),
    ("name", "x, [1],[2]"), ("name", _SEPARATOR), ("name", _ABSENT),
    ("dims", (2, 3)), ("dims", [2, True]), ("dims", [2, 1 << 64]), ("dims", []), ("dims", [2, [3]]), ("dims", [[2], [3]]),
    ("dims", 5), ("dims", None), ("dims", "23"), ("dims", [1 << 62, -(1 << 63)]), ("dims", [-(1 << 63) - 1]),
    ("dims", [_LyingInt(7)]), ("dims", [2.0]), ("dims", _ABSENT),
    ("strides", [1.0]), ("strides", [float("nan")]), ("strides", [float("inf")]), ("strides", [{"a": 1}]), ("strides", [None]),
    ("virtual", 1), ("alignment", 8), ("alignment", _ABSENT), ("alignment", 1 << 63), ("is_runtime_pass_by_value", True),
    ("ragged_offset_multiplier", 2), ("ragged_offset_multiplier", True), ("ragged_offset_multiplier", _ABSENT),
    ("ragged_offset_tensor_uid", 1), ("ragged_offset_tensor_uid", None),
    ("value_type", "Float32Value"), ("value_type", None), ("value_type", "BoolValue"), ("value_type", "Float64Value"),
    ("value_type", "Int32Value"), ("value_type", ["Float32Value"]), ("value", float("nan")), ("value", 1e300), ("value", 0.1), ("value", 3), ("value", True),
    ("data_type", 1), ("data_type", True), ("extra", "ignored"),
]
# a node's field (top level, inputs or outputs, drawn from what the node holds) set to one of these
NODE_VALUES = [True, -1, 7, 1 << 63, 2.5, 0.1, float("nan"), float("inf"), 1e300, "naïve", "x\ud800", [1, 2], [True], [1 << 64], None, {"k": 1}, _ABSENT]


def _changed(record: dict[str, Any], key: str, value: Any) -> None:
    if value is _ABSENT:
        record.pop(key, None)
    else:
        record[key] = value


def _checked_paths_text(graphio: Any, serialized: dict[str, Any]) -> str:
    """The graph's JSON text through the field-by-field paths alone (no fast path of any kind:
    json.dumps over the objects _json_tensor_checked and _json_node build)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(graphio, "_json_tensor", graphio._json_tensor_checked)
        return str(graphio._dumps(graphio._json_object(serialized)))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_json_fast_paths_give_what_the_checked_paths_give(workspace, data):
    """Issue 39: to_json checks and formats the common tensors a column at a time and writes the
    common node's text key by key, and from_json checks tensors a column at a time; with
    any tensor or node changed away from the common case (a value of another type, out of range,
    non-ASCII, a lone surrogate, a control character, NaN or infinity, a key added or taken away),
    the text and the records (or the findings) are exactly the field-by-field paths' ones."""
    _, _, specs, mirror = workspace
    graphio = mirror.graphio
    serialized = build_graph(mirror, specs).serialize()
    changes = data.draw(st.lists(st.tuples(st.integers(0, len(serialized["tensors"]) - 1), st.sampled_from(TENSOR_CHANGES)), max_size=3))
    for index, (key, value) in changes:
        _changed(serialized["tensors"][index], key, value)
    for _ in range(data.draw(st.integers(0, 2))):
        node = data.draw(st.sampled_from(serialized["nodes"]))
        place = data.draw(st.sampled_from(["", "inputs", "outputs", "name", "compute_data_type"]))
        holder = node[place] if place in ("inputs", "outputs") else node
        keys = sorted(holder) if place in ("inputs", "outputs") else [place] if place else sorted(set(node) - {"type", "inputs", "outputs"})
        if keys:
            _changed(holder, data.draw(st.sampled_from(keys)), data.draw(st.sampled_from(NODE_VALUES)))
    problems: list[Any] = []
    try:
        slow = _checked_paths_text(graphio, serialized)
    except graphio.GraphFormatError as error:
        with pytest.raises(graphio.GraphFormatError) as raised:
            mirror.to_json(serialized)
        assert raised.value.problems == error.problems
        return
    assert mirror.to_json(serialized) == slow
    parsed = json.loads(slow)
    expected = [t for t in (graphio._read_json_tensor(t, i, problems) for i, t in enumerate(parsed["tensors"])) if t is not None]
    graph, found = graphio.decode_json(slow)
    assert (graph["tensors"], found) == (expected, problems)


def test_the_json_writer_keeps_hostile_values_exact(workspace):
    """Issue 39: what the column-at-a-time tensor writer must not get wrong, pinned: a name with
    non-ASCII text, control characters, quotes and the text of the writer's own separators is
    escaped as json.dumps escapes it; an int whose repr lies is written by its value; a number at
    either end of the int64 range is kept and one past it refused; NaN and infinity are refused
    where a finite number is required; a lone surrogate is refused."""
    _, _, specs, mirror = workspace
    serialized = build_graph(mirror, specs).serialize()
    first, second = serialized["tensors"][:2]
    first["name"], second["name"] = "é\x00\x1f\u2028😀\"\\", _SEPARATOR + "],[" + ", "
    first["dims"], first["strides"] = [_LyingInt(7), 1 << 62], [-(1 << 63), (1 << 63) - 1]
    value_tensor = next((t for t in serialized["tensors"] if t.get("value_type") is not None), second)
    value_tensor["name"] = _SEPARATOR
    value_tensor["value_type"], value_tensor["value"] = "Float32Value", 0.1  # written as the C++ float it becomes
    text = mirror.to_json(serialized)
    assert text == _checked_paths_text(mirror.graphio, serialized)
    written = json.loads(text)["tensors"]
    assert (written[0]["name"], written[1]["name"]) == (first["name"], second["name"])
    assert (written[0]["dims"], written[0]["strides"]) == ([7, 1 << 62], [-(1 << 63), (1 << 63) - 1])
    assert '"name":"é\\u0000\\u001f\u2028😀\\"\\\\"' in text  # json.dumps(ensure_ascii=False)'s escapes
    for key, value, message in (
        ("dims", [1 << 63], "dims[0] 9223372036854775808 is out of range"),
        ("strides", [float("nan")], "strides[0] must be an integer, not nan"),
        ("name", "a\ud800", "name holds a lone surrogate U+D800"),
        ("value", float("nan"), "value must be a finite number, not nan"),
        ("value", float("-inf"), "value must be a finite number, not -inf"),
        ("value", 1e300, "value 1e+300 does not fit a float"),
    ):
        changed = build_graph(mirror, specs).serialize()
        changed["tensors"][1][key] = value
        if key == "value":
            changed["tensors"][1]["value_type"] = "Float32Value"
        with pytest.raises(mirror.GraphFormatError, match=re.escape(message)):
            mirror.to_json(changed)
    node = build_graph(mirror, specs).serialize()
    for each in node["nodes"]:  # a node's text, written key by key, is json.dumps' of _json_node's object
        assert mirror.node_to_json(each) == mirror.graphio._dumps(mirror.graphio._json_node(each, 0, []))
    float_field = next(((n, f.name) for n in node["nodes"] for f in mirror.graphio.BY_TABLE[n["type"]].LAYOUT if f.kind in ("float", "double") and not f.place), None)
    if float_field is not None:  # a float field holds what a C++ float holds, NaN and infinity refused
        float_field[0][float_field[1]] = 0.1
        assert mirror.to_json(node) == _checked_paths_text(mirror.graphio, node)
        float_field[0][float_field[1]] = float("inf")
        with pytest.raises(mirror.GraphFormatError, match=re.escape(f"{float_field[1]} must be a finite number, not inf")):
            mirror.to_json(node)


@pytest.mark.parametrize("direction", ["from_json", "to_json"])
def test_reading_and_writing_json_pause_the_collector_and_put_it_back(workspace, monkeypatch, direction):
    """Issue 39: from_json and to_json pause Python's cyclic GC while they work (a fresh acyclic
    tree; a large graph's rows and columns taken apart) and put it back as it was: on after a call
    that started with it on, whether the call succeeded or raised; still off (and never switched
    on) when the caller had it off. The check is made inside the function each calls for the
    tensors."""
    import gc

    _, _, specs, mirror = workspace
    serialized = build_graph(mirror, specs).serialize()
    text = _checked_paths_text(mirror.graphio, serialized)
    target, call, expected, failing = {
        "from_json": ("_read_json_tensors_in_place", lambda: mirror.from_json(text), serialized,
                      lambda: mirror.from_json(text.replace('"tensors":[', '"tensors":{', 1))),
        "to_json": ("_tensors_text", lambda: mirror.to_json(serialized), text, lambda: mirror.to_json({**serialized, "name": 7})),
    }[direction]
    seen: list[bool] = []
    real = getattr(mirror.graphio, target)
    monkeypatch.setattr(mirror.graphio, target, lambda tensors: seen.append(gc.isenabled()) or real(tensors))
    was = gc.isenabled()
    try:
        gc.enable()
        assert call() == expected
        assert seen == [False] and gc.isenabled()
        with pytest.raises(mirror.GraphFormatError):
            failing()
        assert gc.isenabled()
        gc.disable()
        assert call() == expected
        assert len(seen) >= 2 and not any(seen) and not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


# every value a node's field is set to in the sweep below (besides its enum's members)
NODE_SWEEP = [
    True, False, 0, -1, 7, 1 << 31, 1 << 63, -(1 << 63), _LyingInt(3), 2.5, 0.1, -0.0, float("nan"), float("inf"), 1e300,
    "naïve", "x\ud800", "ok", "", [1, 2], [], [True], [1 << 64], [1.0], [_LyingInt(4)], (1, 2), None, {"k": 1}, _ABSENT,
]


def _sweep_node(mirror: Any, node: dict[str, Any]) -> int:
    """Each field of the node (and its name, compute type, inputs and outputs) set to each value of
    NODE_SWEEP and each member of its enum, one at a time: node_to_json (its text written key by
    key when the node is common) gives json.dumps' text of _json_node's object, or raises with
    exactly _json_node's findings. Returns how many nodes were compared."""
    graphio = mirror.graphio
    cls = graphio.BY_TABLE[node["type"]]
    places = [(field.place, field.name, list(field.enum) if field.enum is not None else []) for field in cls.LAYOUT if not field.retired]
    places += [("", "name", []), ("", "compute_data_type", list(mirror.DataType)), ("", "inputs", []), ("", "outputs", [])]
    compared = 0
    for place, key, members in places:
        for value in [*NODE_SWEEP, *members]:
            changed = {k: dict(v) if isinstance(v, dict) else v for k, v in node.items()}
            _changed(changed[place] if place else changed, key, value)
            problems: list[Any] = []
            expected = graphio._json_node(changed, 0, problems)
            if problems:
                with pytest.raises(mirror.GraphFormatError) as raised:
                    mirror.node_to_json(changed)
                assert raised.value.problems == problems, (key, value)
            else:
                assert mirror.node_to_json(changed) == graphio._dumps(expected), (key, value)
            compared += 1
    return compared


def test_a_nodes_text_is_the_checked_paths_for_every_field_and_value(workspace, monkeypatch):
    """Issue 39: the node writer's text, written key by key for the common node, equals json.dumps
    of the checked path's object for every field of every op set to hostile values (other types,
    bools for numbers and enums, out of range, lists of the wrong items, NaN, infinity, a float a
    C++ float cannot hold, non-ASCII text, a lone surrogate, a key taken away), and raises exactly
    its findings otherwise; a made-up op adds the kinds the workspaces' ops lack (string, double)."""
    _, _, specs, mirror = workspace
    graphio = mirror.graphio
    nodes = build_graph(mirror, specs).serialize()["nodes"]
    assert sum(_sweep_node(mirror, node) for node in nodes) > len(nodes) * len(NODE_SWEEP)
    FbsField = mirror.descriptor.FbsField
    made_up = type("MadeUpAttributes", (), {"TABLE": "MadeUpAttributes", "LAYOUT": (
        FbsField("x_tensor_uid", "long", place="inputs", default=0),
        FbsField("label", "string", default=""),
        FbsField("ratio", "double", optional=True, default=None),
        FbsField("old", "long", retired=True),
        FbsField("scale", "float", default=1.0),
    )})
    monkeypatch.setattr(graphio, "BY_TABLE", {**graphio.BY_TABLE, "MadeUpAttributes": made_up})
    node = {"type": "MadeUpAttributes", "name": "m", "compute_data_type": mirror.DataType.FLOAT, "inputs": {"x_tensor_uid": 1}, "outputs": {},
            "label": "a \"label\"\n", "ratio": 0.1, "scale": 0.1}
    assert mirror.node_to_json(node) == graphio._dumps(graphio._json_node(node, 0, []))
    assert _sweep_node(mirror, node) > len(NODE_SWEEP)
    # a field named like one of the node object's own keys is that key, written once
    clash = type("ClashAttributes", (), {"TABLE": "ClashAttributes", "LAYOUT": (FbsField("name", "string", default=""),)})
    monkeypatch.setattr(graphio, "BY_TABLE", {**graphio.BY_TABLE, "ClashAttributes": clash})
    node = {"type": "ClashAttributes", "name": "c", "compute_data_type": mirror.DataType.FLOAT, "inputs": {}, "outputs": {}}
    assert mirror.node_to_json(node) == graphio._dumps(graphio._json_node(node, 0, [])) == '{"compute_data_type":"float","inputs":{},"name":"c","outputs":{},"type":"ClashAttributes"}'
