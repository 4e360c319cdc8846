"""The work model's C++ (hipDNN's plugin SDK, EngineFeatures.hpp and its test): an op's nodeFlops
overload, its logicalFlops case, and its entry in the test that every countable node type has its
declared work, from the op's `work:` block (codegen/spec/work.py).

Names as hipDNN has them (fork rdoshi-amd: EngineFeatures.hpp id 70308080706, TestEngineFeatures.cpp
id 70214944343): in namespace hipdnn_plugin_sdk::heuristics::detail, `std::optional<double>
nodeFlops(const Graph& graph, const hipdnn_flatbuffers_sdk::data_objects::<Table>& op)` built on the
helpers `tensor(graph, uid)`, `shaped(value, minimumRank)`, `elements(value)` and
`attentionFlops(graph, op)`; `logicalFlops(graph, node, dataDependent)` switches on
`NodeAttributes` with `return flopsOf(graph, node.attributes_as_<Table>());` per countable type and
lists the types without a counting convention, each with its reason, as cases falling through to
`default: return std::nullopt;`. The test's cases are `{GraphT (*make)(); double flops;}` built with
`single({dims...}, attributes)`, whose tensors take UIDs 1, 2, ... in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from codegen.spec import expr, work
from codegen.spec.expr import Node
from codegen.spec.model import OpSpec
from codegen.views import naming

DATA_OBJECTS = "hipdnn_flatbuffers_sdk::data_objects"


@dataclass(frozen=True)
class WorkView:
    op: str
    table: str
    counted: bool  # a formula: a nodeFlops overload, a counting case and a test entry
    formula: str
    reason: str  # no counting convention: why (the case's comment)
    body: tuple[str, ...]  # the overload's statements
    test_lines: tuple[str, ...]  # the test entry
    test_value: str  # the test graph's work, a C++ double literal


def local(name: str) -> str:
    """The C++ local holding a tensor's pointer (a tensor may be called `do`, a keyword)."""
    return naming.camel(name) + "Tensor"


def double(value: float) -> str:
    text = repr(float(value))
    return text if any(c in text for c in ".en") else text + ".0"


def _emit(node: Node, spec: OpSpec) -> str:
    k = node.kind
    if k in ("int", "float"):
        return double(node.value)
    if k == "unary":
        return f"(-{_emit(node.args[0], spec)})"
    if k == "binary":
        return f"({_emit(node.args[0], spec)} {node.value} {_emit(node.args[1], spec)})"
    if k == "call" and node.value == work.NUMEL:
        return f"elements(*{local(node.args[0].value)})"
    if k == "call" and node.value == work.ATTENTION:
        return "*attention"
    if k == "call" and node.value == "rank" or k == "prop":
        return f"static_cast<double>({local(node.args[0].value)}->dims()->size())"
    if k == "index":
        t = local(node.args[0].args[0].value)
        i = expr._constant_int(node.args[1])
        assert i is not None
        at = str(i) if i >= 0 else f"{t}->dims()->size() - {-i}"
        return f"static_cast<double>({t}->dims()->Get({at}))"
    if k == "name":
        return f"static_cast<double>(op.{node.value}())"
    raise AssertionError(k)


def _top(text: str) -> str:
    """An emitted expression without its outermost parentheses."""
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, c in enumerate(text):
            depth += c == "("
            depth -= c == ")"
            if depth == 0 and i < len(text) - 1:
                return text
        return text[1:-1]
    return text


def _ranks(node: Node, out: dict[str, int]) -> None:
    """The rank each read tensor must have at least (1, or enough for its constant indices)."""
    if node.kind == "index":
        t = node.args[0].args[0].value
        i = expr._constant_int(node.args[1])
        assert i is not None
        out[t] = max(out.get(t, 1), i + 1 if i >= 0 else -i)
    elif node.kind in ("prop", "call") and node.args and isinstance(node.args[0], Node) and node.args[0].kind == "name":
        out.setdefault(node.args[0].value, 1)
    for a in node.args:
        if isinstance(a, Node):
            _ranks(a, out)


def build(spec: OpSpec) -> WorkView | None:
    w = spec.work
    if w is None:
        return None
    table = spec.flatbuffers.table
    if w.flops is None:
        return WorkView(spec.op, table, False, "", w.no_counting_convention or "", (), (), "")
    compiled = work.compiled(spec)
    assert compiled is not None, "a spec with a bad work formula is not generated"
    body: list[str] = []
    uid_fields = {t.name: naming.tensor_uid_field(t) for t in spec.all_tensors}
    if w.unknown_when:
        body += [f"if({' || '.join(f'op.{uid_fields[n]}()' for n in w.unknown_when)})", "{", "    return std::nullopt;", "}"]
    ranks: dict[str, int] = {}
    _ranks(compiled.node, ranks)
    for t in compiled.reads:
        body.append(f"const auto* {local(t)} = tensor(graph, op.{uid_fields[t]}());")
    if compiled.reads:
        shaped = " || ".join(f"!shaped({local(t)}, {ranks.get(t, 1)})" for t in compiled.reads)
        body += [f"if({shaped})", "{", "    return std::nullopt;", "}"]
    if compiled.attention:
        body += ["const auto attention = attentionFlops(graph, op);", "if(!attention)", "{", "    return std::nullopt;", "}"]
    body.append(f"return {_top(_emit(compiled.node, spec))};")
    value = work.test_value(spec, compiled)
    assert value is not None
    shapes = work.test_tensors(spec)
    attributes = "attributes"
    lines = [f"{table}T {attributes};"]
    lines += [f"{attributes}.{uid_fields[name]} = {uid};" for uid, (name, _) in enumerate(shapes, 1)]
    dims = ", ".join("{" + ", ".join(str(d) for d in ds) + "}" for _, ds in shapes)
    lines.append(f"return single({{{dims}}}, {attributes});")
    return WorkView(spec.op, table, True, w.flops, "", tuple(body), tuple(lines), double(value))
