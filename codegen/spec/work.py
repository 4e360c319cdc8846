"""The work model: an op's `work:` block (its logical FLOPs, as hipDNN's plugin SDK publishes them
from EngineFeatures.hpp's nodeFlops overloads) compiled and evaluated.

A `flops` formula is an expression of the spec's expression language (codegen.spec.expr: its
tokenizer, parser, names and errors) that gives a number. Two functions exist only here:
`numel(t)`, the product of a tensor's dims, and `attention_flops()`, hipDNN's shared dense-attention
count (its `attentionFlops` helper) over the op's q, k, v and o. A formula reads numbers only: number
literals (a float such as 2.5 is a factor), `numel(t)`, `t.dims[i]` with a constant `i`, `t.rank`, a
required numeric field, joined by `+`, `-`, `*` and parentheses. Every tensor it reads is required;
a missing or non-positive extent leaves the work unknown (never 0), as hipDNN's helpers do.

The value for the op's test shapes is computed here, in Python, from the same tree the C++ emitter
(codegen/views/workview.py) turns into the nodeFlops overload.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from codegen.diagnostics.diagnostics import Loc
from codegen.spec import expr
from codegen.spec.expr import ExprError, Node

if TYPE_CHECKING:
    from codegen.spec.model import OpSpec

NUMEL, ATTENTION = "numel", "attention_flops"
WORK_RULE = "SPEC-WORK"

# What hipDNN's attentionFlops reads of the op (EngineFeatures.hpp, fork rdoshi-amd, id 70308080706):
# its four tensors' shapes; the mask, dropout and band operands and flags that refuse a count; the
# causal flags and the diagonal alignment that decide the kept score pairs.
ATTENTION_TENSORS = ("q", "k", "v", "o")
ATTENTION_OPERANDS = ("attn_mask", "dropout_mask", "dropout_scale")
ATTENTION_FIELDS = ("padding_mask", "alibi_mask", "dropout_probability", "left_bound", "right_bound", "causal_mask",
                    "causal_mask_bottom_right", "diagonal_alignment")


@dataclass(frozen=True)
class CompiledWork:
    """A `flops` formula parsed and typed; `reads` the tensors whose shapes it reads, in first-read order."""

    text: str
    node: Node
    reads: tuple[str, ...]
    attention: bool


def _number(t: str) -> bool:
    return t in ("int", "float")


def _typed(node: Node, spec: "OpSpec", scope: expr.Scope) -> Node:
    k = node.kind
    if k in ("int", "float"):
        return replace(node, type=k)
    if k == "unary" and node.value == "-":
        arg = _typed(node.args[0], spec, scope)
        return replace(node, args=(arg,), type=arg.type)
    if k == "binary" and node.value in ("+", "-", "*"):
        a, b = _typed(node.args[0], spec, scope), _typed(node.args[1], spec, scope)
        return replace(node, args=(a, b), type="float" if "float" in (a.type, b.type) else "int")
    if k == "binary" and node.value in expr.ARITH:
        raise ExprError(expr.TYPE, node.pos, f"a work formula joins numbers with +, - and * only, not '{node.value}'",
                        "write a factor instead, e.g. 0.5 * numel(x)")
    if k == "call" and node.value == NUMEL:
        if len(node.args) != 1 or node.args[0].kind != "name":
            raise ExprError(expr.TYPE, node.pos, "numel() takes the name of a tensor", "write numel(x)")
        arg = node.args[0]
        singles = [t.name for t in spec.tensors]
        if arg.value not in singles:
            raise expr._unknown(arg, "tensor", singles)
        _required(spec, arg.value, arg.pos)
        return replace(node, args=(replace(arg, type="tensor"),), type="int")
    if k == "call" and node.value == ATTENTION:
        if node.args:
            raise ExprError(expr.TYPE, node.pos, "attention_flops() takes no arguments: it reads the op's q, k, v and o")
        names = {t.name for t in spec.tensors}
        fields = {f.name for f in spec.fields}
        missing = [n for n in (*ATTENTION_TENSORS, *ATTENTION_OPERANDS) if n not in names] + [n for n in ATTENTION_FIELDS if n not in fields]
        if missing:
            raise ExprError(WORK_RULE, node.pos, f"attention_flops() reads {', '.join(missing)}, which this op does not have",
                            "count the op's work with numel(...) and dims instead")
        for n in ATTENTION_TENSORS:
            _required(spec, n, node.pos)
        return replace(node, type="float")
    if k == "call" and node.value not in expr.FUNCTIONS:
        close = expr._close(node.value, [NUMEL, ATTENTION])
        raise ExprError(expr.UNKNOWN, node.pos, f"'{node.value}' is not a function of a work formula (there are {NUMEL}() and {ATTENTION}())",
                        f"did you mean '{close}'?" if close else None, (node.pos, node.pos + len(node.value), close) if close else None)
    done = expr.typed(node, scope)  # names, properties and indices: the language's own typing
    if done.kind == "prop" and done.value == "rank" or done.kind == "call" and done.value == "rank":
        _required(spec, done.args[0].value, done.pos)
        return done
    if done.kind == "index" and done.args[0].kind == "prop" and done.args[0].value == "dims" and expr._constant_int(done.args[1]) is not None:
        _required(spec, done.args[0].args[0].value, done.pos)
        return done
    if done.kind == "name" and _number(done.type):
        field = next(f for f in spec.fields if f.name == done.value)
        if field.optional or field.default is None and field.type.name not in ("bool",):
            raise ExprError(WORK_RULE, done.pos, f"field '{done.value}' may be unset; a work formula reads only fields that always have a value",
                            "give the field a default, or count without it")
        return done
    raise ExprError(expr.TYPE, done.pos, f"a work formula reads numbers (numel(t), t.dims[i] with a constant i, t.rank, a field), not {expr._word(done.type)}"
                    if done.type not in ("int", "float") else "a work formula reads numel(t), t.dims[i] with a constant i, t.rank and fields only")


def _required(spec: "OpSpec", name: str, pos: int) -> None:
    t = next((t for t in spec.tensors if t.name == name), None)
    if t is not None and not t.required:
        raise ExprError(WORK_RULE, pos, f"tensor '{name}' is optional; a work formula reads only required tensors",
                        f"list '{name}' in unknown_when, or count without it")


def compile_work(text: str, spec: "OpSpec") -> CompiledWork:
    """The formula parsed and typed; raises ExprError (offset into `text`) on the first problem."""
    node = expr.parse(text)
    typed = _typed(node, spec, expr.scope_of(spec))
    if not _number(typed.type):
        raise ExprError(expr.TYPE, typed.pos, f"the work formula is {expr._word(typed.type)}; it must give a number")
    reads: list[str] = []
    attention = False

    def walk(n: Any) -> None:
        nonlocal attention
        if not isinstance(n, Node):
            return
        if n.kind == "call" and n.value == ATTENTION:
            attention = True
        if n.kind == "call" and n.value in (NUMEL, "rank") or n.kind == "prop":
            if n.args[0].value not in reads:
                reads.append(n.args[0].value)
        for a in n.args:
            walk(a)

    walk(typed)
    if not reads and not attention:
        raise ExprError(expr.NEVER, typed.pos, "the work formula reads no tensor: every node would have the same work",
                        "count per element, e.g. 2 * numel(x)")
    return CompiledWork(text, typed, tuple(reads), attention)


def problems(spec: "OpSpec") -> list[tuple[str, Loc, str, str | None]]:
    """Everything wrong with the op's `work:` block: (rule, location, message, fix)."""
    work = spec.work
    if work is None:
        return []
    out: list[tuple[str, Loc, str, str | None]] = []
    if work.flops is not None and work.no_counting_convention is not None:
        out.append((WORK_RULE, work.span.at("no_counting_convention"),
                    "it declares both a flops formula and no_counting_convention; hipDNN's logicalFlops has one case per type",
                    "keep the formula, or the reason the work has no counting convention"))
        return out
    if work.flops is None and work.no_counting_convention is None:
        out.append((WORK_RULE, work.span.loc, "it declares neither a flops formula nor no_counting_convention",
                    "add flops: <formula>, or no_counting_convention: <reason>"))
        return out
    if work.no_counting_convention is not None and work.unknown_when:
        out.append((WORK_RULE, work.span.at("unknown_when"), "unknown_when needs a flops formula: without one the work is always unknown",
                    "drop unknown_when"))
    tensors = {t.name: t for t in spec.all_tensors}
    for name in work.unknown_when:
        t = tensors.get(name)
        if t is None:
            close = expr._close(name, list(tensors))
            out.append(("SPEC-EXPR-NAME", work.span.at("unknown_when"), f"unknown_when names '{name}', which is not a tensor of this op",
                        f"did you mean '{close}'?" if close else None))
        elif t.list or not t.optional:
            out.append((WORK_RULE, work.span.at("unknown_when"),
                        f"unknown_when names '{name}', which is {'a tensor list' if t.list else 'required'}: the work would never be known"
                        if not t.list else f"unknown_when names '{name}', a tensor list; it takes optional single tensors",
                        "name optional tensors only"))
    if work.flops is not None:
        try:
            compiled = compile_work(work.flops, spec)
        except ExprError as e:
            loc = expr.loc_in(work.span.at("flops"), work.flops, min(e.offset, len(work.flops)))
            out.append((e.rule, loc, e.message, e.fix))
            return out
        if not out:
            value = test_value(spec, compiled)
            if value is None or value <= 0:
                out.append((WORK_RULE, work.span.at("flops"),
                            "the work of the op's test graph (its required test tensors, fields at their defaults) is unknown; "
                            "hipDNN's test of declared work needs a count", "give the required tensors test shapes the formula counts"))
    return out


def compiled(spec: "OpSpec") -> CompiledWork | None:
    """The op's formula compiled (None: no formula, or a problem `problems` reports)."""
    if spec.work is None or spec.work.flops is None:
        return None
    try:
        return compile_work(spec.work.flops, spec)
    except ExprError:
        return None


class _Unknown(Exception):
    pass


def test_tensors(spec: "OpSpec") -> list[tuple[str, tuple[int, ...]]]:
    """The test graph of hipDNN's declared-work test: the required tensors with their test dims, in spec order."""
    dims = {t.name: tuple(t.dims) for t in spec.test_tensors}
    return [(t.name, dims[t.name]) for t in spec.tensors if t.required and t.name in dims]


def test_value(spec: "OpSpec", work: CompiledWork) -> float | None:
    """The work of the test graph (required tensors at their test dims, fields at their defaults), or None when unknown."""
    shapes = dict(test_tensors(spec))
    fields = {f.name: f.default for f in spec.fields}
    try:
        value = _eval(work.node, shapes, fields)
    except _Unknown:
        return None
    return float(value)


def _shaped(shapes: dict[str, tuple[int, ...]], name: str) -> tuple[int, ...]:
    d = shapes.get(name)
    if not d or any(e <= 0 for e in d):
        raise _Unknown()
    return d


def _eval(node: Node, shapes: dict[str, tuple[int, ...]], fields: dict[str, Any]) -> Any:
    k = node.kind
    if k in ("int", "float"):
        return node.value
    if k == "unary":
        return -_eval(node.args[0], shapes, fields)
    if k == "binary":
        a, b = _eval(node.args[0], shapes, fields), _eval(node.args[1], shapes, fields)
        return a + b if node.value == "+" else a - b if node.value == "-" else a * b
    if k == "call" and node.value == NUMEL:
        product = 1
        for e in _shaped(shapes, node.args[0].value):
            product *= e
        return product
    if k == "call" and node.value == ATTENTION:
        return attention_flops(shapes, fields)
    if k == "call" and node.value == "rank" or k == "prop":
        return len(_shaped(shapes, node.args[0].value))
    if k == "index":
        d = _shaped(shapes, node.args[0].args[0].value)
        i = expr._constant_int(node.args[1])
        assert i is not None
        if not -len(d) <= i < len(d):
            raise _Unknown()
        return d[i]
    if k == "name":
        value = fields.get(node.value)
        if value is None:
            raise _Unknown()
        return value
    raise AssertionError(k)


def attention_flops(shapes: dict[str, tuple[int, ...]], fields: dict[str, Any]) -> float:
    """hipDNN's dense-attention count (attentionFlops, EngineFeatures.hpp id 70308080706), written
    from its facts: 2 * batch * heads * kept score pairs * (head dim of q + head dim of v), for rank-4
    q [B, H, Sq, D], k [B, Hk, Sk, D], v [B, Hk, Sk, Dv], o [B, H, Sq, Dv] with H a multiple of Hk;
    unknown with an attention mask, padding or ALiBi mask, dropout, a left band bound, or a right
    bound other than 0 or -1. A causal mask (a flag, or right bound 0) keeps the lower triangle, aligned
    top-left, or bottom-right (where Sq > Sk is unknown). (The operands absent from the test graph are
    the optional mask and dropout tensors: the caller leaves them out.)"""
    q, k, v, o = (_shaped(shapes, n) for n in ATTENTION_TENSORS)
    if any(len(d) != 4 for d in (q, k, v, o)):
        raise _Unknown()
    if fields.get("padding_mask") or fields.get("alibi_mask"):
        raise _Unknown()
    dropout, left, right = fields.get("dropout_probability"), fields.get("left_bound"), fields.get("right_bound")
    if dropout is not None and dropout != 0.0 or left is not None and left >= 0 or right is not None and right not in (0, -1):
        raise _Unknown()
    batch, heads, sq, dq = q
    sk, dv = k[2], v[3]
    if (k[0], v[0], o[0]) != (batch,) * 3 or k[1] != v[1] or heads % k[1] or o[1] != heads or v[2] != sk or o[2] != sq or k[3] != dq or o[3] != dv:
        raise _Unknown()
    causal = bool(fields.get("causal_mask")) or bool(fields.get("causal_mask_bottom_right")) or right == 0
    bottom_right = bool(fields.get("causal_mask_bottom_right")) or fields.get("diagonal_alignment") == "BOTTOM_RIGHT"
    pairs = float(sq * sk)
    if causal:
        if bottom_right:
            if sq > sk:
                raise _Unknown()
            pairs -= sq * (sq - 1) / 2.0
        else:
            t = min(sq, sk)
            pairs = t * (t + 1.0) / 2.0 + (sq - t) * float(sk)
    return 2.0 * batch * heads * pairs * (dq + dv)
